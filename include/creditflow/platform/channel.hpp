// The sc_signals a YAML connection creates between two ports of one channel type
// (kinds/port.hpp says what each type carries).
#pragma once
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/kinds/port.hpp"

namespace creditflow::platform {

using kinds::ChannelType;

const char* channel_type_name(ChannelType type);

class Channel {
 public:
  virtual ~Channel() = default;
  virtual ChannelType type() const = 0;
  // Adds the channel's signals to a VCD under `name` (the driving port, e.g. "tx.out").
  virtual void trace(sc_core::sc_trace_file* tf, const std::string& name) const = 0;
};

class StreamChannel : public Channel {
 public:
  ChannelType type() const override { return ChannelType::stream; }
  void trace(sc_core::sc_trace_file* tf, const std::string& name) const override {
    sc_core::sc_trace(tf, valid, name + ".valid");
    sc_core::sc_trace(tf, ready, name + ".ready");
    sc_core::sc_trace(tf, flit, name + ".flit");
  }
  sc_core::sc_signal<bool> valid, ready;
  sc_core::sc_signal<core::Flit> flit;
};

// valid + flit with no ready: a link's flits (`flow`), or between routers a network flit
// holding a VC (`vc_flow`).
template <class F, ChannelType Type>
class ValidFlitChannel : public Channel {
 public:
  ChannelType type() const override { return Type; }
  void trace(sc_core::sc_trace_file* tf, const std::string& name) const override {
    sc_core::sc_trace(tf, valid, name + ".valid");
    sc_core::sc_trace(tf, flit, name + ".flit");
  }
  sc_core::sc_signal<bool> valid;
  sc_core::sc_signal<F> flit;
};
using FlowChannel = ValidFlitChannel<core::Flit, ChannelType::flow>;

class CreditChannel : public Channel {
 public:
  ChannelType type() const override { return ChannelType::credit; }
  void trace(sc_core::sc_trace_file* tf, const std::string& name) const override {
    sc_core::sc_trace(tf, credit, name);
  }
  sc_core::sc_signal<bool> credit;
};

// Credits per traffic class and credit type, one bundle per cycle (multi-class links).
class ClassCreditChannel : public Channel {
 public:
  ChannelType type() const override { return ChannelType::class_credit; }
  void trace(sc_core::sc_trace_file* tf, const std::string& name) const override {
    if (class_names.empty()) {
      sc_core::sc_trace(tf, credits, name);
      return;
    }
    // One trace per class and credit type, named by class (rx.credit.B.header).
    const core::ClassCredits& now = credits.read();
    for (std::size_t c = 0; c < class_names.size() && c < core::max_classes; ++c) {
      sc_core::sc_trace(tf, now.header[c], name + "." + class_names[c] + ".header");
      sc_core::sc_trace(tf, now.data[c], name + "." + class_names[c] + ".data");
    }
  }
  sc_core::sc_signal<core::ClassCredits> credits;
  std::vector<std::string> class_names;  // for the VCD, when known
};

// Between routers: a flit holding a virtual channel, and the credits back per VC.
using VcFlowChannel = ValidFlitChannel<noc::NocFlit, ChannelType::vc_flow>;

class VcCreditChannel : public Channel {
 public:
  ChannelType type() const override { return ChannelType::vc_credit; }
  void trace(sc_core::sc_trace_file* tf, const std::string& name) const override { sc_core::sc_trace(tf, vcs, name); }
  sc_core::sc_signal<noc::VcMask> vcs;
};

}  // namespace creditflow::platform
