#!/usr/bin/env bash
# board ui in a real terminal: tmux (Debian's package, installed when missing) runs it in a detached 100x30 pane on
# a copy of the example board. Keys move an item to DOING, mark another done, add one with a due date, delete one
# and undo that, and move one three places down and back in bursts; the file must then be what the same board
# commands write. With the selected item deleted outside, `d` must change nothing. Screens are captured at each
# step, the pane is resized (tabs below 60 columns), Ctrl-Z stops it and fg brings it back, and board is killed
# mid-way: the terminal must be back in cooked mode and the file whole.
# Usage: bash Tests/tui-e2e.sh path/to/board
set -euo pipefail
board=$(realpath "$1")
examples=$(cd "$(dirname "$0")/../examples" && pwd)
if ! command -v tmux >/dev/null; then
    echo "tui e2e: installing tmux from Debian's packages"
    (apt-get update -q && apt-get install -y -q tmux) >/dev/null 2>&1 \
        || { echo "tui e2e: FAILED: cannot install tmux" >&2; exit 1; }
fi
echo "tui e2e: $(tmux -V)"
work=$(mktemp -d)
socket="board-tui-e2e-$$"
tmux_() { tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir "$work/ui" "$work/cli"
cp "$examples/board.md" "$work/ui/board.md"
cp "$examples/board.md" "$work/cli/board.md"
failures=0
fail() { echo "tui e2e: FAILED: $*" >&2; tmux_ capture-pane -t ui -p >&2 || true; failures=$((failures + 1)); }
screen() { tmux_ capture-pane -t ui -p; }
# Waits up to 5 s for the pane to show the text.
wait_for() {
    for _ in $(seq 50); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
}
keys() { tmux_ send-keys -t ui "$@"; }

tmux_ new-session -d -s ui -x 100 -y 30 "cd '$work/ui' && env BOARD_TODAY=2026-11-23 PS1='prompt$ ' bash --norc --noprofile"
wait_for 'prompt$'
keys "$board ui" Enter
wait_for "board ui · board.md"
wait_for "TODO (7)"
echo "ok   the board opens: $(screen | sed -n 2p | tr -s ' ')"

keys j L
wait_for "Moved to DOING: 'Tag the release @mira'."
screen | grep -qF "DOING (4/3)" || fail "the DOING heading does not count the moved item against its limit"
echo "ok   L moved an item to DOING"

keys h Home d
wait_for "Done: 'Write the migration guide'."
echo "ok   d marked an item done"

keys h h a
wait_for "Add to TODO"
keys "Ship it" Tab "2026-12-24" Enter
wait_for "Added 'Ship it' to TODO."
screen | grep -qF "[ ] Ship it" || fail "the added item is not on the screen"
echo "ok   a added an item with a due date"

# A lone Escape is drawn without waiting for another key.
keys e
wait_for "── Edit"
keys Escape
wait_for "Nothing changed."
echo "ok   Esc closes the edit form at once"

keys Home x
wait_for "Delete 'Announce on the mailing list' and its body? y/n"
keys y
wait_for "Deleted 'Announce on the mailing list'."
grep -qF "Announce on the mailing list" "$work/ui/board.md" && fail "the deleted item is still in the file"
keys u
wait_for "Undid: Deleted 'Announce on the mailing list'."
echo "ok   x y deleted an item, u brought it back"

# Keys sent in one burst each act on the board the ones before them left: three places down, then back up.
keys Home J J J
for _ in $(seq 50); do
    "$board" list todo --file "$work/ui/board.md" | sed -n 4p | grep -qF "Announce" && break
    sleep 0.1
done
"$board" list todo --file "$work/ui/board.md" | sed -n 4p | grep -qF "Announce" \
    || fail "J J J in one burst did not move the item three places down"
keys K K K
wait_for "Moved 'Announce on the mailing list' up."
echo "ok   J J J and K K K, each sent in one burst, moved the item three places down and back"

tmux_ resize-window -t ui -x 50 -y 20
wait_for "[TODO (6)]"
screen | awk -v max=50 'length($0) > max { bad = 1 } END { exit bad }' || fail "a line is wider than the 50-column pane"
tmux_ resize-window -t ui -x 100 -y 30
wait_for "DONE (4)"
echo "ok   resized to 50x20 it shows tabs, and back at 100x30 the columns"

keys q
wait_for 'prompt$'
(cd "$work/cli" && BOARD_TODAY=2026-11-23 "$board" move "Tag the release" doing >/dev/null 2>&1 \
    && BOARD_TODAY=2026-11-23 "$board" done "Write the migration guide" >/dev/null \
    && BOARD_TODAY=2026-11-23 "$board" add "Ship it" --due 2026-12-24 >/dev/null)
if cmp -s "$work/ui/board.md" "$work/cli/board.md"; then
    echo "ok   the file is what board move, done and add write"
else
    fail "the file differs from what the commands write"
    diff "$work/cli/board.md" "$work/ui/board.md" >&2 || true
fi
keys "stty -a | tr ' ' '\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo" Enter
wait_for "icanon echo"
echo "ok   after q the terminal is in cooked mode again"

# E: $EDITOR gets +LINE and the board, and board ui reloads what it wrote.
cat > "$work/editor.sh" <<'EDITOR'
#!/bin/sh
echo "$@" > "$(dirname "$2")/../editor-args"
sed -i 's/Benchmark on the 1M-item board/Benchmark on the 2M-item board/' "$2"
EDITOR
chmod +x "$work/editor.sh"
keys "EDITOR='$work/editor.sh' $board ui" Enter
wait_for "board ui · board.md"
keys End E
wait_for "Reloaded board.md after the editor."
wait_for "2M-item"
# End selected the last TODO item, the one added above.
line=$(grep -n "Ship it" "$work/ui/board.md" | cut -d: -f1)
[ "$(cat "$work/editor-args")" = "+$line $work/ui/board.md" ] || fail "the editor got '$(cat "$work/editor-args")', not '+$line $work/ui/board.md'"
keys q
wait_for 'prompt$'
echo "ok   E opened \$EDITOR at the item's line and the board was reloaded after it"

# An editor not found, or failing, is said in the footer (helper-51: the shell's message flashed by, then nothing).
keys "EDITOR=/nonexistent/editor $board ui" Enter
wait_for "board ui · board.md"
keys E
wait_for "The editor '/nonexistent/editor' was not found"
keys q
wait_for 'prompt$'
echo "ok   E with an editor not found says so"

# The board deleted (or renamed away) while board ui runs: the footer says so (helper-51: nothing was shown).
cp "$work/ui/board.md" "$work/kept.md"
keys "$board ui" Enter
wait_for "board ui · board.md"
rm "$work/ui/board.md"
wait_for "board.md: cannot read"
# Put back as it was, it is said too (helper-54: the footer still said it could not be read).
cp "$work/kept.md" "$work/ui/board.md"
wait_for "board.md can be read again"
keys q
wait_for 'prompt$'
echo "ok   the board deleted outside is said in the footer"

# A write while another program holds the folder's lock says it waits, then is made (helper-51: the screen froze).
keys "$board ui" Enter
wait_for "board ui · board.md"
python3 -c "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDONLY); fcntl.flock(fd, fcntl.LOCK_EX); time.sleep(1.5)" "$work/ui" &
sleep 0.3
keys s
wait_for "Waiting for another program to unlock the board's folder"
wait_for "Started:"
keys u
wait_for "Undid: Started:"
keys q
wait_for 'prompt$'
wait
echo "ok   a write waiting for the folder's lock says so, then is made"

# The selected item deleted by someone else: the next key does nothing, rather than act on the item in its place.
keys "$board ui" Enter
wait_for "board ui · board.md"
keys End
wait_for "> [ ] Ship it"
sed -i '/Ship it/d' "$work/ui/board.md"
cp "$work/ui/board.md" "$work/outside.md"
wait_for "'Ship it' is gone; no item is selected."
keys d
wait_for "'Ship it' is gone, so nothing was done"
cmp -s "$work/ui/board.md" "$work/outside.md" || fail "d acted on another item than the one deleted"
keys q
wait_for 'prompt$'
echo "ok   with the selected item deleted outside, d changed nothing"

# Ctrl-Z: the shell gets the terminal back in cooked mode, and fg brings the board back, redrawn and taking keys.
keys clear Enter "$board ui" Enter
wait_for "board ui · board.md"
keys C-z
wait_for "Stopped"
keys clear Enter "stty -a | tr ' ' '\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo" Enter
wait_for "icanon echo"
keys fg Enter
wait_for "board ui · board.md"
keys '?'
wait_for "stop, as a shell's job stops"
# Apart, as pressed: sent in one write, Escape and q are Alt-q, which does nothing.
keys Escape
sleep 0.3
keys q
wait_for 'prompt$'
echo "ok   Ctrl-Z stopped board ui with the terminal put back, and fg brought it back redrawn"

# Resized while stopped: fg draws for the new size (the shell took the SIGWINCH). Keys sent with Ctrl-Z are dropped.
keys clear Enter "$board ui" Enter
wait_for "board ui · board.md"
keys C-z s
wait_for "Stopped"
tmux_ resize-window -t ui -x 50 -y 20
keys fg Enter
# Tabs are the layout below 60 columns: drawn for 100 columns, the screen would show the three columns.
wait_for "[TODO ("
keys q
wait_for 'prompt$'
tmux_ resize-window -t ui -x 100 -y 30
grep -qF "Started:" <(screen) && fail "the key sent with Ctrl-Z acted"
echo "ok   resized while stopped, fg drew for the new size, and the key sent with Ctrl-Z was dropped"

# Run by a script, Ctrl-Z stops the whole job (the script too), and kill ends a stopped ui.
keys clear Enter "bash -c '$board ui; echo UI-ENDED'" Enter
wait_for "board ui · board.md"
keys C-z
# The script stops at once while board ui is still leaving the alternate screen, so the shell's own "Stopped" line
# can be drawn there and vanish with it: ask the shell for its jobs instead.
sleep 0.3
keys "jobs" Enter
wait_for "Stopped"
keys "kill %1; sleep 0.5; jobs; echo JOBS-LISTED" Enter
wait_for "JOBS-LISTED"
pgrep -f "^$board ui" >/dev/null && fail "a stopped board ui outlived kill"
keys clear Enter "stty -a | tr ' ' '\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo" Enter
wait_for "icanon echo"
echo "ok   Ctrl-Z stopped a script running board ui with it, and kill ended the stopped ui"

# Killed mid-way: SIGTERM puts the terminal back; the file is whole either way.
# Run from sh -c: an interactive bash puts the terminal back itself when a job it waits for dies of a signal.
before=$(cat "$work/ui/board.md")
keys "sh -c '\"$board\" ui; stty -a > \"$work/after-term\"'" Enter
wait_for "board ui · board.md"
keys s
wait_for "Started:"
pkill -TERM -f "^$board ui" || fail "no board ui to kill"
wait_for 'prompt$'
sleep 0.3
tr ' ' '\n' < "$work/after-term" | grep -qx icanon || fail "killed with SIGTERM, board ui left the terminal raw"
"$board" check --file "$work/ui/board.md" >/dev/null 2>&1 || [ $? -eq 1 ] || fail "check cannot read the file after the kill"
after=$(cat "$work/ui/board.md")
[ "$before" != "$after" ] || fail "the start made before the kill is not in the file"
echo "ok   killed with SIGTERM, board ui put the terminal back, and the file holds its last change whole"

# Any other signal that ends a process (SIGUSR1 left the terminal raw, on the alternate screen). Run from sh -c:
# an interactive bash puts the terminal back itself when a job it waits for dies of a signal.
keys "sh -c '\"$board\" ui; stty -a > \"$work/after-usr1\"'" Enter
wait_for "board ui · board.md"
pkill -USR1 -f "^$board ui" || fail "no board ui to signal"
wait_for 'prompt$'
sleep 0.3
tr ' ' '\n' < "$work/after-usr1" | grep -qx icanon || fail "ended by SIGUSR1, board ui left the terminal raw"
echo "ok   ended by SIGUSR1, board ui put the terminal back"

# Signals no handler was set for (helper-51): SIGXCPU, a real-time one, and SIGILL, as a runtime trap raises it. Each
# must end board ui with the terminal put back; SIGIO, which ends a process by default, must not end it.
for signal in XCPU RTMIN ILL; do
    keys "sh -c '\"$board\" ui; stty -a > \"$work/after-$signal\"'" Enter
    wait_for "board ui · board.md"
    pkill -"$signal" -f "^$board ui" || fail "no board ui to signal"
    wait_for 'prompt$'
    sleep 0.3
    tr ' ' '\n' < "$work/after-$signal" | grep -qx icanon || fail "ended by SIG$signal, board ui left the terminal raw"
done
keys "$board ui" Enter
wait_for "board ui · board.md"
pkill -IO -f "^$board ui" || fail "no board ui to signal"
sleep 0.3
pgrep -f "^$board ui" >/dev/null || fail "SIGIO ended board ui"
keys q
wait_for 'prompt$'
echo "ok   ended by SIGXCPU, SIGRTMIN or SIGILL, board ui put the terminal back; SIGIO left it running"

keys "$board ui" Enter
wait_for "board ui · board.md"
tmux_ kill-session -t ui
sleep 0.5
pgrep -f "^$board ui" >/dev/null && fail "board ui outlived its terminal"
[ "$(cat "$work/ui/board.md")" = "$after" ] || fail "closing the terminal changed the file"
echo "ok   closing the terminal (SIGHUP) ends board ui and leaves the file as it was"

if ((failures)); then
    echo "tui e2e: $failures failed" >&2
    exit 1
fi
echo "tui e2e: 0 failed"
