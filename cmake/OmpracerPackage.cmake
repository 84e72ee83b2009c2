# Installing ompracer as a package other builds can use (included from the top-level
# CMakeLists.txt after the targets are defined):
#   <prefix>/lib/cmake/ompracer/ompracerConfig.cmake (+ ompracerConfigVersion.cmake):
#       find_package(ompracer), ompracer_instrument(<target>), ompracer::ompracer
#   <prefix>/lib/pkgconfig/ompracer.pc: pkg-config --cflags --libs ompracer
# The plugin, the runtime, the wrappers and hooks.h are installed by pass/, runtime/,
# scripts/ and the top-level file, into the same lib/, bin/ and include/ directories
# (the wrappers find the plugin and runtime at ../lib relative to themselves).
include(CMakePackageConfigHelpers)

set(OMPRACER_INSTALL_BINDIR bin)
set(OMPRACER_INSTALL_LIBDIR lib)
set(OMPRACER_INSTALL_INCLUDEDIR include)
set(OMPRACER_INSTALL_CMAKEDIR ${OMPRACER_INSTALL_LIBDIR}/cmake/ompracer)

# Relocatable: the config finds the prefix from its own location.
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/ompracerConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/ompracerConfig.cmake
  INSTALL_DESTINATION ${OMPRACER_INSTALL_CMAKEDIR}
  PATH_VARS OMPRACER_INSTALL_BINDIR OMPRACER_INSTALL_LIBDIR OMPRACER_INSTALL_INCLUDEDIR)
# Before 1.0 a minor version may change the hook ABI between pass and runtime.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/package/ompracerConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/ompracerConfig.cmake
              ${PROJECT_BINARY_DIR}/package/ompracerConfigVersion.cmake
        DESTINATION ${OMPRACER_INSTALL_CMAKEDIR})

# pkg-config has no way to find its prefix from the .pc file's location (short of
# ${pcfiledir}, which not every implementation has), so ompracer.pc is written at
# install time, with the prefix given to cmake --install (DESTDIR is honoured).
set(OMPRACER_PC_PREFIX "@OMPRACER_PC_PREFIX@") # left for the install step to fill
configure_file(${PROJECT_SOURCE_DIR}/cmake/ompracer.pc.in
               ${PROJECT_BINARY_DIR}/package/ompracer.pc.in @ONLY)
unset(OMPRACER_PC_PREFIX)
install(CODE "
  get_filename_component(OMPRACER_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\" ABSOLUTE)
  configure_file(\"${PROJECT_BINARY_DIR}/package/ompracer.pc.in\"
                 \"${PROJECT_BINARY_DIR}/package/ompracer.pc\" @ONLY)
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${OMPRACER_INSTALL_LIBDIR}/pkgconfig\"
       TYPE FILE FILES \"${PROJECT_BINARY_DIR}/package/ompracer.pc\")
")
