// Traffic source (kinds/traffic_source.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/traffic_source.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class TrafficSource : public Shell<kinds::TrafficSourceKind<T>>, public OutStream<T> {
  using Kind = kinds::TrafficSourceKind<T>;

 public:
  sc_core::sc_in<bool>& clk;

  TrafficSource(sc_core::sc_module_name name, const core::SourceParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        OutStream<T>(this->pins(Kind::out)),
        clk(this->clock(0)) {}

  const core::SourceCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
