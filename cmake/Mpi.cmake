# Open MPI is optional. When the build finds it (Debian: openmpi-bin, libopenmpi-dev),
# MATEFIND_MPI is ON: matefind-cli gets `--mpi` and the MPI tests run under mpirun. Without it the
# project builds and passes its tests the same; the MPI tests skip with a message saying why.
# -DMATEFIND_USE_MPI=OFF builds without it even where it is installed.
option(MATEFIND_USE_MPI "Use Open MPI when it is installed (matefind-cli --mpi)" ON)
set(MATEFIND_MPI OFF)
if(MATEFIND_USE_MPI)
  find_package(MPI COMPONENTS CXX QUIET)
  if(MPI_CXX_FOUND)
    set(MATEFIND_MPI ON)
  endif()
endif()
if(MATEFIND_MPI)
  message(STATUS "MATEFIND_MPI: ON (MPI ${MPI_CXX_VERSION}, ${MPIEXEC_EXECUTABLE})")
else()
  message(STATUS "MATEFIND_MPI: OFF (Open MPI not found or MATEFIND_USE_MPI=OFF; `--mpi` is not built)")
endif()
