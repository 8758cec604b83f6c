#!/usr/bin/env bash
# Issue 23: `board completion` in the real bash, zsh and fish, and `board man` through the real man and groff.
# Installs zsh, fish, groff and man-db from Debian's packages when they are missing. Run by .ci/run:
#   bash Tests/shells-e2e.sh BOARD_BINARY
set -euo pipefail

board=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
missing=()
for tool in zsh fish groff man; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
    packages=("${missing[@]/man/man-db}")
    echo "shells e2e: installing ${packages[*]} from Debian's packages"
    (apt-get update -q && apt-get install -y -q "${packages[@]}") >/dev/null 2>&1 \
        || { echo "shells e2e: FAILED: cannot install ${packages[*]}" >&2; exit 1; }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" && ln -s "$board" "$work/bin/board"
export PATH="$work/bin:$PATH"
cd "$work"
printf '## TODO\n- [ ] Fix login #auth\n- [ ] Write the docs\n## DOING\n## DONE\n' > board.md
mkdir other && printf '## TODO\n- [ ] Elsewhere\n' > other/board.md

failures=0
expect() {  # name, expected, actual
    if [[ "$2" == "$3" ]]; then echo "ok   $1"; else echo "FAIL $1: expected [$2], got [$3]"; failures=$((failures + 1)); fi
}

board completion bash > board.bash
board completion zsh > board.zsh
board completion fish > board.fish

# bash: set the words as bash does, call the function, print what it offers (quoted, as bash inserts it). zsh: set
# them as bashcompinit's _bash_complete does and ask its compgen, which runs the function in sh emulation as zsh's
# completion would, then unquote and match them as _bash_complete and zsh do.
ask() {  # shell, command line (a trailing space: completing a new word)
    local line=$2 words
    if [[ $1 == bash ]]; then
        bash -c "source ./board.bash
            read -ra COMP_WORDS <<< '$line'; [[ '$line' == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=\$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _board
            (( \${#COMPREPLY[@]} )) && printf '%s\n' \"\${COMPREPLY[@]}\"" 2>&1
    else
        zsh -c "autoload -U compinit && compinit -u; source ./board.zsh
            words=(\${(z)\"\$(print -r -- '$line')\"}); [[ '$line' == *' ' ]] && words+=('')
            CURRENT=\${#words}; COMP_WORDS=( \"\${words[@]}\" ); COMP_CWORD=\$(( CURRENT - 1 ))
            # As _bash_complete hands them to compadd: unquoted, then matched against the word being completed.
            matches=( \${(f)\"\$(compgen -F _board -- \"\${words[CURRENT]}\")\"} )
            matches=( \${(M)\${(Q)matches}:#\${words[CURRENT]}*} )
            (( \$#matches )) && print -rl -- \$matches" 2>&1
    fi | sort | tr '\n' '|'
}
for shell in bash zsh; do
    titles='Fix\ login\ #auth|Write\ the\ docs|'
    [[ $shell == zsh ]] && titles='Fix login #auth|Write the docs|'
    expect "$shell: commands" "list|" "$(ask $shell 'board li')"
    expect "$shell: options of a command" "--sort|" "$(ask $shell 'board list --so')"
    expect "$shell: option values" "due|title|" "$(ask $shell 'board list --sort ')"
    expect "$shell: item titles for a ref" "$titles" "$(ask $shell 'board done ')"
    expect "$shell: titles of the --file board" 'Elsewhere|' "$(ask $shell 'board --file other/board.md start ')"
    expect "$shell: titles, then sections, for move" "${titles}doing|done|todo|" "$(ask $shell 'board move Fix ')"
    expect "$shell: shells" "bash|fish|zsh|" "$(ask $shell 'board completion ')"
done

# A title is data: completing never runs what it holds, and a word nothing matches is left alone.
mkdir hostile && printf '## TODO\n- [ ] Harmless $(touch ../PWNED) `touch ../PWNED2` title\n' > hostile/board.md
for shell in bash zsh; do
    ask $shell 'board --file hostile/board.md done ' >/dev/null
    expect "$shell: a title's \$(…) is not run" "no" "$([[ -e PWNED || -e PWNED2 ]] && echo yes || echo no)"
    expect "$shell: no match, nothing offered" "" "$(ask $shell 'board done zzz')"
done

# A title that cannot be typed as it is (a control character, a leading dash, a tab) is offered as its line's ref.
mkdir odd && printf '## TODO\n- [ ] esc \033[31mred\n- [ ] -dash\n- [ ] tab\there\n' > odd/board.md
for shell in bash zsh; do
    expect "$shell: a title that cannot be typed is offered as its ref" ":2|:3|:4|" "$(ask $shell 'board --file odd/board.md done ')"
done

# What bash inserts on a line, as bash splits it (at ':' and '=' too, COMP_WORDBREAKS) and with COMP_LINE and
# COMP_POINT set (helper-74: `a:` became `a::2`, `:1` never completed, quoted --file paths read no board, file
# names were split at blanks).
bashline() {  # the command line up to the cursor; the words as bash splits them, one argument each
    local line=$1; shift
    bash -c 'source ./board.bash; COMP_LINE=$1; COMP_POINT=${#1}; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
        COMPREPLY=(); _board; (( ${#COMPREPLY[@]} )) && printf "%s\n" "${COMPREPLY[@]}"' _ "$line" "$@" 2>&1 | sort | tr '\n' '|'
}
mkdir colon 'my dir' && printf '## TODO\n- [ ] a:b colon\n- [ ] -dash\n' > colon/board.md
printf '## TODO\n- [ ] Other only\n' > 'my dir/board.md' && touch 'sp ace.md'
expect "bash: a title with ':' completes after it" 'b\ colon|' \
    "$(bashline 'board -f colon/board.md done a:' board -f colon/board.md done a :)"
expect "bash: a ref completes after its ':'" '3|' "$(bashline 'board -f colon/board.md done :' board -f colon/board.md done :)"
expect "bash: a quoted --file path" 'Other\ only|' "$(bashline "board -f 'my dir/board.md' done O" board -f "'my dir/board.md'" done O)"
expect "bash: --file=PATH" 'Other\ only|' "$(bashline 'board --file=my\ dir/board.md done O' board --file = 'my\ dir/board.md' done O)"
expect "bash: a file name with a blank is one name" 'sp ace.md|' "$(bashline 'board check sp' board check sp)"
mkdir 'a:b'
expect "bash: --file=PATH with a ':' (helper-76: --file=a:a\\:b)" 'b|' "$(bashline 'board --file=a:' board --file = a :)"
expect "zsh: a --file path with a backslash" 'Other only|' "$(ask zsh 'board -f my\ dir/board.md done O')"

# fish: ask fish itself what it completes on a command line.
fishask() { fish -c "source ./board.fish; complete -C '$1'" | cut -f1 | sort | tr '\n' '|'; }
expect "fish: commands after a global option and its value" "list|" "$(fishask 'board --today 2026-11-01 li')"
expect "fish: a section argument is not a command" "doing|done|todo|" "$(fishask 'board list done ')"
expect "fish: commands" "list|" "$(fishask 'board li')"
expect "fish: options of a command" "--sort|" "$(fishask 'board list --so')"
expect "fish: option values" "due|title|" "$(fishask 'board list --sort ')"
expect "fish: item titles for a ref" "Fix login #auth|Write the docs|" "$(fishask 'board done ')"
expect "fish: titles of the --file board" "Elsewhere|" "$(fishask 'board --file other/board.md start ')"
expect "fish: titles of the --file=PATH board" "Elsewhere|" "$(fishask 'board --file=other/board.md start ')"
expect "fish: shells" "bash|fish|zsh|" "$(fishask 'board completion ')"
expect "fish: a title that cannot be typed is offered as its ref" ":2|:3|:4|" "$(fishask 'board --file odd/board.md done ')"

# board log on a terminal goes through $PAGER (script gives it one); not with --no-pager, nor into a pipe.
mkdir logged && (cd logged && git init -q && printf '## TODO\n- [ ] a\n' > board.md && git add board.md \
    && git -c user.name=T -c user.email=t@example.com commit -qm one)
paged=$(cd logged && script -qc "PAGER='sed s/^/PAGED:/' board log" /dev/null | sed -n 1p | tr -d '\r')
expect "log: a terminal gets the pager" "PAGED:" "${paged:0:6}"
unpaged=$(cd logged && script -qc "PAGER='sed s/^/PAGED:/' board log --no-pager" /dev/null | sed -n 1p | tr -d '\r')
expect "log: --no-pager prints straight" "no" "$([[ $unpaged == PAGED:* ]] && echo yes || echo no)"
piped=$(cd logged && PAGER='sed s/^/PAGED:/' board log | sed -n 1p)
expect "log: a pipe gets no pager" "no" "$([[ $piped == PAGED:* ]] && echo yes || echo no)"

# show piped to a pager takes the terminal's width from stderr (script gives a terminal of 100 columns).
# The rule under the headings is one character per cell.
width=$(cd logged && script -qc "stty cols 100; COLUMNS= board show | sed -n 2p" /dev/null | tr -d '\r\n' \
    | python3 -c 'import sys; print(len(sys.stdin.read()))')
expect "show: piped, the terminal's width" "100" "$width"

# The man page: no groff warning, and man renders its sections.
board man > board.1
warnings=$(groff -man -Tutf8 -ww -z board.1 2>&1)
expect "man: groff has no warnings" "" "$warnings"
page=$(MANWIDTH=80 man -l board.1 2>&1)
for heading in NAME SYNOPSIS COMMANDS OPTIONS "EXIT STATUS" EXAMPLES; do
    expect "man: has $heading" "yes" "$(grep -q "^$heading" <<<"$page" && echo yes || echo no)"
done
commands=$(board --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ {print $1}')
expect "man: every command is in it" "" "$(for c in $commands; do grep -Eq "^ +board +$c( |$)" <<<"$page" || echo "$c"; done)"

echo "shells e2e: $failures failed"
((failures == 0))
