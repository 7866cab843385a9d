# Provides the imported target SystemC::systemc.
# An Accellera CMake build exports it itself; Debian's libsystemc-dev ships only pkg-config.
if(TARGET SystemC::systemc)
  return()
endif()
find_package(SystemCLanguage CONFIG QUIET)
if(NOT SystemCLanguage_FOUND)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(CREDITFLOW_SYSTEMC REQUIRED IMPORTED_TARGET systemc)
  add_library(SystemC::systemc INTERFACE IMPORTED)
  target_link_libraries(SystemC::systemc INTERFACE PkgConfig::CREDITFLOW_SYSTEMC)
endif()
