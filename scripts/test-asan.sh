#!/usr/bin/env bash
# The tests under AddressSanitizer and UndefinedBehaviorSanitizer, in one pass: the "asan" preset
# (-O1, every time limit of the tests x4: tests/test_time.h) in build/asan.
#   scripts/test-asan.sh            the whole non-long suite (see the README, "Building by hand")
#   scripts/test-asan.sh --subset   only the tests labelled "asan-ci" and the targets they need:
#                                   what CI runs
# Extra arguments go to ctest. Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
subset=0
if [[ ${1:-} == --subset ]]; then
  subset=1
  shift
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
if [[ ! -f build/asan/CMakeCache.txt ]]; then
  cmake --preset asan "${launcher[@]}" >/dev/null
fi
export QT_QPA_PLATFORM=offscreen
if ((subset)); then
  # The executables whose tests carry the label (tests/*/CMakeLists.txt, ASAN_CI), and the
  # programs they start.
  cmake --build --preset asan --target matefind_asan_ci
  ctest --preset asan -L asan-ci --label-exclude long "$@"
else
  cmake --build --preset asan
  ctest --preset asan --label-exclude long "$@"
fi
