#!/usr/bin/env bash
# Installs what MateFind needs on Debian 12 (bookworm). Idempotent: packages already present are
# left alone, and apt-get is not called at all when nothing is missing.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config
  # libraries
  # Qt6Charts' CMake package needs Qt6OpenGL, whose -dev package qt6-base-dev only recommends
  # (and we install without recommends), so it is named here.
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev
  # a font for the window, its charts and printed reports (also offscreen, in the tests)
  fonts-dejavu-core
  libboost-dev libboost-filesystem-dev libboost-program-options-dev
  nlohmann-json3-dev
  # pagmo2: CMA-ES for `tune --optimizer cmaes` (it brings Eigen, TBB and Boost.Serialization)
  libpagmo-dev
  # optional: Open MPI for `matefind-cli ... --mpi` (the build turns MATEFIND_MPI on when it finds
  # it; without it everything else builds and the MPI tests skip). CI installs it so they run.
  openmpi-bin libopenmpi-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth
  # coverage-guided fuzzing of the parsers (scripts/fuzz.sh): clang and its libFuzzer runtime
  clang libclang-rt-14-dev
  # third-party engines we test against, and the endgame-table oracle
  stockfish toga2 glaurung ethereal-chess
  gaviotatb libgaviotatb-dev
  # the structure test reads function lengths with it (scripts/function-lengths.sh)
  universal-ctags
  # the man pages' test formats every page with groff and fails on any warning (tests/manual)
  groff-base
  # the maintainers' scripts in Python (scripts/write-eval-defaults.py, scripts/mirror-dataset.py)
  # and their tests
  python3-minimal
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
