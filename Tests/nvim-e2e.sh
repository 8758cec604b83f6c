#!/usr/bin/env bash
# `board lsp` in a real editor: headless Neovim (Debian's package, installed when missing) opens a broken board,
# gets its diagnostics, edits a line after Korean and emoji text, hovers, applies the "Move to DONE" fix and saves;
# the file must then be what `board tidy` writes from the same board.
# Usage: bash Tests/nvim-e2e.sh path/to/board
set -euo pipefail
board=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null; then
    echo "nvim e2e: installing neovim from Debian's packages"
    (apt-get update -q && apt-get install -y -q neovim) >/dev/null 2>&1 \
        || { echo "nvim e2e: FAILED: cannot install neovim" >&2; exit 1; }
fi
echo "nvim e2e: $(nvim --version | sed -n 1p)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BOARD_TODAY=2026-11-23
cat > "$work/board.md" <<'BOARD'
## TODO
- [ ] Plan due:2026-02-30
- [x] Ship 한국어 🚀 release
- [ ] 한국어 🚀 due:2026-12-01 @{2026-13-01}

## DOING

## DONE
- [x] Old done:2026-11-01
BOARD
cp "$work/board.md" "$work/original.md"
BOARD_BIN="$board" BOARD_FILE="$work/board.md" BOARD_LOG="$work/lsp.log" \
    timeout 60 nvim --headless --clean -c "luafile $here/nvim-e2e.lua" 2>&1
# What board writes: the same hand edit of line 4, then tidy.
mkdir "$work/expected"
sed '4s/2026-13-01/2026-12-01/' "$work/original.md" > "$work/expected/board.md"
(cd "$work/expected" && "$board" tidy > /dev/null)
if ! cmp -s "$work/board.md" "$work/expected/board.md"; then
    echo "nvim e2e: FAILED: the saved file is not what board tidy writes" >&2
    diff "$work/expected/board.md" "$work/board.md" >&2 || true
    exit 1
fi
grep -q "request shutdown" "$work/lsp.log" && grep -q "notification exit" "$work/lsp.log" \
    || { echo "nvim e2e: FAILED: no shutdown and exit in the server's log:" >&2; cat "$work/lsp.log" >&2; exit 1; }
echo "nvim e2e: the saved file is what board tidy writes; the server shut down and exited"
