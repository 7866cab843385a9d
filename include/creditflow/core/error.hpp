// Errors in user input carry what, where and what is allowed, on one line.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace creditflow {

// `text` on one line: control characters (a newline in a value that an error quotes, say)
// become escapes such as \n and \x01.
std::string one_line(const std::string& text);

// Base of every error the library throws for bad input or a broken protocol. Its message
// is always one line, whatever input it quotes.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(one_line(message)) {}
};

// A parameter outside its allowed range: "where: name = value is out of range (allowed lo..hi)".
class ParameterError : public Error {
 public:
  using Error::Error;
};

// What a failure says to a user: its message, or for an allocation that failed (whose own
// message is "std::bad_alloc") that the platform needs more memory than the machine has.
std::string failure_text(const std::exception& e);

// Throws ParameterError unless lo <= value <= hi. `where` names the component (e.g. "rx").
void check_range(const std::string& where, const std::string& name, std::int64_t value,
                 std::int64_t lo, std::int64_t hi);
void check_range(const std::string& where, const std::string& name, double value, double lo,
                 double hi);

// A credit protocol violation found by a bounded counter or buffer (BookSim2 style hard error).
class ProtocolError : public Error {
 public:
  using Error::Error;
};

}  // namespace creditflow
