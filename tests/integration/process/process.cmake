# Process-level behaviour, one script per test (see the comment at the top of each):
# log_path (%p, fork, the paths refused), ompracer-merge-logs, exit() while reports
# are being printed and abort(), report paths of out-of-source builds. common.sh is
# what they share. Included from tests/integration/CMakeLists.txt.
file(GLOB OMPRACER_PROCESS_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.sh)
list(REMOVE_ITEM OMPRACER_PROCESS_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/common.sh)
list(SORT OMPRACER_PROCESS_SCRIPTS)
foreach(script IN LISTS OMPRACER_PROCESS_SCRIPTS)
  get_filename_component(name ${script} NAME_WE)
  set(test_name "integration/process/${name}")
  add_test(NAME ${test_name} COMMAND ${OMPRACER_IT_BASH} ${script})
  set_tests_properties(${test_name} PROPERTIES
    LABELS integration TIMEOUT 600
    ENVIRONMENT "OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin")
endforeach()
