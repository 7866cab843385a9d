// BookSim2's two-phase routings on a mesh, valiant and romm: a packet goes by dimension
// order to an intermediate router drawn at the router it enters by (valiant: any router;
// romm: one inside the box its source and destination span, a coordinate drawn for each
// dimension), then by dimension order on to its destination. The first phase keeps to the
// lower half of the VCs and the second to the upper, which breaks the cycles that turning
// twice would make; at the destination's router a packet may take any VC.
#pragma once
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class TwoPhaseMesh : public Routing {
 public:
  // `within_box`: romm, else valiant. (Its own copy of the mesh: a network of parts routes
  // by it on their listed topology.)
  TwoPhaseMesh(KaryNcube cube, int vcs, std::mt19937_64& coin, bool within_box)
      : cube_(std::move(cube)), vcs_(vcs), coin_(coin), within_box_(within_box) {}
  Route route(int router, int input, NocFlit& flit) const override;
  // Which router a packet turns at is drawn: a destination alone cannot say.
  std::vector<int> outputs(int, int, int) const override { return {}; }
  static bool takes(const std::string& name) { return name == "valiant" || name == "romm"; }

 private:
  int intermediate(int source, int destination) const;
  KaryNcube cube_;
  int vcs_;
  std::mt19937_64& coin_;
  bool within_box_;
};

}  // namespace creditflow::noc
