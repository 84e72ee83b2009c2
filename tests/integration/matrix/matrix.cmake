# The schedule-independence matrix (issue #5): each program in matrix/ uses
# schedule(runtime) and runs at OMP_NUM_THREADS 2, 3 and 8, under OMP_SCHEDULE
# static, static,1, dynamic,4 and guided, at -O0 and -O2. Every run is checked against
# the same CHECK lines, so the verdict and the reported site pairs must not change
# with the schedule, the chunk size or the thread count. Test names read
# integration/matrix/<program>/<O0|O2>/t<threads>/<schedule>.
file(GLOB OMPRACER_MATRIX_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/matrix/*.c)
list(SORT OMPRACER_MATRIX_SOURCES)
set(OMPRACER_MATRIX_SCHEDULES "static" "static,1" "dynamic,4" "guided")
foreach(src IN LISTS OMPRACER_MATRIX_SOURCES)
  get_filename_component(prog ${src} NAME)
  foreach(opt O0 O2)
    foreach(threads 2 3 8)
      foreach(schedule IN LISTS OMPRACER_MATRIX_SCHEDULES)
        string(REPLACE "," "_" schedule_name "${schedule}")
        set(test_name "integration/matrix/${prog}/${opt}/t${threads}/${schedule_name}")
        add_test(NAME ${test_name}
          COMMAND ${OMPRACER_IT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/run_test.sh
                  ${src} -${opt} ${threads} fast)
        set_tests_properties(${test_name} PROPERTIES
          LABELS "integration;matrix"
          TIMEOUT 600
          ENVIRONMENT "OMP_SCHEDULE=${schedule};OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin;FILECHECK=${OMPRACER_IT_FILECHECK};NATIVE_CC=${OMPRACER_IT_CC};NATIVE_CXX=${OMPRACER_IT_CXX}")
      endforeach()
    endforeach()
  endforeach()
endforeach()
