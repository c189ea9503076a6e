#!/usr/bin/env bash
# Checks that no #include runs up the layers, at three scales, and prints every include that
# breaks the order (exit 1 when there is one):
#   the tree       engine/ -> evolution/ -> ui/ -> app/
#   evolution/     ga/ and uci/ -> suite/ -> match/ -> dataset/ -> wire/ -> tuning/ -> mpi/
#   evolution/tuning/   common/ -> measures/ -> optimizers/ -> the run core's rooms evaluate/ ->
#                  settings/ -> setup/ -> run/ -> results/, and no source file flat in
#                  evolution/tuning; a plugin folder (measures/games, optimizers/spsa ...) and its
#                  parent, which holds the interface and the registry, may include each other, but
#                  no plugin includes a sibling; a measure's run/ folder is a plug-in of run/: it
#                  stands where run/ stands (below results/), and nothing in evolution/tuning but
#                  its own folder includes it.
# Each layer may use the ones before it, never one after it. Usage: check-layers.sh [ROOT]
# (default: this checkout; the tests point it at a made-up tree to see it fail).
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"

status=0
report() {  # WHAT HITS
  echo "$1:"
  printf '%s\n' "$2"
  status=1
}
includes() {  # FOLDER PATTERN: the include lines of FOLDER's sources matching PATTERN
  find "$1" -type f \( -name '*.h' -o -name '*.cpp' \) -print0 2>/dev/null |
    xargs -0 -r grep -HnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"$2" || true
}

# tiers PREFIX TIER...: each TIER is a space-separated list of folders under PREFIX; a folder may
# include folders of earlier tiers only.
tiers() {
  local prefix=$1
  shift
  local all=("$@") i j
  for ((i = 0; i < ${#all[@]}; i++)); do
    local later=()
    for ((j = i + 1; j < ${#all[@]}; j++)); do later+=(${all[j]}); done
    for folder in ${all[i]}; do
      local same=()
      for other in ${all[i]}; do [[ $other != "$folder" ]] && same+=("$other"); done
      local above=("${later[@]}" "${same[@]}")
      ((${#above[@]})) || continue
      local hits
      hits=$(includes "$prefix$folder" "$prefix($(IFS='|'; echo "${above[*]}"))/" | grep -vE "${skip:-^$}" || true)
      [[ -n $hits ]] && report "$prefix$folder includes a layer above it" "$hits"
    done
  done
  return 0
}

tiers "" "engine" "evolution" "ui" "app"
tiers "evolution/" "ga uci" "suite" "match" "dataset" "wire" "tuning" "mpi"

# Inside evolution/tuning: the shared vocabulary, the measures, the optimisers, then the run core
# in rooms by role. A measure's run/ folder (measures/evalfit/run) is left out of the measures'
# tier: it is that measure's plug-in into the run core and is checked against results/ alone below.
t=evolution/tuning
plugin_run="^$t/measures/[a-z_]+/run/"
skip=$plugin_run tiers "$t/" "common" "measures" "optimizers" "evaluate" "settings" "setup" "run" "results"
hits=$(includes "$t/measures" "$t/results/" | grep -E "$plugin_run" || true)
[[ -n $hits ]] && report "a measure's run/ folder includes results/ above the run core" "$hits"
flat=$(find "$t" -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null)
[[ -n $flat ]] && report "$t holds source files outside its rooms" "$flat"
# A measure's run/ folder is the measure's own part of the run (measures/evalfit/run: the trace
# point, the K fit, the gradient's model): it stands on the run core's vocabulary, and the core
# reaches it only through the measure's declarations (Measures::with), so no core file and nothing
# else of the measures includes it.
hits=$(includes "$t" "$t/measures/[a-z_]+/run/" | grep -vE "^$t/measures/[a-z_]+/run/" || true)
[[ -n $hits ]] && report "a run/ folder is included from outside it" "$hits"
for parent in measures optimizers; do
  for plugin in "$t/$parent"/*/; do
    plugin=${plugin%/}
    name=${plugin##*/}
    hits=$(includes "$plugin" "$t/$parent/[a-z_]+/" | grep -vE "\"$t/$parent/$name/" || true)
    [[ -n $hits ]] && report "$plugin includes another $parent folder" "$hits"
  done
done

((status)) || echo "check-layers: no include runs up the tree's, evolution's or evolution/tuning's layers"
exit "$status"
