#!/usr/bin/env bash
# Lists every C++ function of the given folders (default: app evolution ui) with its length in
# lines, longest first, read from Universal Ctags' start and end lines. Lambdas count as part of
# the function that holds them. With --max N it prints only the functions longer than N and exits
# 1 when there is one: the structure test uses this to keep functions outside engine/ short.
#
#   scripts/function-lengths.sh | head -10          # the ten longest
#   scripts/function-lengths.sh --max 80             # fails on any function over 80 lines
set -euo pipefail
cd "$(dirname "$0")/.."

max=""
if [[ ${1:-} == --max ]]; then
  max=$2
  shift 2
fi
folders=("$@")
((${#folders[@]})) || folders=(app evolution ui)

if ! ctags --version 2>/dev/null | grep -q "Universal Ctags"; then
  echo "function-lengths: needs Universal Ctags (Debian package universal-ctags)" >&2
  exit 2
fi

# One tag per line: name, file, pattern, kind, then key:value fields (line:, end:, class: ...).
lengths=$(ctags -R --languages=C++ --c++-kinds=f --fields=+neK -o - "${folders[@]}" |
  awk -F'\t' '
    $1 ~ /^__anon/ { next }                  # a lambda: counted in its enclosing function
    $4 != "function" { next }
    {
      line = ""; end = ""; scope = ""
      for (i = 5; i <= NF; i++) {
        split($i, kv, ":")
        key = kv[1]; value = substr($i, length(key) + 2)
        if (key == "line") line = value
        else if (key == "end") end = value
        else if (key == "class" || key == "struct") scope = value
      }
      if (line == "" || end == "") next
      n = scope; sub(/.*::/, "", n)
      name = (n == "" || n ~ /^__anon/) ? $1 : n "::" $1
      printf "%5d  %s:%s  %s\n", end - line + 1, $2, line, name
    }' | sort -k1,1nr -k2,2)

if [[ -z $max ]]; then
  printf '%s\n' "$lengths"
  exit 0
fi
long=$(printf '%s\n' "$lengths" | awk -v max="$max" '$1 > max')
if [[ -n $long ]]; then
  echo "functions longer than $max lines:"
  printf '%s\n' "$long"
  exit 1
fi
echo "function-lengths: no function in ${folders[*]} is longer than $max lines"
