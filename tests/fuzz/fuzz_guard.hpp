// What every fuzz target checks: creditflow may refuse an input only with a
// creditflow::Error (one line saying what is wrong); any other exception, a crash, a hang
// or a sanitizer report is a bug, and libFuzzer keeps the input that caused it.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "creditflow/core/error.hpp"

namespace cffuzz {

template <class F>
void refuse_only_with_error(F&& body) {
  try {
    body();
  } catch (const creditflow::Error& e) {
    if (std::string(e.what()).find('\n') != std::string::npos) {
      std::fprintf(stderr, "an error message of more than one line: %s\n", e.what());
      std::abort();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "escaped as %s: %s\n", typeid(e).name(), e.what());
    std::abort();
  }
}

}  // namespace cffuzz
