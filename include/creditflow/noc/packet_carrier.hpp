// A network carrying packets for someone else (a TLM-2.0 interconnect's requests and
// responses): each packet is given with a token and the cycle it is offered from, and the
// carrier tells, cycle by cycle, when each has left its source (its tail injected) and
// when it is whole at its destination (its tail retired), as the edges after those cycles.
// The network has no traffic of its own and is stepped only while it holds something or
// something is offered; the idle cycles between are skipped. Kernel-free.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "creditflow/noc/network.hpp"

namespace creditflow::noc {

class PacketCarrier {
 public:
  // `config`'s topology, routers and message classes; its traffic is replaced by none.
  PacketCarrier(NocConfig config, const std::string& where);

  // A packet of `flits` flits from node `source` to node `destination`, of message class
  // `message_class`, offered from cycle `offer` (not before next_cycle() when idle, nor
  // before the cycle stepped next).
  void carry(std::uint64_t token, int source, int destination, int flits, int message_class, Cycle offer);

  // Whether there is a cycle to step: something in the network or offered.
  bool busy() const { return !network_.idle() || !offered_.empty(); }
  // The next cycle step() steps: the network's next while it holds something, else the
  // first offer's (the network's next when nothing is offered either).
  Cycle next_cycle() const {
    return network_.idle() && !offered_.empty() ? std::max(network_.now(), offered_.begin()->first) : network_.now();
  }

  enum class What : std::uint8_t { left, whole };
  struct Told {
    std::uint64_t token;
    What what;   // its tail has left its source, or is whole at its destination
    Cycle edge;  // from the start of this cycle
  };
  // Steps next_cycle() (skipping the idle cycles before it): what it told in that cycle.
  const std::vector<Told>& step();

  const Network& network() const { return network_; }

 private:
  struct Offered {
    std::uint64_t token;
    int source, destination, flits, message_class;
  };
  static NocConfig without_traffic(NocConfig config);

  Network network_;
  std::multimap<Cycle, Offered> offered_;  // by cycle, then in the order given
  std::unordered_map<std::int64_t, std::uint64_t> tokens_;  // packet -> token, until its tail retires
  std::vector<Told> told_;
};

// A packet's cycles through an empty network, by its source, destination, size and class:
// offered from cycle o, it is whole at its destination from edge o + cycles(). Measured by
// sending it through a network of its own (the same routers and channels, nothing else in
// it), once for each such packet: the network's own timing, not a formula. A routing
// function that draws a coin is measured on the draw it makes the first time.
class ZeroLoadLatency {
 public:
  ZeroLoadLatency(NocConfig config, const std::string& where);
  Cycle cycles(int source, int destination, int flits, int message_class);

 private:
  PacketCarrier carrier_;
  std::map<std::tuple<int, int, int, int>, Cycle> known_;
};

}  // namespace creditflow::noc
