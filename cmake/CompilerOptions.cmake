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

# Sanitizers for debugging sessions: cmake --preset asan
option(MATEFIND_SANITIZE "Build with address and undefined-behaviour sanitizers" OFF)
if(MATEFIND_SANITIZE)
  target_compile_options(matefind_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(matefind_options INTERFACE -fsanitize=address,undefined)
endif()
