// compare_vcd on small hand-written traces: what `creditflow compare` reports rests on it.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <unistd.h>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/vcd_compare.hpp"

using creditflow::platform::compare_vcd;

namespace {

// A trace of a channel tx.out (valid, flit id) and a credit rx.credit, in the form
// SystemC writes, with the given value changes after the header.
std::string trace(const std::string& name, const std::string& changes, const std::string& extra_var = "") {
  const std::string file = "/tmp/creditflow-vcd-" + std::to_string(::getpid()) + "-" + name + ".vcd";
  std::ofstream(file) << "$date today $end\n$timescale 1 ps $end\n$scope module SystemC $end\n"
                         "$scope module tx $end\n$scope module out $end\n$var wire 1 aaaab valid $end\n"
                         "$scope module flit $end\n$var wire 64 aaaac id [63:0] $end\n$upscope $end\n$upscope $end\n"
                         "$upscope $end\n$scope module rx $end\n$var wire 1 aaaad credit $end\n"
                      << extra_var << "$upscope $end\n$upscope $end\n$enddefinitions $end\n\n$comment\n"
                         "All initial values are dumped below at time 0 sec = 0 timescale units.\n$end\n\n"
                         "$dumpvars\n0aaaab\nb0 aaaac\n0aaaad\n$end\n"
                      << changes;
  return file;
}

}  // namespace

BOOST_AUTO_TEST_CASE(identical_traces_report_their_events) {
  const std::string changes = "#1000\n1aaaab\nb101 aaaac\n#2000\n0aaaab\n1aaaad\n#3000\n0aaaad\n";
  const auto c = compare_vcd(trace("a", changes), trace("b", changes));
  BOOST_TEST(c.identical);
  BOOST_TEST(c.compared == 3u);
  BOOST_TEST(c.events == 5u);  // valid twice, id once, credit twice
  BOOST_TEST(c.end_time == 3000u);
}

BOOST_AUTO_TEST_CASE(the_first_difference_names_the_signal_time_and_both_values) {
  const auto c = compare_vcd(trace("a", "#1000\n1aaaab\nb101 aaaac\n#2000\n1aaaad\n#3000\n0aaaad\n"),
                             trace("b", "#1000\n1aaaab\nb101 aaaac\n#3000\n1aaaad\n#4000\n0aaaad\n"));
  BOOST_TEST(!c.identical);
  BOOST_TEST(c.time == 2000u);
  BOOST_TEST(c.signal == "rx.credit");
  BOOST_TEST(c.a == "1");
  BOOST_TEST(c.b == "0");
  BOOST_TEST(c.differing == 1u);
}

BOOST_AUTO_TEST_CASE(a_flit_is_compared_only_while_its_valid_is_high) {
  // Between offers each side leaves another flit on the wires: not a difference; the same
  // flit field differing while valid is high is, reported in decimal.
  const auto idle = compare_vcd(trace("a", "#1000\nb111 aaaac\n#2000\n1aaaab\nb1 aaaac\n"),
                                trace("b", "#1000\nb10 aaaac\n#2000\n1aaaab\nb1 aaaac\n"));
  BOOST_TEST(idle.identical);
  const auto offered = compare_vcd(trace("a", "#1000\nb111 aaaac\n#2000\n1aaaab\n"),
                                   trace("b", "#1000\nb10 aaaac\n#2000\n1aaaab\n"));
  BOOST_TEST(!offered.identical);
  BOOST_TEST(offered.time == 2000u);  // when valid rose, not when the idle values parted
  BOOST_TEST(offered.signal == "tx.out.flit.id");
  BOOST_TEST(offered.a == "7");
  BOOST_TEST(offered.b == "2");
}

BOOST_AUTO_TEST_CASE(at_one_time_the_channel_is_named_before_its_flit_and_the_rest_are_counted) {
  const auto c = compare_vcd(trace("a", "#1000\n1aaaab\nb11 aaaac\n1aaaad\n"), trace("b", "#1000\n0aaaad\n"));
  BOOST_TEST(c.time == 1000u);
  BOOST_TEST(c.signal == "rx.credit");  // two levels deep, before tx.out.valid's three
  BOOST_TEST(c.differing == 2u);        // credit and valid; the flit is not offered in b
}

BOOST_AUTO_TEST_CASE(signals_in_one_trace_only_are_listed_not_compared) {
  const auto c = compare_vcd(trace("a", "", "$var wire 64 aaaae occupancy [63:0] $end\n"), trace("b", ""));
  BOOST_TEST(c.identical);
  BOOST_TEST(c.only_a == std::vector<std::string>{"rx.occupancy"});
  BOOST_TEST(c.only_b.empty());
}

BOOST_AUTO_TEST_CASE(a_file_that_is_not_a_trace_is_refused_naming_it) {
  const std::string file = "/tmp/creditflow-vcd-" + std::to_string(::getpid()) + "-junk.vcd";
  std::ofstream(file) << "clocks:\n  clk: { period: 1ns }\n";
  BOOST_CHECK_EXCEPTION(compare_vcd(file, file), creditflow::Error, [&](const creditflow::Error& e) {
    return std::string(e.what()) == file + ": not a VCD file (no $enddefinitions)";
  });
  BOOST_CHECK_EXCEPTION(compare_vcd("/nonexistent.vcd", file), creditflow::Error, [](const creditflow::Error& e) {
    return std::string(e.what()) == "/nonexistent.vcd: cannot read this VCD file";
  });
}
