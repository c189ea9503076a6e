#!/usr/bin/env bash
# Games a minute: MateFind's two game runners (`matefind-cli match`, and the games measure of
# `matefind-cli tune`) beside fastchess, an established runner, on the same engine, limits,
# openings and concurrency, measured in the same run. fastchess is not a Debian package: build it
# from its source (https://github.com/Disservin/fastchess, `make -j2`) and pass its path.
#   tests/bench/games_vs_fastchess.sh path/to/fastchess [path/to/matefind-cli]
# Environment: GAMES (default 192, a multiple of 32), WORKERS (default 2), LIMITS (default
# "nodes=2000 movetime=20"). For each limit it prints one line per runner: games, wall seconds,
# games a minute and its ratio to fastchess's, moves a minute (from the PGN; the tune writes none),
# the CPU share (CPU time of the runner and its
# engines over wall x workers: how busy the runner kept the cores, the same measure for all
# three), and MateFind's own efficiency (engine think time over wall x workers) where printed.
# The tune's games are a search tune's (candidates against the start values), not the match's
# self-play, so their length differs: compare its CPU share, not its games a minute.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
fastchess="$(realpath "${1:?usage: $0 path/to/fastchess [path/to/matefind-cli]}")"
cli="$(realpath "${2:-$here/build/release/bin/matefind-cli}")"
bin="$(dirname "$cli")"
engine="$bin/matefind-engine"
openings="$(cd "$bin/.." && pwd)/share/matefind/openings/matefind-openings-1200.epd"
[[ -f $openings ]] || openings="$here/resources/openings/matefind-openings-1200.epd"
# The tune plays the search's 31 constants (CMA-ES, 16 candidates a generation, one pair each)
# against the start values: the games of a search tune.
genome="$here/resources/genomes/matefind-search.tune"
games="${GAMES:-192}"
workers="${WORKERS:-2}"
limits="${LIMITS:-nodes=2000 movetime=20}"
for tool in "$fastchess" "$cli" "$engine"; do [[ -x $tool ]] || { echo "not found: $tool" >&2; exit 2; }; done
(( games % 32 == 0 )) || { echo "GAMES must be a multiple of 32 (a tune generation: 16 candidates x 1 pair)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"  # fastchess leaves its config.json in the working folder
# fastchess gets the 50 ms of lateness MateFind's runners forgive (timemargin=50): without it a
# 20 ms move on a loaded machine forfeits, and the games end early.
# fastchess reads every line as a position: the openings without the file's comment lines.
grep -v '^#' "$openings" | grep -v '^[[:space:]]*$' > "$scratch/openings.epd"

# timed LOG COMMAND...: runs COMMAND with its output in LOG; sets wall and cpu (user + system
# seconds of it and its children).
timed() {
  local log=$1 times
  shift
  times=$( { TIMEFORMAT='%R %U %S'; time "$@" > "$log" 2>&1; } 2>&1 )
  wall=$(awk '{ print $1 }' <<<"$times")
  cpu=$(awk '{ print $2 + $3 }' <<<"$times")
}
# The moves (plies) of every game in a PGN file: games of other lengths make games a minute
# differ without any runner being faster, moves a minute do not.
plies() {
  perl -0777 -ne 's/^\[.*$//mg; s/\{[^}]*\}//g; s/;[^\n]*//g; my @t = grep { !/^(\d+\.+|1-0|0-1|1\/2-1\/2|\*)$/ } split; print scalar(@t), "\n"' "$1"
}
row() { # runner limit wall cpu efficiency fastchess_wall plies
  awk -v r="$1" -v l="$2" -v g="$games" -v s="$3" -v c="$4" -v e="$5" -v f="$6" -v w="$workers" -v p="$7" 'BEGIN {
    moves = p == "-" ? "-" : sprintf("%.0f", p * 60 / s)
    printf "%-16s %-13s %6d %9.1f %10.1f %8.2f %10s %10.2f %10s\n", r, l, g, s, g * 60 / s, f / s, moves, c / (s * w), e }'
}

printf '%-16s %-13s %6s %9s %10s %8s %10s %10s %10s\n' runner limit games wall_s games/min vs_fc moves/min cpu_share efficiency
for limit in $limits; do
  kind="${limit%%=*}" value="${limit#*=}"
  case $kind in
    nodes) fcLimit="nodes=$value tc=inf"; mfLimit="--nodes $value" ;;
    movetime) fcLimit="st=$(awk -v ms="$value" 'BEGIN { printf "%g", ms / 1000 }')"; mfLimit="--movetime $value" ;;
    *) echo "LIMITS: expected nodes=N or movetime=MS, got $limit" >&2; exit 2 ;;
  esac
  # shellcheck disable=SC2086  # fcLimit and mfLimit hold several words
  timed "$scratch/fastchess.log" "$fastchess" -engine cmd="$engine" name=a -engine cmd="$engine" name=b \
      -each $fcLimit timemargin=50 option.Hash=16 -openings file="$scratch/openings.epd" format=epd order=sequential \
      -rounds $((games / 2)) -games 2 -repeat -concurrency "$workers" -recover \
      -pgnout file="$scratch/fastchess.pgn" notation=uci
  fc=$wall
  row fastchess "$limit" "$wall" "$cpu" "-" "$fc" "$(plies "$scratch/fastchess.pgn")"
  rm -f "$scratch/fastchess.pgn"

  # shellcheck disable=SC2086
  timed "$scratch/match.log" "$cli" match --engine1 "$engine" --engine2 "$engine" --openings "$openings" \
      --pairs $((games / 2)) $mfLimit --workers "$workers" --pgn "$scratch/match.pgn"
  efficiency=$(grep -o 'workers) [0-9.]*' "$scratch/match.log" | tail -1 | awk '{ print $2 }' || true)
  row "matefind match" "$limit" "$wall" "$cpu" "${efficiency:--}" "$fc" "$(plies "$scratch/match.pgn")"
  rm -f "$scratch/match.pgn"

  # shellcheck disable=SC2086
  timed "$scratch/tune.log" "$cli" tune --measure games --optimizer cmaes --population 16 --pairs 1 $mfLimit \
      --generations $((games / 32)) --genome "$genome" --baseline start --openings "$openings" \
      --workers "$workers" --keep-process --seed 1 --out "$scratch/tune.mfpop"
  efficiency=$(grep -o 'efficiency [0-9.]*' "$scratch/tune.log" | awk '{ s += $2; n++ } END { if (n) printf "%.2f", s / n }' || true)
  row "matefind tune" "$limit" "$wall" "$cpu" "${efficiency:--}" "$fc" -
done
