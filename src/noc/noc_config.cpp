#include "creditflow/noc/noc_config.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
#include "trimmed.hpp"
#include "creditflow/noc/anynet.hpp"
#include "creditflow/noc/concentrated_mesh.hpp"
#include "creditflow/noc/two_phase_mesh.hpp"
#include "creditflow/noc/routing.hpp"

namespace creditflow::noc {
namespace {

[[noreturn]] void refuse(const std::string& where, const std::string& key,
                         const std::string& value, const std::string& allowed) {
  throw ParameterError(where + ": " + key + " = '" + value + "' is not allowed (allowed " +
                       allowed + ")");
}

long long whole(const std::string& where, const std::string& key, const std::string& value,
                long long lo, long long hi) {
  const std::string text = trimmed(value);
  std::size_t used = 0;
  long long number = 0;
  try {
    number = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || number < lo || number > hi)
    refuse(where, key, value,
           "a whole number " + std::to_string(lo) + ".." + std::to_string(hi));
  return number;
}

double real(const std::string& where, const std::string& key, const std::string& value,
            double lo, double hi) {
  const std::string text = trimmed(value);
  std::size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || !std::isfinite(number) || number < lo ||
      number > hi) {
    char range[64];
    std::snprintf(range, sizeof range, "a number %g..%g", lo, hi);
    refuse(where, key, value, range);
  }
  return number;
}

// BookSim2 writes a list as {a,b,c}; a single number is a list of one.
std::vector<int> whole_list(const std::string& where, const std::string& key,
                            const std::string& value, long long lo, long long hi) {
  std::string text = trimmed(value);
  if (!text.empty() && text.front() == '{' && text.back() == '}')
    text = text.substr(1, text.size() - 2);
  std::vector<int> numbers;
  if (trimmed(text).empty()) return numbers;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const auto item = text.substr(start, comma == std::string::npos ? std::string::npos
                                                                    : comma - start);
    numbers.push_back(static_cast<int>(whole(where, key, item, lo, hi)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return numbers;
}

using Setter = std::function<void(NocConfig&, const std::string&, const std::string&,
                                  const std::string&)>;
using Getter = std::function<std::string(const NocConfig&)>;

struct Field {
  Setter set;
  Getter get;
  std::string allowed;  // in words, for `creditflow list`
  NocConfig::KeyInfo info{};  // its type and range (its doc comes from key_docs())
};
using Type = NocConfig::KeyInfo::Type;

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

std::string list_text(const std::vector<int>& items) {
  std::string text;
  for (int item : items) text += (text.empty() ? "" : ",") + std::to_string(item);
  return items.size() > 1 ? "{" + text + "}" : text;
}

template <class Member>
Field int_field(Member field, long long lo, long long hi) {
  return {[=](NocConfig& c, const std::string& where, const std::string& key,
              const std::string& value) {
            c.*field = static_cast<int>(whole(where, key, value, lo, hi));
          },
          [=](const NocConfig& c) { return std::to_string(c.*field); },
          std::to_string(lo) + ".." + std::to_string(hi),
          {Type::integer, static_cast<double>(lo), static_cast<double>(hi), {}, ""}};
}
template <class Member>
Field real_field(Member field, double lo, double hi) {
  return {[=](NocConfig& c, const std::string& where, const std::string& key,
              const std::string& value) { c.*field = real(where, key, value, lo, hi); },
          [=](const NocConfig& c) { return number_text(c.*field); },
          number_text(lo) + ".." + number_text(hi),
          {Type::real, lo, hi, {}, ""}};
}
template <class Member>
Field name_field(Member field, std::initializer_list<const char*> allowed) {
  const std::vector<const char*> names(allowed);
  return {[=](NocConfig& c, const std::string& where, const std::string& key,
              const std::string& value) {
    std::string list;
    for (const char* name : names) {
      if (trimmed(value) == name) {
        c.*field = name;
        return;
      }
      list += (list.empty() ? "" : ", ") + std::string(name);
    }
    refuse(where, key, value, list);
  },
          [=](const NocConfig& c) { return c.*field; },
          [&] {
            std::string words = "one of ";
            for (std::size_t i = 0; i < names.size(); ++i) words += (i ? ", " : "") + std::string(names[i]);
            return words;
          }(),
          {Type::choice, 0, 0, std::vector<std::string>(names.begin(), names.end()), ""}};
}
template <class Member>
Field list_field(Member field, long long lo, long long hi) {
  return {[=](NocConfig& c, const std::string& where, const std::string& key,
              const std::string& value) { c.*field = whole_list(where, key, value, lo, hi); },
          [=](const NocConfig& c) { return list_text(c.*field); },
          "a list, each " + std::to_string(lo) + ".." + std::to_string(hi)};
}

// BookSim2's per-class keys: {a,b} is a value per traffic class, {{a,b}} a list for the one
// class creditflow models; a bare "a,b" is creditflow's own way to write that list.
template <class Member>
Field per_class_list_field(Member field, long long lo, long long hi) {
  return {[=](NocConfig& c, const std::string& where, const std::string& key, const std::string& value) {
            const std::string text = trimmed(value);
            const bool braced = text.size() >= 2 && text.front() == '{' && text.back() == '}';
            const std::string inside = braced ? trimmed(text.substr(1, text.size() - 2)) : text;
            if (!braced || (!inside.empty() && inside.front() == '{')) {
              // "a,b" or {{a,b}}: one class's list. {{a},{b}} would be two classes.
              if (inside.find('}') != std::string::npos && inside.find('}') + 1 != inside.size())
                refuse(where, key, value, "one traffic class's list, {{a,b}} or a,b: creditflow models one class");
              c.*field = whole_list(where, key, inside, lo, hi);
              return;
            }
            const std::vector<int> per_class = whole_list(where, key, inside, lo, hi);
            if (per_class.size() != 1)
              refuse(where, key, value,
                     "one value per traffic class and creditflow models one class: {{a,b}} for a list in it");
            c.*field = per_class;
          },
          [=](const NocConfig& c) {
            const std::vector<int>& items = c.*field;
            return items.size() > 1 ? "{" + list_text(items) + "}" : list_text(items);
          },
          "a value or a list, each " + std::to_string(lo) + ".." + std::to_string(hi)};
}

// BookSim2's list of lists: {a,{b,c}} is the items "a" and "{b,c}", a text without braces
// one item (its tokenize_str).
std::vector<std::string> booksim_items(const std::string& text) {
  if (text.empty() || text.front() != '{' || text.back() != '}') return {text};
  std::vector<std::string> items;
  int depth = 0;
  std::size_t start = 1;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    else if (text[i] == '}') --depth;
    else if (text[i] == ',' && depth == 0) {
      items.push_back(trimmed(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  items.push_back(trimmed(text.substr(start, text.size() - 1 - start)));
  return items;
}

const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names{"uniform",  "uniform_noself", "transpose",    "bitcomp", "bitrev",
                                              "shuffle",  "tornado",        "neighbor",     "hotspot", "randperm",
                                              "diagonal", "asymmetric",     "taper64",      "badperm_yarc", "trace"};
  return names;
}

// BookSim2's traffic: a pattern's name, with the arguments the two that take them take:
// hotspot({{nodes},{weights}}) (weights short of the nodes repeat the last, as BookSim2
// fills them) and randperm(seed).
Field traffic_field() {
  const std::string allowed = [] {
    std::string list;
    for (const auto& name : pattern_names()) list += (list.empty() ? "" : ", ") + name;
    return "one of " + list + "; hotspot({{nodes},{weights}}) and randperm(seed) with their arguments";
  }();
  return {[=](NocConfig& c, const std::string& where, const std::string& key, const std::string& value) {
            const std::string text = trimmed(value);
            if (!text.empty() && text.front() == '{')
              refuse(where, key, value, "one pattern: a list is a pattern per traffic class, and creditflow models "
                                        "one class");
            const auto open = text.find('(');
            const std::string name = trimmed(text.substr(0, open));
            if (std::find(pattern_names().begin(), pattern_names().end(), name) == pattern_names().end())
              refuse(where, key, value, allowed);
            if (open != std::string::npos) {
              if (text.back() != ')') refuse(where, key, value, name + "(...) closed by its ')'");
              const std::string inside = trimmed(text.substr(open + 1, text.size() - open - 2));
              if (name == "randperm") {
                c.perm_seed = static_cast<int>(whole(where, key, inside, 0, 2147483647));
              } else if (name == "hotspot") {
                const auto items = booksim_items(inside);
                if (items.size() > 2)
                  refuse(where, key, value, "hotspot({{nodes},{weights}}): the nodes and at most their weights");
                const auto numbers = [&](const std::string& item, int lo, const char* what) {
                  try {
                    return whole_list(where, key, item, lo, 1 << 20);
                  } catch (const ParameterError&) {
                    refuse(where, key, value, std::string("hotspot({{nodes},{weights}}) with ") + what);
                  }
                };
                std::vector<int> nodes = numbers(items[0], -(1 << 20), "node numbers");
                if (nodes.empty()) refuse(where, key, value, "hotspot({{nodes},{weights}}) with a node at least");
                if (*std::min_element(nodes.begin(), nodes.end()) < 0)
                  refuse(where, key, value, "nodes from 0: BookSim2 draws a negative one at random from its own "
                                            "generator, which a run here cannot repeat");
                std::vector<int> rates;
                if (items.size() == 2) {
                  rates = numbers(items[1], 1, "weights from 1");
                  if (rates.empty()) refuse(where, key, value, "hotspot({{nodes},{weights}}) with a weight at least");
                  rates.resize(nodes.size(), rates.back());
                }
                c.hotspot_nodes = nodes;
                c.hotspot_rates = rates;
              } else {
                refuse(where, key, value, name + " without arguments (only hotspot and randperm take them)");
              }
            }
            c.traffic = name;
          },
          [](const NocConfig& c) {
            if (c.traffic == "randperm" && c.perm_seed != 0) return "randperm(" + std::to_string(c.perm_seed) + ")";
            if (c.traffic != "hotspot" || c.hotspot_nodes.empty()) return c.traffic;
            // One node is a bare number, as BookSim2 reads it: hotspot({5,3}) is node 5 of weight 3.
            return "hotspot({" + list_text(c.hotspot_nodes) +
                   (c.hotspot_rates.empty() ? "" : "," + list_text(c.hotspot_rates)) + "})";
          },
          allowed};
}

// Values BookSim2 accepts that creditflow models only at their default: set to anything
// else, they are refused with the one value allowed.
Field only(const char* allowed) {
  return {[=](NocConfig&, const std::string& where, const std::string& key,
              const std::string& value) {
            if (trimmed(value) != allowed)
              refuse(where, key, value,
                     std::string(allowed) + " only: creditflow models BookSim2's default");
          },
          [=](const NocConfig&) { return std::string(allowed); },
          std::string(allowed) + " only (BookSim2's default, the one creditflow models)"};
}

const std::vector<std::pair<std::string, Field>>& table() {
  static const std::vector<std::pair<std::string, Field>> setters{
      {"topology", name_field(&NocConfig::topology, {"mesh", "torus", "ring", "anynet", "fattree", "qtree", "cmesh"})},
      {"netlist", {[](NocConfig& c, const std::string&, const std::string&, const std::string& value) { c.netlist = value; },
                   [](const NocConfig& c) { return c.netlist; },
                   "BookSim2's anynet lines"}},
      {"network_file", {[](NocConfig& c, const std::string&, const std::string&, const std::string& value) {
                          c.network_file = trimmed(value);
                        },
                        [](const NocConfig& c) { return c.network_file; },
                        "a file's path"}},
      {"router_names", {[](NocConfig& c, const std::string& where, const std::string& key, const std::string& value) {
                          c.router_names.clear();
                          std::string text = trimmed(value);
                          if (text.empty()) return;
                          for (std::size_t start = 0;;) {
                            const auto comma = text.find(',', start);
                            const std::string name = trimmed(text.substr(start, comma - start));
                            const bool word = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                                              std::all_of(name.begin(), name.end(), [](char ch) {
                                                return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
                                              });
                            if (!word) refuse(where, key, value, "names of letters, digits and _, parted by commas");
                            if (std::find(c.router_names.begin(), c.router_names.end(), name) != c.router_names.end())
                              refuse(where, key, value, "each name once (" + name + " is twice)");
                            c.router_names.push_back(name);
                            if (comma == std::string::npos) break;
                            start = comma + 1;
                          }
                        },
                        [](const NocConfig& c) {
                          std::string text;
                          for (const std::string& name : c.router_names) text += (text.empty() ? "" : ",") + name;
                          return text;
                        },
                        "names of letters, digits and _, parted by commas"}},
      {"k", int_field(&NocConfig::k, 2, 64)},
      {"n", int_field(&NocConfig::n, 1, 3)},
      {"channel_latency", int_field(&NocConfig::channel_latency, 0, 64)},
      {"c", int_field(&NocConfig::c, 1, 64)},
      {"x", int_field(&NocConfig::x, 1, 64)},
      {"y", int_field(&NocConfig::y, 1, 64)},
      {"xr", int_field(&NocConfig::xr, 1, 8)},
      {"yr", int_field(&NocConfig::yr, 1, 8)},
      {"use_noc_latency", int_field(&NocConfig::use_noc_latency, 0, 1)},
      {"routing_function",
       {[](NocConfig& c, const std::string& where, const std::string& key, const std::string& value) {
          const std::string name = trimmed(value);
          const auto names = routing_names();
          if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string list;
            for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
            refuse(where, key, value, list);
          }
          c.routing_function = name;
        },
        [](const NocConfig& c) { return c.routing_function; },
        "a routing function's name (dor, dim_order, min, nca, anca, or one registered in C++)"}},
      {"num_vcs", int_field(&NocConfig::num_vcs, 1, 64)},
      {"vc_buf_size", int_field(&NocConfig::vc_buf_size, 1, 4096)},
      {"routing_delay", int_field(&NocConfig::routing_delay, 1, 16)},
      {"vc_alloc_delay", int_field(&NocConfig::vc_alloc_delay, 1, 16)},
      {"sw_alloc_delay", int_field(&NocConfig::sw_alloc_delay, 1, 16)},
      {"st_prepare_delay", int_field(&NocConfig::st_prepare_delay, 0, 16)},
      {"st_final_delay", int_field(&NocConfig::st_final_delay, 0, 16)},
      {"credit_delay", int_field(&NocConfig::credit_delay, 0, 64)},
      {"wait_for_tail_credit", int_field(&NocConfig::wait_for_tail_credit, 0, 1)},
      {"vc_allocator", name_field(&NocConfig::vc_allocator, {"islip", "separable_input_first", "separable_output_first"})},
      {"sw_allocator", name_field(&NocConfig::sw_allocator, {"islip", "separable_input_first", "separable_output_first"})},
      {"alloc_iters", int_field(&NocConfig::alloc_iters, 1, 16)},
      {"traffic", traffic_field()},
      {"injection_rate", real_field(&NocConfig::injection_rate, 0.0, 64.0)},
      {"injection_rate_uses_flits", int_field(&NocConfig::injection_rate_uses_flits, 0, 1)},
      {"injection_process", name_field(&NocConfig::injection_process, {"bernoulli", "on_off"})},
      {"burst_alpha", real_field(&NocConfig::burst_alpha, 0.0, 1.0)},
      {"burst_beta", real_field(&NocConfig::burst_beta, 0.0, 1.0)},
      {"packet_size", per_class_list_field(&NocConfig::packet_size, 1, 4096)},
      {"packet_size_rate", per_class_list_field(&NocConfig::packet_size_rate, 0, 1000000)},
      {"hotspot_nodes", list_field(&NocConfig::hotspot_nodes, 0, 1 << 20)},
      {"hotspot_rates", list_field(&NocConfig::hotspot_rates, 1, 1000000)},
      {"perm_seed", {[](NocConfig& c, const std::string& where, const std::string& key, const std::string& value) {
                       if (trimmed(value) == "time")
                         refuse(where, key, value, "a whole number 0..2147483647: BookSim2's 'time' seeds the "
                                                   "permutation from the clock, which no other run can repeat");
                       c.perm_seed = static_cast<int>(whole(where, key, value, 0, 2147483647));
                     },
                     [](const NocConfig& c) { return std::to_string(c.perm_seed); },
                     "0..2147483647",
                     {Type::integer, 0, 2147483647.0, {}, ""}}},
      {"include_queuing", int_field(&NocConfig::include_queuing, 0, 1)},
      {"trace_file", {[](NocConfig& c, const std::string&, const std::string&, const std::string& value) {
                        c.trace_file = trimmed(value);
                      },
                      [](const NocConfig& c) { return c.trace_file; },
                      "a file's path"}},
      {"flit_bytes", int_field(&NocConfig::flit_bytes, 0, 1 << 20)},
      {"sim_type", name_field(&NocConfig::sim_type, {"latency", "throughput", "window"})},
      {"warmup_periods", int_field(&NocConfig::warmup_periods, 0, 1000)},
      {"sample_period", int_field(&NocConfig::sample_period, 1, 100000000)},
      {"max_samples", int_field(&NocConfig::max_samples, 1, 100000)},
      {"latency_thres", real_field(&NocConfig::latency_thres, -1.0, 1e12)},
      {"warmup_thres", real_field(&NocConfig::warmup_thres, -1.0, 1e12)},
      {"stopping_thres", real_field(&NocConfig::stopping_thres, -1.0, 1e12)},
      {"acc_warmup_thres", real_field(&NocConfig::acc_warmup_thres, -1.0, 1e12)},
      {"acc_stopping_thres", real_field(&NocConfig::acc_stopping_thres, -1.0, 1e12)},
      {"seed", {[](NocConfig& c, const std::string& where, const std::string& key,
                   const std::string& value) {
                  c.seed = static_cast<std::uint64_t>(whole(where, key, value, 0, 4294967295LL));
                },
                [](const NocConfig& c) { return std::to_string(c.seed); },
                "0..4294967295",
                {Type::integer, 0, 4294967295.0, {}, ""}}},
      {"router", only("iq")},
      {"speculative", only("0")},
      {"input_speedup", int_field(&NocConfig::input_speedup, 1, 16)},
      {"output_speedup", int_field(&NocConfig::output_speedup, 1, 16)},
      {"internal_speedup", real_field(&NocConfig::internal_speedup, 1.0, 16.0)},
      {"hold_switch_for_packet", only("0")},
      {"vc_busy_when_full", only("0")},
      {"vc_prioritize_empty", only("0")},
      {"vc_shuffle_requests", only("0")},
      {"classes", only("1")},
      {"subnets", only("1")},
      {"sim_count", only("1")},
      {"use_read_write", only("0")},
      {"priority", only("none")},
      {"buffer_policy", only("private")},
      {"noq", only("0")},
      {"arb_type", only("round_robin")},
  };
  return setters;
}

// What each key means, for `creditflow list` and the table of docs/guide/networks.md.
const std::map<std::string, std::string>& key_docs() {
  static const std::map<std::string, std::string> docs{
      {"topology", "mesh, torus, ring (a torus of one dimension), anynet (a netlist), fattree (a k-ary n-tree), "
                   "qtree (a tree of k = 4 children a router, n = 3 levels) or cmesh (a k x k mesh of 4 nodes a "
                   "router, with express channels on its edges)"},
      {"netlist", "anynet: BookSim2's netlist, lines like 'router 0 node 0 router 1 4' (';' may part them)"},
      {"network_file", "anynet: the file holding the netlist, beside the model"},
      {"router_names", "anynet: the routers' names for the reports, router 0 first (a,b,c; creditflow's key)"},
      {"k", "routers per dimension (fattree: ports up and down a router)"},
      {"n", "dimensions (fattree: levels)"},
      {"channel_latency", "cycles on a router-to-router channel, both ways (0: BookSim2's, 1 on a mesh, 2 on a torus)"},
      {"c", "cmesh: nodes a router (4, as BookSim2 builds it; 1 elsewhere)"},
      {"x", "cmesh: routers along x, which BookSim2 asks to equal y (it reads k)"},
      {"y", "cmesh: routers along y"},
      {"xr", "cmesh: nodes a router along x (2; BookSim2's tornado, neighbor and badperm_yarc count digits of k xr)"},
      {"yr", "cmesh: nodes a router along y (2)"},
      {"use_noc_latency", "cmesh: 1, a channel takes 2 cycles (k on an express one); 0, every channel 1"},
      {"routing_function", "dor (mesh), dim_order (torus, ring: a dateline splits the VCs in two classes), min (anynet), "
                           "nca (fattree: up by a random port to the nearest common ancestor, then down; qtree: up its "
                           "one way), anca (fattree: up by the less loaded of two random ports), dor, xy_yx, "
                           "dor_no_express, xy_yx_no_express (cmesh: x then y, or either by a coin in its half of "
                           "the VCs; express channels or not), valiant, romm (mesh: by dor to a router drawn anywhere, "
                           "or inside the box of source and destination, then on, each phase in its half of the "
                           "VCs), or one registered in C++"},
      {"num_vcs", "virtual channels per port"},
      {"vc_buf_size", "flits each VC buffers at each input"},
      {"routing_delay", "cycles to route a head flit"},
      {"vc_alloc_delay", "cycles of VC allocation"},
      {"sw_alloc_delay", "cycles of switch allocation"},
      {"st_prepare_delay", "cycles before switch traversal"},
      {"st_final_delay", "cycles of switch traversal"},
      {"credit_delay", "cycles before a credit received counts"},
      {"wait_for_tail_credit", "1: a VC is free for a new packet only when its tail's credit is back"},
      {"vc_allocator", "islip, separable_input_first or separable_output_first (round-robin arbiters)"},
      {"sw_allocator", "islip, separable_input_first or separable_output_first (round-robin arbiters)"},
      {"alloc_iters", "iSLIP iterations (the separable allocators make one pass)"},
      {"traffic", "uniform (self included), uniform_noself, transpose, bitcomp, bitrev, shuffle, tornado, neighbor, "
                  "hotspot (hotspot({{nodes},{weights}}) as BookSim2 writes it), randperm (a permutation drawn as "
                  "BookSim2 draws it from perm_seed; randperm(seed)), diagonal (the next node 1 time in 3, else "
                  "itself), asymmetric (its place in either half), "
                  "taper64 (64 nodes: half the time within one of it in both digits of 8, else uniform), badperm_yarc "
                  "(a random column of its row's digit, on k x k nodes), trace (trace_file)"},
      {"injection_rate", "packets per node and cycle (flits with injection_rate_uses_flits = 1)"},
      {"injection_rate_uses_flits", "1: injection_rate counts flits"},
      {"injection_process", "bernoulli or on_off (bursty)"},
      {"burst_alpha", "on_off: chance per cycle to turn on"},
      {"burst_beta", "on_off: chance per cycle to turn off"},
      {"packet_size", "flits per packet, or sizes drawn by packet_size_rate: a,b or BookSim2's {{a,b}}"},
      {"packet_size_rate", "weights of the packet sizes: x,y or {{x,y}}"},
      {"hotspot_nodes", "hotspot traffic: the nodes all packets go to, {a,b,...} (the first of hotspot(...)'s "
                        "arguments)"},
      {"hotspot_rates", "hotspot traffic: their weights (the second of hotspot(...)'s arguments)"},
      {"perm_seed", "randperm traffic: the seed of the permutation, BookSim2's generator drawing it as BookSim2 does"},
      {"include_queuing", "1: packet latency counts from when the packet fell due at its source"},
      {"trace_file", "traffic = trace: the trace the nodes replay (CSV, or gzip), beside the model; its sources and "
                     "destinations are node numbers"},
      {"flit_bytes", "traffic = trace: bytes a flit carries; a record is a packet of its bytes over this, rounded up"},
      {"sim_type", "latency or throughput (BookSim2's measurement), window (run.warmup, then to run.cycles)"},
      {"warmup_periods", "sample periods of warm-up"},
      {"sample_period", "cycles per sample"},
      {"max_samples", "sample periods at most"},
      {"latency_thres", "mean latency above which the run is unstable"},
      {"warmup_thres", "latency change under which warm-up ends (warmup_periods 0)"},
      {"stopping_thres", "latency change under which a sample counts as converged"},
      {"acc_warmup_thres", "accepted-rate change under which warm-up ends (warmup_periods 0)"},
      {"acc_stopping_thres", "accepted-rate change under which a sample counts as converged"},
      {"seed", "seed of the traffic"},
      {"input_speedup", "crossbar inputs per router input: VCs of one input that may cross in one cycle"},
      {"output_speedup", "crossbar outputs per router output: inputs that may reach one output in one cycle"},
      {"internal_speedup", "crossbar cycles per router cycle"},
  };
  return docs;
}

}  // namespace

NocConfig::KeyInfo NocConfig::info(const std::string& key) {
  for (const auto& [name, field] : table())
    if (name == key) {
      KeyInfo info = field.info;
      const auto doc = key_docs().find(key);
      info.doc = doc != key_docs().end() ? doc->second : "BookSim2's key, modelled at its default only";
      return info;
    }
  throw ParameterError("'" + key + "' is not a network parameter");
}

std::string NocConfig::allowed(const std::string& key) {
  for (const auto& [name, field] : table())
    if (name == key) return field.allowed;
  return "";
}

void NocConfig::set(const std::string& where, const std::string& key, const std::string& value) {
  for (const auto& [name, field] : table())
    if (name == key) return field.set(*this, where, key, value);
  throw ParameterError(where + ": '" + key + "' is not a network parameter (allowed: " +
                       [] {
                         std::string names;
                         for (const auto& entry : table())
                           names += (names.empty() ? "" : ", ") + entry.first;
                         return names;
                       }() +
                       ")");
}

std::string NocConfig::text(const std::string& key) const {
  for (const auto& [name, field] : table())
    if (name == key) return field.get(*this);
  return "";
}

bool NocConfig::knows(const std::string& key) {
  const auto& entries = table();
  return std::any_of(entries.begin(), entries.end(),
                     [&](const auto& entry) { return entry.first == key; });
}

const std::vector<std::string>& NocConfig::keys() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& entry : table()) all.push_back(entry.first);
    return all;
  }();
  return names;
}

bool NocConfig::drawn_routing() const { return own_shape() || TwoPhaseMesh::takes(routing_function); }

int NocConfig::nodes() const {
  if (topology == "anynet") return netlist_nodes(netlist);
  int count = topology == "cmesh" ? c : 1;
  for (int d = 0; d < dimensions(); ++d) count *= k;
  return count;
}

int NocConfig::channel_cycles() const {
  if (channel_latency > 0) return channel_latency;
  return topology == "mesh" ? 1 : 2;
}

std::vector<int> NocConfig::size_weights() const {
  // As BookSim2: one weight given for several sizes stands for each of them.
  if (packet_size_rate.size() == packet_size.size()) return packet_size_rate;
  return std::vector<int>(packet_size.size(), packet_size_rate.empty() ? 1 : packet_size_rate.back());
}

double NocConfig::mean_packet_size() const {
  const auto weights = size_weights();
  double total = 0, sum = 0;
  for (std::size_t i = 0; i < packet_size.size(); ++i) {
    sum += static_cast<double>(packet_size[i]) * weights[i];
    total += weights[i];
  }
  return sum / total;
}

namespace {
// Router ports in all: at each end of every channel, one per node.
double all_ports(const NocConfig& c) {
  double ports = 0;
  if (c.topology == "anynet") {
    std::istringstream words(c.netlist);
    for (std::string w; words >> w;) ports += w == "router" || w == "node" ? 2 : 0;
  } else if (c.topology == "fattree") {  // k^(n-1) routers a level, 2k ports each but the top's k
    ports = std::pow(static_cast<double>(c.k), c.n - 1) * c.k * (2 * c.n - 1);
  } else if (c.topology == "cmesh") {  // k^2 routers of c nodes and 4 channels each
    ports = static_cast<double>(c.k) * c.k * (c.c + 4);
  } else if (c.topology == "qtree") {  // k^h routers at level h, k + 1 ports each but the root's k
    for (int h = 0; h < c.n; ++h) ports += std::pow(static_cast<double>(c.k), h) * (c.k + 1);
    ports -= 1;
  } else {
    ports = std::pow(static_cast<double>(c.k), c.dimensions()) * (2 * c.dimensions() + 1);
  }
  return ports;
}
}  // namespace

std::string NocConfig::buffer_terms() const {
  char text[160];
  std::snprintf(text, sizeof text, "%.0f router ports x %d VCs x %d flits x 64 bytes", all_ports(*this), num_vcs,
                vc_buf_size);
  return text;
}

double NocConfig::buffer_bytes() const {
  return all_ports(*this) * num_vcs * static_cast<double>(vc_buf_size) * 64.0;
}

std::string NocConfig::netlist_where(const std::string& where) const {
  return network_file.empty() ? where : where + ": network_file " + network_file;
}

double NocConfig::packet_rate() const {
  return injection_rate_uses_flits ? injection_rate / mean_packet_size() : injection_rate;
}

void NocConfig::validate(const std::string& where) const {
  auto fail = [&](const std::string& what) { throw ParameterError(where + ": " + what); };
  const auto figure = [](double v) { return core::significant(v, 4); };
  if (routing_function == "none")
    fail("routing_function is not set (allowed: dor on a mesh, dim_order on a torus or ring, min on an anynet, nca "
         "on a fattree)");
  const bool users_routing = find_routing(routing_function) != nullptr;
  if (topology == "anynet") {
    if (netlist.empty())
      fail("topology = anynet needs its netlist (netlist: the text, or network_file: the file)");
    if (nodes() > 65536)
      fail("the anynet's netlist has " + std::to_string(nodes()) + " nodes, too many (allowed up to 65536)");
    const Anynet check(netlist, netlist_where(where), router_names);  // throws, naming the netlist's line
    if (!router_names.empty() && static_cast<int>(router_names.size()) != check.routers())
      fail("router_names gives " + std::to_string(router_names.size()) + " names to " + std::to_string(check.routers()) +
           " routers (allowed: one name a router, router 0 first)");
    if (routing_function != "min" && !users_routing)
      fail("routing_function = " + routing_function + " does not route an anynet (allowed: min)");
    if (traffic == "tornado" || traffic == "neighbor" || traffic == "transpose" || traffic == "badperm_yarc")
      fail("traffic = " + traffic + " needs a k-ary n-cube's coordinates (allowed on an anynet: uniform, "
           "uniform_noself, bitcomp, bitrev, shuffle, hotspot, diagonal, asymmetric, taper64)");
  } else if (topology == "fattree") {
    if (routing_function != "nca" && routing_function != "anca" && !users_routing)
      fail("routing_function = " + routing_function + " does not route a fattree (allowed: nca, anca)");
  } else if (topology == "qtree") {
    if (k != 4 || n != 3)
      fail("a qtree has k = 4 and n = 3, as BookSim2 builds it (allowed only those; k = " + std::to_string(k) +
           ", n = " + std::to_string(n) + " here)");
    if (routing_function != "nca" && !users_routing)
      fail("routing_function = " + routing_function + " does not route a qtree (allowed: nca)");
  } else if (topology == "cmesh") {
    if (n != 2 || c != 4 || xr != 2 || yr != 2 || x != y)
      fail("a cmesh is BookSim2's: n = 2, c = 4, xr = yr = 2 and x = y (here n = " + std::to_string(n) + ", c = " +
           std::to_string(c) + ", xr = " + std::to_string(xr) + ", yr = " + std::to_string(yr) + ", x = " +
           std::to_string(x) + ", y = " + std::to_string(y) + ")");
    if (k % 2 != 0)
      fail("a cmesh's express channels pair the routers k/2 apart along its edges, which needs an even k (k = " +
           std::to_string(k) + ")");
    if (channel_latency != 0)
      fail("a cmesh's channels take BookSim2's cycles, 2 (k on an express one) or 1 with use_noc_latency = 0 "
           "(allowed channel_latency 0)");
    if (!CmeshRouting::takes(routing_function) && !users_routing)
      fail("routing_function = " + routing_function +
           " does not route a cmesh (allowed: dor, dor_no_express, xy_yx, xy_yx_no_express)");
    if (routing_function == "xy_yx" && k > 4)
      fail("routing_function = xy_yx takes an express channel for a way of 2 or more, which on a cmesh of k = " +
           std::to_string(k) + " jumps k/2 past the destination and back without end, in BookSim2 too (allowed: "
           "k <= 4, or xy_yx_no_express, or dor)");
    if (routing_function.rfind("xy_yx", 0) == 0 && num_vcs / message_classes < 2)
      fail("routing_function = " + routing_function + " splits the VCs in halves, x first and y first (allowed "
           "num_vcs 2 or more)");
  } else if (routing_function == "min" || routing_function == "nca" || routing_function == "anca") {
    fail("routing_function = " + routing_function + " routes " + (routing_function == "min" ? "an anynet" : "a tree") +
         ", not a " + topology + " (allowed: " + (topology == "mesh" ? "dor" : "dim_order") + ")");
  }
  if (topology != "cmesh" && (c != 1 || xr != 1 || yr != 1))
    fail("c, xr and yr are a cmesh's nodes a router (a " + topology + " has c = xr = yr = 1; BookSim2's patterns "
         "would count digits of k xr and send packets off it)");
  if (routing_function != "dor" && CmeshRouting::takes(routing_function) && topology != "cmesh")
    fail("routing_function = " + routing_function + " routes a cmesh, not a " + topology);
  if (TwoPhaseMesh::takes(routing_function)) {
    if (topology != "mesh")
      fail("routing_function = " + routing_function + " routes a mesh, not a " + topology +
           (routing_function == "romm" ? " (BookSim2 has romm on a mesh only)"
                                       : " (BookSim2's valiant on a torus is not modelled yet)"));
    if (num_vcs / message_classes < 2)
      fail("routing_function = " + routing_function + " keeps its two phases in halves of the VCs (allowed num_vcs "
           "2 or more)");
  }
  const bool users = users_routing || topology == "anynet" || drawn_routing();
  if (topology == "mesh" && routing_function != "dor" && !users)
    fail("routing_function = " + routing_function + " does not route a mesh (allowed: dor, valiant, romm)");
  if (topology != "mesh" && routing_function != "dim_order" && !users)
    fail("routing_function = " + routing_function + " does not route a " + topology +
         " (allowed: dim_order, which uses a dateline and needs num_vcs >= 2)");
  if (topology != "mesh" && !users && num_vcs < 2)
    fail("num_vcs = " + std::to_string(num_vcs) + " cannot break a " + topology +
         "'s cycles with a dateline (allowed: 2 or more)");
  if (topology != "mesh" && !users && num_vcs % 2 != 0)
    fail("num_vcs = " + std::to_string(num_vcs) + " must be even on a " + topology +
         " (dim_order splits the VCs in two dateline classes)");
  if (message_classes < 1 || num_vcs % message_classes != 0)
    fail("num_vcs = " + std::to_string(num_vcs) + " cannot be split among " + std::to_string(message_classes) +
         " message classes (allowed: a multiple of them)");
  if (topology != "mesh" && !users && (num_vcs / message_classes) % 2 != 0)
    fail("num_vcs = " + std::to_string(num_vcs) + " gives each of " + std::to_string(message_classes) +
         " message classes an odd number of VCs on a " + topology +
         " (dim_order splits each class's VCs in two dateline classes)");
  if (topology != "anynet" && nodes() > 65536)
    fail("k^n = " + std::to_string(nodes()) + " routers is too many (allowed up to 65536)");
  if (crossbar_delay() < 1)
    fail("st_prepare_delay + st_final_delay = 0 (allowed 1 or more: a flit crosses the switch "
         "in at least a cycle)");
  if (packet_size_rate.size() != 1 && packet_size_rate.size() != packet_size.size())
    fail("packet_size has " + std::to_string(packet_size.size()) + " sizes but packet_size_rate " +
         std::to_string(packet_size_rate.size()) + " weights (allowed: one weight per size, or one for all)");
  const auto weights = size_weights();
  if (std::accumulate(weights.begin(), weights.end(), 0LL) <= 0)
    fail("packet_size_rate weights sum to 0 (allowed: at least one positive weight)");
  if (injection_process == "on_off") {
    if (burst_alpha <= 0)
      fail("injection_process = on_off needs burst_alpha > 0, the chance per cycle to turn on (allowed: above 0 up to 1)");
    // On a fraction alpha / (alpha + beta) of the cycles, so the rate while on is higher.
    const double on_rate = packet_rate() * (burst_alpha + burst_beta) / burst_alpha;
    if (on_rate > 1.0)
      fail("injection_process = on_off cannot offer " + text("injection_rate") + " with burst_alpha " +
           text("burst_alpha") + " and burst_beta " + text("burst_beta") + ": a source is on " +
           figure(100 * burst_alpha / (burst_alpha + burst_beta)) + "% of the cycles, so it would need " +
           figure(on_rate) + " packets a cycle while on (allowed up to 1: raise burst_alpha or lower burst_beta)");
  }
  // BookSim2 counts the warm-up among max_samples: a warm-up that long leaves no sample.
  if (sim_type != "window" && warmup_periods >= max_samples)
    fail("warmup_periods = " + std::to_string(warmup_periods) + " leaves no sample: the run stops after max_samples = " +
         std::to_string(max_samples) + " periods, the warm-up's among them (allowed: warmup_periods below max_samples)");
  const int count = nodes();
  const bool power_of_two = (count & (count - 1)) == 0;
  if ((traffic == "bitcomp" || traffic == "bitrev" || traffic == "shuffle") && !power_of_two)
    fail("traffic = " + traffic + " needs a power-of-two node count (k^n = " +
         std::to_string(count) + ")");
  if (traffic == "transpose") {
    int bits = 0;
    while ((1 << bits) < count) ++bits;
    if (!power_of_two || bits % 2 != 0)
      fail("traffic = transpose needs a node count that is an even power of two (k^n = " +
           std::to_string(count) + ")");
  }
  if (traffic == "trace") {
    if (trace_file.empty()) fail("traffic = trace needs trace_file, the trace its nodes replay");
    if (flit_bytes < 1)
      fail("traffic = trace needs flit_bytes, the bytes a flit carries (a record becomes a packet of its bytes over "
           "flit_bytes, rounded up)");
    if (sim_type != "window")
      fail("traffic = trace runs a fixed window of cycles, not BookSim2's " + sim_type +
           " measurement (set sim_type = window)");
  } else if (!trace_file.empty()) {
    fail("trace_file is replayed only with traffic = trace (traffic is " + traffic + ")");
  }
  if (traffic == "taper64" && count != 64)
    fail("traffic = taper64 needs 64 nodes, as BookSim2's does (the network has " + std::to_string(count) + ")");
  if (traffic == "asymmetric" && count % 2 != 0)
    fail("traffic = asymmetric needs an even node count, two halves (the network has " + std::to_string(count) + ")");
  if (traffic == "badperm_yarc" && count != k * k)
    fail("traffic = badperm_yarc needs k x k nodes, a row and a column each (the network has " +
         std::to_string(count) + " with k = " + std::to_string(k) + ")");
  if (traffic == "hotspot") {
    if (hotspot_nodes.empty())
      fail("traffic = hotspot needs its nodes, hotspot({{a,b,...}}) or hotspot_nodes (BookSim2's hotspot without "
           "them is one node drawn by its own generator, which a run here cannot repeat)");
    for (int node : hotspot_nodes)
      if (node >= count)
        fail("hotspot_nodes has node " + std::to_string(node) + " (allowed 0.." +
             std::to_string(count - 1) + ")");
    if (!hotspot_rates.empty() && hotspot_rates.size() != hotspot_nodes.size())
      fail("hotspot_rates has " + std::to_string(hotspot_rates.size()) +
           " weights for " + std::to_string(hotspot_nodes.size()) +
           " hotspot_nodes (allowed: one per node, or none for equal weights)");
  }
}

}  // namespace creditflow::noc
