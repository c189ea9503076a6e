#!/usr/bin/env bash
# The tests under AddressSanitizer and UndefinedBehaviorSanitizer, in one pass: the "asan" preset
# (-O1, every time limit of the tests x4: tests/test_time.h) in build/asan. Not part of CI (its
# build and run take longer than CI's whole budget on 2 cores); see docs/building.md.
# Extra arguments go to ctest. Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
if [[ ! -f build/asan/CMakeCache.txt ]]; then
  cmake --preset asan "${launcher[@]}" >/dev/null
fi
export QT_QPA_PLATFORM=offscreen
cmake --build --preset asan
ctest --preset asan --label-exclude long "$@"
