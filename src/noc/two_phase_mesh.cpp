#include "creditflow/noc/two_phase_mesh.hpp"

#include "creditflow/noc/traffic.hpp"

namespace creditflow::noc {

int TwoPhaseMesh::intermediate(int source, int destination) const {
  if (!within_box_) return uniform_int(coin_, cube_.routers() - 1);
  int router = 0;
  for (int dim = 0, stride = 1; dim < cube_.n(); ++dim, stride *= cube_.k()) {
    const int from = cube_.coordinate(source, dim), to = cube_.coordinate(destination, dim);
    router += stride * (from < to ? from + uniform_int(coin_, to - from) : to + uniform_int(coin_, from - to));
  }
  return router;
}

Route TwoPhaseMesh::route(int router, int input, NocFlit& flit) const {
  if (input == cube_.terminal_port()) {  // entering the network: draw where it turns
    flit.phase = 0;
    flit.intermediate = intermediate(flit.source, flit.destination);
  }
  if (flit.phase == 0 && router == flit.intermediate) flit.phase = 1;
  const int port = dor_port(cube_, router, flit.phase == 0 ? flit.intermediate : flit.destination);
  if (router == flit.destination) return {port, 0, vcs_ - 1};
  const int half = vcs_ / 2;
  return flit.phase == 0 ? Route{port, 0, vcs_ - 1 - half} : Route{port, half, vcs_ - 1};
}

}  // namespace creditflow::noc
