// What a link is offered where no pattern of its own says it: a class_sender's classes
// fed by `sources`, and a loop out of a network (a network_interface's), from the sources
// whose flits its receiver takes. Both views call these once a platform has run.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/link_report.hpp"
#include "creditflow/platform/simulate.hpp"
#include "run/collect_results.hpp"

namespace creditflow::platform {

using Contribute = std::function<void(const LoopPart&, core::LinkReport&)>;

// Each class of a class_sender fed from its input: what the sources mapped to it offer.
void fed_class_rates(const Platform& platform, const Contribute& contribute, RunResult& result);
// The (source, receiver) pairs a responder's `replies` give: whose requests it answers, and
// where the answers go.
std::vector<std::pair<std::string, std::string>> replies_of(const ResolvedComponent& c);
// What `source` offers `destination`, per cycle of `clock`: its rate times its share of
// flits to it; a responder's answers to it are the requests of the sources it answers for
// with them. Each source's rate and shares are worked out once: a platform's flows can be
// thousands (60 terminals, each to 60 receivers).
class FlowOffers {
 public:
  FlowOffers(const Platform& platform, const Contribute& contribute) : platform_(platform), contribute_(contribute) {}
  double offered(const std::string& source, const std::string& destination, const std::string& clock);
  // Whether what `source` offers comes at random: its pattern's arrivals or its choice of
  // destination, or, for a responder, the requests it answers.
  bool random(const std::string& source);

 private:
  struct Source {
    double rate = 0;                       // per cycle of its clock
    bool random = false;                   // its arrivals or its choice of destination
    std::map<std::string, double> shares;  // by destination
    std::vector<std::pair<std::string, std::string>> replies;
  };
  const Source& source(const std::string& name);
  const Platform& platform_;
  const Contribute& contribute_;
  std::map<std::string, Source> sources_;
};
// Each flow's `offered` and `offered_noise` (FlowReport), where its source's kind says it.
void flow_offers(const Platform& platform, const Contribute& contribute, std::vector<FlowReport>& flows);
// Each loop out of a network: what its receiver's flows bring (see offered_rates.cpp).
void network_offered_rates(const Platform& platform, const Contribute& contribute, RunResult& result);

}  // namespace creditflow::platform
