// A kind's ports, and the values they carry during one cycle. A kind is defined once, on
// these values (kinds/behaviour.hpp); the cycle view carries them on sc_signals
// (cycle/shell.hpp), the transaction-level view on plain wires (platform/tl_shell.hpp).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

#include <string>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::kinds {

// What a connection carries: `stream` is valid + flit + ready (a source to a sender),
// `flow` is valid + flit with no ready (credits guarantee room), `credit` one wire pulsed
// per credit, `class_credit` each cycle's credits per traffic class; between routers,
// `vc_flow` is valid + a network flit holding a virtual channel (per-VC credits guarantee
// room) and `vc_credit` each cycle's credits as a set of VCs.
enum class ChannelType { stream, flow, credit, class_credit, vc_flow, vc_credit };

enum class PortDir { in, out };

struct Port {
  const char* name;  // in a platform file: tx.credit_in
  ChannelType type;
  PortDir dir;
  // The typed module's SystemC port names: a stream or flow port's prefix ("in" gives
  // in_valid, in_flit, in_ready), a credit port's own name.
  const char* signal;
  bool optional;  // may be left unconnected
  const char* doc;
  // The clock it runs on: "" for the kind's own, else its clock-typed parameter.
  const char* domain = "";
};

// Ports of a kind as bits by their index in its table (a router has 64).
using PortMask = std::uint64_t;
inline constexpr PortMask kEveryPort = ~PortMask{0};
// The bit of port `index` (below 64: a kind's own outputs, in its hot path).
constexpr PortMask port_bit(std::size_t index) { return PortMask{1} << index; }
// The same for any port of a table: one past the 64th stands for every port (the engine,
// mapping a connection to the bit its writer's carrying() sets).
constexpr PortMask port_bit_or_every(std::size_t index) { return index < 64 ? port_bit(index) : kEveryPort; }

// The position of the port `name` in a kind's table (the resolver has checked the name).
template <std::size_t N>
std::size_t port_index(const std::array<Port, N>& ports, const std::string& name) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == ports[i].name) return i;
  throw Error("no port '" + name + "'");
}

// One port's values in the current cycle; a channel type uses only its own fields.
template <class T>
struct BasicWire {
  bool valid = false;
  bool ready = false;
  bool credit = false;
  T flit{};
  core::ClassCredits credits{};
  noc::NocFlit noc{};  // vc_flow
  noc::VcMask vcs = 0;  // vc_credit
};

// A kind's view of its ports, indexed as its port table.
template <class T, std::size_t N>
using Io = std::array<BasicWire<T>*, N>;

// Where the flit goes in a port's wire, written only when valid (as a cycle module would).
template <class T>
void offer(BasicWire<T>& w, bool valid, const T* flit) {
  w.valid = valid;
  if (valid) w.flit = *flit;
}

}  // namespace creditflow::kinds
