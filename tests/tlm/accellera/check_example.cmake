# Runs one of Accellera's TLM-2.0 examples built with the credit interconnect (EXE) and
# checks it against the example's own expected log (EXPECTED): it must exit 0 (its checks
# of every response and every byte read are SC_FATAL reports when they fail), every
# traffic generator must complete, and its memories must see the same accesses, with the
# same data, as the example's own run: the same multiset of (command, length, address,
# data). Times and the order of the two initiators' accesses may differ: the credit links
# add their own delays. Which memory prints an access (the target's, or an initiator's
# DMI copy) is left out too: when a DMI pointer is granted depends on those times.
execute_process(COMMAND ${EXE} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${rc}:\n${out}\n${err}")
endif()
file(READ ${EXPECTED} expected)

function(accesses text result)
  string(REGEX MATCHALL "COMMAND: [A-Z]+ Length: [0-9]+[ \t\r\n]+Addr: 0x[0-9A-F]+ Data: 0x[0-9A-F]+" found "${text}")
  set(list "")
  foreach(a IN LISTS found)
    string(REGEX REPLACE "[ \t\r\n]+" " " a "${a}")
    list(APPEND list "${a}")
  endforeach()
  list(SORT list)
  set(${result} "${list}" PARENT_SCOPE)
endfunction()

accesses("${out}" got)
accesses("${expected}" want)
list(LENGTH got n_got)
list(LENGTH want n_want)
if(n_want EQUAL 0)
  message(FATAL_ERROR "${EXPECTED} lists no memory accesses: not an example this check knows")
endif()
if(NOT got STREQUAL want)
  message(FATAL_ERROR "the memories saw ${n_got} accesses where the example's own run saw ${n_want}, or other ones")
endif()
string(REGEX MATCHALL "Traffic Generator Complete" done "${out}")
string(REGEX MATCHALL "Traffic Generator Complete" done_expected "${expected}")
list(LENGTH done n_done)
list(LENGTH done_expected n_done_expected)
if(NOT n_done EQUAL n_done_expected)
  message(FATAL_ERROR "${n_done} traffic generators completed, ${n_done_expected} in the example's own run")
endif()
message(STATUS "${n_got} accesses as in the example's own run, ${n_done} traffic generators complete")
