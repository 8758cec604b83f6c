#!/usr/bin/env bash
# End to end with the real pre-commit framework: a throwaway user repository whose
# .pre-commit-config.yaml points at this repository (its path and HEAD commit).
# Needs PyPI for pre-commit itself; says so loudly and fails when it cannot get it.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "pre-commit e2e: FAILED: $*" >&2; exit 1; }

python3 -m venv "$work/venv" || fail "could not create a Python virtualenv"
if ! "$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit; then
    echo "################################################################" >&2
    echo "pre-commit e2e: cannot install pre-commit from PyPI (no network?)" >&2
    echo "################################################################" >&2
    exit 1
fi
export PRE_COMMIT_HOME="$work/cache"
export PATH="$work/venv/bin:$PATH"

mkdir "$work/user" && cd "$work/user"
git init --quiet
git config user.email ci@example.com
git config user.name CI
git config commit.gpgsign false
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: board-check
      - id: board-tidy
YAML
pre-commit install >/dev/null
git add .pre-commit-config.yaml
git commit --quiet -m "add pre-commit config" > "$work/out" 2>&1 || fail "committing the config alone"

printf '## TODO\n\n- [ ] Ship it due:2026-12-01\n\n## DOING\n\n## DONE\n' > board.md
git add board.md
git commit --quiet -m "valid board" > "$work/out" 2>&1 || { cat "$work/out"; fail "a valid board was refused"; }
echo "ok: a valid board commits"

printf '## TODO\n\n- [ ] Ship it due:2026-02-30\n\n## DOING\n\n## DONE\n' > board.md
git add board.md
if git commit --quiet -m "invalid date" > "$work/out" 2>&1; then fail "a board with due:2026-02-30 was committed"; fi
grep -q "board.md:3:15: error: 'due:2026-02-30' is not a real calendar date" "$work/out" \
    || { cat "$work/out"; fail "the diagnostic was not printed"; }
echo "ok: an invalid date is refused with board.md:3:15: error: …"

printf '## TODO\n\n- [ ] Ship it due:2026-03-02\n\n## DOING\n\n## DONE\n' > board.md
git add board.md
git commit --quiet -m "fixed date" > "$work/out" 2>&1 || { cat "$work/out"; fail "the fixed board was refused"; }
echo "ok: the fixed board commits"

mkdir -p docs/team
printf '## TODO\n- [ ] Plan @{2026-13-01}\n## DOING\n## DONE\n' > docs/team/board.md
git add docs/team/board.md
if git commit --quiet -m "subfolder board" > "$work/out" 2>&1; then fail "an invalid board in a subfolder was committed"; fi
grep -q "docs/team/board.md:2:12: error: '@{2026-13-01}' is not a real calendar date" "$work/out" \
    || { cat "$work/out"; fail "the subfolder board's diagnostic was not printed"; }
echo "ok: a board in a subfolder is checked too"

printf '## TODO\n- [x] Plan @{2026-12-01}\n## DOING\n## DONE\n' > docs/team/board.md
git add docs/team/board.md
if git commit --quiet -m "ticked in TODO" > "$work/out" 2>&1; then fail "board-tidy let an item ticked in TODO through"; fi
grep -q "docs/team/board.md: would move \"Plan\" from TODO to DONE" "$work/out" \
    || { cat "$work/out"; fail "board-tidy did not say what it would move"; }
echo "ok: board-tidy refuses ticks not yet tidied"

echo "pre-commit e2e: 5 passed, 0 failed"
