#!/usr/bin/env bash
# Runs a fixed-seed sample of every command whose output a refactoring must not change, and prints
# one SHA-256 per output after taking out what differs from run to run by nature (the "# saved"
# time of a population file, think times in PGN comments, a report's wall-time line). Run it on
# two builds (before and after a change) and compare the lists: equal sums, equal behaviour.
#
#   scripts/fixed-seed-outputs.sh [BIN_DIR] [WORK_DIR]
# BIN_DIR: the executables (default build/release/bin); WORK_DIR: where the outputs are kept
# (default: a new temporary folder, printed). Every run is deterministic: nodes limits, seed 1.
# About a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/release/bin}")
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/mf_fixed_seed_XXXXXX")}
mkdir -p "$work"
cli=$bin/matefind-cli
share=$bin/../share/matefind

# Population files: all but the "# saved <time>" line.
population() { grep -v '^# saved ' "$1"; }
# PGN: no date tag, no think time in the move comments ("{+0.85/4 0.002s}" -> "{+0.85/4}");
# lines joined first, since a comment may be wrapped.
pgn() { grep -v '^\[Date ' "$1" | tr '\n' ' ' | sed -E 's/ [0-9]+\.[0-9]+s\}/}/g'; }
# Reports: every line but those that measure time, the work folder's name taken out, and sorted
# (solve prints each position when a worker finishes it, so two workers may swap neighbours, and
# its running tallies, "solve: 20/200 solved 7", depend on that order: left out).
report() {
  grep -v -E '^time: |efficiency|[0-9.]+ s wall|^solve: [0-9]+/[0-9]+ solved' "$1" |
    sed -E -e "s|$work|WORK|g" -e 's/\ttime [0-9]+ ms//' | sort
}

run() {  # NAME COMMAND...: runs it with its output in WORK/NAME.txt
  local name=$1
  shift
  "$@" >"$work/$name.txt" 2>&1 || { echo "fixed-seed-outputs: $name failed:"; tail -5 "$work/$name.txt"; exit 1; }
}

run tune-solved "$cli" tune --measure solved --nodes 2000 --population 4 --generations 3 --workers 2 --seed 1 \
  --out "$work/solved.mfpop"
run tune-evalfit "$cli" tune --population 6 --generations 3 --polish 1 --workers 2 --seed 1 --out "$work/evalfit.mfpop"
run tune-games "$cli" tune --measure games --pairs 1 --nodes 2000 --population 4 --generations 2 --workers 2 --seed 1 \
  --out "$work/games.mfpop"
run match "$cli" match --pairs 6 --nodes 2000 --workers 2 --seed 1 --pgn "$work/match.pgn"
run solve "$cli" solve --suite "$share/epd/matefind-heldout.epd" --nodes 2000 --workers 2
# The last generation's best: the run's pick may be the start values, which export refuses.
run export "$cli" export "$work/evalfit.mfpop" --generation 3 --engine-options "$work/evalfit-options.txt"
run bench "$bin/matefind-engine" bench

{
  for f in solved evalfit games; do echo "$(population "$work/$f.mfpop" | sha256sum | cut -c1-16)  $f.mfpop"; done
  echo "$(pgn "$work/match.pgn" | sha256sum | cut -c1-16)  match.pgn"
  for f in tune-solved tune-evalfit tune-games match solve; do
    echo "$(report "$work/$f.txt" | sha256sum | cut -c1-16)  $f report"
  done
  echo "$(report "$work/evalfit-options.txt" | sha256sum | cut -c1-16)  evalfit-options.txt"
  echo "$(grep '^Nodes searched' "$work/bench.txt")  bench signature"
} | tee "$work/sums.txt"
echo "outputs in $work"
