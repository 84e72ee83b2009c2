# What building ompracer itself needs beyond LLVM: a C++ compiler that can read LLVM's
# headers (for the pass) and OMPT's interface header omp-tools.h (for the runtime).
# Included from the top-level CMakeLists.txt after find_package(LLVM).

# The pass plugin includes LLVM's headers, so it needs a compiler LLVM supports as a
# host compiler (LLVM 19's minimums: GCC 7.4, Clang 5). Debian 12's default, GCC 12,
# is fine: the plugin it builds is loaded by clang 19 like one built by clang++-19
# (both use the Itanium C++ ABI and libstdc++). The runtime is plain C11 and builds
# with GCC or Clang.
set(_ompracer_cxx "${CMAKE_CXX_COMPILER} (${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION})")
set(_ompracer_cxx_hint "configure with a supported one, e.g. -DCMAKE_CXX_COMPILER=clang++-19 (in a fresh build directory)")
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 7.4)
    message(FATAL_ERROR "ompracer: the pass plugin includes LLVM ${LLVM_VERSION_MAJOR}'s headers, "
      "which need GCC 7.4 or newer; the C++ compiler is ${_ompracer_cxx}: ${_ompracer_cxx_hint}")
  endif()
elseif(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 5.0)
    message(FATAL_ERROR "ompracer: the pass plugin includes LLVM ${LLVM_VERSION_MAJOR}'s headers, "
      "which need Clang 5 or newer; the C++ compiler is ${_ompracer_cxx}: ${_ompracer_cxx_hint}")
  endif()
else()
  message(WARNING "ompracer is built and tested with GCC and Clang only; the C++ compiler is "
    "${_ompracer_cxx}. If the pass plugin fails to build, ${_ompracer_cxx_hint}.")
endif()
message(STATUS "ompracer: C compiler ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION}, "
  "C++ compiler ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")

# omp-tools.h ships with clang's resource headers, next to clang's own stddef.h,
# stdint.h and so on, which another C compiler (GCC) must never see. So the runtime
# does not get that directory: the one header is copied into the build tree, and the
# runtime's include path gets a directory that holds only omp-tools.h.
# (-DOMPRACER_OMPT_HEADER=/path/to/omp-tools.h overrides the search.)
find_file(OMPRACER_OMPT_HEADER omp-tools.h
  PATHS "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}/include"
        "${LLVM_INCLUDE_DIRS}/openmp"
        "${LLVM_INCLUDE_DIRS}"
  DOC "OMPT's interface header, copied into the build tree for the runtime"
  NO_DEFAULT_PATH)
if(NOT OMPRACER_OMPT_HEADER)
  message(FATAL_ERROR "ompracer: omp-tools.h not found under ${LLVM_LIBRARY_DIR}/clang/"
    "${LLVM_VERSION_MAJOR}/include (clang-${LLVM_VERSION_MAJOR} ships it): install "
    "clang-${LLVM_VERSION_MAJOR}, or pass -DOMPRACER_OMPT_HEADER=/path/to/omp-tools.h")
endif()
# An older build directory may still cache the whole resource directory here.
unset(OMPRACER_OMPT_INCLUDE CACHE)
set(OMPRACER_OMPT_INCLUDE "${CMAKE_BINARY_DIR}/include-ompt")
configure_file("${OMPRACER_OMPT_HEADER}" "${OMPRACER_OMPT_INCLUDE}/omp-tools.h" COPYONLY)
