#!/usr/bin/env bash
# Games a minute: MateFind's two game runners (`matefind-cli match`, and the games measure of
# `matefind-cli tune`) beside fastchess, an established runner, on the same engine, limits,
# openings and concurrency, measured in the same run. fastchess is not a Debian package: build it
# from its source (https://github.com/Disservin/fastchess, `make -j2`) and pass its path.
#   tests/bench/games_vs_fastchess.sh path/to/fastchess [path/to/matefind-cli]
# Environment: GAMES (default 192, a multiple of 32), WORKERS (default 2), LIMITS (default
# "nodes=2000 movetime=20"). For each limit it prints one line per runner: games, wall seconds,
# games a minute, the ratio to fastchess, and MateFind's own efficiency (engine think time over
# wall x workers) where the runner prints it.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
fastchess="${1:?usage: $0 path/to/fastchess [path/to/matefind-cli]}"
cli="${2:-$here/build/release/bin/matefind-cli}"
bin="$(dirname "$cli")"
engine="$bin/matefind-engine"
openings="$(cd "$bin/.." && pwd)/share/matefind/openings/matefind-openings-1200.epd"
[[ -f $openings ]] || openings="$here/resources/openings/matefind-openings-1200.epd"
games="${GAMES:-192}"
workers="${WORKERS:-2}"
limits="${LIMITS:-nodes=2000 movetime=20}"
for tool in "$fastchess" "$cli" "$engine"; do [[ -x $tool ]] || { echo "not found: $tool" >&2; exit 2; }; done
(( games % 32 == 0 )) || { echo "GAMES must be a multiple of 32 (a tune generation: 16 candidates x 1 pair)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

now() { date +%s.%N; }
row() { # runner limit games seconds efficiency fastchess_seconds
  awk -v r="$1" -v l="$2" -v g="$3" -v s="$4" -v e="$5" -v f="$6" 'BEGIN {
    printf "%-16s %-13s %6d %9.1f %10.1f %8.2f %10s\n", r, l, g, s, g * 60 / s, f / s, e }'
}

printf '%-16s %-13s %6s %9s %10s %8s %10s\n' runner limit games wall_s games/min vs_fc efficiency
for limit in $limits; do
  kind="${limit%%=*}" value="${limit#*=}"
  case $kind in
    nodes) fcLimit="nodes=$value tc=inf"; mfLimit="--nodes $value" ;;
    movetime) fcLimit="st=$(awk -v ms="$value" 'BEGIN { printf "%g", ms / 1000 }')"; mfLimit="--movetime $value" ;;
    *) echo "LIMITS: expected nodes=N or movetime=MS, got $limit" >&2; exit 2 ;;
  esac
  start=$(now)
  # shellcheck disable=SC2086  # fcLimit holds several words
  "$fastchess" -engine cmd="$engine" name=a -engine cmd="$engine" name=b -each $fcLimit option.Hash=16 \
      -openings file="$openings" format=epd order=sequential -rounds $((games / 2)) -games 2 -repeat \
      -concurrency "$workers" -recover > "$scratch/fastchess.log" 2>&1
  fc=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')
  row fastchess "$limit" "$games" "$fc" "-" "$fc"

  start=$(now)
  # shellcheck disable=SC2086
  "$cli" match --engine1 "$engine" --engine2 "$engine" --openings "$openings" --pairs $((games / 2)) $mfLimit \
      --workers "$workers" > "$scratch/match.log" 2>&1
  wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')
  efficiency=$(grep -o 'efficiency [0-9.]*' "$scratch/match.log" | tail -1 | awk '{ print $2 }')
  row "matefind match" "$limit" "$games" "$wall" "${efficiency:--}" "$fc"

  start=$(now)
  # shellcheck disable=SC2086
  "$cli" tune --measure games --optimizer cmaes --population 16 --pairs 1 $mfLimit --generations $((games / 32)) \
      --openings "$openings" --workers "$workers" --keep-process --seed 1 --out "$scratch/tune.mfpop" \
      > "$scratch/tune.log" 2>&1
  wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')
  efficiency=$(grep -o 'efficiency [0-9.]*' "$scratch/tune.log" | awk '{ sum += $2; n++ } END { if (n) printf "%.2f", sum / n }')
  row "matefind tune" "$limit" "$games" "$wall" "${efficiency:--}" "$fc"
done
