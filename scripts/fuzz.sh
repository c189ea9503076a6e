#!/usr/bin/env bash
# Runs every libFuzzer target (tests/fuzz: one per parser) for SECONDS each (default 60), with
# AddressSanitizer and UndefinedBehaviorSanitizer, starting from the seed corpora in
# tests/fuzz/corpus. Builds the "fuzz" preset (clang) in build/fuzz first.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. scripts/fuzz.sh 600 fuzz_population
#   scripts/fuzz.sh 0                          replays the seed corpora only (deterministic)
# Grown corpora stay in build/fuzz/corpus/<target>, findings in build/fuzz/artifacts/<target>.
# Prints executions per second and coverage per target; exits 1 when any target found a crash,
# a broken property, a leak or a hang (an input that takes over 10 s), 2 when clang is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
if ! command -v clang++ >/dev/null || ! compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null; then
  echo "fuzz: needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev; scripts/install-deps.sh installs them)" >&2
  exit 2
fi
if [[ ! -f build/fuzz/CMakeCache.txt ]]; then
  cmake --preset fuzz >/dev/null
fi
cmake --build --preset fuzz

targets=("$@")
if ((${#targets[@]} == 0)); then
  for dir in tests/fuzz/corpus/*/; do targets+=("fuzz_$(basename "$dir")"); done
fi

failed=0
printf '%-20s %8s %12s %10s %8s  %s\n' target seconds executions exec/s cov result
for target in "${targets[@]}"; do
  name=${target#fuzz_}
  corpus=build/fuzz/corpus/$name artifacts=build/fuzz/artifacts/$name log=build/fuzz/$target.log
  mkdir -p "$corpus" "$artifacts"
  rc=0
  if ((seconds == 0)); then budget=(-runs=0); else budget=(-max_total_time="$seconds"); fi
  build/fuzz/fuzz/"$target" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "tests/fuzz/corpus/$name" >"$log" 2>&1 || rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  result=ok
  if ((rc != 0)); then
    result="FOUND (exit $rc): see $log and $artifacts"
    failed=1
  fi
  printf '%-20s %8s %12s %10s %8s  %s\n' "$target" "$seconds" "${runs:-?}" "${speed:-?}" "${cov:-?}" "$result"
done
if ((failed)); then
  echo "fuzz: a target found a problem; the input is in its artifacts folder (reproduce: build/fuzz/fuzz/TARGET FILE)" >&2
fi
exit "$failed"
