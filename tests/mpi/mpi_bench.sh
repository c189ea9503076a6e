#!/usr/bin/env bash
# MPI harness efficiency with 1, 2 and 4 worker ranks (one engine each) and items of 20 ms, then
# items of ~0 ms to show the bare overhead per item; then evalfit items (a data set of 10
# positions of ~2-3 ms each, scored on the uci path: ~25 ms items) with 1 and 2 worker ranks;
# prints the machine's load before and after.
set -euo pipefail
bench=$1
mpiexec=${2:-mpirun}
launch=("$mpiexec" --oversubscribe)
if [[ $(id -u) -eq 0 ]]; then launch+=(--allow-run-as-root); fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for ranks in 1 2 4; do
  "${launch[@]}" -np $((ranks + 1)) "$bench" 20 $((100 * ranks)) 1
done
# movetime 1: the fake engine answers at once, so this is the bare overhead per item
"${launch[@]}" -np 3 "$bench" 1 400 1
for ranks in 1 2; do
  "${launch[@]}" -np $((ranks + 1)) "$bench" evalfit 10 3 $((100 * ranks))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
