#include "creditflow/core/class_report_figures.hpp"

namespace creditflow::core {

void add_class_sender_figures(LinkReport& r, const ClassSenderCore& core) {
  r.credits = core.header_pool().capacity();
  r.pool_policy = core.header_pool().describe();
  r.classes.resize(core.classes());
  for (std::size_t c = 0; c < core.classes(); ++c) {
    ClassReport& k = r.classes[c];
    const auto& f = core.figures(c);
    k.name = core.name(c);
    k.sent = f.sent;
    k.refused = core.refused(c);
    k.offered_rate = core.offered_rate(c);
    k.credit_wait = f.credit_wait;
    k.round_trip = f.round_trip;
    k.credit_limit = core.header_pool().most(c);
    if (const PoolPolicy* data = core.data_pool()) {
      k.largest_data = core.largest_data(c);
      k.data_limit = data->most(c);
    }
    k.stall_cycles = f.stall_cycles;
    for (std::size_t other = 0; other < core.classes(); ++other)
      if (f.starved_by[other] > k.starved_cycles) {
        k.starved_cycles = f.starved_by[other];
        k.starved_by = core.name(other);
      }
  }
}

void add_class_receiver_figures(LinkReport& r, const std::vector<std::string>& names, std::int64_t depth,
                                const ClassReceiverCore& core) {
  r.receiver_depth = depth;
  r.classes.resize(core.classes());
  for (std::size_t c = 0; c < core.classes(); ++c) {
    r.classes[c].name = names[c];
    r.classes[c].delivered = core.delivered(c);
    r.classes[c].latency = core.latency(c);
    r.classes[c].drain_rate = core.drain_rate(c);
  }
}

}  // namespace creditflow::core
