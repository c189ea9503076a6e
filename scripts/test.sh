#!/usr/bin/env bash
# Builds MateFind and runs every test under ctest. Pass --long to include the long tests
# (deep perft, full suites); extra arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
# A bare machine gets what it lacks first, as the setup command does (idempotent: when every
# package is present this only asks dpkg, and apt-get is not called).
scripts/install-deps.sh
"$(pwd)/scripts/build.sh"
args=(--preset release)
if [[ ${1:-} == --long ]]; then
  shift
else
  args+=(--label-exclude long)
fi
export QT_QPA_PLATFORM=offscreen
ctest "${args[@]}" "$@"
