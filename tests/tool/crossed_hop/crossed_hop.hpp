// A kind of the tests' own, written as a user would: the receiver end of two credit loops
// and the sender end of two others, so that one component takes part in four loops. Each
// input has a buffer of `depth` slots; input i forwards to output i ^ `cross` (crossed by
// default). timing.md section 5's hop rule: a buffer offers its head during t iff it held a
// flit at the start of t; the head leaves, and a credit goes back on its input's credit
// port, iff its output holds a credit at the start of t.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <string>

#include <creditflow/core/error.hpp>
#include <creditflow/core/flit.hpp>
#include <creditflow/kinds/behaviour.hpp>

class CrossedHop : public creditflow::kinds::Behaviour<creditflow::core::Flit> {
  using Flit = creditflow::core::Flit;
  using ChannelType = creditflow::kinds::ChannelType;
  using PortDir = creditflow::kinds::PortDir;

 public:
  enum : std::size_t { in0, credit0, in1, credit1, out0, credit_in0, out1, credit_in1 };
  static constexpr std::array<creditflow::kinds::Port, 8> ports{{
      {"in0", ChannelType::flow, PortDir::in, "in0", false, "flits of the first input loop"},
      {"credit0", ChannelType::credit, PortDir::out, "credit0", false, "a credit per flit leaving buffer 0"},
      {"in1", ChannelType::flow, PortDir::in, "in1", false, "flits of the second input loop"},
      {"credit1", ChannelType::credit, PortDir::out, "credit1", false, "a credit per flit leaving buffer 1"},
      {"out0", ChannelType::flow, PortDir::out, "out0", false, "flits of the first output loop"},
      {"credit_in0", ChannelType::credit, PortDir::in, "credit_in0", false, "its credits back"},
      {"out1", ChannelType::flow, PortDir::out, "out1", false, "flits of the second output loop"},
      {"credit_in1", ChannelType::credit, PortDir::in, "credit_in1", false, "its credits back"}}};
  static constexpr bool several_loops = true;
  using Io = creditflow::kinds::Io<Flit, 8>;

  CrossedHop(std::int64_t depth, std::int64_t credits, bool cross, const std::string& name)
      : depth_(depth), capacity_(credits), cross_(cross), name_(name) {
    credits_.fill(credits);
  }

  void edge(int, Io& io) {
    for (std::size_t i = 0; i < 2; ++i) {
      const std::size_t o = route(i);
      const bool moves = will_move(i);
      if (moves) buffers_[i].pop_front();
      credits_[o] += (io[credit_in_port(o)]->credit ? 1 : 0) - (moves ? 1 : 0);
      sent_[o] += moves;
      popped_[i] += moves;
      if (io[in_port(i)]->valid) {
        if (static_cast<std::int64_t>(buffers_[i].size()) == depth_)
          throw creditflow::ProtocolError(name_ + ": buffer " + std::to_string(i) + " overflows");
        buffers_[i].push_back(io[in_port(i)]->flit);
      }
    }
    ++now_;
  }
  void drive(Io& io) {
    for (std::size_t i = 0; i < 2; ++i) {
      const std::size_t o = route(i);
      const bool moves = will_move(i);
      io[credit_port(i)]->credit = moves;
      io[out_port(o)]->valid = moves;
      if (moves) {
        io[out_port(o)]->flit = buffers_[i].front();
        creditflow::core::stamp_sent(io[out_port(o)]->flit, now_);
      }
    }
  }

  // Per loop end: an input's buffer, or an output's credits.
  void add_terms(std::size_t end, creditflow::core::LoopState& s, const Io&) const {
    if (end == in0 || end == in1) {
      const std::size_t i = end == in0 ? 0 : 1;
      s.receiver_occupancy += static_cast<std::int64_t>(buffers_[i].size());
      s.popped += popped_[i];
      s.receiver_popping = s.receiver_popping || will_move(i);
    } else {
      const std::size_t o = end == out0 ? 0 : 1;
      s.sender_credits += credits_[o];
      s.sent += sent_[o];
      s.sender_has_data = s.sender_has_data || !buffers_[route(o)].empty();
    }
  }
  void add_figures(std::size_t end, creditflow::core::LinkReport& r) const {
    if (end == in0 || end == in1)
      r.receiver_depth = depth_;
    else
      r.credits = capacity_;
  }

 private:
  std::size_t route(std::size_t i) const { return cross_ ? 1 - i : i; }  // its own inverse
  bool will_move(std::size_t i) const { return !buffers_[i].empty() && credits_[route(i)] > 0; }
  static std::size_t in_port(std::size_t i) { return i == 0 ? in0 : in1; }
  static std::size_t credit_port(std::size_t i) { return i == 0 ? credit0 : credit1; }
  static std::size_t out_port(std::size_t o) { return o == 0 ? out0 : out1; }
  static std::size_t credit_in_port(std::size_t o) { return o == 0 ? credit_in0 : credit_in1; }

  std::int64_t depth_, capacity_;
  bool cross_;
  std::string name_;
  std::array<std::deque<Flit>, 2> buffers_;
  std::array<std::int64_t, 2> credits_{};
  std::array<std::uint64_t, 2> sent_{}, popped_{};
  creditflow::core::Cycle now_ = 0;
};
