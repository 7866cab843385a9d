#include "creditflow/core/class_link_core.hpp"

#include "creditflow/core/limits.hpp"

#include <numeric>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/seed.hpp"

namespace creditflow::core {

namespace {

std::unique_ptr<PoolPolicy> make_data_pool(const ClassPoolSpec& p, std::size_t n, const std::string& where) {
  if (p.data_depth == 0) return nullptr;
  return make_pool(p.policy, n, p.data_depth, p.data_reserved, {}, where + " data credits");
}

}  // namespace

namespace {
std::vector<ClassSpec> checked(std::vector<ClassSpec> classes, const std::string& where) {
  if (classes.empty() || classes.size() > max_classes)
    throw ParameterError(where + ": " + std::to_string(classes.size()) + " classes (allowed 1.." +
                         std::to_string(max_classes) + ")");
  return classes;
}
}  // namespace

ClassSenderCore::ClassSenderCore(std::vector<ClassSpec> classes, const ClassPoolSpec& pools, Arbiter arbiter,
                                 std::uint64_t seed, const std::string& where, std::int64_t beat_bytes, ClassFeed feed)
    : classes_(checked(std::move(classes), where)),
      feed_(std::move(feed)),
      taken_(classes_.size(), 0),
      data_unit_(pools.data_unit),
      header_pool_(make_pool(pools.policy, classes_.size(), pools.depth, pools.reserved, pools.max, where)),
      data_pool_(make_data_pool(pools, classes_.size(), where)),
      arbiter_(std::move(arbiter)),
      held_h_(classes_.size(), 0),
      held_d_(classes_.size(), 0),
      figures_(classes_.size()),
      sent_since_reset_(classes_.size(), 0),
      waiting_(classes_.size(), -1),
      spends_(classes_.size()),
      where_(where),
      beat_bytes_(beat_bytes) {
  check_range(where, "width", beat_bytes, 0, limits::max_depth);
  for (std::size_t c = 0; c < classes_.size(); ++c) {
    ClassSpec& spec = classes_[c];
    spec.source.traffic_class = static_cast<std::int64_t>(c);
    // Each packet's data credits: its payload in data units, rounded up; the payload
    // sizes cycle in the order given.
    auto factory = [payloads = spec.payload_bytes, unit = pools.data_unit, next = std::size_t{0}](
                       const FlitOrigin& origin) mutable {
      Flit f = make_flit<Flit>(origin);
      const std::int64_t bytes = payloads[next++ % payloads.size()];
      f.data_units = static_cast<std::uint32_t>((bytes + unit - 1) / unit);
      return f;
    };
    if (fed()) {
      check_range(where + "." + spec.name, "queue_depth", spec.source.queue_depth, 1, limits::max_queue);
      fed_.emplace_back(static_cast<std::size_t>(spec.source.queue_depth));
    } else
      sources_.emplace_back(spec.source, derive_seed(seed, where + "." + spec.name), where + "." + spec.name, factory);
    figures_[c].starved_by.assign(classes_.size(), 0);
    std::int64_t largest = 0;
    for (const std::int64_t bytes : spec.payload_bytes)
      largest = std::max(largest, (bytes + pools.data_unit - 1) / pools.data_unit);
    largest_data_.push_back(largest);
  }
  decide();
}

bool ClassSenderCore::allowed(std::size_t c) const {
  if (!header_pool_->may_take(c, 1, held_h_)) return false;
  const std::int64_t data = data_credits(head(c));
  return !data_pool_ || data == 0 || data_pool_->may_take(c, data, held_d_);
}

std::int64_t ClassSenderCore::beats(std::size_t c) const {
  if (beat_bytes_ == 0) return 1;
  // Packets leave a class in the order they were made, and take their payloads in turn.
  const std::vector<std::int64_t>& payloads = classes_[c].payload_bytes;
  const std::int64_t bytes = payloads[sent_since_reset_[c] % payloads.size()];
  return std::max<std::int64_t>(1, (bytes + beat_bytes_ - 1) / beat_bytes_);
}

void ClassSenderCore::decide() {
  std::vector<bool> eligible(classes_.size(), false);
  if (serial_left_ > 0) {  // the link is busy with a packet's beats: nothing starts
    std::fill(waiting_.begin(), waiting_.end(), -1);
    chosen_ = -1;
    return;
  }
  for (std::size_t c = 0; c < classes_.size(); ++c) {
    waiting_[c] = -1;
    if (!has_data(c)) continue;
    eligible[c] = allowed(c);
    if (eligible[c]) continue;
    // Waiting for credits: note which other class holds the most of the shared pool. It
    // counts when this cycle closes (the last decision is for a cycle that never runs).
    std::size_t holder = c;
    std::int64_t most = 0;
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      const std::int64_t held = header_pool_->shared_held(k, held_h_);
      if (k != c && held > most) {
        most = held;
        holder = k;
      }
    }
    waiting_[c] = static_cast<int>(holder);
  }
  chosen_ = arbiter_.pick(eligible);
}

Flit ClassSenderCore::chosen_flit() const {
  Flit f = head(static_cast<std::size_t>(chosen_));
  f.sent = now_;
  return f;
}

void ClassSenderCore::take(const Flit& f) {
  const std::size_t c = static_cast<std::size_t>(class_of(f));
  Flit& queued = fed_[c].push_slot();
  queued = f;
  queued.traffic_class = static_cast<std::uint32_t>(c);
  // Its data credits: the class's payload sizes, cycled in the order its flits come in.
  const std::vector<std::int64_t>& payloads = classes_[c].payload_bytes;
  const std::int64_t bytes = payloads[taken_[c]++ % payloads.size()];
  queued.data_units = static_cast<std::uint32_t>((bytes + data_unit_ - 1) / data_unit_);
}

void ClassSenderCore::advance(const ClassCredits& returned) {
  if (serial_left_ > 0) --serial_left_;
  if (chosen_ >= 0) {
    const std::int64_t b = beats(static_cast<std::size_t>(chosen_));
    if (b > 1) {
      serial_flit_ = chosen_flit();
      serial_left_ = b - 1;
    }
  }
  for (std::size_t c = 0; c < classes_.size(); ++c) {
    if (waiting_[c] >= 0 && now_ >= measure_from_) {
      ++figures_[c].stall_cycles;
      if (waiting_[c] != static_cast<int>(c)) ++figures_[c].starved_by[static_cast<std::size_t>(waiting_[c])];
    }
    const bool sent = chosen_ == static_cast<int>(c);
    if (sent) {
      const Flit& f = head(c);
      held_h_[c] += 1;
      held_d_[c] += data_credits(f);
      ++sent_since_reset_[c];
      if (now_ >= measure_from_) {
        ++figures_[c].sent;
        figures_[c].credit_wait.add(now_ - creation_clocks_.in_sender_cycles(f).created);
      }
    }
    if (!fed())
      sources_[c].advance(sent);
    else if (sent)
      fed_[c].pop();
    // Spent before returns are matched: over wires to a bypass receiver a credit comes
    // back in the cycle it is spent, a round trip of 1.
    if (sent) spends_[c].push_back(now_);
    for (std::int64_t k = 0; k < returned.header[c] && !spends_[c].empty(); ++k) {
      if (now_ >= measure_from_) figures_[c].round_trip.add(now_ + 1 - spends_[c].front());
      spends_[c].pop_front();
    }
    held_h_[c] -= returned.header[c];
    held_d_[c] -= returned.data[c];
    if (held_h_[c] < 0 || held_d_[c] < 0) {
      std::ostringstream msg;
      msg << where_ << ": class " << classes_[c].name << " got back more credits than it held at cycle " << now_
          << " (duplicated credit?)";
      throw ProtocolError(msg.str());
    }
  }
  ++now_;
  decide();
}

ClassReceiverCore::ClassReceiverCore(std::vector<std::string> names, const ClassPoolSpec& pools,
                                     std::vector<DrainSpec> drains, bool bypass, std::uint64_t seed,
                                     const std::string& where)
    : names_(std::move(names)),
      header_capacity_(pools.depth),
      data_capacity_(pools.data_depth),
      bypass_(bypass),
      queues_(names_.size()),
      queued_data_(names_.size(), 0),
      allowed_(names_.size(), false),
      delivered_(names_.size(), 0),
      delivered_since_reset_(names_.size(), 0),
      latency_(names_.size()),
      where_(where) {
  for (std::size_t c = 0; c < names_.size(); ++c) {
    drains_.emplace_back(drains[c], derive_seed(seed, where + "." + names_[c]), where + "." + names_[c]);
    drain_rates_.push_back(drains[c].permitted_rate());
    allowed_[c] = drains_[c].allows(0);
  }
}

ClassCredits ClassReceiverCore::pops(bool arrive, const Flit& flit) const {
  ClassCredits out{};
  for (std::size_t c = 0; c < names_.size(); ++c)
    if (const Flit* popped = popping(c, arrive, flit)) {
      out.header[c] = 1;
      out.data[c] = popped->data_units;
    }
  return out;
}

void ClassReceiverCore::advance(bool arrive, const Flit& flit) {
  const ClassCredits popped = pops(arrive, flit);
  if (arrive) {
    if (flit.traffic_class >= names_.size()) {
      throw ProtocolError(where_ + ": a packet of class " + std::to_string(flit.traffic_class) + " arrived; the receiver has " +
                          std::to_string(names_.size()) + " classes");
    }
    queues_[flit.traffic_class].push_back(flit);
    queued_data_[flit.traffic_class] += flit.data_units;
  }
  std::int64_t header = 0, data = 0;
  for (std::size_t c = 0; c < names_.size(); ++c) {
    if (popped.header[c]) {
      const Flit& f = queues_[c].front();  // the oldest, which a bypass arrival is when alone
      ++delivered_since_reset_[c];
      if (now_ >= measure_from_) {
        ++delivered_[c];
        latency_[c].add(now_ - creation_clocks_.in_sender_cycles(f).created);
      }
      queued_data_[c] -= f.data_units;
      queues_[c].pop_front();
    }
    header += occupancy_header(c);
    data += queued_data_[c];
  }
  if (header > header_capacity_ || (data_capacity_ > 0 && data > data_capacity_)) {
    std::ostringstream msg;
    msg << where_ << ": buffer overflow at cycle " << now_ << ": " << header << " of " << header_capacity_
        << " header credits and " << data << " of " << data_capacity_ << " data credits in use";
    throw ProtocolError(msg.str());
  }
  ++now_;
  for (std::size_t c = 0; c < names_.size(); ++c) allowed_[c] = drains_[c].allows(now_);
}

}  // namespace creditflow::core
