#!/usr/bin/env bash
# The layer check fails where it should: a made-up tree with one include that runs up each scale
# (the tree, evolution/, evolution/tuning's rooms, a plugin naming its sibling, a measure's run/
# folder included from outside it or reaching above the run core) must be refused with that
# include named, so must a source file flat in evolution/tuning, and the same tree without them
# passes. Usage: check_layers_test.sh SCRIPT
set -euo pipefail
script=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
add() { mkdir -p "$tree/$(dirname "$1")"; printf '#include "%s"\n' "$2" >>"$tree/$1"; }

add engine/board.cpp engine/board.h
add evolution/ga/genome.cpp evolution/ga/genome.h
add evolution/tuning/run/run.cpp evolution/tuning/measures/registry.h
add evolution/tuning/run/run.cpp evolution/tuning/settings/tuning_settings.h
add evolution/tuning/settings/tuning_settings.cpp evolution/tuning/evaluate/work.h
add evolution/tuning/results/export.cpp evolution/tuning/run/history.h
add evolution/tuning/measures/games/plan.cpp evolution/tuning/measures/registry.h
add evolution/tuning/optimizers/spsa/spsa.cpp evolution/tuning/measures/fitness_measure.h
add evolution/tuning/measures/evalfit/run/steps.cpp evolution/tuning/settings/tuning_settings.h
add evolution/tuning/measures/evalfit/run/steps.cpp evolution/tuning/run/history.h
bash "$script" "$tree" >/dev/null || { echo "a tree that keeps its layers was refused"; exit 1; }

expect_refused() {  # FILE INCLUDE
  add "$1" "$2"
  if out=$(bash "$script" "$tree"); then echo "not refused: $1 including $2"; exit 1; fi
  grep -q "$1.*$2" <<<"$out" || { echo "the refusal does not name $1 -> $2:"; echo "$out"; exit 1; }
  : >"$tree/$1"
}
expect_refused engine/board.cpp evolution/ga/genome.h
expect_refused evolution/ga/genome.cpp evolution/tuning/run/run.h
expect_refused evolution/tuning/run/run.cpp evolution/mpi/wire.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/settings/tuning_settings.h
expect_refused evolution/tuning/evaluate/work.cpp evolution/tuning/settings/tuning_settings.h
expect_refused evolution/tuning/settings/tuning_settings.cpp evolution/tuning/setup/genome.h
expect_refused evolution/tuning/run/run.cpp evolution/tuning/results/export.h
expect_refused evolution/tuning/measures/evalfit/run/steps.cpp evolution/tuning/results/export.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/optimizers/optimizer.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/measures/evalfit/work.h
expect_refused evolution/tuning/common/spec.cpp evolution/tuning/measures/registry.h
expect_refused evolution/tuning/run/run.cpp evolution/tuning/measures/evalfit/run/steps.h
expect_refused evolution/tuning/measures/evalfit/plan.cpp evolution/tuning/measures/evalfit/run/steps.h
# the run core's files stay in its rooms
add evolution/tuning/loose.cpp evolution/tuning/measures/registry.h
if out=$(bash "$script" "$tree"); then echo "not refused: a source file flat in evolution/tuning"; exit 1; fi
grep -q "evolution/tuning/loose.cpp" <<<"$out" || { echo "the refusal does not name the flat file:"; echo "$out"; exit 1; }
rm "$tree/evolution/tuning/loose.cpp"
echo "check-layers refuses every made-up include that runs up a layer"
