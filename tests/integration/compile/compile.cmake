# Programs that must compile with the pass at every optimisation level, with and
# without -g (regression tests of pass crashes): one ctest test per (program, -O, -g).
file(GLOB OMPRACER_COMPILE_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_LIST_DIR}/*.c ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
foreach(src IN LISTS OMPRACER_COMPILE_SOURCES)
  get_filename_component(prog ${src} NAME)
  foreach(opt O0 O1 O2 O3)
    foreach(debug g nog)
      set(flags -${opt})
      if(debug STREQUAL "g")
        list(APPEND flags -g)
      endif()
      set(test_name "integration/compile/${prog}/${opt}/${debug}")
      add_test(NAME ${test_name}
        COMMAND ${OMPRACER_IT_BASH} ${CMAKE_CURRENT_LIST_DIR}/compile_only.sh ${src} ${flags})
      set_tests_properties(${test_name} PROPERTIES
        LABELS integration TIMEOUT 300
        ENVIRONMENT "OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin")
    endforeach()
  endforeach()
endforeach()
