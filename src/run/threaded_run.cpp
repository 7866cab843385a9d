#include "creditflow/platform/threaded_run.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"

namespace creditflow::platform {

namespace {

IsolatedResult run_one(const Work& work) {
  try {
    return {true, work(), "", false};
  } catch (const std::exception& e) {
    return {false, "", failure_text(e), false};
  } catch (...) {
    return {false, "", "unknown exception", false};
  }
}

}  // namespace

std::vector<IsolatedResult> run_threaded_all(const std::vector<Work>& work, int threads, const OnDone& on_done) {
  std::vector<IsolatedResult> results(work.size());
  std::mutex mutex;
  std::condition_variable finished_one;
  std::deque<std::size_t> finished;  // done, not yet told to on_done
  std::size_t next = 0;              // the first item nobody has taken
  std::size_t running = 0;
  bool stopping = false;             // interrupted: nobody takes more

  // Under the lock: the next item to run, if any is left and no signal came (the flag
  // itself, not only `stopping`: the calling thread may not have seen it yet).
  const auto take = [&](std::size_t& index) {
    if (stopping || interrupted() || next == work.size()) return false;
    index = next++;
    ++running;
    return true;
  };
  const auto run = [&](std::unique_lock<std::mutex>& lock, std::size_t index) {
    lock.unlock();
    IsolatedResult r = run_one(work[index]);
    lock.lock();
    results[index] = std::move(r);
    finished.push_back(index);
    --running;
    finished_one.notify_one();
  };
  const auto worker = [&] {
    std::unique_lock lock(mutex);
    for (std::size_t index = 0; take(index);) run(lock, index);
  };
  // One at a time needs no thread; a thread the system refuses (a limit on processes
  // counts threads) means fewer at once, and none at all that the calling thread works.
  // Otherwise it only watches, so that it tells each finished item at once.
  std::vector<std::thread> pool;
  const std::size_t wanted = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), work.size());
  for (std::size_t i = 0; wanted > 1 && i < wanted; ++i) {
    try {
      pool.emplace_back(worker);
    } catch (const std::system_error&) {
      break;
    }
  }
  const bool calling_thread_works = pool.empty();

  std::size_t done = 0;
  try {
    std::unique_lock lock(mutex);
    while (true) {
      if (interrupted() && !stopping) {
        stopping = true;
        for (std::size_t i = next; i < work.size(); ++i) results[i] = {false, "", kInterruptedUnstarted, true};
        next = work.size();
      }
      while (!finished.empty()) {
        const std::size_t index = finished.front();
        finished.pop_front();
        // An item stopped by the interruption failed of it, whatever it says.
        if (interrupted() && !results[index].ok) results[index] = {false, "", kInterruptedRunning, true};
        ++done;
        if (on_done) {
          lock.unlock();
          on_done(index, results[index], done);
          lock.lock();
        }
      }
      if (std::size_t index = 0; calling_thread_works && take(index)) {
        run(lock, index);
        continue;
      }
      // (Workers that stopped for a signal not yet seen above leave `next` short: the next
      // turn marks the rest.)
      if (running == 0 && finished.empty() && next == work.size()) break;
      // A signal does not wake the wait: look at the flag every 100 ms.
      finished_one.wait_for(lock, std::chrono::milliseconds(100), [&] { return !finished.empty(); });
    }
  } catch (...) {
    // on_done failed (a journal that cannot be written): the workers take no more, finish
    // what they run and are joined before the error goes on (a thread left running would
    // end the process).
    {
      const std::lock_guard stop(mutex);
      stopping = true;
    }
    for (std::thread& t : pool) t.join();
    throw;
  }
  for (std::thread& t : pool) t.join();
  return results;
}

}  // namespace creditflow::platform
