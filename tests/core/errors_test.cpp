#include <boost/test/unit_test.hpp>
#include <cmath>

#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/source_core.hpp"

using namespace creditflow;
using namespace creditflow::core;

namespace {
auto says(const std::string& text) {
  return [text](const ParameterError& e) {
    BOOST_TEST_MESSAGE(e.what());
    return std::string(e.what()) == text;
  };
}
}  // namespace

BOOST_AUTO_TEST_CASE(zero_depth_is_rejected) {
  BOOST_CHECK_EXCEPTION((ReceiverCore<Flit>(ReceiverParams{0, {}}, 0, "loop.rx")), ParameterError,
                        says("loop.rx: depth = 0 is out of range (allowed 1..16777216)"));
  BOOST_CHECK_EXCEPTION(SenderCore(0, "loop.tx"), ParameterError,
                        says("loop.tx: credits = 0 is out of range (allowed 1..16777216)"));
}

BOOST_AUTO_TEST_CASE(negative_latency_is_rejected) {
  BOOST_CHECK_EXCEPTION((LinkCore<Flit>({-1, 1}, "loop.link")), ParameterError,
                        says("loop.link: forward_latency = -1 is out of range (allowed 0..1048576)"));
  BOOST_CHECK_EXCEPTION((LinkCore<Flit>({1, 2000000}, "loop.link")), ParameterError,
                        says("loop.link: credit_latency = 2000000 is out of range (allowed "
                             "0..1048576)"));
}

BOOST_AUTO_TEST_CASE(drain_every_zero_is_rejected) {
  DrainSpec d;
  d.every = 0;
  BOOST_CHECK_EXCEPTION(DrainSchedule(d, 0, "loop.rx"), ParameterError,
                        says("loop.rx: drain_every = 0 is out of range (allowed 1..1073741824)"));
}

BOOST_AUTO_TEST_CASE(bad_rates_and_windows_are_rejected) {
  DrainSpec d;
  d.rate = 1.5;
  BOOST_CHECK_EXCEPTION(DrainSchedule(d, 0, "rx"), ParameterError,
                        says("rx: drain_rate = 1.5 is out of range (allowed 0..1)"));
  DrainSpec w;
  w.stalls.push_back({10, 5});
  BOOST_CHECK_EXCEPTION(DrainSchedule(w, 0, "rx"), ParameterError,
                        says("rx: stall_to = 5 is out of range (allowed 10..9223372036854775807)"));
  SourceParams s;
  s.traffic = TrafficSpec::bernoulli(-0.1);
  BOOST_CHECK_EXCEPTION(SourceCore<Flit>(s, 0, "src"), ParameterError,
                        says("src: rate = -0.1 is out of range (allowed 0..1)"));
  s.traffic = TrafficSpec::periodic(0);
  BOOST_CHECK_EXCEPTION(SourceCore<Flit>(s, 0, "src"), ParameterError,
                        says("src: every = 0 is out of range (allowed 1..1073741824)"));
  s.traffic = TrafficSpec::periodic(2);
  s.queue_depth = 0;
  BOOST_CHECK_EXCEPTION(SourceCore<Flit>(s, 0, "src"), ParameterError,
                        says("src: queue_depth = 0 is out of range (allowed 1..16777216)"));
}

BOOST_AUTO_TEST_CASE(nan_rate_is_rejected) {
  DrainSpec d;
  d.rate = std::nan("");
  BOOST_CHECK_THROW(DrainSchedule(d, 0, "rx"), ParameterError);
}
