// Traffic source (kinds/traffic_source.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/traffic_source.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class TrafficSource : public Shell<kinds::TrafficSourceKind<T>> {
  using Kind = kinds::TrafficSourceKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;
  sc_core::sc_in<bool>& out_ready;

  TrafficSource(sc_core::sc_module_name name, const core::SourceParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        clk(this->clock(0)),
        out_valid(this->pins(Kind::out).valid_out.required()),
        out_flit(this->pins(Kind::out).flit_out.required()),
        out_ready(this->pins(Kind::out).ready_in.required()) {}

  const core::SourceCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
