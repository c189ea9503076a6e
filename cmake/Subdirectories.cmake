# add_subdirectory() for every child folder of the current one that has a CMakeLists.txt, in
# alphabetical order. Each piece of the project owns its folder, so adding a library, a test
# folder or a CLI command never means editing a list shared with other pieces.
function(matefind_add_child_directories)
  file(GLOB children LIST_DIRECTORIES true CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*/CMakeLists.txt")
  list(SORT children)
  foreach(child_file IN LISTS children)
    get_filename_component(child_dir "${child_file}" DIRECTORY)
    add_subdirectory("${child_dir}")
  endforeach()
endfunction()
