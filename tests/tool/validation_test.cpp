// Every validation error: one line on stderr naming where (file:line or the option),
// what is wrong and what is allowed, and exit status 2 (refused), before anything is simulated.
#include <boost/test/unit_test.hpp>

#include "harness.hpp"

namespace {
void expect_error(const std::string& args, const std::string& line, int status = 2) {
  const cftool::Outcome o = cftool::tool(args);
  BOOST_TEST(o.status == status, args);
  BOOST_TEST(o.out.empty(), args);
  BOOST_TEST(o.err == "creditflow: " + line + "\n", args);
}
}  // namespace

BOOST_AUTO_TEST_CASE(unknown_kind_suggests_the_nearest) {
  expect_error("run bad/unknown_kind.yaml",
               "bad/unknown_kind.yaml:7: component rx has unknown kind 'credit_reciever'; did you mean "
               "'credit_receiver'? ('creditflow list' shows the kinds)");
}

BOOST_AUTO_TEST_CASE(unknown_parameter_suggests_the_nearest) {
  expect_error("run bad/unknown_parameter.yaml",
               "bad/unknown_parameter.yaml:7: rx (credit_receiver) has no parameter 'dpeth'; did you "
               "mean 'depth'? ('creditflow list credit_receiver' shows its parameters)");
}

BOOST_AUTO_TEST_CASE(unknown_top_level_key) {
  expect_error("run bad/unknown_top_key.yaml",
               "bad/unknown_top_key.yaml:8: unknown key 'conections' in the platform; did you mean "
               "'connections'? (allowed: description, clocks, components, connections, run, sweeps)");
}

BOOST_AUTO_TEST_CASE(duplicate_key) {
  expect_error("run bad/duplicate_key.yaml", "bad/duplicate_key.yaml:7: duplicate key 'depth' in component rx");
}

BOOST_AUTO_TEST_CASE(missing_required_parameter) {
  expect_error("run bad/missing_required.yaml",
               "bad/missing_required.yaml:5: tx (credit_sender) needs parameter 'credits' (allowed 1..16777216)");
}

BOOST_AUTO_TEST_CASE(value_out_of_range) {
  expect_error("run bad/out_of_range.yaml",
               "bad/out_of_range.yaml:7: rx.depth = 0 is out of range (allowed 1..16777216)");
}

BOOST_AUTO_TEST_CASE(value_not_a_number) {
  expect_error("run bad/not_a_number.yaml",
               "bad/not_a_number.yaml:6: link.latency = many is not an integer (allowed 0..1048576)");
}

BOOST_AUTO_TEST_CASE(dangling_port) {
  expect_error("run bad/dangling_port.yaml",
               "bad/dangling_port.yaml:5: port tx.credit_in (credit input) is not connected");
}

BOOST_AUTO_TEST_CASE(doubly_driven_port) {
  expect_error("run bad/doubly_driven.yaml",
               "bad/doubly_driven.yaml:15: connection 'spare.out -> rx.in': rx.in is driven twice "
               "(also at line 12)");
}

BOOST_AUTO_TEST_CASE(unknown_clock) {
  expect_error("run bad/unknown_clock.yaml",
               "bad/unknown_clock.yaml:6: component link uses unknown clock 'clk2'; did you mean 'clk'?");
}

BOOST_AUTO_TEST_CASE(unknown_port_and_component) {
  expect_error("run bad/unknown_port.yaml",
               "bad/unknown_port.yaml:12: connection 'rx.crdit -> link.credit_in': rx (credit_receiver) "
               "has no port 'crdit'; did you mean 'credit'? (ports: in, credit, out)");
  expect_error("run bad/unknown_component.yaml",
               "bad/unknown_component.yaml:11: connection 'link.out -> rxx.in': no component 'rxx'; did "
               "you mean 'rx'?");
}

BOOST_AUTO_TEST_CASE(channel_type_and_direction) {
  expect_error("run bad/type_mismatch.yaml",
               "bad/type_mismatch.yaml:11: connection 'rx.credit -> rx.in': rx.credit carries a credit "
               "channel but rx.in takes a flow channel");
  expect_error("run bad/wrong_direction.yaml",
               "bad/wrong_direction.yaml:12: connection 'rx.in -> link.credit_in': rx.in is an input; a "
               "connection runs from an output to an input");
}

BOOST_AUTO_TEST_CASE(credits_must_not_exceed_the_receiver) {
  expect_error("run bad/credits_mismatch.yaml",
               "bad/credits_mismatch.yaml:5: credit loop of tx: tx.credits = 5 but its receiver rx has "
               "depth 4 (a sender holds at most one credit per receiver slot; write credits: ${rx.depth})");
}

BOOST_AUTO_TEST_CASE(bad_reference) {
  expect_error("run bad/bad_reference.yaml",
               "bad/bad_reference.yaml:5: tx.credits = ${rx.dpth}: rx (credit_receiver) has no parameter "
               "'dpth'; did you mean 'depth'?");
}

BOOST_AUTO_TEST_CASE(yaml_syntax_error) {
  expect_error("run bad/syntax_error.yaml", "bad/syntax_error.yaml:8: YAML syntax error: end of map flow not found");
}

BOOST_AUTO_TEST_CASE(set_errors_name_the_option) {
  expect_error("run good.yaml --set rx.dept=3",
               "--set rx.dept=3: rx (credit_receiver) has no parameter 'dept'; did you mean 'depth'?");
  expect_error("run good.yaml --set rxx.depth=3", "--set rxx.depth=3: no component 'rxx'; did you mean 'rx'?");
  expect_error("run good.yaml --set rx.depth=-3", "--set rx.depth=-3: rx.depth = -3 is out of range (allowed 1..16777216)");
  expect_error("run good.yaml --set rx.depth", "--set rx.depth: expected component.param=value");
}

BOOST_AUTO_TEST_CASE(command_line_errors) {
  expect_error("run good.yaml --cycles abc", "--cycles: cycles = abc is not an integer (allowed 1..1000000000000)");
  expect_error("run good.yaml --cycles 100 --warmup 100", "--warmup: warmup = 100 is out of range (allowed 0..99)");
  expect_error("run missing.yaml", "model: File does not exist: missing.yaml (see creditflow --help)");
  expect_error("run good.yaml --bogus", "The following argument was not expected: --bogus (see creditflow --help)");
  expect_error("sweep good.yaml -j 0 --vary rx.depth=1,2", "--jobs: Value 0 not in range 1 to 1024 (see creditflow --help)");
  expect_error("sweep good.yaml --vary rx.depth=4:1",
               "--vary rx.depth=4:1: range '4:1' must have A <= B and STEP > 0 (a range is A:B or A:B:STEP, inclusive)");
  expect_error("sweep good.yaml", "good.yaml: no sweep to run: the file has no sweeps; give --vary component.param=values");
  expect_error("sweep good.yaml --vary rx.depth=1 --shard 3/2", "--shard 3/2: expected K/N with 1 <= K <= N (whole numbers below 10^19)");
}
