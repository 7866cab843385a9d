// What each kind of credit holder adds to its loop's LoopState, one overload per core: the
// cycle view's modules and the transaction-level view's parts both report through these,
// so the conservation sum cannot differ between the views. `offered` is the valid the
// holder sees on its input this cycle, where that is not part of its own state.
#pragma once
#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/class_pipe_core.hpp"
#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/credit_source_core.hpp"
#include "creditflow/core/flit_crossing.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/loop_state.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/core/source_core.hpp"

namespace creditflow::core {

// A source on a ready/valid link (no credits), a pattern's or a trace's (any core with
// taken() and has_data()): what left it, and whether it is held now.
template <class Source>
void add_source_terms(LoopState& s, const Source& src, bool ready) {
  s.sent += src.taken();
  s.source_held = s.source_held || (src.has_data() && !ready);
}
template <class T>
void add_terms(LoopState& s, const SourceCore<T>& src, bool ready) {
  add_source_terms(s, src, ready);
}

inline void add_terms(LoopState& s, const SenderCore& tx, bool offered) {
  s.sender_credits += tx.credits();
  s.sender_has_data = s.sender_has_data || offered;
  s.sent += tx.sent();
}

template <class T>
void add_terms(LoopState& s, const LinkCore<T>& link) {
  s.forward_flits += link.forward_flits();
  s.return_credits += link.return_credits();
}

template <class T>
void add_terms(LoopState& s, const ReceiverCore<T>& rx) {
  s.receiver_occupancy += rx.occupancy();
  s.popped += rx.popped();
  s.receiver_popping = s.receiver_popping || rx.will_pop();
}

template <class T>
void add_terms(LoopState& s, const CreditSourceCore<T>& cs) {
  s.sender_credits += cs.sender().credits();
  s.return_credits += cs.credits_returning();
  s.sender_has_data = s.sender_has_data || cs.source().has_data();
  s.sent += cs.sender().sent();
}

template <class T>
void add_terms(LoopState& s, const SinkCore<T>& sink) {
  s.receiver_occupancy += sink.occupancy();
  s.return_credits += sink.popped_register();  // a credit on its way back
  s.popped += sink.popped();
  s.dropped += sink.dropped();
  s.receiver_popping = s.receiver_popping || sink.will_pop();
}

template <class T>
void add_terms(LoopState& s, const AsyncFifoCore<T>& fifo, bool offered) {
  s.sender_credits += fifo.writer_credits();
  s.forward_flits += fifo.crossing_forward();
  s.receiver_occupancy += fifo.occupancy();
  s.return_credits += fifo.crossing_back();
  s.sender_has_data = s.sender_has_data || offered;
  s.receiver_popping = s.receiver_popping || fifo.will_pop();
  s.sent += fifo.writer().sent();
  s.popped += fifo.popped();
}

template <class T>
void add_terms(LoopState& s, const FlitCrossing<T>& crossing) {
  s.forward_flits += crossing.in_flight();
  s.forward_waiting += crossing.waiting();
}

inline void add_terms(LoopState& s, const CreditCrossing& crossing) { s.return_credits += crossing.in_flight(); }

inline void add_terms(LoopState& s, const ClassSenderCore& tx) {
  s.sender_credits += tx.header_pool().capacity();
  s.classes.resize(tx.classes());
  for (std::size_t c = 0; c < tx.classes(); ++c) {
    s.sender_credits -= tx.held_header(c);
    s.sender_has_data = s.sender_has_data || tx.has_data(c);
    s.sent += tx.sent_since_reset(c);
    s.classes[c].name = tx.name(c);
    s.classes[c].sender_header += tx.held_header(c);
    s.classes[c].sender_data += tx.held_data(c);
  }
  // A packet crossing the link beat by beat is in flight: spent, not yet returned.
  if (const int c = tx.serializing(); c >= 0) {
    s.forward_flits += 1;
    s.classes[static_cast<std::size_t>(c)].receiver_header += 1;
    s.classes[static_cast<std::size_t>(c)].receiver_data += tx.serializing_flit().data_units;
  }
}

// What a class link's stages hold counts on the receiver's side of each class's balance:
// the sender has spent those credits, and the receiver has not yet returned them.
inline void add_terms(LoopState& s, const ClassPipeCore& pipe) {
  const ClassCredits &in = pipe.forward_in_flight(), &back = pipe.returning();
  for (std::size_t c = 0; c < max_classes; ++c) {
    s.forward_flits += in.header[c];
    s.return_credits += back.header[c];
    if (in.header[c] == 0 && back.header[c] == 0 && in.data[c] == 0 && back.data[c] == 0) continue;
    if (s.classes.size() <= c) s.classes.resize(c + 1);
    s.classes[c].receiver_header += in.header[c] + back.header[c];
    s.classes[c].receiver_data += in.data[c] + back.data[c];
  }
}

inline void add_terms(LoopState& s, const ClassReceiverCore& rx) {
  s.classes.resize(rx.classes());
  for (std::size_t c = 0; c < rx.classes(); ++c) {
    s.receiver_occupancy += rx.occupancy_header(c);
    s.popped += rx.delivered_since_reset(c);
    s.classes[c].receiver_header += rx.occupancy_header(c);
    s.classes[c].receiver_data += rx.occupancy_data(c);
  }
}

}  // namespace creditflow::core
