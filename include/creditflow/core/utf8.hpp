// Text that reaches a JSON document must be UTF-8: one bad byte would lose the whole
// document. Inputs are checked where they enter (the model file, the command line).
#pragma once
#include <cstddef>
#include <string>

namespace creditflow {

// The offset of the first byte that does not start or continue a well-formed UTF-8
// sequence (overlong forms, surrogates and code points past U+10FFFF included), or
// std::string::npos when all of `text` is UTF-8.
std::size_t invalid_utf8_offset(const std::string& text);

}  // namespace creditflow
