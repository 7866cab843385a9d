// run_threaded_all: the results, order and Ctrl-C handling of run_isolated_all, on threads.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <csignal>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "creditflow/platform/interrupt.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/threaded_run.hpp"

namespace pf = creditflow::platform;

BOOST_AUTO_TEST_CASE(threaded_work_comes_back_in_order_with_its_errors) {
  std::vector<pf::Work> work;
  for (int i = 0; i < 40; ++i)
    work.push_back([i]() -> std::string {
      if (i % 7 == 3) throw std::runtime_error("item " + std::to_string(i) + " refused");
      if (i == 11) throw 42;
      return std::to_string(i * i);
    });
  std::vector<std::size_t> told;
  std::size_t last_done = 0;
  const auto results = pf::run_threaded_all(work, 3, [&](std::size_t index, const pf::IsolatedResult&, std::size_t done) {
    told.push_back(index);
    BOOST_TEST(done == last_done + 1);  // called on this thread, one at a time
    last_done = done;
  });
  BOOST_TEST_REQUIRE(results.size() == 40u);
  BOOST_TEST(told.size() == 40u);
  for (int i = 0; i < 40; ++i) {
    const pf::IsolatedResult& r = results[static_cast<std::size_t>(i)];
    BOOST_TEST(!r.interrupted);
    if (i % 7 == 3) {
      BOOST_TEST(!r.ok);
      BOOST_TEST(r.error == "item " + std::to_string(i) + " refused");
    } else if (i == 11) {
      BOOST_TEST(!r.ok);
      BOOST_TEST(r.error == "unknown exception");
    } else {
      BOOST_TEST(r.ok);
      BOOST_TEST(r.output == std::to_string(i * i));
    }
  }
  BOOST_TEST(pf::run_threaded_all({}, 2).empty());
}

// SIGINT under a guard: items running stop at their next check and are marked as stopped
// while running, those not started as not started; one that finished keeps its result.
BOOST_AUTO_TEST_CASE(a_signal_stops_the_running_items_and_starts_no_more) {
  std::atomic<int> waiting{0};
  std::vector<pf::Work> work;
  work.push_back([] { return std::string("done before"); });
  for (int i = 0; i < 2; ++i)
    work.push_back([&waiting]() -> std::string {
      ++waiting;
      for (;;) pf::stop_if_interrupted();  // a long run looking every few thousand cycles
    });
  work.push_back([&waiting]() -> std::string {
    while (waiting < 2) {
    }
    std::raise(SIGINT);
    return "raised";
  });
  for (int i = 0; i < 5; ++i) work.push_back([] { return std::string("never"); });
  std::vector<pf::IsolatedResult> results;
  {
    pf::InterruptGuard guard;
    results = pf::run_threaded_all(work, 3);
    BOOST_TEST(pf::interrupt_signal() == SIGINT);
  }
  BOOST_TEST(results[0].ok);
  BOOST_TEST(results[0].output == "done before");
  for (int i : {1, 2}) {
    BOOST_TEST(results[i].interrupted);
    BOOST_TEST(results[i].error == pf::kInterruptedRunning);
  }
  BOOST_TEST(results[3].ok);  // it raised the signal and finished
  for (std::size_t i = 4; i < results.size(); ++i) {
    BOOST_TEST(results[i].interrupted);
    BOOST_TEST(results[i].error == pf::kInterruptedUnstarted);
  }
}

// on_done failing (the sweep's journal cannot be written) ends the run with its error, the
// workers joined first (a thread left running would end the process).
BOOST_AUTO_TEST_CASE(an_error_telling_a_finished_item_ends_the_run_with_that_error) {
  std::vector<pf::Work> work(20, [] { return std::string("done"); });
  std::size_t told = 0;
  pf::InterruptGuard guard;  // a guard of its own: no signal an earlier case raised counts
  try {
    pf::run_threaded_all(work, 2, [&](std::size_t, const pf::IsolatedResult&, std::size_t) {
      if (++told == 3) throw std::runtime_error("journal: no space left on device");
    });
    BOOST_FAIL("the error did not come back");
  } catch (const std::runtime_error& e) {
    BOOST_TEST(std::string(e.what()) == "journal: no space left on device");
  }
  BOOST_TEST(told == 3u);
}

// Before: a point that ran out of memory said "std::bad_alloc", on a thread or in a child.
BOOST_AUTO_TEST_CASE(a_point_out_of_memory_says_so_in_words) {
  const pf::Work hungry = []() -> std::string { throw std::bad_alloc(); };
  const std::string said =
      "out of memory: the platform (or -j runs of it) needs more than this machine has; lower its depths and latencies, "
      "or -j";
  const auto threaded = pf::run_threaded_all({hungry}, 1, {});
  BOOST_TEST_REQUIRE(threaded.size() == 1u);
  BOOST_TEST(!threaded[0].ok);
  BOOST_TEST(threaded[0].error == said);
  const pf::IsolatedResult child = pf::run_isolated(hungry);
  BOOST_TEST(!child.ok);
  BOOST_TEST(child.error == said);
}
