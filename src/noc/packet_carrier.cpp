#include "creditflow/noc/packet_carrier.hpp"

#include <algorithm>
#include <tuple>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

NocConfig PacketCarrier::without_traffic(NocConfig config) {
  config.traffic = "uniform";
  config.trace_file.clear();
  config.injection_rate = 0.0;
  config.injection_process = "bernoulli";
  return config;
}

PacketCarrier::PacketCarrier(NocConfig config, const std::string& where)
    : network_(without_traffic(std::move(config)), where) {
  network_.on_inject([this](const NocFlit& flit, int) {
    if (flit.tail) told_.push_back({tokens_.at(flit.packet), What::left, network_.now() + 1});
  });
  network_.on_retire([this](const NocFlit& flit, int) {
    if (!flit.tail) return;
    const auto found = tokens_.find(flit.packet);
    told_.push_back({found->second, What::whole, network_.now() + 1});
    tokens_.erase(found);
  });
}

void PacketCarrier::carry(std::uint64_t token, int source, int destination, int flits, int message_class,
                          Cycle offer) {
  if (offer < network_.now())
    throw ProtocolError("a packet offered from cycle " + std::to_string(offer) + ", before the network's " +
                        std::to_string(network_.now()));
  offered_.emplace(offer, Offered{token, source, destination, flits, message_class});
}

const std::vector<PacketCarrier::Told>& PacketCarrier::step() {
  told_.clear();
  const Cycle cycle = next_cycle();
  if (cycle > network_.now()) network_.skip_to(cycle);
  for (auto due = offered_.begin(); due != offered_.end() && due->first <= cycle; due = offered_.erase(due)) {
    const Offered& o = due->second;
    const std::int64_t packet =
        network_.send_packet(o.source, o.destination, o.flits, false, due->first, o.message_class);
    tokens_.emplace(packet, o.token);
  }
  network_.step();
  return told_;
}

ZeroLoadLatency::ZeroLoadLatency(NocConfig config, const std::string& where) : carrier_(std::move(config), where) {}

Cycle ZeroLoadLatency::cycles(int source, int destination, int flits, int message_class) {
  const auto key = std::make_tuple(source, destination, flits, message_class);
  if (const auto found = known_.find(key); found != known_.end()) return found->second;
  const Cycle offer = carrier_.next_cycle();
  carrier_.carry(0, source, destination, flits, message_class, offer);
  Cycle whole = -1;
  // Until it is whole, then until the network is empty again (its credits home).
  while (carrier_.busy())
    for (const PacketCarrier::Told& t : carrier_.step())
      if (t.what == PacketCarrier::What::whole) whole = t.edge;
  return known_[key] = whole - offer;
}

}  // namespace creditflow::noc
