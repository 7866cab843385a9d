// Credit-return crossings from a receiver's clock domain (the source of credits) into the
// sender's (timing.md section 3). Each side runs at its own clock's edges and sees the other
// only through a wire it samples with a Synchronizer, as hardware does:
//   gray   a Gray-coded count of returned credits: safe at any clock ratio;
//   toggle a two-phase toggle per credit, acknowledged back before the next: safe, but one
//          credit per handshake;
//   pulse  a single-cycle pulse per credit, edge-detected after two flops: unsafe. Pulses
//          closer together than the destination clock can see merge or vanish.
// The destination emits recognized credits one per destination cycle on a registered
// output. Every form reports the credits it physically carries right now, so a credit a
// pulse merge destroys simply disappears from the sum the conservation monitor checks.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/core/gray.hpp"
#include "creditflow/core/synchronizer.hpp"

namespace creditflow::core {

struct CrossingParams {
  std::int64_t sync_stages = 2;
  double uncertainty = 0.0;
  std::int64_t max_credits = 1 << 20;  // sizes the Gray counter, as a real design would
};

class CreditCrossing {
 public:
  virtual ~CreditCrossing() = default;

  // Source domain edge closing a cycle in which `credit` was returned (a pop); `back_wire`
  // is the destination's acknowledge wire as the source samples it now.
  virtual void source_edge(bool credit, std::uint64_t back_wire) = 0;
  // Fault injection: at the destination edge closing cycle `at` (counted from 0), the
  // sampled wire has bit `bit` flipped, as a single-event upset in the first flop would.
  void upset(std::uint64_t at, unsigned bit) {
    upset_at_ = at;
    upset_mask_ = std::uint64_t{1} << bit;
  }

  // Destination domain edge; `wire` is the source's wire as sampled now.
  void dest_edge(std::uint64_t wire) {
    if (dest_cycle_++ == upset_at_) wire ^= upset_mask_;
    if (out_now_) --pending_out_;
    pending_out_ += recognize(wire);
    out_now_ = pending_out_ > 0;
  }

  virtual std::uint64_t wire() const = 0;  // source -> destination
  virtual std::uint64_t back_wire() const { return 0; }  // destination -> source
  // The registered output: one credit during this destination cycle.
  bool credit_out() const { return out_now_; }
  // Credits inside the crossing now, from the returning pop to the output register.
  std::int64_t in_flight() const { return carried() + pending_out_; }
  // A form that carries one credit per handshake (toggle) counts its handshakes: their
  // rate is the most credits it can return, whatever the credits in the loop.
  struct Handshakes {
    std::uint64_t count = 0;          // handshakes begun
    std::uint64_t cycles = 0;         // its receiver-side cycles run
    std::uint64_t queued_cycles = 0;  // of them, cycles a returned credit waited for the handshake
  };
  virtual std::optional<Handshakes> handshakes() const { return std::nullopt; }

 protected:
  // Credits the destination recognizes at this edge.
  virtual std::int64_t recognize(std::uint64_t wire) = 0;
  // Credits on their way, not counting those already recognized.
  virtual std::int64_t carried() const = 0;

 private:
  std::int64_t pending_out_ = 0;
  bool out_now_ = false;
  std::uint64_t dest_cycle_ = 0;
  std::uint64_t upset_at_ = UINT64_MAX;
  std::uint64_t upset_mask_ = 0;
};

class GrayCountCrossing : public CreditCrossing {
 public:
  GrayCountCrossing(const CrossingParams& p, std::uint64_t seed, const std::string& where)
      : count_(pointer_width(static_cast<std::uint64_t>(p.max_credits))),
        sync_(p.sync_stages, p.uncertainty, seed, where) {}
  void source_edge(bool credit, std::uint64_t) override { count_.advance(credit ? 1 : 0); }
  std::uint64_t wire() const override { return count_.gray(); }

 protected:
  std::int64_t recognize(std::uint64_t wire) override {
    sync_.sample(wire);
    const std::uint64_t now = from_gray(sync_.output());
    const auto seen = static_cast<std::int64_t>(count_.distance(now, seen_));
    seen_ = now;
    return seen;
  }
  std::int64_t carried() const override { return static_cast<std::int64_t>(count_.distance(count_.binary(), seen_)); }

 private:
  GrayPointer count_;
  Synchronizer sync_;
  std::uint64_t seen_ = 0;
};

class ToggleCrossing : public CreditCrossing {
 public:
  ToggleCrossing(const CrossingParams& p, std::uint64_t seed, const std::string& where)
      : req_sync_(p.sync_stages, p.uncertainty, seed, where),
        ack_sync_(p.sync_stages, p.uncertainty, seed ^ 0xA5A5A5A5u, where) {}
  void source_edge(bool credit, std::uint64_t back_wire) override {
    pending_ += credit ? 1 : 0;
    // The next toggle waits until the last one is acknowledged: never two in flight.
    if (pending_ > 0 && req_ == ack_sync_.output()) {
      req_ ^= 1;
      --pending_;
      ++shakes_.count;
    }
    ++shakes_.cycles;
    if (pending_ > 0) ++shakes_.queued_cycles;
    ack_sync_.sample(back_wire);
  }
  std::optional<Handshakes> handshakes() const override { return shakes_; }
  std::uint64_t wire() const override { return req_; }
  std::uint64_t back_wire() const override { return seen_; }

 protected:
  std::int64_t recognize(std::uint64_t wire) override {
    req_sync_.sample(wire);
    if (req_sync_.output() == seen_) return 0;
    seen_ = req_sync_.output();  // also the acknowledge
    return 1;
  }
  std::int64_t carried() const override { return pending_ + (req_ != seen_ ? 1 : 0); }

 private:
  Synchronizer req_sync_, ack_sync_;
  std::int64_t pending_ = 0;  // returned, waiting for the handshake
  Handshakes shakes_;
  std::uint64_t req_ = 0;
  std::uint64_t seen_ = 0;
};

class PulseCrossing : public CreditCrossing {
 public:
  PulseCrossing(const CrossingParams& p, std::uint64_t seed, const std::string& where)
      : sync_(p.sync_stages, p.uncertainty, seed, where) {}
  void source_edge(bool credit, std::uint64_t) override { pulse_ = credit ? 1 : 0; }
  std::uint64_t wire() const override { return pulse_; }

 protected:
  std::int64_t recognize(std::uint64_t wire) override {
    sync_.sample(wire);
    const bool rising = sync_.output() && !last_;
    last_ = sync_.output();
    return rising ? 1 : 0;
  }
  // Rising edges still inside the flops, plus the pulse now on the wire if the flops can
  // still see it rise (their newest sample is low). A pulse that ends unsampled, or joins
  // a level already high, is gone: exactly the credits the unsafe form loses.
  std::int64_t carried() const override {
    const auto& f = sync_.flops();  // f[0] newest, f.back() is the output already seen
    std::int64_t edges = 0;
    for (std::size_t i = f.size() - 1; i > 0; --i) edges += (f[i - 1] && !f[i]) ? 1 : 0;
    return edges + ((pulse_ && !f[0]) ? 1 : 0);
  }

 private:
  Synchronizer sync_;
  std::uint64_t pulse_ = 0;
  bool last_ = false;
};

// "gray", "toggle" or "pulse".
inline std::unique_ptr<CreditCrossing> make_crossing(const std::string& form, const CrossingParams& p,
                                                     std::uint64_t seed, const std::string& where) {
  if (form == "gray") return std::make_unique<GrayCountCrossing>(p, seed, where);
  if (form == "toggle") return std::make_unique<ToggleCrossing>(p, seed, where);
  if (form == "pulse") return std::make_unique<PulseCrossing>(p, seed, where);
  throw ParameterError(where + ": crossing = " + form + " is not a known form (allowed one of gray, toggle, pulse)");
}

}  // namespace creditflow::core
