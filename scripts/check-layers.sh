#!/usr/bin/env bash
# Checks that no #include runs up the layers: engine/ -> evolution/ -> ui/ -> app/ (each may use
# the ones before it, never one after). Prints every include that breaks the order and exits 1
# when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."

layers=(engine evolution ui app)
status=0
for ((i = 0; i < ${#layers[@]}; i++)); do
  above=("${layers[@]:i+1}")
  ((${#above[@]})) || continue
  pattern="^[[:space:]]*#[[:space:]]*include[[:space:]]*\"($(IFS='|'; echo "${above[*]}"))/"
  if hits=$(grep -rnE "$pattern" "${layers[i]}" --include='*.h' --include='*.cpp'); then
    echo "${layers[i]}/ includes a layer above it:"
    printf '%s\n' "$hits"
    status=1
  fi
done
((status)) || echo "check-layers: no include runs up ${layers[*]}"
exit "$status"
