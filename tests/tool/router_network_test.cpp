// Networks of routers from the tool (timing.md section 6): models/mesh4x4.yaml and
// models/mesh8x8.yaml in both views, BookSim2 keys as --set, import-booksim on every
// configuration of reference/booksim2, a latency-load sweep that says where the
// mesh saturates, and the mistakes a user can make.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
const std::string kReference = CREDITFLOW_TEST_DIR "/../../reference/booksim2";
}

BOOST_AUTO_TEST_CASE(mesh4x4_gives_the_same_figures_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/mesh4x4.yaml");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("routers").get<int>() == 16);
  BOOST_TEST(net.at("stable").get<bool>());
  BOOST_TEST(!net.at("saturated").get<bool>());
  // BookSim2 at 0.30: 20.98 cycles, 3.50 hops (one run, its own coin).
  BOOST_TEST(net.at("packet_latency").get<double>() == 20.98, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("hops").get<double>() == 3.504, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("accepted").get<double>() == 0.3, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("packet_latency_min").get<int>() == 7);  // a packet to itself: one router
  BOOST_TEST(net.at("channels").size() == 16u + 48u);       // a terminal each and the mesh's links
  BOOST_TEST(doc.at("status") == "ok");
}

// BookSim2's fattree.cfg at 0.3 (reference/booksim2/booksim_fattree.csv): 15.62 cycles over
// 2.490 routers; imported, run in both views to the same figures.
BOOST_AUTO_TEST_CASE(a_fat_tree_imports_and_runs_in_both_views_near_booksim2) {
  cftool::TempDir dir;
  const cftool::Outcome o =
      cftool::tool("import-booksim " + kReference + "/fattree.cfg injection_rate=0.3 -o " + dir / "ft.yaml");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + dir / "ft.yaml");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("routers").get<int>() == 8);
  BOOST_TEST(net.at("channels").size() == 16u + 32u);  // a terminal each, and 16 links each way
  BOOST_TEST(net.at("packet_latency").get<double>() == 15.62, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("hops").get<double>() == 2.490, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("packet_latency_min").get<int>() == 7);
  const cftool::Outcome summary = cftool::tool("run " + dir / "ft.yaml --view tl");
  BOOST_TEST(summary.out.find("network 'net': 4-ary 2-tree fattree, 8 routers, nca, 2 VCs of 8 flits") !=
                 std::string::npos, summary.out);
  const cftool::Outcome wrong = cftool::tool("run " + dir / "ft.yaml --set net.routing_function=dor");
  BOOST_TEST(wrong.err.find("routing_function = dor does not route a fattree (allowed: nca, anca)") != std::string::npos,
             wrong.err);
}

// BookSim2's cmesh.cfg at 0.1 by xy_yx (reference/booksim2/booksim_cmesh.csv): 23.32 cycles
// over 3.124 routers; imported, run in both views to the same figures.
BOOST_AUTO_TEST_CASE(a_cmesh_imports_and_runs_in_both_views_near_booksim2) {
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("import-booksim " + kReference +
                                         "/cmesh.cfg routing_function=xy_yx injection_rate=0.1 -o " + dir / "cm.yaml");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + dir / "cm.yaml");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("routers").get<int>() == 16);
  BOOST_TEST(net.at("channels").size() == 64u + 64u);  // a terminal each, and 4 channels a router
  BOOST_TEST(net.at("packet_latency").get<double>() == 23.32, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("hops").get<double>() == 3.124, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("packet_latency_min").get<int>() == 7);
  const cftool::Outcome summary = cftool::tool("run " + dir / "cm.yaml --view tl");
  BOOST_TEST(summary.out.find("network 'net': 4x4 cmesh of 4 nodes a router, 16 routers, xy_yx, 2 VCs of 8 flits") !=
                 std::string::npos,
             summary.out);
  const cftool::Outcome odd = cftool::tool("run " + dir / "cm.yaml --set net.k=5");
  BOOST_TEST(odd.err.find("a cmesh's express channels pair the routers k/2 apart along its edges, which needs an even "
                          "k (k = 5)") != std::string::npos,
             odd.err);
}

// BookSim2's mesh4x4.cfg by romm at 0.2 (reference/booksim2/booksim_two_phase.csv): 20.95
// cycles over 3.493 routers; its routers, made parts, route by the network's romm in both views.
BOOST_AUTO_TEST_CASE(a_mesh_by_romm_runs_in_both_views_near_booksim2) {
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("import-booksim " + kReference +
                                         "/mesh4x4.cfg routing_function=romm injection_rate=0.2 -o " + dir / "r.yaml");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + dir / "r.yaml");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("packet_latency").get<double>() == 20.95, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("hops").get<double>() == 3.493, boost::test_tools::tolerance(0.03));
  const cftool::Outcome torus = cftool::tool("run " + dir / "r.yaml --set net.topology=torus");
  BOOST_TEST(torus.err.find("routing_function = romm routes a mesh, not a torus (BookSim2 has romm on a mesh only)") !=
                 std::string::npos,
             torus.err);
}

// BookSim2's badperm_yarc on the 8x8 mesh at 0.05: 34.44 cycles over 6.263 routers
// (reference/booksim2/booksim_patterns.csv); taper64 needs BookSim2's 64 nodes.
BOOST_AUTO_TEST_CASE(a_random_pattern_of_booksim2_runs_in_both_views_near_its_figures) {
  const json doc = cftool::same_in_both_views(
      CREDITFLOW_TOOL, "run ../../models/mesh8x8.yaml --set net.traffic=badperm_yarc --set net.injection_rate=0.05");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("packet_latency").get<double>() == 34.44, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("hops").get<double>() == 6.263, boost::test_tools::tolerance(0.03));
  const cftool::Outcome small = cftool::tool("run ../../models/mesh4x4.yaml --set net.traffic=taper64");
  BOOST_TEST(small.status == 2);
  BOOST_TEST(small.err == "creditflow: ../../models/mesh4x4.yaml:9: net: traffic = taper64 needs 64 nodes, as "
                          "BookSim2's does (the network has 16)\n", small.err);
}

BOOST_AUTO_TEST_CASE(a_booksim2_line_is_a_set_of_the_network) {
  // mesh8x8.cfg with injection_rate = 0.2: BookSim2 gives 37.07 cycles.
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL,
                                              "run ../../models/mesh8x8.yaml --set net.injection_rate=0.2");
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("packet_latency").get<double>() == 37.07, boost::test_tools::tolerance(0.03));
  BOOST_TEST(net.at("routers").get<int>() == 64);
  const cftool::Outcome summary = cftool::tool("run ../../models/mesh8x8.yaml --set net.injection_rate=0.2 --view tl");
  BOOST_TEST_REQUIRE(summary.status == 0);
  BOOST_TEST(summary.out.find("network 'net': 8x8 mesh, 64 routers, dor, 2 VCs of 8 flits, uniform traffic; "
                              "BookSim2's latency measurement: stable") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(past_saturation_the_summary_says_so_with_its_figures) {
  const cftool::Outcome o = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.7 --view tl --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json net = json::parse(o.out).at("networks").at("net");
  BOOST_TEST(!net.at("stable").get<bool>());
  BOOST_TEST(net.at("saturated").get<bool>());
  const json& evidence = net.at("saturation");
  BOOST_TEST(evidence.at("evidence") == "accepted and backlog");
  BOOST_TEST(evidence.at("shortfall").get<double>() ==
                 net.at("offered").get<double>() - net.at("accepted").get<double>(),
             boost::test_tools::tolerance(1e-5));
  const cftool::Outcome text = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.7 --view tl");
  char line[400];
  std::snprintf(line, sizeof line,
                "  saturated: accepted is %.4g flits/node/cycle below offered, more than the %.4g the noise of %lld cycles "
                "of random arrivals allows; the sources' backlog grew by %lld packets through the window, more than the "
                "%lld a network that keeps up shows; %lld packets wait at the sources",
                evidence.at("shortfall").get<double>(), evidence.at("noise").get<double>(),
                static_cast<long long>(net.at("window").get<std::int64_t>()),
                static_cast<long long>(evidence.at("backlog_growth").get<std::int64_t>()),
                static_cast<long long>(evidence.at("backlog_noise").get<std::int64_t>()),
                static_cast<long long>(net.at("source_backlog").get<std::int64_t>()));
  BOOST_TEST(text.out.find(line) != std::string::npos, text.out);
}

namespace {
// The transpose-loaded 4x4 mesh of 4-flit packets (4 VCs), its load in flits.
const std::string kTranspose = "../../models/mesh4x4.yaml --set net.num_vcs=4 --set net.packet_size=4 "
                               "--set net.traffic=transpose --set net.injection_rate_uses_flits=1 ";

json transpose_at(const std::string& load, const std::string& more = "") {
  const cftool::Outcome o = cftool::tool("run " + kTranspose + "--set net.vc_buf_size=4 --set net.injection_rate=" +
                                         load + " --view tl --json " + more);
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  return json::parse(o.out).at("networks").at("net");
}
}  // namespace

// Below saturation a window of Bernoulli arrivals falls short of the load by its own noise;
// past it the sources' backlog grows though accepted stays close to offered.
BOOST_AUTO_TEST_CASE(saturation_is_judged_beyond_the_windows_noise_and_by_a_growing_backlog) {
  // 4.8% short over 2000 cycles: the noise of the window, which a fixed 2% called saturation.
  const json low = transpose_at("0.16", "--set net.sample_period=500");
  BOOST_TEST(low.at("window").get<int>() == 2000);
  BOOST_TEST(low.at("accepted").get<double>() < 0.16 * 0.98 - 0.002);
  BOOST_TEST(!low.at("saturated").get<bool>());
  BOOST_TEST(low.at("saturation").at("evidence") == "none");
  BOOST_TEST(low.at("saturation").at("noise").get<double>() > low.at("saturation").at("shortfall").get<double>());
  const json high = transpose_at("0.36");
  BOOST_TEST(high.at("offered").get<double>() - high.at("accepted").get<double>() < 0.01);  // accepted within 2%
  BOOST_TEST(high.at("saturated").get<bool>());
  BOOST_TEST(high.at("saturation").at("evidence") == "backlog");
  BOOST_TEST(high.at("saturation").at("backlog_growth").get<int>() > high.at("saturation").at("backlog_noise").get<int>());
  BOOST_TEST(high.at("packet_latency").get<double>() > 5 * low.at("packet_latency").get<double>());
}

// A two-axis sweep: one verdict per curve, named by the other axis's value, with its
// evidence; the plot in packets/node/cycle marks the packets figure the sentence gives.
BOOST_AUTO_TEST_CASE(a_two_axis_sweep_says_each_curves_saturation_and_the_plot_marks_it_in_packets) {
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("sweep " + kTranspose +
                                         "--set net.injection_rate_uses_flits=0 --vary net.injection_rate=0.025,0.04,0.075,0.09,0.1 "
                                         "--vary net.vc_buf_size=4,8 --metric networks.net.accepted_packets --jobs 2 --plot " +
                                         dir / "sat.svg");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  for (const char* curve : {"network 'net' (net.vc_buf_size=4): saturated at about 0.3", "network 'net' (net.vc_buf_size=8): saturated at about 0.3"})
    BOOST_TEST(o.out.find(curve) != std::string::npos, o.out);
  BOOST_TEST(o.out.find("from 0.36 offered it did not keep up (accepted 0.35") != std::string::npos, o.out);
  BOOST_TEST(o.out.find("the highest load it took: 0.3 (accepted 0.30") != std::string::npos, o.out);
  BOOST_TEST(o.out.find("within 2%") == std::string::npos, o.out);
  const std::string svg = cftool::read_file(dir / "sat.svg");
  const auto sentence = o.out.find("(net.vc_buf_size=4): saturated at about ");
  const auto packets = o.out.find(" (", sentence + 40);
  const std::string figure = o.out.substr(packets + 2, o.out.find(' ', packets + 2) - packets - 2);
  BOOST_TEST(o.out.substr(o.out.find(' ', packets + 2), 19) == " packets/node/cycle");
  BOOST_TEST(svg.find("saturation ~" + figure) != std::string::npos, figure);
}

BOOST_AUTO_TEST_CASE(a_latency_load_sweep_says_where_the_mesh_saturates_and_marks_it) {
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("sweep ../../models/mesh4x4.yaml --vary net.injection_rate=0.3,0.5,0.6,0.7 "
                                         "--metric packet_latency --csv " + dir / "curve.csv" + " --plot " + dir / "curve.png");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  BOOST_TEST(o.out.find("sweep vary: networks.net.packet_latency") != std::string::npos, o.out);
  // BookSim2's plateau is 0.568-0.576 past 0.58: the sentence quotes the measured one.
  const auto at = o.out.find("network 'net': saturated at about 0.57");
  BOOST_TEST(at != std::string::npos, o.out);
  BOOST_TEST(o.out.find("from 0.6 offered it did not keep up (accepted 0.57") != std::string::npos, o.out);
  BOOST_TEST(o.out.find("; the highest load it took: 0.5 (accepted 0.5") != std::string::npos, o.out);
  BOOST_TEST(cftool::exists(dir / "curve.png"));
  BOOST_TEST(cftool::read_file(dir / "curve.csv").find("networks.net.accepted") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(every_booksim2_configuration_of_the_reference_imports_or_names_what_it_cannot) {
  for (const char* name : {"mesh4x4.cfg", "mesh8x8.cfg", "credit_mesh2.cfg", "fattree.cfg", "qtree.cfg", "cmesh.cfg"}) {
    cftool::TempDir dir;
    const cftool::Outcome o = cftool::tool("import-booksim " + kReference + "/" + name + " -o " + dir / "model.yaml");
    BOOST_TEST_INFO(name);
    BOOST_TEST(o.status == 0, o.err);
    BOOST_TEST(o.err.empty());
    const cftool::Outcome run = cftool::tool("run " + dir / "model.yaml" + " --view tl --json");
    BOOST_TEST(run.status == 0, run.err);
  }
  // The imported 4x4 with BookSim2's own key on its command line is models/mesh4x4.yaml.
  cftool::TempDir dir;
  BOOST_TEST(cftool::tool("import-booksim " + kReference + "/mesh4x4.cfg injection_rate=0.3 -o " + dir / "m.yaml").status == 0);
  json imported = json::parse(cftool::tool("run " + dir / "m.yaml --view tl --json").out);
  json ours = json::parse(cftool::tool("run ../../models/mesh4x4.yaml --view tl --json").out);
  BOOST_TEST(imported.at("networks").dump() == ours.at("networks").dump());
  // An anynet: its network_file, given as BookSim2 takes it, is read beside the configuration
  // and put in the model; BookSim2's figure for L = 1, B = 1, 1-flit packets is 0.1430.
  const cftool::Outcome anynet =
      cftool::tool("import-booksim " + kReference + "/credit_anynet.cfg network_file=anynet_L1.net -o " + dir / "any.yaml");
  BOOST_TEST(anynet.status == 0, anynet.err);
  BOOST_TEST(cftool::read_file(dir / "any.yaml").find("netlist: \"router 0 node 0 router 1 1;") != std::string::npos);
  const json any = json::parse(cftool::tool("run " + dir / "any.yaml --view tl --json").out);
  BOOST_TEST(any.at("networks").at("net").at("accepted").get<double>() == 0.143);
  BOOST_TEST(any.at("networks").at("net").at("routers").get<int>() == 2);
  // Without it there is no network: said, status 3, and no model written.
  const cftool::Outcome bare = cftool::tool("import-booksim " + kReference + "/credit_anynet.cfg");
  BOOST_TEST(bare.status == 3);
  BOOST_TEST(bare.out.empty(), bare.out);
  const auto lines = cftool::lines(bare.err);
  BOOST_TEST_REQUIRE(lines.size() == 2u, bare.err);
  BOOST_TEST(lines[0].find("topology = anynet needs its netlist (netlist: the text, or network_file: the file) "
                           "(these keys together make no network)") != std::string::npos, bare.err);
  BOOST_TEST(lines[1] == "import-booksim: nothing written: a model without that line would be another network than "
                         "this configuration's");
  const cftool::Outcome missing = cftool::tool("import-booksim " + kReference + "/credit_anynet.cfg network_file=nowhere.net");
  BOOST_TEST(missing.err.find("network_file = 'nowhere.net' cannot be read (looked at ") != std::string::npos, missing.err);
}

// A value creditflow cannot carry (a flattened butterfly) leaves no model behind: one written anyway
// would be the default torus. Keys it does not model are ignored, counted in the model's
// header, and said; a statement of 1.6 MB parses in linear time.
BOOST_AUTO_TEST_CASE(import_booksim_writes_no_model_of_another_network) {
  cftool::TempDir dir;
  std::ofstream(dir / "ft.cfg") << "topology = flatfly;\nk = 4;\nn = 2;\nrouting_function = ran_min;\nfoo = 3;\n";
  const cftool::Outcome refused = cftool::tool("import-booksim " + dir / "ft.cfg -o " + dir / "ft.yaml");
  BOOST_TEST(refused.status == 3);
  BOOST_TEST(!cftool::exists(dir / "ft.yaml"));
  BOOST_TEST(refused.err.find(":1: topology = 'flatfly' is not allowed") != std::string::npos, refused.err);
  BOOST_TEST(refused.err.find("import-booksim: nothing written: a model without those lines would be another network "
                              "than this configuration's\n") != std::string::npos, refused.err);
  std::ofstream(dir / "m.cfg") << "topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dor;\nfoo = 3;\nprint_activity = 0;\n";
  const cftool::Outcome ignored = cftool::tool("import-booksim " + dir / "m.cfg -o " + dir / "m.yaml");
  BOOST_TEST(ignored.status == 3);
  BOOST_TEST(cftool::lines(ignored.err).size() == 2u, ignored.err);
  BOOST_TEST(cftool::read_file(dir / "m.yaml").find("# 2 statements of it ignored: keys creditflow does not model, or no "
                                                    "key = value (said on stderr).\n") != std::string::npos);
  BOOST_TEST(cftool::tool("run " + dir / "m.yaml --view tl").status == 0);
  std::ofstream(dir / "long.cfg") << "injection_rate = " << std::string(1600000, '1') << ";\n";
  const auto start = std::chrono::steady_clock::now();
  const cftool::Outcome longest = cftool::tool("import-booksim " + dir / "long.cfg");
  BOOST_TEST(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5.0);  // was 26 s
  BOOST_TEST(longest.status == 3);
  BOOST_TEST(longest.err.size() < 4000u);  // the value is cut in the message
}

BOOST_AUTO_TEST_CASE(import_booksim_keeps_a_model_a_user_has) {
  cftool::TempDir dir;
  const std::string mine = dir / "mine.yaml";
  std::system(("echo precious > " + cftool::quote(mine)).c_str());
  const cftool::Outcome o = cftool::tool("import-booksim " + kReference + "/mesh4x4.cfg -o " + mine);
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err.find("the file exists (give --force to replace it)") != std::string::npos, o.err);
  BOOST_TEST(cftool::read_file(mine) == "precious\n");
  // A hostile value never reaches the model unchecked.
  const std::string cfg = dir / "hostile.cfg";
  std::system(("printf 'topology = mesh;\\nk = 4;\\ntraffic = \"uniform\\\\nevil: 1\";\\nfoo = bar;\\n' > " + cftool::quote(cfg)).c_str());
  const cftool::Outcome h = cftool::tool("import-booksim " + cfg);
  BOOST_TEST(h.status == 3);
  BOOST_TEST(h.out.find("evil") == std::string::npos, h.out);
  BOOST_TEST(h.err.find("hostile.cfg:4: 'foo' is not a key creditflow models") != std::string::npos, h.err);
}

BOOST_AUTO_TEST_CASE(bad_network_input_gets_one_line_naming_what_where_and_what_is_allowed) {
  const auto one_line = [](const std::string& args, const std::string& expected) {
    const cftool::Outcome o = cftool::tool(args);
    BOOST_TEST_INFO(args);
    BOOST_TEST(o.status != 0);
    BOOST_TEST(cftool::lines(o.err).size() == 1u, o.err);
    BOOST_TEST(o.err.find(expected) != std::string::npos, o.err);
  };
  one_line("run ../../models/mesh4x4.yaml --set net.k=1", "net.k = 1 is out of range (allowed 2..64)");
  one_line("run ../../models/mesh4x4.yaml --set net.routing_function=dim_order",
           "routing_function = dim_order does not route a mesh (allowed: dor, valiant, romm)");
  one_line("run ../../models/mesh4x4.yaml --set net.topology=torus --set net.routing_function=dim_order --set net.num_vcs=1",
           "num_vcs = 1 cannot break a torus's cycles with a dateline (allowed: 2 or more)");
  one_line("run ../../models/mesh4x4.yaml --set net.k=3 --set net.traffic=transpose",
           "traffic = transpose needs a node count that is an even power of two (k^n = 9)");
  one_line("run ../../models/mesh4x4.yaml --set net.speculative=1",
           "speculative = '1' is not allowed (allowed 0 only: creditflow models BookSim2's default)");
  one_line("run ../../models/mesh4x4.yaml --view tl --vcd x.vcd",
           "--vcd needs --view cycle: the transaction-level view has no signals to trace");
  const std::string anynet = "run ../../models/mesh4x4.yaml --set net.topology=anynet --set net.routing_function=min ";
  one_line(anynet + "--set 'net.netlist=router 0 node 0 router 0'", "net: netlist line 1: router 0 linked to itself");
  one_line(anynet + "--set 'net.netlist=router 0 node 0 router 1;router 1 node 2'",
           "net: the netlist's nodes are not numbered 0..1 (node 2)");
  one_line(anynet + "--set 'net.netlist=router 0 node 0 route 1'",
           "net: netlist line 1: 'route' is neither router nor node (allowed: router ID, node ID)");
  one_line(anynet + "--set net.network_file=nowhere.net", "net: network_file = 'nowhere.net' cannot be read");
  std::string crowded = "router 0";  // 65 nodes and a channel: one port over a router's 64
  for (int node = 0; node < 65; ++node) crowded += " node " + std::to_string(node);
  one_line(anynet + "--set 'net.netlist=" + crowded + " router 1;router 1 node 65'",
           "mesh4x4.yaml:9: net: router_0 has 66 ports, its nodes and channels (allowed at most 64)");
}

// The nested form, `topology: {kind: mesh, k: 4, n: 2, channel_latency: 1}`, is the
// flat keys: the same figures as models/mesh4x4.yaml, and its mistakes named in one line.
BOOST_AUTO_TEST_CASE(a_nested_topology_is_the_same_network_as_its_flat_keys) {
  cftool::TempDir dir;
  const auto model = [&](const std::string& name, const std::string& topology) {
    std::ofstream(dir / name) << "components:\n  net:\n    kind: network\n    topology: " << topology
                              << "\n    routing_function: dor\n    num_vcs: 2\n    packet_size: 1\n"
                                 "    traffic: uniform\n    injection_rate: 0.3\n";
    return dir / name;
  };
  const cftool::Outcome nested = cftool::tool("run " + model("nested.yaml", "{kind: mesh, k: 4, n: 2, channel_latency: 1}") +
                                              " --view tl --json");
  const cftool::Outcome flat = cftool::tool("run ../../models/mesh4x4.yaml --view tl --json");
  BOOST_TEST_REQUIRE(nested.status == 0, nested.err);
  BOOST_TEST_REQUIRE(flat.status == 0, flat.err);
  const json a = json::parse(nested.out).at("networks").at("net"), b = json::parse(flat.out).at("networks").at("net");
  BOOST_TEST(a.at("routers").get<int>() == 16);
  BOOST_TEST(a == b);
  // Two cycles a channel: every packet that crosses a router takes one more cycle per hop.
  const cftool::Outcome slow = cftool::tool("run " + model("slow.yaml", "{kind: mesh, k: 4, n: 2, channel_latency: 2}") +
                                            " --view tl --json");
  BOOST_TEST_REQUIRE(slow.status == 0, slow.err);
  BOOST_TEST(json::parse(slow.out).at("networks").at("net").at("packet_latency").get<double>() >
             b.at("packet_latency").get<double>() + 2.0);
  const auto one_line = [&](const std::string& topology, const std::string& expected) {
    const cftool::Outcome o = cftool::tool("run " + model("bad.yaml", topology) + " --view tl");
    BOOST_TEST_INFO(topology);
    BOOST_TEST(o.status != 0);
    BOOST_TEST(cftool::lines(o.err).size() == 1u, o.err);
    BOOST_TEST(o.err.find(expected) != std::string::npos, o.err);
  };
  one_line("{kind: mesh, k: 4, m: 2}", "bad.yaml:4: unknown key 'm' in component net topology");
  one_line("{k: 4, n: 2}", "bad.yaml:4: component net topology has no kind (mesh, torus, ring, anynet, fattree, qtree or cmesh)");
  one_line("{kind: mess, k: 4, n: 2}", "net.topology = mess is not a known choice (allowed one of mesh, torus, ring, anynet, fattree, qtree, cmesh)");
  one_line("{kind: mesh, k: 4, n: 2}\n    k: 8", "duplicate key 'k' in component net");
}

// Routers wired by hand in YAML (models/noc_by_hand.yaml) are the BookSim2 netlist they
// stand for: the same figures as that netlist, the routers named in the report, and the
// mistakes named in one line at their line.
BOOST_AUTO_TEST_CASE(routers_wired_by_hand_are_the_netlist_they_stand_for) {
  const json named = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/noc_by_hand.yaml");
  const cftool::Outcome plain = cftool::tool(
      "run ../../models/noc_by_hand.yaml --view tl --json --set noc.router_names= "
      "--set 'noc.netlist=router 0 node 0 node 1 router 1 1; router 1 node 2 router 0 1 router 2 2 router 3 3; "
      "router 2 node 3 router 1 2; router 3 node 4 router 1'");
  BOOST_TEST_REQUIRE(plain.status == 0, plain.err);
  const json a = named.at("networks").at("noc"), b = json::parse(plain.out).at("networks").at("noc");
  for (const char* key : {"packet_latency", "accepted", "hops", "packets", "cycles", "packet_latency_p99"})
    BOOST_TEST(a.at(key) == b.at(key), key);
  BOOST_TEST(a.at("routers").get<int>() == 4);
  BOOST_TEST(a.at("nodes").get<int>() == 5);
  std::set<std::string> channels;
  for (const json& c : a.at("channels"))
    if (c.at("to") != "terminal") channels.insert(c.at("router").get<std::string>() + " " + c.at("port").get<std::string>());
  // Every channel given, and the 1-cycle way back from l2 to io that io's `to` implies.
  BOOST_TEST((channels == std::set<std::string>{"cpu to_l2", "l2 to_cpu", "l2 to_mem", "l2 to_io", "mem to_l2", "io to_l2"}));
  BOOST_TEST(b.at("channels").at(0).at("router") == "router_0");

  cftool::TempDir dir;
  const std::string model = cftool::read_file("../../models/noc_by_hand.yaml");
  using Edits = std::vector<std::pair<std::string, std::string>>;
  const auto one_line = [&](const Edits& edits, const std::string& expected) {
    std::string text = model;
    for (const auto& [from, to] : edits) {
      BOOST_TEST_REQUIRE(text.find(from) != std::string::npos, from);
      text.replace(text.find(from), from.size(), to);
    }
    std::ofstream(dir / "bad.yaml") << text;
    const cftool::Outcome o = cftool::tool("run " + dir / "bad.yaml --view tl");
    BOOST_TEST_INFO(expected);
    BOOST_TEST(o.status != 0);
    BOOST_TEST(cftool::lines(o.err).size() == 1u, o.err);
    BOOST_TEST(o.err.find(expected) != std::string::npos, o.err);
  };
  one_line({{"to: [l2]", "to: [l3]"}}, "bad.yaml:17: component noc topology routers: io has a channel to 'l3', which is "
                                       "not one of its routers; did you mean 'l2'? (routers: cpu, l2, mem, io)");
  one_line({{"mem: 2,", "mem: two,"}}, "component noc topology routers l2 to mem latency = 'two' is not allowed (allowed a "
                                      "whole number 1..9999999)");
  one_line({{", io: 3}", "}"}, {"io: {nodes: [4], to: [l2]}", "io: {nodes: [4]}"}},
           "noc: router io has no channel to another router");
  one_line({{"nodes: [4]", "nodes: [6]"}}, "noc: the netlist's nodes are not numbered 0..4 (node 6)");
  one_line({{"kind: anynet", "kind: mesh"}}, "component noc topology lists routers, which only kind anynet takes");
  one_line({{"nodes: [4]", "nodes: [4], node: 5"}}, "unknown key 'node' in component noc topology routers io; did you mean "
                                                   "'nodes'? (allowed: nodes, to)");
}

// --vcd in the cycle view traces every channel's VCs for GTKWave: the flits each input VC
// buffers, the credits each output VC has spent and the flits it has sent, never more than
// a buffer holds; the run's figures are the same with it as without.
BOOST_AUTO_TEST_CASE(a_networks_vcd_has_every_vc_of_every_channel) {
  cftool::TempDir dir;
  const cftool::Outcome traced = cftool::tool("run ../../models/mesh4x4.yaml --json --vcd " + dir / "net.vcd");
  BOOST_TEST_REQUIRE(traced.status == 0, traced.err);
  const cftool::Outcome plain = cftool::tool("run ../../models/mesh4x4.yaml --json");
  BOOST_TEST(json::parse(traced.out).at("networks") == json::parse(plain.out).at("networks"));
  // Each signal by its dotted name, and the largest value it takes.
  const std::string trace = cftool::read_file(dir / "net.vcd");
  std::map<std::string, std::string> path_of;  // VCD id -> name
  std::map<std::string, long long> largest;    // name -> value
  for (const auto& [id, name] : cftool::vcd_signals(trace)) {
    path_of[id] = name;
    largest[name] = 0;
  }
  std::istringstream changes(trace.substr(trace.find("$enddefinitions")));
  for (std::string line; std::getline(changes, line);) {
    if (line.empty() || line[0] != 'b') continue;
    const auto space = line.find(' ');
    auto& top = largest[path_of.at(line.substr(space + 1))];
    top = std::max(top, std::stoll(line.substr(1, space - 1), nullptr, 2));
  }
  // 16 routers: 48 channels between them and 16 to terminals, 2 VCs each, 3 figures a VC.
  BOOST_TEST(largest.size() == 1u + 64u * 2u * 3u);
  int buffered = 0;
  for (const auto& [path, top] : largest) {
    if (path.find(".in_") == std::string::npos && path.find("_credits_used") == std::string::npos) continue;
    BOOST_TEST(top <= 8, path);  // vc_buf_size
    buffered += top > 0;
  }
  BOOST_TEST(buffered > 100);
  BOOST_TEST(largest.count("net.router_1_2.in_xplus.vc0") == 1u);
  BOOST_TEST(largest.count("net.router_1_2.out_yminus.vc1_credits_used") == 1u);
  BOOST_TEST(largest.at("net.router_1_2.out_terminal.vc0_flits") > 100);
}

BOOST_AUTO_TEST_CASE(a_heat_map_draws_channel_use_and_credit_waits_over_the_mesh) {
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("run ../../models/mesh8x8.yaml --view tl --set net.injection_rate=0.28 --heatmap " +
                                         dir / "heat.png");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const std::string png = cftool::read_file(dir / "heat.png");
  BOOST_TEST(png.size() > 10000u);
  BOOST_TEST(png.compare(1, 3, "PNG") == 0);
  const cftool::Outcome cube = cftool::tool("run ../../models/mesh4x4.yaml --view tl --set net.n=3 --heatmap " + dir / "c.png");
  BOOST_TEST(cube.status != 0);
  BOOST_TEST(cube.err.find("a network of 3 dimensions has no flat picture (allowed: 1 or 2 dimensions)") != std::string::npos,
             cube.err);
  BOOST_TEST(!cftool::exists(dir / "c.png"));
  const cftool::Outcome link = cftool::tool("run ../../models/credit_loop.yaml --view tl --heatmap " + dir / "l.png");
  BOOST_TEST(link.err.find("--heatmap " + dir / "l.png" + ": the platform has no network to draw") != std::string::npos,
             link.err);
}

BOOST_AUTO_TEST_CASE(the_network_diagnosis_follows_from_its_figures) {
  const cftool::Outcome o = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.7 --view tl --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  const json& net = doc.at("networks").at("net");
  const json* busiest = nullptr;
  std::int64_t credit_waits = 0, vc_waits = 0;
  int waiting_channels = 0;
  for (const json& c : net.at("channels")) {
    if (!busiest || c.at("utilisation").get<double>() > busiest->at("utilisation").get<double>()) busiest = &c;
    credit_waits += c.at("credit_waits").get<std::int64_t>();
    vc_waits += c.at("vc_waits").get<std::int64_t>();
    waiting_channels += c.at("credit_waits").get<std::int64_t>() > 0;
  }
  char opening[200], busiest_text[300];
  std::snprintf(opening, sizeof opening,
                "network 'net' is saturated: it accepts %.4f of the 0.7000 flits/node/cycle offered (accepted is %.4g "
                "flits/node/cycle below offered, more than the %.4g",
                net.at("accepted").get<double>(), net.at("saturation").at("shortfall").get<double>(),
                net.at("saturation").at("noise").get<double>());
  std::snprintf(busiest_text, sizeof busiest_text,
                "); its busiest channel, %s %s -> %s, carried %.3f flits/cycle over the run (a channel carries 1 at most)",
                busiest->at("router").get<std::string>().c_str(), busiest->at("port").get<std::string>().c_str(),
                busiest->at("to").get<std::string>().c_str(), busiest->at("utilisation").get<double>());
  const json& d = doc.at("diagnosis");
  BOOST_TEST_REQUIRE(d.size() == 6u);  // then the three by VC (the_diagnosis_by_vc_follows_from_the_figures_by_vc)
  const std::string first = d.at(0).get<std::string>();
  BOOST_TEST(first.rfind(opening, 0) == 0u, first);
  BOOST_TEST(first.find(busiest_text) == first.size() - std::strlen(busiest_text), first);
  BOOST_TEST(d.at(1).get<std::string>().find("switch requests were held for want of a credit " + std::to_string(credit_waits) +
                                             " times on " + std::to_string(waiting_channels) + " channels") != std::string::npos);
  BOOST_TEST(d.at(2).get<std::string>().find("head flits failed to get an output VC " + std::to_string(vc_waits) + " times") !=
             std::string::npos);
}

namespace {

struct VcAt {
  std::string channel;
  int vc;
  json use;
  std::int64_t of(const char* key) const { return use.at(key).get<std::int64_t>(); }
  std::int64_t failures() const { return of("vc_waits") + of("switch_losses") + of("credit_waits"); }
};

std::vector<VcAt> every_vc(const json& net) {
  std::vector<VcAt> all;
  for (const json& c : net.at("channels"))
    for (std::size_t vc = 0; vc < c.at("vcs").size(); ++vc)
      all.push_back({c.at("router").get<std::string>() + " " + c.at("port").get<std::string>() + " -> " +
                         c.at("to").get<std::string>(),
                     static_cast<int>(vc), c.at("vcs").at(vc)});
  return all;
}

std::string line_with(const json& diagnosis, const std::string& words) {
  for (const json& line : diagnosis)
    if (line.get<std::string>().find(words) != std::string::npos) return line.get<std::string>();
  return "";
}

}  // namespace

// By VC: head-of-line blocking, each VC number's share and failed attempts, the VCs that
// failed most often, every figure found again in the JSON it came from; and on a torus,
// the VCs its dateline classes leave unused.
BOOST_AUTO_TEST_CASE(the_diagnosis_by_vc_follows_from_the_figures_by_vc) {
  const cftool::Outcome o = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.5 --view tl --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  const json& net = doc.at("networks").at("net");
  const std::vector<VcAt> all = every_vc(net);
  std::int64_t hol_cycles = 0, hol_packets = 0, flits[2] = {0, 0}, failures[2] = {0, 0};
  const VcAt* most_blocked = nullptr;
  const VcAt* most_failing = nullptr;
  const auto per_flit = [](const VcAt& v) { return static_cast<double>(v.failures()) / static_cast<double>(v.of("flits")); };
  for (const VcAt& v : all) {
    hol_cycles += v.of("hol_cycles");
    hol_packets += v.of("hol_packets");
    flits[v.vc] += v.of("flits");
    failures[v.vc] += v.failures();
    if (!most_blocked || v.of("hol_cycles") > most_blocked->of("hol_cycles")) most_blocked = &v;
    if (v.of("flits") > 0 && v.failures() > 0 && (!most_failing || per_flit(v) > per_flit(*most_failing))) most_failing = &v;
  }
  BOOST_TEST_REQUIRE(hol_cycles > 0);
  const json& d = doc.at("diagnosis");
  const std::string hol = line_with(d, "head-of-line blocking");
  BOOST_TEST(hol.find(std::to_string(hol_packets) + " packets that came over router-to-router channels waited behind "
                      "another packet in their input VC, " + std::to_string(hol_cycles) + " cycles in all; most in the VCs fed by " +
                      most_blocked->channel + " VC " + std::to_string(most_blocked->vc) + " (" +
                      std::to_string(most_blocked->of("hol_cycles")) + " cycles, " +
                      std::to_string(most_blocked->of("hol_packets")) + " packets)") != std::string::npos, hol);
  char shares[300];
  const double total = static_cast<double>(flits[0] + flits[1]);
  std::snprintf(shares, sizeof shares, "VC 0 %.1f%% (%.2f failed attempts a flit), VC 1 %.1f%% (%.2f failed attempts a flit)",
                100.0 * flits[0] / total, static_cast<double>(failures[0]) / flits[0], 100.0 * flits[1] / total,
                static_cast<double>(failures[1]) / flits[1]);
  BOOST_TEST(line_with(d, "the VCs' shares of the " + std::to_string(flits[0] + flits[1]) + " flits").find(shares) !=
             std::string::npos, shares);
  char failing[300];
  std::snprintf(failing, sizeof failing, "failed most often to move on: %s VC %d: %.2f a flit over %lld flits (%lld for an output VC, "
                "%lld for the switch, %lld for a credit)", most_failing->channel.c_str(), most_failing->vc, per_flit(*most_failing),
                static_cast<long long>(most_failing->of("flits")), static_cast<long long>(most_failing->of("vc_waits")),
                static_cast<long long>(most_failing->of("switch_losses")), static_cast<long long>(most_failing->of("credit_waits")));
  BOOST_TEST(!line_with(d, failing).empty(), failing);
  BOOST_TEST(line_with(d, "carried no flit").empty());  // on a mesh every VC is used

  const cftool::Outcome torus = cftool::tool("run ../../models/mesh4x4.yaml --set net.topology=torus "
                                             "--set net.routing_function=dim_order --set net.injection_rate=0.3 --view tl --json");
  BOOST_TEST_REQUIRE(torus.status == 0, torus.err);
  const json tdoc = json::parse(torus.out);
  int unused = 0;
  std::string first;
  for (const VcAt& v : every_vc(tdoc.at("networks").at("net"))) {
    if (v.of("flits") > 0) continue;
    std::int64_t channel_flits = 0;
    for (const VcAt& w : every_vc(tdoc.at("networks").at("net")))
      if (w.channel == v.channel) channel_flits += w.of("flits");
    if (channel_flits == 0) continue;
    if (++unused == 1) first = v.channel + " VC " + std::to_string(v.vc);
  }
  BOOST_TEST(unused > 0);
  BOOST_TEST(line_with(tdoc.at("diagnosis"), std::to_string(unused) + " VCs carried no flit on channels whose other VCs did: " +
                                                 first) != "");
}

// Two networks in one model: a bare metric is the varied network's, either network's
// figure may be named, and each network gets its own verdict.
BOOST_AUTO_TEST_CASE(a_sweep_of_the_second_of_two_networks_tabulates_the_second) {
  const cftool::Outcome bare = cftool::tool("sweep two_networks.yaml --vary net2.injection_rate=0.1,0.2 --view tl");
  BOOST_TEST_REQUIRE(bare.status == 0, bare.err);
  BOOST_TEST(bare.out.find("sweep vary: networks.net2.accepted\n") != std::string::npos, bare.out);
  cftool::TempDir dir;
  const cftool::Outcome named = cftool::tool("sweep two_networks.yaml --vary net2.injection_rate=0.1,0.2 --metric "
                                             "networks.net2.accepted --view tl --json " + dir / "points.json");
  BOOST_TEST_REQUIRE(named.status == 0, named.err);
  const json doc = json::parse(cftool::read_file(dir / "points.json"));
  for (const json& p : doc.at("points")) {
    const json& net2 = p.at("result").at("networks").at("net2");
    BOOST_TEST(net2.at("offered").get<double>() == std::stod(p.at("values").at("net2.injection_rate").get<std::string>()));
    BOOST_TEST(p.at("result").at("networks").at("net").at("offered").get<double>() == 0.3);
  }
  BOOST_TEST(bare.out.find("network 'net': not saturated: it took every load offered, up to 0.3 ") != std::string::npos);
  BOOST_TEST(bare.out.find("network 'net2': not saturated: it took every load offered, up to 0.2 ") != std::string::npos);
  const cftool::Outcome wrong =
      cftool::tool("sweep two_networks.yaml --vary net2.injection_rate=0.1,0.2 --metric networks.net3.accepted");
  BOOST_TEST(wrong.status == 2);
  BOOST_TEST(wrong.err.find("creditflow: --metric networks.net3.accepted: no network has a figure at networks.net3.accepted") == 0u, wrong.err);
}

// The run's seed seeds every network: another seed, other packets; the same seed, the
// same figures in both views.
BOOST_AUTO_TEST_CASE(the_runs_seed_seeds_every_network) {
  const json one = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/mesh4x4.yaml --seed 1");
  const json two = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/mesh4x4.yaml --seed 2");
  BOOST_TEST(two.at("seed").get<int>() == 2);
  BOOST_TEST(one.at("networks").at("net").at("packet_latency").get<double>() !=
             two.at("networks").at("net").at("packet_latency").get<double>());
  BOOST_TEST(one.at("networks").at("net").at("packets").get<int>() != two.at("networks").at("net").at("packets").get<int>());
  // The network's own BookSim2 seed varies it further, under the same run seed.
  const json keyed = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/mesh4x4.yaml --seed 1 --set net.seed=5");
  BOOST_TEST(keyed.at("networks").at("net").at("packet_latency").get<double>() !=
             one.at("networks").at("net").at("packet_latency").get<double>());
}

namespace {
void refused_with(const cftool::Outcome& o, const std::string& expected) {
  BOOST_TEST(o.status == 2);
  BOOST_TEST(cftool::lines(o.err).size() == 1u, o.err);
  BOOST_TEST(o.err.find(expected) != std::string::npos, "said: " << o.err << " expected: " << expected);
}
}  // namespace

// What a measurement ignores is refused, not silently dropped: a run length under
// BookSim2's measurement, a warm-up that leaves no sample; an on/off process that cannot
// offer its rate names the file and the component.
BOOST_AUTO_TEST_CASE(what_a_networks_measurement_would_ignore_is_refused_with_its_place) {
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --cycles 100"),
               "creditflow: --cycles: cycles = 100 does not apply to network 'net', measured as BookSim2 does (sim_type "
               "latency): it runs warmup_periods, then samples of sample_period cycles until they settle (max_samples at "
               "most), then a drain; set net.sim_type=window for a fixed run of cycles, or size it by those keys");
  refused_with(cftool::tool("sweep ../../models/mesh4x4.yaml --vary net.num_vcs=2,4 --warmup 10"),
               "--warmup: warmup = 10 does not apply to network 'net'");
  const cftool::Outcome window = cftool::tool("run ../../models/mesh4x4.yaml --cycles 100 --set net.sim_type=window --json");
  BOOST_TEST_REQUIRE(window.status == 0, window.err);
  BOOST_TEST(json::parse(window.out).at("networks").at("net").at("cycles").get<int>() == 100);
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --set net.warmup_periods=1000 --set net.sample_period=1"),
               "creditflow: ../../models/mesh4x4.yaml:9: net: warmup_periods = 1000 leaves no sample: the run stops after "
               "max_samples = 10 periods, the warm-up's among them (allowed: warmup_periods below max_samples)");
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_process=on_off --set net.burst_alpha=0.1 "
                            "--set net.burst_beta=0.5"),
               "creditflow: ../../models/mesh4x4.yaml:9: net: injection_process = on_off cannot offer 0.3 with burst_alpha "
               "0.1 and burst_beta 0.5: a source is on 16.67% of the cycles, so it would need 1.8 packets a cycle while on");
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_process=on_off --set net.burst_alpha=0"),
               "../../models/mesh4x4.yaml:9: net: injection_process = on_off needs burst_alpha > 0");
}

BOOST_AUTO_TEST_CASE(an_anynet_of_too_many_nodes_is_refused_in_its_own_terms) {
  cftool::TempDir dir;
  {
    std::ofstream net(dir / "big.net");
    for (int r = 0; r < 70; ++r) {
      net << "router " << r;
      for (int n = 0; n < 1000; ++n) net << " node " << r * 1000 + n;
      if (r + 1 < 70) net << " router " << r + 1;
      net << "\n";
    }
  }
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --set net.topology=anynet --set net.routing_function=min "
                            "--set net.network_file=" + dir / "big.net"),
               "net: the anynet's netlist has 70000 nodes, too many (allowed up to 65536)");
}

// An anynet's mistakes are refused before running, at their file and line: a netlist in two
// parts, and a router linked to itself on the second line of a file whose first holds two
// statements.
BOOST_AUTO_TEST_CASE(an_anynets_mistakes_name_the_file_and_the_line) {
  cftool::TempDir dir;
  std::ofstream(dir / "parts.net") << "router 0 node 0 router 1\nrouter 1 node 1\nrouter 2 node 2 router 3\nrouter 3 node 3\n";
  std::ofstream(dir / "self.net") << "router 0 node 0 router 1; router 1 node 1\nrouter 1 router 1\n";
  const std::string anynet = "run ../../models/mesh4x4.yaml --set net.topology=anynet --set net.routing_function=min "
                             "--set net.network_file=";
  refused_with(cftool::tool(anynet + dir / "parts.net"),
               "creditflow: ../../models/mesh4x4.yaml:9: net: network_file " + dir / "parts.net" +
                   ": the netlist is not connected: router 2 cannot be reached from router 0, so a packet between their "
                   "nodes would have no path");
  refused_with(cftool::tool(anynet + dir / "self.net"),
               "creditflow: ../../models/mesh4x4.yaml:9: net: network_file " + dir / "self.net" +
                   ": netlist line 2: router 1 linked to itself");
}

// A network's buffers are counted before running, as a link platform's are: one that could
// not fit in memory is refused with exit 2 and its terms, not run out of memory.
BOOST_AUTO_TEST_CASE(a_network_too_big_for_memory_is_refused_before_running) {
  refused_with(cftool::tool("run ../../models/mesh4x4.yaml --set net.k=64 --set net.num_vcs=64 --set net.vc_buf_size=4096"),
               "creditflow: ../../models/mesh4x4.yaml: component 'net' (20480 router ports x 64 VCs x 4096 flits x 64 "
               "bytes) takes 320.0 GiB, and the platform's buffers and pipelines about 320.0 GiB, more than the ");
}

// A network_file is an input like the model: no output may be written over it, and its
// content is part of the sweep's identity, so shards run before and after an edit of it
// do not merge.
BOOST_AUTO_TEST_CASE(a_network_file_is_an_input_of_the_sweep_and_of_its_identity) {
  cftool::TempDir dir;
  std::ofstream(dir / "pair.net") << "router 0 node 0 router 1 1\nrouter 1 node 1 router 0 1\n";
  std::ofstream(dir / "pair.yaml") << "components:\n  net: { kind: network, topology: anynet, routing_function: min, "
                                      "network_file: pair.net, num_vcs: 2, vc_buf_size: 4, injection_rate: 0.1 }\n";
  const std::string sweep = "sweep " + dir / "pair.yaml" + " --vary net.injection_rate=0.1,0.2 --view tl ";
  refused_with(cftool::tool(sweep + "--csv " + dir / "pair.net"),
               "--csv " + dir / "pair.net" + " is the network_file");
  BOOST_TEST(cftool::read_file(dir / "pair.net") == "router 0 node 0 router 1 1\nrouter 1 node 1 router 0 1\n");
  const cftool::Outcome heat = cftool::tool("run " + dir / "pair.yaml --heatmap " + dir / "pair.net");
  BOOST_TEST(heat.status == 2);
  BOOST_TEST(cftool::read_file(dir / "pair.net") == "router 0 node 0 router 1 1\nrouter 1 node 1 router 0 1\n");
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--shard 1/2 --csv " + dir / "a.csv").status == 0);
  std::ofstream(dir / "pair.net") << "router 0 node 0 router 1 3\nrouter 1 node 1 router 0 3\n";
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--shard 2/2 --csv " + dir / "b.csv").status == 0);
  const cftool::Outcome merged = cftool::tool("merge " + dir / "all.csv " + dir / "a.csv " + dir / "b.csv");
  BOOST_TEST(merged.status != 0);
  BOOST_TEST(!cftool::exists(dir / "all.csv"));
}
