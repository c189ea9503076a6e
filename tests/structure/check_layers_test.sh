#!/usr/bin/env bash
# The layer check fails where it should: a made-up tree with one include that runs up each scale
# (the tree, evolution/, evolution/tuning, a plugin naming its sibling, a measure's run/ folder
# included from outside it) must be refused with that
# include named, and the same tree without them passes. Usage: check_layers_test.sh SCRIPT
set -euo pipefail
script=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
add() { mkdir -p "$tree/$(dirname "$1")"; printf '#include "%s"\n' "$2" >>"$tree/$1"; }

add engine/board.cpp engine/board.h
add evolution/ga/genome.cpp evolution/ga/genome.h
add evolution/tuning/run.cpp evolution/tuning/measures/registry.h
add evolution/tuning/measures/games/plan.cpp evolution/tuning/measures/registry.h
add evolution/tuning/optimizers/spsa/spsa.cpp evolution/tuning/measures/fitness_measure.h
add evolution/tuning/measures/evalfit/run/steps.cpp evolution/tuning/tuning_settings.h
bash "$script" "$tree" >/dev/null || { echo "a tree that keeps its layers was refused"; exit 1; }

expect_refused() {  # FILE INCLUDE
  add "$1" "$2"
  if out=$(bash "$script" "$tree"); then echo "not refused: $1 including $2"; exit 1; fi
  grep -q "$1.*$2" <<<"$out" || { echo "the refusal does not name $1 -> $2:"; echo "$out"; exit 1; }
  : >"$tree/$1"
}
expect_refused engine/board.cpp evolution/ga/genome.h
expect_refused evolution/ga/genome.cpp evolution/tuning/run.h
expect_refused evolution/tuning/run.cpp evolution/mpi/wire.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/tuning_settings.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/optimizers/optimizer.h
expect_refused evolution/tuning/measures/games/plan.cpp evolution/tuning/measures/evalfit/work.h
expect_refused evolution/tuning/common/spec.cpp evolution/tuning/measures/registry.h
expect_refused evolution/tuning/run.cpp evolution/tuning/measures/evalfit/run/steps.h
expect_refused evolution/tuning/measures/evalfit/plan.cpp evolution/tuning/measures/evalfit/run/steps.h
echo "check-layers refuses every made-up include that runs up a layer"
