# cmake -DPROGRAM=matefind-cli -DPAGE=name -DOUTPUT=file.1 -P WriteManPage.cmake
# One man page, as `matefind-cli help --man PAGE` writes it (PAGE empty: the overview page).
# A sanitised build's program runs here too: a leak report at exit is no failure of the page.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
execute_process(COMMAND "${PROGRAM}" help --man ${PAGE}
  OUTPUT_FILE "${OUTPUT}.tmp" ERROR_VARIABLE error RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(REMOVE "${OUTPUT}.tmp")
  message(FATAL_ERROR "${PROGRAM} help --man ${PAGE} failed (${result}): ${error}")
endif()
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
