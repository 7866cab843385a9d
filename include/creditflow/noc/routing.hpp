// Where a head flit goes from a router: an output port and the VCs it may take there.
#pragma once
#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::noc {

struct Route {
  int port = 0;
  int first_vc = 0;
  int last_vc = 0;
};

class Routing {
 public:
  virtual ~Routing() = default;
  // The route of `flit` (a head) arriving at `router` on input port `input`; a torus route
  // records its dateline class in the flit.
  virtual Route route(int router, int input, NocFlit& flit) const = 0;
};

}  // namespace creditflow::noc
