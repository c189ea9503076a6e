# Warnings and CPU flags shared by every target of the project.
include(CheckCXXCompilerFlag)

add_library(matefind_options INTERFACE)
add_library(MateFind::options ALIAS matefind_options)
target_compile_options(matefind_options INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>)

if(MATEFIND_NATIVE)
  check_cxx_compiler_flag(-march=native MATEFIND_HAS_MARCH_NATIVE)
  if(MATEFIND_HAS_MARCH_NATIVE)
    target_compile_options(matefind_options INTERFACE -march=native)
  endif()
endif()

# Sanitizers for debugging sessions and the sanitised test run: cmake --preset asan. -O1, as
# AddressSanitizer's own documentation advises: unoptimised, the sanitised engine took about 8 s to
# generate its endgame tables before answering its first isready, and the tests' waits timed out.
option(MATEFIND_SANITIZE "Build with address and undefined-behaviour sanitizers" OFF)
if(MATEFIND_SANITIZE)
  target_compile_options(matefind_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -O1)
  target_link_options(matefind_options INTERFACE -fsanitize=address,undefined)
endif()

# Fuzzing: every target is instrumented for coverage (fuzzer-no-link) and checked by the address
# and undefined-behaviour sanitizers; only the fuzz targets link libFuzzer's main (tests/fuzz).
if(MATEFIND_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "MATEFIND_FUZZ needs clang (libFuzzer): configure with the \"fuzz\" preset "
                        "or -DCMAKE_CXX_COMPILER=clang++ (Debian: apt-get install clang libclang-rt-14-dev)")
  endif()
  target_compile_options(matefind_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g)
  target_link_options(matefind_options INTERFACE -fsanitize=address,undefined)
endif()
