// The pieces a steady-state jump is made of (see loop_fast_forward.hpp). A Shape lists
// everything in a part's state that decides its future, with times relative to the
// current cycle and flit ids relative to the next id to be created: two cycles with equal
// shapes are followed by the same behaviour, shifted. A Repeat says how far one period
// moved time and ids, and how many more periods to add: every counter then grows by k
// times what it grew over the period, every stored time and id moves k periods on.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "creditflow/core/flit.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct Shape {
  std::vector<std::int64_t> values;
  void add(std::int64_t v) { values.push_back(v); }
  void add(std::uint64_t v) { values.push_back(static_cast<std::int64_t>(v)); }
  friend bool operator==(const Shape& a, const Shape& b) { return a.values == b.values; }
};

struct Repeat {
  std::uint64_t periods = 0;  // k: periods added
  Cycle cycles = 0;           // P: cycles per period
  std::uint64_t ids = 0;      // flits created per period

  // A counter that grew from `earlier` to `now` over one period, after k more.
  template <class N>
  N count(N now, N earlier) const {
    return static_cast<N>(now + static_cast<N>(periods) * (now - earlier));
  }
  Cycle time(Cycle t) const { return t + periods * cycles; }
};

// Only the default flit has every field a jump must move; other payloads step every cycle.
template <class T>
inline constexpr bool jumpable_flit = std::is_same_v<T, Flit>;

// A flit's shape; `sent` only once it has been sent (a queued flit's stamp is unset).
inline void add_flit(Shape& s, const Flit& f, Cycle now, std::uint64_t next_id, bool sent) {
  s.add(f.id - next_id);
  s.add(std::uint64_t{f.traffic_class});
  s.add(f.created - now);
  s.add(sent ? f.sent - now : 0);
  s.add(std::uint64_t{f.data_units});
  s.add(std::uint64_t{f.source} << 32 | f.destination);
  s.add(std::uint64_t{f.head} << 1 | std::uint64_t{f.tail});
  s.add(f.payload - f.id);
}

inline void move_flit(Flit& f, const Repeat& r, bool sent) {
  f.id += r.periods * r.ids;
  f.payload += r.periods * r.ids;
  f.created = r.time(f.created);
  if (sent) f.sent = r.time(f.sent);
}

}  // namespace creditflow::core
