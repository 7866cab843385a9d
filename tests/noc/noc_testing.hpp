// Helpers for the network tests: a network from BookSim2-style key=value words, a run to
// the end of its measurement, and BookSim2's figures (reference/booksim2, with their provenance).
#pragma once
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/measurement.hpp"

namespace noc_testing {

inline creditflow::noc::NocConfig config_of(const std::vector<std::string>& words, const std::string& where = "test") {
  creditflow::noc::NocConfig config;
  for (const std::string& word : words) {
    const auto eq = word.find('=');
    config.set(where, word.substr(0, eq), word.substr(eq + 1));
  }
  return config;
}

// The line a network of `words` is refused with: a key's own (its words set at "cfg:3") or
// the keys' together ("cfg"); "accepted" when it is not.
inline std::string refusal(const std::vector<std::string>& words) {
  try {
    config_of(words, "cfg:3").validate("cfg");
  } catch (const creditflow::ParameterError& e) {
    return e.what();
  }
  return "accepted";
}

inline creditflow::noc::NocFigures measured(const std::vector<std::string>& words) {
  creditflow::noc::Network network(config_of(words), "test");
  creditflow::noc::NocRun run(network);
  while (run.next()) network.step();
  return run.figures();
}

// A run held to BookSim2's row at the same load (its table's columns avg_packet_latency and
// avg_hops): stable, its packet latency and the routers crossed within 3%.
inline void within_3_percent_of(const creditflow::noc::NocFigures& f, const std::map<std::string, std::string>& row) {
  BOOST_CHECK(f.stable);
  BOOST_CHECK_CLOSE_FRACTION(f.packet_latency, std::stod(row.at("avg_packet_latency")), 0.03);
  BOOST_CHECK_CLOSE_FRACTION(f.hops, std::stod(row.at("avg_hops")), 0.03);
}

// A CSV as rows of column -> text (lines starting with # say where it came from; a cell in
// double quotes may hold commas, as BookSim2's hotspot({{0,7},{2,1}}) does).
inline std::vector<std::map<std::string, std::string>> csv_rows(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<std::map<std::string, std::string>> rows;
  std::string line;
  std::vector<std::string> columns;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '#') continue;
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) cells.emplace_back();
      else cells.back() += c;
    }
    if (columns.empty()) {
      columns = cells;
      continue;
    }
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < cells.size() && i < columns.size(); ++i) row[columns[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

// A table of BookSim2's figures (reference/booksim2/README.md says how each was measured).
inline std::vector<std::map<std::string, std::string>> reference_csv(const std::string& file) {
  return csv_rows(std::string(CREDITFLOW_BOOKSIM_REFERENCE) + "/" + file);
}

// BookSim2's saturation of each case (by `column`) in the table `saturations` (offered 1.0,
// throughput mode): the mean of its rows, one per seed where the run's own draws move it,
// but those of runs that did not end (no figure: BookSim2 warned of a deadlock).
inline std::map<std::string, double> saturations_of(const std::string& saturations, const std::string& column) {
  std::map<std::string, std::pair<double, int>> sums;
  for (const auto& row : reference_csv(saturations)) {
    if (row.at("accepted_flits_per_node_cycle").empty()) continue;
    auto& [sum, count] = sums[row.at(column)];
    sum += std::stod(row.at("accepted_flits_per_node_cycle"));
    ++count;
  }
  std::map<std::string, double> mean;
  for (const auto& [name, sum_count] : sums) mean[name] = sum_count.first / sum_count.second;
  return mean;
}

// The knee of each curve of BookSim2's table `curves`, named by its `column`: the first load
// of the run of loads, up to the last, that BookSim2 cannot carry (it calls the run
// unstable, or accepts over 2% less), else its saturation. A load short of its offer with a
// carried one above it is the window's noise (at 0.02 it takes 1.6%, below it more).
inline std::map<std::string, double> knees(const std::string& curves, const std::string& saturations,
                                           const std::string& column) {
  std::map<std::string, double> knee = saturations_of(saturations, column);
  std::map<std::string, std::map<double, bool>> short_of;  // by case and load: not carried
  for (const auto& row : reference_csv(curves)) {
    const double rate = std::stod(row.at("injection_rate"));
    short_of[row.at(column)][rate] =
        row.at("stable") == "0" || std::stod(row.at("accepted_flits_per_node_cycle")) < 0.98 * rate;
  }
  for (const auto& [name, loads] : short_of)
    for (auto load = loads.rbegin(); load != loads.rend() && load->second; ++load)
      knee[name] = std::min(knee[name], load->first);
  return knee;
}

// The one channel of timing.md section 6 (BookSim2's 2-router anynet or k=2 n=1 mesh): node 0
// sends to node 1 and back over one router-to-router channel of latency `latency`.
inline std::vector<std::string> one_channel(int latency, int buffer, int packet, const std::string& rate,
                                            bool rate_in_flits, int credit_delay = 0) {
  return {"topology=mesh", "k=2", "n=1", "routing_function=dor", "traffic=bitcomp", "num_vcs=1",
          "sim_type=throughput", "channel_latency=" + std::to_string(latency),
          "vc_buf_size=" + std::to_string(buffer), "packet_size=" + std::to_string(packet),
          "injection_rate=" + rate, std::string("injection_rate_uses_flits=") + (rate_in_flits ? "1" : "0"),
          "credit_delay=" + std::to_string(credit_delay)};
}

// A one-flit packet sent alone from `source` to `destination` over `cycles` steps: the
// routers it was routed at, and the cycles from its injection to its retirement.
struct Alone {
  int routers = 0;
  creditflow::noc::Cycle cycles = -1;
  std::vector<std::pair<int, int>> sent;  // the router and output port of each channel it took
};
inline Alone send_alone(creditflow::noc::Network& network, int source, int destination, int cycles) {
  creditflow::noc::Cycle injected = -1, retired = -1;
  Alone alone;
  network.set_watcher([&](const creditflow::noc::NocEvent& e) {
    const std::string what = e.what;
    if (what == "injected") injected = e.cycle;
    if (what == "retired") retired = e.cycle;
    if (what == "routed") ++alone.routers;
    if (what == "sent") alone.sent.emplace_back(e.router, e.port);
  });
  network.send_packet(source, destination, 1);
  for (int i = 0; i < cycles; ++i) network.step();
  alone.cycles = retired - injected;
  return alone;
}

// Every node to every `stride`-th node of a 4-ary tree routed by nca, a packet alone: up to
// their nearest common ancestor and down, over 2 up + 1 routers, 5 cycles a router and 2.
inline void each_pair_alone_crosses_its_nearest_common_ancestor(creditflow::noc::Network& network, int stride,
                                                                const std::string& label) {
  for (int source = 0; source < network.nodes(); ++source)
    for (int destination = 0; destination < network.nodes(); destination += stride) {
      const Alone alone = send_alone(network, source, destination, 60);
      int up = 0;  // levels up to the nearest common ancestor
      for (int span = 4; source / span != destination / span; span *= 4) ++up;
      BOOST_TEST_INFO(label << " " << source << " -> " << destination);
      BOOST_CHECK_EQUAL(alone.routers, 2 * up + 1);
      BOOST_CHECK_EQUAL(alone.cycles, 5 * alone.routers + 2);
    }
}

inline std::vector<std::string> mesh(int k, int vcs, const std::string& rate, const std::string& sim_type) {
  return {"topology=mesh", "k=" + std::to_string(k), "n=2", "routing_function=dor",
          "num_vcs=" + std::to_string(vcs), "vc_buf_size=8", "packet_size=1", "traffic=uniform",
          "sim_type=" + sim_type, "injection_rate=" + rate};
}

}  // namespace noc_testing
