// A channel between routers that loses the first credits it carries back at or after a
// cycle, as a user's faulty wrapper might: the tests' own kind, defined on the built-in vc_link, so that
// the platform's per-VC check of a channel has something to find.
#pragma once
#include <cstdint>
#include <string>

#include <creditflow/kinds/vc_link.hpp>

class LeakyVcLink : public creditflow::kinds::Behaviour<creditflow::core::Flit> {
 public:
  using Link = creditflow::kinds::VcLinkKind;
  static constexpr auto ports = Link::ports;
  static constexpr bool holds_credits = false;
  static constexpr bool counts_flits = true;
  using Io = Link::Io;

  // `counters`: the check reads the link's counters of its flits and credits by VC (as the
  // built-in vc_link's are read), else asks it for its terms each time.
  LeakyVcLink(std::int64_t latency, std::int64_t lose_at, bool counters, const std::string& name)
      : link_(latency, name), lose_at_(lose_at), counters_(counters) {}

  void edge(int domain, Io& io) {
    link_.edge(domain, io);
    ++now_;
  }
  void drive(Io& io) {
    link_.drive(io);
    if (!lost_ && lose_at_ >= 0 && now_ >= lose_at_ && io[Link::credit_out]->vcs != 0) {
      io[Link::credit_out]->vcs = 0;  // what it carried back is gone
      lost_ = true;
    }
  }
  void add_vc_terms(std::size_t port, creditflow::core::VcTerms& t) const { link_.add_vc_terms(port, t); }
  bool vc_cells(std::size_t port, int vc, creditflow::core::VcCells& c) const {
    return counters_ && link_.vc_cells(port, vc, c);
  }
  void count(creditflow::core::Census& c) const { link_.count(c); }

 private:
  Link link_;
  std::int64_t lose_at_;
  bool counters_;
  std::int64_t now_ = 0;
  bool lost_ = false;
};
