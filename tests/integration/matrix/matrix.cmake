# The schedule-independence matrix: each program in matrix/ uses
# schedule(runtime); run_matrix.sh builds it once per optimisation level (-O0, -O2) and
# checks it at OMP_NUM_THREADS 2, 3 and 8 under OMP_SCHEDULE static, static,1,
# dynamic,4, guided and static,1000000 (all on one thread), every run against the same
# CHECK lines: the verdict, the reported site pairs and their why lines must not change
# with the schedule, the chunk size or the thread count. Test names read integration/matrix/<program>/<O0|O2>.
file(GLOB OMPRACER_MATRIX_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/matrix/*.c)
list(SORT OMPRACER_MATRIX_SOURCES)
foreach(src IN LISTS OMPRACER_MATRIX_SOURCES)
  get_filename_component(prog ${src} NAME)
  foreach(opt O0 O2)
    set(test_name "integration/matrix/${prog}/${opt}")
    add_test(NAME ${test_name}
      COMMAND ${OMPRACER_IT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/matrix/run_matrix.sh ${src} -${opt})
    set_tests_properties(${test_name} PROPERTIES
      LABELS "integration;matrix"
      TIMEOUT 900
      ENVIRONMENT "OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin;FILECHECK=${OMPRACER_IT_FILECHECK};NATIVE_CC=${OMPRACER_IT_CC};NATIVE_CXX=${OMPRACER_IT_CXX}")
  endforeach()
endforeach()
