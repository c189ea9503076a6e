#!/usr/bin/env bash
# Soak: a real, small `matefind-cli tune` on the bundled engine (population 8, the first 8
# positions of the bundled tuning suite, two workers, generations without end) for SECONDS
# (default 3600). LIMIT is the search limit, default "--movetime 10", and may carry more tune
# options: a time limit turns the score cache off, so any memory growth is a leak; with
# "--nodes 2000" the cache keeps an entry (some 400 bytes) for every distinct chromosome up to its
# bound (--cache-mb, default 256 MiB), so "--nodes 2000 --cache-mb 4" shows the bound holding within
# minutes: memory rises by about 4 MiB, then stays flat while scores are evicted. Every INTERVAL seconds (default
# 30) it samples the resident memory and open descriptors of matefind-cli and of its engine
# children into a CSV; at the end it stops the run with Ctrl-C (SIGINT, as a user would) and
# checks that no zombie was ever seen and that no engine process outlives the run. Prints a
# summary; exits 1 when a zombie or a leftover engine was found, or when the run ended by itself
# or did not stop cleanly.
#   scripts/soak.sh [SECONDS] [INTERVAL] [LIMIT]     e.g. nice -n 19 scripts/soak.sh 3600
#   scripts/soak.sh 1800 30 "--nodes 2000 --cache-mb 4"
# Uses build/release (cmake --build --preset release first), or the build folder (bin/ and
# share/) named by MATEFIND_BUILD. Output in build/soak/: soak.csv
# (seconds,generation,cli_rss_kb,cli_fds,engines,engines_rss_kb,engines_fds,zombies) and the
# run's own files (stdout.log, stderr.log, soak.mfpop).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
interval=${2:-30}
read -r -a limit <<<"${3:---movetime 10}"
build=${MATEFIND_BUILD:-build/release}  # a copy elsewhere keeps a rebuild from replacing running binaries
bin=$build/bin
share=$build/share/matefind
if [[ ! -x $bin/matefind-cli || ! -x $bin/matefind-engine || ! -f $share/epd/matefind-tune.epd ]]; then
  echo "soak: needs a release build (cmake --build --preset release)" >&2
  exit 2
fi
out=build/soak
rm -rf "$out"
mkdir -p "$out"
awk '!/^#/ && NF && n < 8 {print; n++}' "$share/epd/matefind-tune.epd" >"$out/eight.epd"

"$bin/matefind-cli" tune --suite "$out/eight.epd" --population 8 --generations 1000000 "${limit[@]}" \
  --workers 2 --seed 16 --out "$out/soak.mfpop" >"$out/stdout.log" 2>"$out/stderr.log" &
cli=$!

kb() { awk '/^VmRSS:/ {print $2; found=1} END {if (!found) print 0}' "/proc/$1/status" 2>/dev/null || echo 0; }
fds() { find "/proc/$1/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l; }

declare -A engines_seen=()
csv=$out/soak.csv
echo "seconds,generation,cli_rss_kb,cli_fds,engines,engines_rss_kb,engines_fds,zombies" >"$csv"
start=$SECONDS
zombies_seen=0
ended_early=0
while :; do
  elapsed=$((SECONDS - start))
  if ! kill -0 "$cli" 2>/dev/null; then
    echo "soak: matefind-cli ended by itself after ${elapsed} s (see $out/stderr.log)" >&2
    ended_early=1
    break
  fi
  engines=0 erss=0 efds=0 zombies=0
  for child in $(pgrep -P "$cli" || true); do
    state=$(awk '{print $3}' "/proc/$child/stat" 2>/dev/null || echo gone)
    if [[ $state == Z ]]; then
      zombies=$((zombies + 1))
      continue
    fi
    [[ $state == gone ]] && continue
    engines_seen[$child]=1
    engines=$((engines + 1))
    erss=$((erss + $(kb "$child")))
    efds=$((efds + $(fds "$child")))
  done
  zombies_seen=$((zombies_seen + zombies))
  generation=$(awk '$1 == "gen" {g = $2} END {print (g == "" ? -1 : g)}' "$out/stdout.log")
  echo "$elapsed,$generation,$(kb "$cli"),$(fds "$cli"),$engines,$erss,$efds,$zombies" >>"$csv"
  ((elapsed >= seconds)) && break
  sleep "$interval"
done

stopped=ok
if kill -0 "$cli" 2>/dev/null; then
  kill -INT "$cli"
  for _ in $(seq 1 600); do kill -0 "$cli" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$cli" 2>/dev/null; then
    stopped="did not stop within 60 s of SIGINT (killed)"
    kill -KILL "$cli"
  fi
fi
rc=0
wait "$cli" || rc=$?
sleep 1
leftover=()
for pid in "${!engines_seen[@]}"; do
  if [[ -e /proc/$pid ]] && grep -q matefind-engine "/proc/$pid/cmdline" 2>/dev/null; then leftover+=("$pid"); fi
done

awk -F, -v zombies_seen="$zombies_seen" -v leftover="${#leftover[@]}" -v stopped="$stopped" -v rc="$rc" \
  -v engines_seen="${#engines_seen[@]}" '
  NR == 2 {first = $0; f_rss = $3; f_fds = $4; f_ers = $6; f_efd = $7}
  NR > 1 {n++; last_rss = $3; last_fds = $4; last_ers = $6; last_efd = $7; last_gen = $2; last_s = $1
          if ($3 > max_rss) max_rss = $3; if ($4 > max_fds) max_fds = $4; if ($4 < min_fds || n == 1) min_fds = $4
          if ($6 > max_ers) max_ers = $6; if ($7 > max_efd) max_efd = $7; if ($7 < min_efd || n == 1) min_efd = $7
          if (n == 3) warm_rss = $3}
  END {
    printf "soak: %d samples over %d s, %d generations\n", n, last_s, last_gen + 1
    printf "matefind-cli  RSS kB: first %d, third (warm) %d, last %d, max %d; fds: first %d, last %d, min %d, max %d\n", f_rss, warm_rss, last_rss, max_rss, f_fds, last_fds, min_fds, max_fds
    printf "engines       RSS kB (sum): first %d, last %d, max %d; fds (sum): first %d, last %d, min %d, max %d; %d engine processes seen\n", f_ers, last_ers, max_ers, f_efd, last_efd, min_efd, max_efd, engines_seen
    printf "zombies seen: %d; engines left after the run: %d; stop: %s (exit %d)\n", zombies_seen, leftover, stopped, rc
  }' "$csv"
# The score cache as the last generation line saw it (nodes and depth limits only).
cache_line=$(grep -o 'hit rate [^)]*)\?' "$out/stderr.log" | tail -n 1 || true)
[[ -z $cache_line ]] || echo "score cache at the end: $cache_line"
echo "CSV: $csv"
if ((zombies_seen > 0 || ${#leftover[@]} > 0 || ended_early)) || [[ $stopped != ok ]]; then exit 1; fi
