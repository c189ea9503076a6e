#!/usr/bin/env bash
# Configures (once) and builds MateFind in build/ with the "release" preset. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f build/release/CMakeCache.txt ]]; then
  cmake --preset release
fi
cmake --build --preset release
