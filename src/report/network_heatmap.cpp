// --heatmap: a network's channels drawn over its routers, coloured by their use and by the
// credit waits they caused, side by side (a mesh or torus of one or two dimensions).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/topology.hpp"
#include "creditflow/platform/network_results.hpp"
#include "report/gnuplot.hpp"

namespace creditflow::platform {
namespace {

struct Arrow {
  double x, y, dx, dy, use, waits;
};

}  // namespace

void draw_network_heatmap(const NetworkReport& r, const std::string& file) {
  const noc::NocConfig& c = r.config;
  if (c.topology == "anynet" || c.own_shape())
    throw Error("--heatmap " + file + ": a" + (c.topology == "anynet" ? "n" : "") + " " + c.topology +
                " has no coordinates to draw it by (allowed: a mesh, torus or ring)");
  if (c.dimensions() > 2)
    throw Error("--heatmap " + file + ": a network of " + std::to_string(c.dimensions()) +
                " dimensions has no flat picture (allowed: 1 or 2 dimensions)");
  if (!ends_with(file, ".png") && !ends_with(file, ".svg"))
    throw Error("--heatmap " + file + ": the file must end in .png or .svg");
  const int k = c.k;
  const noc::KaryNcube cube(c);  // where each router sits
  const auto x_of = [&](int router) { return cube.coordinate(router, 0); };
  const auto y_of = [&](int router) { return c.dimensions() == 2 ? cube.coordinate(router, 1) : 0; };
  const double cycles = std::max<double>(static_cast<double>(r.figures.cycles), 1.0);
  std::vector<Arrow> arrows, terminals;
  double most_use = 0, most_waits = 0;
  for (const ChannelUse& ch : r.channels) {
    const int x = x_of(ch.from_id), y = y_of(ch.from_id);
    const double waits = static_cast<double>(ch.credit_waits) / cycles;
    most_use = std::max(most_use, ch.utilisation);
    most_waits = std::max(most_waits, waits);
    if (ch.to_id < 0) {
      terminals.push_back({double(x), double(y), 0, 0, ch.utilisation, waits});
      continue;
    }
    const int sign = ch.port[0] == '+' ? 1 : -1;
    const bool along_x = ch.port[1] == 'x';
    const bool wraps = along_x ? std::abs(x_of(ch.to_id) - x) != 1 : std::abs(y_of(ch.to_id) - y) != 1;
    const double length = wraps ? 0.3 : 0.7;
    const double side = 0.12 * sign;  // the two directions of a link side by side
    arrows.push_back({x + (along_x ? 0.15 * sign : side), y + (along_x ? side : 0.15 * sign),
                      along_x ? length * sign : 0, along_x ? 0 : length * sign, ch.utilisation, waits});
  }
  std::ostringstream body;
  const auto table = [&](const char* name, const std::vector<Arrow>& items, bool use) {
    body << "$" << name << " << EOD\n";
    for (const Arrow& a : items) {
      char line[160];
      std::snprintf(line, sizeof line, "%.3f %.3f %.3f %.3f %.6g\n", a.x, a.y, a.dx, a.dy, use ? a.use : a.waits);
      body << line;
    }
    body << "EOD\n";
  };
  table("use", arrows, true);
  table("use_t", terminals, true);
  table("waits", arrows, false);
  table("waits_t", terminals, false);
  char range[64];
  body << "set multiplot layout 1,2 title " << quoted("network '" + r.name + "': " + std::to_string(k) + (c.dimensions() == 2 ? "x" + std::to_string(k) : "") + " " + c.topology + ", offered " + std::to_string(r.figures.offered).substr(0, 6) + " flits/node/cycle") << "\n"
       << "set size ratio -1\nunset key\nset xrange [-0.7:" << k - 0.3 << "]\nset yrange [-0.7:"
       << (c.dimensions() == 2 ? k - 0.3 : 0.7) << "]\nset xtics 1\nset ytics 1\nset palette defined (0 '#f7fbff', 0.5 '#fd8d3c', 1 '#7f0000')\n";
  std::snprintf(range, sizeof range, "set cbrange [0:%.6g]\n", most_use > 0 ? most_use : 1);
  body << range << "set title 'channel use (flits/cycle over the run; dots: to the terminal)'\n"
       << "plot $use using 1:2:3:4:5 with vectors head filled size 0.12,20 lw 4 lc palette, "
          "$use_t using 1:2:5 with points pt 7 ps 2 lc palette\n";
  std::snprintf(range, sizeof range, "set cbrange [0:%.6g]\n", most_waits > 0 ? most_waits : 1);
  body << range << "set title 'switch requests held for a credit, per cycle'\n"
       << "plot $waits using 1:2:3:4:5 with vectors head filled size 0.12,20 lw 4 lc palette, "
          "$waits_t using 1:2:5 with points pt 7 ps 2 lc palette\nunset multiplot\n";
  draw_with_gnuplot(body.str(), file, "--heatmap", "1200,600");
}

}  // namespace creditflow::platform
