#!/usr/bin/env bash
# mirror-dataset.py turns a position round exactly (board upside down with the colours swapped,
# the other side to move, castling rights and the en-passant square swapped, the result turned
# round), writes the pair --times times, and refuses a line without a result naming file and line.
# Usage: mirror_dataset_test.sh SCRIPT
set -euo pipefail
script=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/in.epd" <<'POSITIONS'
# a comment
rnbqkb1r/pp2pppp/5n2/2pP4/8/8/PPP2PPP/RNBQKBNR w KQk c6 c9 "1-0";
8/8/8/4k3/8/8/3K4/8 b - - c9 "1/2-1/2";
POSITIONS
python3 "$script" "$dir/in.epd" --times 3 >"$dir/out.epd"
positions=$(grep -vc '^#' "$dir/out.epd")
[[ $positions == 12 ]] || { echo "expected 2 positions x 2 (mirrored) x 3 = 12 lines, got $positions"; exit 1; }
grep -qx 'rnbqkbnr/ppp2ppp/8/8/2Pp4/5N2/PP2PPPP/RNBQKB1R b Kkq c3 c9 "0-1";' "$dir/out.epd" ||
  { echo "the first position is not mirrored as expected:"; cat "$dir/out.epd"; exit 1; }
grep -qx '8/3k4/8/8/4K3/8/8/8 w - - c9 "1/2-1/2";' "$dir/out.epd" ||
  { echo "the second position is not mirrored as expected:"; cat "$dir/out.epd"; exit 1; }
[[ $(grep -c '^# a comment' "$dir/out.epd") == 1 ]] || { echo "the comment is not kept once"; exit 1; }
printf '8/8/8/4k3/8/8/3K4/8 b - - bm Kd3;\n' >"$dir/bad.epd"
if err=$(python3 "$script" "$dir/bad.epd" 2>&1 >/dev/null); then echo "a position without a result was accepted"; exit 1; fi
grep -q "bad.epd, line 1: field c9" <<<"$err" || { echo "the refusal does not name file, line and field: $err"; exit 1; }
echo "mirror-dataset mirrors positions, repeats them and refuses a line without a result"
