// The default unit carried over a link: one flit with its identity and time stamps.
// Every module takes its payload type as a template parameter defaulting to Flit; a
// user's own struct works too, as with any sc_signal type (==, << and sc_trace).
#pragma once
#include <cstdint>
#include <ostream>
#include <type_traits>
#include <utility>

#include "creditflow/core/types.hpp"

namespace creditflow::core {

template <class Payload>
struct BasicFlit {
  std::uint64_t id = 0;
  std::uint32_t traffic_class = 0;
  Cycle created = 0;  // cycle the source offered it
  Cycle sent = 0;     // cycle the sender spent a credit on it
  std::uint32_t data_units = 0;  // data credits it takes beside its header (0: a bare word)
  // Endpoints on a path of several hops (timing.md section 5), as ids a platform gives its
  // components (0: none given): who made it and where it is going.
  std::uint32_t source = 0;
  std::uint32_t destination = 0;
  // Its place in a packet: a single-flit packet is both head and tail.
  bool head = true;
  bool tail = true;
  Payload payload{};

  friend bool operator==(const BasicFlit& a, const BasicFlit& b) {
    return a.id == b.id && a.traffic_class == b.traffic_class && a.created == b.created &&
           a.sent == b.sent && a.data_units == b.data_units && a.source == b.source &&
           a.destination == b.destination && a.head == b.head && a.tail == b.tail && a.payload == b.payload;
  }
  friend bool operator!=(const BasicFlit& a, const BasicFlit& b) { return !(a == b); }
  friend std::ostream& operator<<(std::ostream& os, const BasicFlit& f) {
    return os << "flit{id=" << f.id << " class=" << f.traffic_class << " created=" << f.created
              << " sent=" << f.sent << " data_units=" << f.data_units << " source=" << f.source
              << " destination=" << f.destination << " head=" << f.head << " tail=" << f.tail
              << " payload=" << f.payload << "}";
  }
};

using Flit = BasicFlit<std::uint64_t>;

// Time stamps are optional for a user's type: types with `created` and `sent` members get
// them filled and per-phase latency measured; other types are carried untouched and only
// the phases the link itself sees (send to arrival, arrival to pop) are measured.
template <class T, class = void>
struct has_time_stamps : std::false_type {};
template <class T>
struct has_time_stamps<T, std::void_t<decltype(std::declval<T&>().created),
                                      decltype(std::declval<T&>().sent)>> : std::true_type {};

// Fields a source fills in, where the type has them.
struct FlitOrigin {
  std::uint64_t id = 0;
  std::uint32_t traffic_class = 0;
  Cycle created = 0;
  std::uint32_t source = 0, destination = 0;
  bool head = true, tail = true;
};

template <class T>
struct is_basic_flit : std::false_type {};
template <class P>
struct is_basic_flit<BasicFlit<P>> : std::true_type {};

// Flits whose arithmetic payload make_flit sets to the id, so a receiver can check it.
template <class T>
struct echoes_id : std::false_type {};
template <class P>
struct echoes_id<BasicFlit<P>> : std::bool_constant<std::is_arithmetic_v<P>> {};

// Writes the flit `origin` describes over `flit`, every field (a source's queue builds
// its flits in place: a copy of a flit is a noticeable part of a simulated cycle).
template <class T>
void make_flit_in(T& flit, const FlitOrigin& origin) {
  flit = T{};
  if constexpr (has_time_stamps<T>::value) flit.created = origin.created;
  if constexpr (is_basic_flit<T>::value) {
    flit.id = origin.id;
    flit.traffic_class = origin.traffic_class;
    flit.source = origin.source;
    flit.destination = origin.destination;
    flit.head = origin.head;
    flit.tail = origin.tail;
    // An arithmetic payload echoes the id, so a receiver can check what it got.
    if constexpr (std::is_arithmetic_v<decltype(flit.payload)>)
      flit.payload = static_cast<decltype(flit.payload)>(origin.id);
  }
}

template <class T>
T make_flit(const FlitOrigin& origin) {
  T flit{};
  make_flit_in(flit, origin);
  return flit;
}

template <class T>
void stamp_sent(T& flit, Cycle cycle) {
  if constexpr (has_time_stamps<T>::value) flit.sent = cycle;
}

}  // namespace creditflow::core
