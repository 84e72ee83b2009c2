# auto_mode.sh: `mode=check` verdicts and `ompracer-run --mode=auto` on four
# integration programs. Included from tests/integration/CMakeLists.txt.
add_test(NAME integration/auto_mode
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/auto_mode.sh)
set_tests_properties(integration/auto_mode PROPERTIES
  LABELS integration
  TIMEOUT 600
  ENVIRONMENT "OMPRACER_BIN=${CMAKE_BINARY_DIR}/bin")
