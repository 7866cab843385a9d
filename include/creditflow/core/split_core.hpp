// A split (timing.md section 5): one input to N outputs by a routing table on the flit's
// destination. Output k's `valid` = the input's `valid` and route(destination) = k; the
// input's `ready` = that output's `ready`. When that output cannot take the head, the head
// waits and so does everything behind it, even if another output is free: head-of-line
// blocking, counted per output as the cycles in which the head waited for it while another
// output was ready (and, per pair, which output was ready).
#pragma once
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/endpoint_text.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class SplitCore {
 public:
  static constexpr int none = -1;

  using Namer = EndpointNamer;

  // `routes[destination id]` = output, or none.
  SplitCore(std::size_t outputs, std::vector<int> routes, std::string where, Namer namer = {})
      : outputs_(outputs), routes_(std::move(routes)), where_(std::move(where)), namer_(std::move(namer)),
        handed_(outputs), transfers_(outputs),
        blocked_(outputs), blocked_while_(outputs, std::vector<std::uint64_t>(outputs)) {}

  // The output a flit for `destination` takes, or none.
  int route(std::uint32_t destination) const {
    return destination < routes_.size() ? routes_[destination] : none;
  }

  // The edge closing the cycle: whether a head was offered and where it goes, and each
  // output's `ready` during the cycle. Throws ProtocolError for a head with no route.
  template <class Ready>
  void advance(bool valid, std::uint32_t destination, std::uint32_t source, const Ready& ready) {
    if (valid) {
      const int k = route(destination);
      if (k == none) unrouted(destination, source);
      const auto out = static_cast<std::size_t>(k);
      const bool measured = now_ >= measure_from_;
      if (ready(out)) {
        ++handed_[out];
        if (measured) ++transfers_[out];
      } else if (measured) {
        bool others = false;
        for (std::size_t j = 0; j < outputs_; ++j)
          if (j != out && ready(j)) {
            ++blocked_while_[out][j];
            others = true;
          }
        if (others) ++blocked_[out];
      }
    }
    ++now_;
  }

  const std::string& name() const { return where_; }
  void measure_from(Cycle c) { measure_from_ = c; }
  Cycle now() const { return now_; }
  // Jumps to cycle t across cycles with nothing offered (nothing changes but the time).
  void skip_to(Cycle t) { now_ = t; }
  // In the window: flits handed to each output; cycles the head waited for output k while
  // another was ready; and, per k, the cycles each other output j was ready meanwhile.
  const std::vector<std::uint64_t>& transfers() const { return transfers_; }
  // Flits handed to each output in the whole run.
  const std::vector<std::uint64_t>& handed() const { return handed_; }
  const std::vector<std::uint64_t>& blocked() const { return blocked_; }
  const std::vector<std::vector<std::uint64_t>>& blocked_while() const { return blocked_while_; }

 private:
  [[noreturn]] void unrouted(std::uint32_t destination, std::uint32_t source) const {
    std::ostringstream msg;
    msg << where_ << ": at cycle " << now_ << " a flit from " << endpoint_text(namer_, source) << " for "
        << (destination ? endpoint_text(namer_, destination) : std::string("no destination"))
        << " has no route (its routes name no output for it)";
    throw ProtocolError(msg.str());
  }

  std::size_t outputs_;
  std::vector<int> routes_;
  std::string where_;
  Namer namer_;
  Cycle now_ = 0;
  Cycle measure_from_ = 0;
  std::vector<std::uint64_t> handed_, transfers_, blocked_;
  std::vector<std::vector<std::uint64_t>> blocked_while_;
};

}  // namespace creditflow::core
