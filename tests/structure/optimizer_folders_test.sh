#!/usr/bin/env bash
# Adding an optimiser is a folder and one registry line: every folder under
# evolution/tuning/optimizers holds one class with a static OptimizerInfo `info`, which
# optimizers/registry.h includes and lists in `Optimizers`; and nothing outside that folder and the
# registry (no run core file, no command, no window file) names the class, its folder or its own
# settings, so that the CLI's options, the window's fields and the population file's keys all come
# from the registry. Prints what breaks the rule and exits 1. Usage: optimizer_folders_test.sh [ROOT]
set -euo pipefail
cd "${1:-"$(dirname "$0")/../.."}"
dir=evolution/tuning/optimizers
registry=$dir/registry.h
status=0
fail() { echo "$*"; status=1; }

for folder in "$dir"/*/; do
  folder=${folder%/}
  name=${folder##*/}
  classes=$(grep -hoE 'class [A-Za-z]+ : public Optimizer' "$folder"/*.h | awk '{print $2}' || true)
  [[ $(wc -w <<<"$classes") -eq 1 ]] || { fail "$folder: expected one class deriving from Optimizer, found: ${classes:-none}"; continue; }
  grep -q 'static constexpr OptimizerInfo info' "$folder"/*.h || fail "$folder: $classes has no static OptimizerInfo info"
  grep -qE "#include \"$dir/$name/" "$registry" || fail "$registry does not include $folder"
  grep -qE "OptimizerList<.*\b$classes\b" "$registry" || fail "$registry does not list $classes in Optimizers"
  # Its own settings (inline constexpr NumberSetting kX) and the class: named only in its folder.
  own=$(grep -hoE 'inline constexpr NumberSetting k[A-Za-z]+' "$folder"/*.h | awk '{print $4}' || true)
  for symbol in $classes $own; do
    hits=$(grep -rlwE "$symbol" app ui evolution --include='*.h' --include='*.cpp' | grep -vE "^$folder/|^$registry$" || true)
    [[ -z $hits ]] || fail "$symbol (of $folder) is named outside its folder and the registry: $(tr '\n' ' ' <<<"$hits")"
  done
  hits=$(grep -rlE "#include \"$dir/$name/" app ui evolution --include='*.h' --include='*.cpp' |
         grep -vE "^$folder/|^$registry$" || true)
  [[ -z $hits ]] || fail "$folder's headers are included outside it and the registry: $(tr '\n' ' ' <<<"$hits")"
done
((status)) || echo "optimizer folders: each is a folder and a registry line, named nowhere else"
exit "$status"
