# The pass's OMPRACER_PASS_STATS output: each program here is compiled by check_stats.sh
# (-O0, or the flags of its `// STATS-FLAGS:` line) and its CHECK lines are matched
# against the statistics the pass prints.
file(GLOB OMPRACER_PASS_STATS_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_LIST_DIR}/*.c ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
foreach(src IN LISTS OMPRACER_PASS_STATS_SOURCES)
  get_filename_component(prog ${src} NAME)
  set(test_name "integration/pass_stats/${prog}")
  file(STRINGS ${src} flags_line REGEX "^// STATS-FLAGS: " LIMIT_COUNT 1)
  set(flags -O0)
  if(flags_line)
    string(REGEX REPLACE "^// STATS-FLAGS: " "" flags "${flags_line}")
    separate_arguments(flags)
  endif()
  add_test(NAME ${test_name}
    COMMAND ${OMPRACER_IT_BASH} ${CMAKE_CURRENT_LIST_DIR}/check_stats.sh ${src} ${flags})
  set_tests_properties(${test_name} PROPERTIES
    LABELS integration TIMEOUT 300
    ENVIRONMENT "OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin;FILECHECK=${OMPRACER_IT_FILECHECK}")
endforeach()
