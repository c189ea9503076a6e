#!/usr/bin/env bash
# The newcomer's first command: installs what is missing, builds, and starts the workbench.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
if [[ -x build/release/bin/matefind ]]; then
  exec build/release/bin/matefind "$@"
fi
# Until the window exists the engine is the main program: it speaks UCI on stdin/stdout.
exec build/release/bin/matefind-engine "$@"
