#!/usr/bin/env bash
# matefind-cli --mpi end to end under mpirun, one case per ctest test:
#   tune         nodes mode: `mpirun -np 3 ... tune --mpi` writes the same population file as the run
#                without MPI (and prints the same generation lines)
#   tune-games   the games measure, nodes mode: the same population file and generation lines as
#                without MPI; the game pairs are played on the worker ranks
#   match        `match --mpi`, nodes mode: the same PGN (but the think times) and the same summary
#                as without MPI
#   solve        the same moves, solved counts and totals as without MPI
#   search-timeout  `tune --mpi --search-timeout MS` takes the user's deadline to the worker ranks:
#                a search that hangs there fails after it, not after the minute an unmeasured
#                search is given
#   start-check  a rank whose engine is missing, whose engine build differs, or whose matefind-cli
#                build differs is named by rank and host before any work is handed out
#   stop         Ctrl-C on rank 0 stops searches in flight on the worker ranks; the job ends at once
#   kill-resume  a worker rank killed mid-run ends the job; `tune --resume` from the autosave then
#                ends with the same population file as a run that was never interrupted
#   tune-evalfit the evalfit measure (Texel's error on a small data set made here, with a held-out
#                one): the same population file and generation lines as without MPI; the chunks
#                are scored on the worker ranks, which read the data files themselves; the polish
#                stage after the GA (--polish 2: the local search, or with traces the gradient) runs
#                there too and ends with the same file
#   tune-optimizers  SPSA and CMA-ES (tune --optimizer) on the evalfit measure: the same population
#                file (their [optimizer] state included) and generation lines as without MPI
#   evalfit-service  the evalfit measure's scoring service (tests/mpi/mpi_evalfit_check.cpp): chunks
#                of a data set scored on the worker ranks give the same q as on this machine, and
#                a stopped batch comes back at once
#   evalfit-start-check  a rank whose copy of the data file is missing or differs is named by rank
#                and host before any work is handed out
#   make-dataset `make-dataset --self-play --mpi` (bundled engine, nodes 300) writes the same file,
#                byte for byte, and the same progress and tally lines as the same command without
#                MPI; an engine that crashes once on a worker rank is restarted and its search
#                retried there (the same file again, the recovery counted); SIGTERM to rank 0 while
#                games are in play writes the ended games' positions, says so, and exits 1 at once
# Skips (exit 77) with the reason when matefind-cli was built without Open MPI or mpirun is absent.
set -uo pipefail
# In a pipe grep reads all its input (no -q): with pipefail, a writer cut off by grep -q's early
# exit (SIGPIPE) would make a check fail at random.

case_name=$1
bin=$2          # build/bin: matefind-cli, matefind-engine
fake=$3         # the fake engine of tests/uci
share=$4        # build/share/matefind: the bundled genome (genomes/) and suites (epd/)
mpi_built=$5    # ON/OFF: MATEFIND_MPI at configure time
mpiexec=${6:-mpirun}
tests_bin=${7:-}  # build/tests: mpi_evalfit_check

if [[ $mpi_built != ON ]]; then
  echo "SKIPPED: matefind-cli was built without Open MPI (MATEFIND_MPI OFF); install openmpi-bin libopenmpi-dev"
  exit 77
fi
if ! command -v "$mpiexec" >/dev/null; then
  echo "SKIPPED: $mpiexec not found (install openmpi-bin)"
  exit 77
fi

# Absolute paths: some cases give each rank its own working folder.
bin=$(realpath "$bin"); fake=$(realpath "$fake"); share=$(realpath "$share")
launch=("$mpiexec" --oversubscribe)
if [[ $(id -u) -eq 0 ]]; then launch+=(--allow-run-as-root); fi
cli=$bin/matefind-cli
work=$(mktemp -d "${TMPDIR:-/tmp}/mf_mpi_${case_name}_XXXXXX")
[[ -n ${MF_KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT
host=$(hostname)

# Every limit below is scaled by the tests' time factor (tests/CMakeLists.txt sets it in the
# environment: 4 under the asan preset), as tests/test_time.h scales those of the C++ tests.
time_factor=${MATEFIND_TEST_TIME_FACTOR:-1}
scaled() { echo $(($1 * time_factor)); }

fail() { echo "FAIL: $*"; exit 1; }
# Two population files hold the same run: equal but for the "# saved <time>" comment line.
# The speed ratios of a games run are measured in time (nodes a second), so they are the one
# field two runs of the same seed do not share.
same_run() {
  diff <(grep -v '^# saved ' "$1" | sed -E 's/ speed=[0-9.eE+-]+//') \
       <(grep -v '^# saved ' "$2" | sed -E 's/ speed=[0-9.eE+-]+//') | head -n 20
}

# A data set of labelled positions for the evalfit cases: the board of each position of the
# bundled tuning suite, with results in turn 1-0, 1/2-1/2, 0-1.
labelled() {
  grep -v '^#' "$share/epd/matefind-tune.epd" | head -n "$1" |
    awk '{ r = (NR % 3 == 0) ? "1-0" : (NR % 3 == 1) ? "1/2-1/2" : "0-1"; print $1, $2, $3, $4, "c9 \"" r "\";" }'
}

# Eight positions of the bundled tuning suite: enough to make fitness depend on the weights.
grep -v '^#' "$share/epd/matefind-tune.epd" | head -n 8 >"$work/eight.epd"
tune_args=(tune --engine "$bin/matefind-engine" --genome "$share/genomes/matefind.json"
           --suite "$work/eight.epd" --population 6 --nodes 3000 --workers 1 --seed 7)

case $case_name in
tune)
  "$cli" "${tune_args[@]}" --generations 3 --out "$work/local.mfpop" >"$work/local.out" 2>"$work/local.err" ||
    fail "local tune: $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${tune_args[@]}" --generations 3 --out "$work/mpi.mfpop" --mpi \
    >"$work/mpi.out" 2>"$work/mpi.err" || fail "mpirun tune: $(cat "$work/mpi.err")"
  differences=$(same_run "$work/local.mfpop" "$work/mpi.mfpop")
  [[ -z $differences ]] || fail "population files differ: $differences"
  diff "$work/local.out" "$work/mpi.out" || fail "generation lines differ"
  grep -q "gen 2 best" "$work/mpi.out" || fail "no generation 2 line: $(cat "$work/mpi.out")"
  echo "same population file and generation lines with and without MPI ($(wc -l <"$work/mpi.out") generations)"
  ;;
tune-games)
  # Three openings, one pair per member: a few seconds (as tests/tuning/tune_games_cli_test.cpp).
  printf '%s\n' 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "e4e5";' \
    'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id "d4d5";' \
    'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "sicilian";' >"$work/openings.epd"
  games_args=(tune --engine "$bin/matefind-engine" --genome "$share/genomes/matefind.json" --measure games
              --pairs 1 --openings "$work/openings.epd" --population 4 --nodes 300 --seed 4 --generations 2)
  "$cli" "${games_args[@]}" --workers 2 --out "$work/local.mfpop" >"$work/local.out" 2>"$work/local.err" ||
    fail "local tune: $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${games_args[@]}" --workers 1 --out "$work/mpi.mfpop" --mpi \
    >"$work/mpi.out" 2>"$work/mpi.err" || fail "mpirun tune: $(cat "$work/mpi.err")"
  differences=$(same_run "$work/local.mfpop" "$work/mpi.mfpop")
  [[ -z $differences ]] || fail "population files differ: $differences"
  diff "$work/local.out" "$work/mpi.out" || fail "generation lines differ"
  grep -q "gen 1 best" "$work/mpi.out" || fail "no generation 1 line: $(cat "$work/mpi.out")"
  echo "games measure: same population file and generation lines with and without MPI"
  # SPSA between partners: each couple's pairs go to the worker ranks as any other.
  spsa_args=("${games_args[@]}" --optimizer spsa --baseline partners --heldout-pairs 1)
  "$cli" "${spsa_args[@]}" --workers 2 --out "$work/local-spsa.mfpop" >"$work/local-spsa.out" 2>"$work/local.err" ||
    fail "local tune (spsa, partners): $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${spsa_args[@]}" --workers 1 --out "$work/mpi-spsa.mfpop" --mpi \
    >"$work/mpi-spsa.out" 2>"$work/mpi.err" || fail "mpirun tune (spsa, partners): $(cat "$work/mpi.err")"
  differences=$(same_run "$work/local-spsa.mfpop" "$work/mpi-spsa.mfpop")
  [[ -z $differences ]] || fail "population files differ (spsa, partners): $differences"
  diff "$work/local-spsa.out" "$work/mpi-spsa.out" || fail "generation lines differ (spsa, partners)"
  echo "games measure, SPSA between partners: the same with and without MPI"
  ;;
search-timeout)
  # The fake engine hangs in position "b" only (the limit check's probe searches elsewhere). It
  # comes first, so it is the first depth search of the rank's engine: without the setting its
  # deadline would be the minute of an unmeasured search.
  printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - bm e5; id "b";' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "a";' >"$work/two.epd"
  printf '%s' '{"format": "matefind-genome", "version": 1, "terms": [{"name": "material", "option": "Material", "default": 100, "bits": 3}]}' \
    >"$work/material.json"
  # 40 s (scaled) is far beyond the 1 s deadline (plus its stop grace) and must stay below the
  # 60 s an unmeasured search would get if the setting were lost on the way: that is the
  # product's default, which no factor scales, so the bound stops at 55 s.
  limit=$(scaled 40)
  ((limit <= 55)) || limit=55
  timeout "$limit" "${launch[@]}" -np 2 "$cli" tune --engine "$fake" --engine-arg=--fault=hang \
    --engine-arg=--fault-position=/P7/ --genome "$work/material.json" --suite "$work/two.epd" --depth 3 \
    --population 2 --generations 1 --workers 1 --search-timeout 1000 --out "$work/run.mfpop" --mpi \
    >"$work/out" 2>"$work/err"
  code=$?
  [[ $code -ne 124 ]] || fail "the hanging search was not ended by --search-timeout 1000 within $limit s"
  [[ $code -eq 0 ]] || fail "tune --mpi: exit $code: $(cat "$work/err")"
  grep -q "failed searches" "$work/err" || fail "no failed search reported: $(cat "$work/err")"
  echo "a search hanging on a worker rank failed at the user's --search-timeout"
  ;;
match)
  # The same three openings; side A with other values, so that a side lost on the way would show.
  printf '%s\n' 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "e4e5";' \
    'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id "d4d5";' \
    'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "sicilian";' >"$work/openings.epd"
  match_args=(match --engine1 "$bin/matefind-engine" --engine2 "$bin/matefind-engine" --option1 "KnightValue=450"
              --openings "$work/openings.epd" --nodes 300)
  "$cli" "${match_args[@]}" --workers 2 --pgn "$work/local.pgn" >"$work/local.out" 2>"$work/local.err" ||
    fail "local match: $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${match_args[@]}" --workers 1 --pgn "$work/mpi.pgn" --mpi \
    >"$work/mpi.out" 2>"$work/mpi.err" || fail "mpirun match: $(cat "$work/mpi.err")"
  # Think times (move comments "{+0.47/4 0.104s}", the summary's time line) differ from run to run.
  untimed() { sed -E 's/(^| )[0-9]+\.[0-9]{3}s\}/\1}/g; /^time: /d' "$1"; }
  diff <(untimed "$work/local.pgn") <(untimed "$work/mpi.pgn") | head -n 20 >"$work/pgn.diff"
  [[ ! -s $work/pgn.diff ]] || fail "PGN differs: $(cat "$work/pgn.diff")"
  diff <(untimed "$work/local.out") <(untimed "$work/mpi.out") || fail "summaries differ"
  [[ $(grep -c '^\[Round ' "$work/mpi.pgn") -eq 6 ]] || fail "not 6 games: $(cat "$work/mpi.err")"
  ! grep -q 'engine fault' "$work/local.out" || fail "games were forfeited: $(cat "$work/local.out")"
  echo "match: same PGN and summary with and without MPI ($(grep -m1 '^games:' "$work/mpi.out"))"
  ;;
solve)
  solve_args=(solve --engine "$bin/matefind-engine" --suite "$share/epd/matefind-heldout.epd" --nodes 2000 --workers 1)
  "$cli" "${solve_args[@]}" >"$work/local.out" 2>"$work/local.err" || fail "local solve: $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${solve_args[@]}" --mpi >"$work/mpi.out" 2>"$work/mpi.err" ||
    fail "mpirun solve: $(cat "$work/mpi.err")"
  # Lines come in completion order and carry the think time: compare them without it, sorted.
  strip() { sed -E 's/\ttime [0-9]+ ms//' "$1" | sort; }
  diff <(strip "$work/local.out") <(strip "$work/mpi.out") || fail "moves differ"
  [[ $(wc -l <"$work/mpi.out") -gt 10 ]] || fail "too few lines: $(cat "$work/mpi.out")"
  echo "same moves: $(tail -n 1 "$work/mpi.out")"
  ;;
start-check)
  # Three working folders stand for three hosts: the engine is found by a relative path, so each
  # rank starts what its own folder holds.
  mkdir -p "$work/a" "$work/b" "$work/c"
  cp "$bin/matefind-engine" "$work/a/engine"
  cp "$fake" "$work/b/engine"          # another engine build at the same path
  solve=(solve --engine ./engine --suite "$share/epd/matefind-heldout.epd" --nodes 1000 --workers 1 --mpi)
  "${launch[@]}" -np 1 --wdir "$work/a" "$cli" "${solve[@]}" : -np 1 --wdir "$work/a" "$cli" "${solve[@]}" \
    : -np 1 --wdir "$work/b" "$cli" "${solve[@]}" : -np 1 --wdir "$work/c" "$cli" "${solve[@]}" \
    >"$work/out" 2>"$work/err"
  code=$?
  [[ $code -ne 0 ]] || fail "a run with mismatched ranks succeeded"
  grep -q "no work was handed out" "$work/err" || fail "no start-up check message: $(cat "$work/err")"
  grep -qF "rank 2 on $host: the engine program differs from rank 0's" "$work/err" ||
    fail "rank 2's other engine not named: $(cat "$work/err")"
  grep -qF "rank 3 on $host: engine './engine' not found on this host" "$work/err" ||
    fail "rank 3's missing engine not named: $(cat "$work/err")"
  if grep -q "rank 1 on" "$work/err"; then fail "rank 1 is fine but was named: $(cat "$work/err")"; fi
  ! grep -q "expected" "$work/out" || fail "positions were searched: $(cat "$work/out")"
  # Another matefind-cli build on one rank (a copy with one byte more).
  cp "$cli" "$work/other-cli" && printf 'x' >>"$work/other-cli"
  "${launch[@]}" -np 2 --wdir "$work/a" "$cli" "${solve[@]}" : -np 1 --wdir "$work/a" "$work/other-cli" "${solve[@]}" \
    >"$work/out2" 2>"$work/err2"
  [[ $? -ne 0 ]] || fail "a run with another matefind-cli build succeeded"
  grep -qF "rank 2 on $host: matefind-cli differs from rank 0's build" "$work/err2" ||
    fail "rank 2's other build not named: $(cat "$work/err2")"
  echo "start-up check: $(grep -c "rank [0-9] on" "$work/err") + $(grep -c "rank [0-9] on" "$work/err2") problems named by rank and host"
  ;;
stop)
  # Every search takes 15 x 1 s (fake engine, depth 15; both scaled): a stop must not wait for them.
  # The limit check before the run searches once too, as long: --search-timeout lets it finish
  # (the deadline of a first, unmeasured search is 60 s, which 15 x 4 s under asan reaches).
  printf '%s\n' '{"format": "matefind-genome", "version": 1, "terms": [{"name": "material", "option": "Material", "default": 100, "bits": 7}]}' >"$work/genome.json"
  printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";' >"$work/one.epd"
  "${launch[@]}" -np 3 "$cli" tune --engine "$fake" --genome "$work/genome.json" --suite "$work/one.epd" \
    --option DepthStepMs="$(scaled 1000)" --depth 15 --search-timeout "$(scaled 30000)" \
    --population 4 --generations 2 --workers 1 --out "$work/stop.mfpop" --mpi \
    >"$work/out" 2>"$work/err" &
  launcher=$!
  # Wait until the run has started (the Ctrl-C handler is in place), then let the searches begin.
  # A run that ends before it starts (a refused option, say) is a failure with its message.
  for _ in $(seq 1 "$(scaled 300)"); do
    grep -q "^starting" "$work/err" 2>/dev/null && break
    kill -0 "$launcher" 2>/dev/null || fail "the run ended before it started: $(head -5 "$work/err")"
    sleep 0.1
  done
  sleep "$(scaled 2)"
  rank0=""
  for pid in $(pgrep -P "$launcher"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -x "OMPI_COMM_WORLD_RANK=0" >/dev/null; then rank0=$pid; fi
  done
  [[ -n $rank0 ]] || { kill "$launcher"; fail "rank 0 not found among $(pgrep -P "$launcher" | tr '\n' ' ')"; }
  start=$(date +%s%N)
  kill -INT "$rank0"
  wait "$launcher"
  code=$?
  took_ms=$((($(date +%s%N) - start) / 1000000))
  [[ $code -eq 1 ]] || fail "exit code $code after a stop: $(cat "$work/err")"
  grep -q "^idle" "$work/err" || fail "the run did not end stopped: $(cat "$work/err")"
  ((took_ms < $(scaled 8000))) || fail "the stop took $took_ms ms: searches in flight were not cancelled"
  echo "stopped in $took_ms ms with searches of $(scaled 15) s in flight"
  ;;
kill-resume)
  # Reference: 8 generations without interruption.
  "$cli" "${tune_args[@]}" --generations 8 --out "$work/reference.mfpop" >/dev/null 2>"$work/ref.err" ||
    fail "reference tune: $(cat "$work/ref.err")"
  "${launch[@]}" -np 3 "$cli" "${tune_args[@]}" --generations 40 --out "$work/run.mfpop" --mpi \
    >"$work/out" 2>"$work/err" &
  launcher=$!
  # Wait for the first autosave, then kill worker rank 1 in the middle of a generation.
  for _ in $(seq 1 "$(scaled 600)"); do [[ -f $work/run.mfpop ]] && break; sleep 0.1; done
  [[ -f $work/run.mfpop ]] || { kill "$launcher"; fail "no autosave appeared: $(cat "$work/err")"; }
  victim=""
  for pid in $(pgrep -P "$launcher"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -x "OMPI_COMM_WORLD_RANK=1" >/dev/null; then victim=$pid; fi
  done
  [[ -n $victim ]] || { kill "$launcher"; fail "worker rank 1 not found"; }
  # At once: on an idle machine a generation of this run takes well under 0.1 s, and a later kill
  # found the run past generation 7.
  kill -KILL "$victim"
  wait "$launcher"
  code=$?
  [[ $code -ne 0 ]] || fail "the job survived a killed rank (exit 0)"
  saved=$(sed -nE 's/^generation = ([0-9]+)$/\1/p' "$work/run.mfpop" | head -n 1)
  [[ -n $saved ]] || fail "the autosave has no generation: $(head -20 "$work/run.mfpop")"
  (( saved < 7 )) || fail "the run reached generation $saved before the kill; the test needs it earlier"
  # Continue to the same 8 generations (generations 0..7): on --resume too, --generations is the
  # run's total.
  "${launch[@]}" -np 3 "$cli" tune --resume "$work/run.mfpop" --generations 8 --workers 1 --mpi \
    >"$work/resume.out" 2>"$work/resume.err" || fail "resume: $(cat "$work/resume.err")"
  differences=$(same_run "$work/reference.mfpop" "$work/run.mfpop")
  [[ -z $differences ]] || fail "the resumed run differs from the uninterrupted one: $differences"
  echo "killed worker rank 1 after generation $saved (job exit $code); resumed: same file as the uninterrupted run"
  ;;
tune-evalfit | tune-evalfit-trace)
  # The trace path too: its traces are taken and scored on rank 0, the ranks score the direct path
  # (the traces' check, the winner's confirmation); the files must not differ either way, nor when
  # the traces are taken again at generation 2 (--retrace-every).
  path_args=()
  [[ $case_name == tune-evalfit-trace ]] && path_args=(--evalfit-path trace --retrace-every 2 --polish-method gradient)
  labelled 60 >"$work/all.epd"
  head -n 45 "$work/all.epd" >"$work/train.epd"
  tail -n 15 "$work/all.epd" >"$work/held.epd"
  evalfit_args=(tune --measure evalfit --engine "$bin/matefind-engine" --genome "$share/genomes/matefind.json"
                --data "$work/train.epd" --heldout-data "$work/held.epd" --heldout-every 1 --population 6
                --generations 3 --seed 7 --polish 2 "${path_args[@]}")
  "$cli" "${evalfit_args[@]}" --workers 2 --out "$work/local.mfpop" >"$work/local.out" 2>"$work/local.err" ||
    fail "local tune: $(cat "$work/local.err")"
  "${launch[@]}" -np 3 "$cli" "${evalfit_args[@]}" --workers 1 --out "$work/mpi.mfpop" --mpi \
    >"$work/mpi.out" 2>"$work/mpi.err" || fail "mpirun tune: $(cat "$work/mpi.err")"
  differences=$(same_run "$work/local.mfpop" "$work/mpi.mfpop")
  [[ -z $differences ]] || fail "population files differ: $differences"
  diff "$work/local.out" "$work/mpi.out" || fail "generation lines differ"
  grep -q "gen 2 best" "$work/mpi.out" || fail "no generation 2 line: $(cat "$work/mpi.out")"
  grep -q "^evalfit_k" "$work/mpi.mfpop" || fail "no fitted K in the file: $(head -n 30 "$work/mpi.mfpop")"
  grep -q "^gen 4 best" "$work/mpi.out" || fail "no second generation of the polish stage: $(cat "$work/mpi.out")"
  if [[ $case_name == tune-evalfit-trace ]]; then
    cat "$work/mpi.out" "$work/mpi.err" | grep "scoring from traces" >/dev/null || fail "the trace path was not taken: $(cat "$work/mpi.err")"
    cat "$work/mpi.out" "$work/mpi.err" | grep "re-tracing for generation 2" >/dev/null || fail "no re-tracing at generation 2: $(cat "$work/mpi.err")"
  fi
  echo "evalfit measure: same population file and generation lines (GA, then the polish stage) with and without MPI ($(grep -c 'best' "$work/mpi.out") generations)"
  ;;
tune-optimizers)
  labelled 40 >"$work/train.epd"
  for optimizer in "spsa --population 2" "cmaes --population 6"; do
    name=${optimizer%% *}
    args=(tune --measure evalfit --engine "$bin/matefind-engine" --genome "$share/genomes/matefind.json"
          --data "$work/train.epd" --optimizer $optimizer --generations 3 --seed 5)
    "$cli" "${args[@]}" --workers 2 --out "$work/local-$name.mfpop" >"$work/local-$name.out" 2>"$work/local.err" ||
      fail "local tune --optimizer $name: $(cat "$work/local.err")"
    "${launch[@]}" -np 3 "$cli" "${args[@]}" --workers 1 --out "$work/mpi-$name.mfpop" --mpi \
      >"$work/mpi-$name.out" 2>"$work/mpi.err" || fail "mpirun tune --optimizer $name: $(cat "$work/mpi.err")"
    differences=$(same_run "$work/local-$name.mfpop" "$work/mpi-$name.mfpop")
    [[ -z $differences ]] || fail "$name: population files differ: $differences"
    diff "$work/local-$name.out" "$work/mpi-$name.out" || fail "$name: generation lines differ"
    grep -q "^\[optimizer\]" "$work/mpi-$name.mfpop" || fail "$name: no [optimizer] section"
  done
  echo "SPSA and CMA-ES: same population files and generation lines with and without MPI"
  ;;
evalfit-service)
  [[ -x $tests_bin/mpi_evalfit_check ]] || fail "no $tests_bin/mpi_evalfit_check"
  labelled 40 >"$work/data.epd"
  "${launch[@]}" -np 3 "$tests_bin/mpi_evalfit_check" "$bin/matefind-engine" "$work/data.epd" >"$work/out" 2>"$work/err" ||
    fail "mpi_evalfit_check: $(cat "$work/err" "$work/out")"
  cat "$work/out"
  ;;
evalfit-start-check)
  [[ -x $tests_bin/mpi_evalfit_check ]] || fail "no $tests_bin/mpi_evalfit_check"
  # Three working folders stand for three hosts; the data file is found by a relative path.
  mkdir -p "$work/a" "$work/b" "$work/c"
  labelled 12 >"$work/a/data.epd"
  labelled 11 >"$work/b/data.epd"  # another copy at the same path
  check=("$tests_bin/mpi_evalfit_check" "$bin/matefind-engine" data.epd)
  "${launch[@]}" -np 2 --wdir "$work/a" "${check[@]}" : -np 1 --wdir "$work/b" "${check[@]}" \
    : -np 1 --wdir "$work/c" "${check[@]}" >"$work/out" 2>"$work/err"
  code=$?
  [[ $code -eq 3 ]] || fail "exit $code, not the start-up check's 3: $(cat "$work/err" "$work/out")"
  grep -q "no work was handed out" "$work/err" || fail "no start-up check message: $(cat "$work/err")"
  grep -qF "rank 2 on $host: data file 'data.epd' differs from rank 0's" "$work/err" ||
    fail "rank 2's other data file not named: $(cat "$work/err")"
  grep -qF "rank 3 on $host: data file 'data.epd' not found or unreadable on this host" "$work/err" ||
    fail "rank 3's missing data file not named: $(cat "$work/err")"
  if grep -q "rank 1 on" "$work/err"; then fail "rank 1 is fine but was named: $(cat "$work/err")"; fi
  # The same folders with the same copy everywhere pass the check and score.
  cp "$work/a/data.epd" "$work/b/data.epd" && cp "$work/a/data.epd" "$work/c/data.epd"
  "${launch[@]}" -np 2 --wdir "$work/a" "${check[@]}" : -np 1 --wdir "$work/b" "${check[@]}" \
    : -np 1 --wdir "$work/c" "${check[@]}" >"$work/out2" 2>"$work/err2" ||
    fail "the same data file on every rank: $(cat "$work/err2")"
  echo "start-up check: $(grep -c "rank [0-9] on" "$work/err") data file problems named by rank and host; $(cat "$work/out2")"
  ;;
make-dataset)
  # The same command, the same output name, in two folders: the header holds the command line.
  mkdir -p "$work/local" "$work/mpi"
  dataset_args=(make-dataset --self-play --games 8 --nodes 300 --workers 1 --seed 3 --output d.epd)
  (cd "$work/local" && "$cli" "${dataset_args[@]}" >out 2>err) || fail "local make-dataset: $(cat "$work/local/err")"
  (cd "$work/mpi" && "${launch[@]}" -np 3 "$cli" "${dataset_args[@]}" --mpi >out 2>err) ||
    fail "mpirun make-dataset: $(cat "$work/mpi/err")"
  cmp "$work/local/d.epd" "$work/mpi/d.epd" || fail "the files differ: $(diff "$work/local/d.epd" "$work/mpi/d.epd" | head -n 20)"
  grep -q "on 2 process(es) on 2 worker ranks" "$work/mpi/err" || fail "not played on the ranks: $(cat "$work/mpi/err")"
  # Every line but the one that says where the games are played, and the progress: games that
  # end together (in one round locally, between two looks on rank 0) skip a progress step.
  progress='^self-play: [0-9]+/[0-9]+ games kept, [0-9]+ positions$'
  steady() { grep -v ' games to keep at ' "$1" | grep -vE "$progress"; }
  diff <(steady "$work/local/err") <(steady "$work/mpi/err") || fail "the log lines differ"
  positions=$(grep -vc '^#' "$work/mpi/d.epd")
  ((positions > 50)) || fail "only $positions positions: $(cat "$work/mpi/err")"
  # The last progress line counts the file's positions, the games ending on the ranks as they came.
  [[ $(grep -E "$progress" "$work/mpi/err" | tail -n 1) == "self-play: 8/8 games kept, $positions positions" ]] ||
    fail "no last progress line with the file's $positions positions: $(cat "$work/mpi/err")"

  # A crash on a worker rank: the fake engine (Fool's Mate, scripted) crashes once in the position
  # after 1. f3 e5, wherever that search runs first; the rank's pool restarts it and retries there.
  printf '#!/bin/sh\nexec "%s" --fault=crash --fault-position="f2f3 e7e5" --fault-once="$MF_CRASHED" "$@"\n' "$fake" \
    >"$work/crashing-engine"
  chmod +x "$work/crashing-engine"
  crash_args=(make-dataset --self-play --engine "$work/crashing-engine" --option "Script=f2f3 e7e5 g2g4 d8h4" --depth 2
              --random-plies 0 --min-ply 0 --games 6 --workers 1 --output c.epd)
  (cd "$work/local" && MF_CRASHED=$work/local/crashed "$cli" "${crash_args[@]}" >/dev/null 2>crash.err) ||
    fail "local make-dataset with a crash: $(cat "$work/local/crash.err")"
  (cd "$work/mpi" && "${launch[@]}" -x MF_CRASHED="$work/mpi/crashed" -np 3 "$cli" "${crash_args[@]}" --mpi \
    >/dev/null 2>crash.err) || fail "mpirun make-dataset with a crash: $(cat "$work/mpi/crash.err")"
  [[ -f $work/mpi/crashed ]] || fail "the engine never crashed on a rank"
  grep -q "1 search recovered by a retry on a fresh process" "$work/mpi/c.epd" ||
    fail "the recovery is not counted: $(grep '^#' "$work/mpi/c.epd")"
  cmp "$work/local/c.epd" "$work/mpi/c.epd" || fail "the files differ after a crash: $(diff "$work/local/c.epd" "$work/mpi/c.epd")"

  # SIGTERM to rank 0 while slow games are in play (each move 2 x 50 ms, scaled).
  (cd "$work/mpi" && exec "${launch[@]}" -np 3 "$cli" make-dataset --self-play --engine "$fake" \
    --option "Script=f2f3 e7e5 g2g4 d8h4" --option DepthStepMs="$(scaled 50)" --depth 2 --random-plies 0 \
    --min-ply 0 --games 400 --workers 1 --output s.epd --mpi >/dev/null 2>stop.err) &
  launcher=$!
  for _ in $(seq 1 "$(scaled 600)"); do
    grep -qE "^self-play: [1-9][0-9]*/400 games kept" "$work/mpi/stop.err" 2>/dev/null && break
    kill -0 "$launcher" 2>/dev/null || fail "the run ended before games were kept: $(cat "$work/mpi/stop.err")"
    sleep 0.1
  done
  rank0=""
  for pid in $(pgrep -P "$launcher"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -x "OMPI_COMM_WORLD_RANK=0" >/dev/null; then rank0=$pid; fi
  done
  [[ -n $rank0 ]] || { kill "$launcher"; fail "rank 0 not found among $(pgrep -P "$launcher" | tr '\n' ' ')"; }
  start=$(date +%s%N)
  kill -TERM "$rank0"
  wait "$launcher"
  code=$?
  took_ms=$((($(date +%s%N) - start) / 1000000))
  [[ $code -eq 1 ]] || fail "exit code $code after SIGTERM: $(cat "$work/mpi/stop.err")"
  ((took_ms < $(scaled 8000))) || fail "the stop took $took_ms ms"
  grep -qE "^# stopped early: [1-9][0-9]* games had ended" "$work/mpi/s.epd" ||
    fail "no stopped header: $(grep '^#' "$work/mpi/s.epd" 2>&1)"
  grep -q "(stopped: the positions of the " "$work/mpi/stop.err" || fail "no stopped line: $(cat "$work/mpi/stop.err")"
  echo "make-dataset: the same file ($positions positions) and log lines with and without MPI; a crash on a rank" \
    "recovered, the same file; SIGTERM: \"$(grep -oE "[0-9]+ games had ended" "$work/mpi/s.epd")\" in the header, exit 1 after $took_ms ms"
  ;;
*)
  fail "unknown case $case_name"
  ;;
esac
