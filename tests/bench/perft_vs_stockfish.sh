#!/usr/bin/env bash
# Perft speed of matefind-engine beside Stockfish, measured in the same run with the same UCI
# commands (position ...; go perft N), single thread, no hashing, wall-clock time per engine.
#   tests/bench/perft_vs_stockfish.sh [path/to/matefind-engine] [path/to/stockfish]
# Each measurement is the best of $REPEAT runs (default 3), which filters out load from other
# processes on a shared machine; the engines alternate so both see similar load.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
ours="${1:-$here/build/release/bin/matefind-engine}"
theirs="${2:-/usr/games/stockfish}"
repeat="${REPEAT:-3}"
[[ -x $ours ]] || { echo "not found: $ours (build first, or pass its path)" >&2; exit 2; }
[[ -x $theirs ]] || { echo "not found: $theirs (apt-get install stockfish)" >&2; exit 2; }

# prints "<nodes> <seconds>" for one engine, position and depth
measure() {
  local engine=$1 position=$2 depth=$3 start end out
  start=$(date +%s%N)
  out=$(printf 'position %s\ngo perft %s\nquit\n' "$position" "$depth" | "$engine" 2>/dev/null)
  end=$(date +%s%N)
  nodes=$(grep -m1 '^Nodes searched:' <<<"$out" | awk '{print $3}')
  echo "$nodes $(awk -v ns=$((end - start)) 'BEGIN { printf "%.4f", ns / 1e9 }')"
}

best() { # engine position depth -> "<nodes> <best seconds>"
  local bestTime="" nodes="" n t
  for ((i = 0; i < repeat; i++)); do
    read -r n t < <(measure "$@")
    nodes=$n
    if [[ -z $bestTime ]] || awk -v a="$t" -v b="$bestTime" 'BEGIN { exit !(a < b) }'; then bestTime=$t; fi
  done
  echo "$nodes $bestTime"
}

printf '%-10s %5s %12s %10s %12s %10s %12s %7s\n' position depth nodes ours_s ours_Mnps sf_s sf_Mnps ratio
status=0
while IFS='|' read -r name depth position; do
  read -r ourNodes ourTime < <(best "$ours" "$position" "$depth")
  read -r sfNodes sfTime < <(best "$theirs" "$position" "$depth")
  if [[ $ourNodes != "$sfNodes" ]]; then
    echo "node counts differ for $name: ours $ourNodes, stockfish $sfNodes" >&2
    status=1
  fi
  awk -v n="$name" -v d="$depth" -v nodes="$ourNodes" -v ot="$ourTime" -v st="$sfTime" 'BEGIN {
    printf "%-10s %5d %12d %10.3f %12.1f %10.3f %12.1f %6.2fx\n", n, d, nodes, ot, nodes / ot / 1e6, st, nodes / st / 1e6, st / ot }'
done <<'POSITIONS'
startpos|6|startpos
kiwipete|5|fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
POSITIONS
exit $status
