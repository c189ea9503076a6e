#!/usr/bin/env bash
# Prints the figures docs/layout.md quotes about the source tree, so the page is refreshed by
# running this rather than by counting by hand:
#   - per top folder and per folder of evolution/ (and of evolution/tuning): files and lines;
#   - lines per file: median, 90th percentile, the largest; files by size;
#   - functions outside engine/ longer than 80 and 60 lines, and the ten longest (needs Universal
#     Ctags, through scripts/function-lengths.sh; said so and skipped without it).
# Sources are the tracked *.cpp and *.h of app/, engine/, evolution/ and ui/. Usage:
#   scripts/structure-figures.sh            (from any folder of the checkout)
#   scripts/structure-figures.sh --rooms    every folder that holds sources, with its number of
#                                           files, as the Markdown rows of docs/layout.md's room list
#   scripts/structure-figures.sh --write-rooms   rewrites that list in docs/layout.md (between its
#                                           "rooms:" markers); a ctest fails while the two differ
set -euo pipefail
cd "$(dirname "$0")/.."

rooms() {  # the room list's rows: folder, files; folders in the tree's order
  echo "| folder | source files |"
  echo "|---|---|"
  git ls-files -- app engine evolution ui | grep -E '\.(cpp|h)$' | xargs -r -n1 dirname | sort | uniq -c |
    awk '{ printf "| `%s/` | %d |\n", $2, $1 }'
}
begin_marker='<!-- rooms: scripts/structure-figures.sh --write-rooms writes this list -->'
end_marker='<!-- end of rooms -->'
if [[ ${1:-} == --rooms ]]; then rooms; exit 0; fi
if [[ ${1:-} == --write-rooms ]]; then
  page=docs/layout.md
  grep -qF "$begin_marker" "$page" && grep -qF "$end_marker" "$page" ||
    { echo "$page: the markers of the room list are missing ($begin_marker ... $end_marker)" >&2; exit 1; }
  list=$(rooms)
  awk -v begin="$begin_marker" -v end="$end_marker" -v list="$list" '
    $0 == begin { print; print list; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }' "$page" >"$page.new"
  mv "$page.new" "$page"
  exit 0
fi

sources() {  # FOLDER...: the tracked C++ sources under them, one a line
  git ls-files -- "$@" | grep -E '\.(cpp|h)$' || true
}
count() {  # FOLDER...: "files N, lines L"
  local files
  files=$(sources "$@")
  if [[ -z $files ]]; then echo "files 0, lines 0"; return; fi
  printf 'files %d, lines %d\n' "$(wc -l <<<"$files")" "$(xargs cat <<<"$files" | wc -l)"
}

echo "## Source files (tracked *.cpp and *.h)"
printf '%-28s %s\n' "app engine evolution ui" "$(count app engine evolution ui)"
for folder in app engine evolution ui tests; do printf '%-28s %s\n' "$folder/" "$(count "$folder")"; done
echo
echo "## evolution/ by folder"
for folder in $(git ls-files evolution | cut -d/ -f2 | grep -v '\.' | sort -u); do
  printf '%-28s %s\n' "evolution/$folder/" "$(count "evolution/$folder")"
done
echo
echo "## evolution/tuning by part"
for part in common measures optimizers evaluate settings setup run results; do
  printf '%-28s %s\n' "$part/" "$(count "evolution/tuning/$part")"
done
echo
echo "## Lines per file"
sources app engine evolution ui | xargs wc -l | grep -v ' total$' | sort -n | awk '
  { n[NR] = $1; name[NR] = $2 }
  END {
    printf "median %d, 90th percentile %d, largest %d (%s)\n", n[int((NR + 1) / 2)], n[int(NR * 0.9 + 0.5)], n[NR], name[NR]
    for (i = 1; i <= NR; i++) {
      if (n[i] <= 100) a++; else if (n[i] <= 200) b++; else if (n[i] <= 400) c++; else d++
    }
    printf "files of <=100 / 101-200 / 201-400 / >400 lines: %d / %d / %d / %d\n", a, b, c, d
  }'
echo
echo "## Functions outside engine/ (Universal Ctags)"
if lengths=$(bash scripts/function-lengths.sh app evolution ui 2>/dev/null); then
  awk '$1 > 80 { a++ } $1 > 60 { b++ } END { printf "over 80 lines: %d, over 60 lines: %d\n", a, b }' <<<"$lengths"
  echo "the ten longest:"
  head -10 <<<"$lengths"
else
  echo "skipped: scripts/function-lengths.sh needs Universal Ctags (Debian package universal-ctags)"
fi
