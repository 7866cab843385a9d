// Register slice (kinds/register_slice.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/register_slice.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class RegisterSlice : public Shell<kinds::RegisterSliceKind<T>>, public InStream<T>, public OutStream<T> {
  using Kind = kinds::RegisterSliceKind<T>;

 public:
  sc_core::sc_in<bool>& clk;

  RegisterSlice(sc_core::sc_module_name name, std::int64_t entries = 2)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(entries, n); }),
        InStream<T>(this->pins(Kind::in)),
        OutStream<T>(this->pins(Kind::out)),
        clk(this->clock(0)) {}

  const core::SliceCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
