#!/usr/bin/env bash
# docs/layout.md's room list is the tree's: the rows between its "rooms:" markers are what
# scripts/structure-figures.sh --rooms prints from the tracked sources. A moved, added or removed
# folder or file fails here until the page is written anew. Usage: layout_rooms_test.sh ROOT
# (exit 2, a skip, outside a git checkout: the list counts tracked files).
set -euo pipefail
root=$1
cd "$root"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "skipped: $root is no git checkout"; exit 2; }
expected=$(bash scripts/structure-figures.sh --rooms)
written=$(awk '/^<!-- rooms: /{inside = 1; next} /^<!-- end of rooms -->/{inside = 0} inside' docs/layout.md)
[[ -n $written ]] || { echo "docs/layout.md: no room list between its markers"; exit 1; }
if [[ $expected != "$written" ]]; then
  echo "docs/layout.md's room list differs from the tree (< the tree, > the page);"
  echo "write it anew with: scripts/structure-figures.sh --write-rooms"
  diff <(echo "$expected") <(echo "$written") || true
  exit 1
fi
echo "docs/layout.md lists every room of the tree: $(($(wc -l <<<"$expected") - 2)) folders"
