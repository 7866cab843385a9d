#include "creditflow/platform/threaded_run.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "creditflow/platform/interrupt.hpp"

namespace creditflow::platform {

std::vector<IsolatedResult> run_threaded_all(const std::vector<Work>& work, int threads, const OnDone& on_done) {
  std::vector<IsolatedResult> results(work.size());
  std::mutex mutex;
  std::condition_variable finished_one;
  std::deque<std::size_t> finished;  // done by a worker, not yet told to on_done
  std::size_t next = 0;              // the first item no worker has taken
  std::size_t running = 0;
  bool stopping = false;             // interrupted: workers take no more

  const auto worker = [&] {
    std::unique_lock lock(mutex);
    // The flag itself, not only `stopping`: the calling thread may not have seen it yet.
    while (!stopping && !interrupted() && next < work.size()) {
      const std::size_t index = next++;
      ++running;
      lock.unlock();
      IsolatedResult r;
      try {
        r = {true, work[index](), ""};
      } catch (const std::exception& e) {
        r = {false, "", e.what()};
      } catch (...) {
        r = {false, "", "unknown exception"};
      }
      lock.lock();
      results[index] = std::move(r);
      finished.push_back(index);
      --running;
      finished_one.notify_one();
    }
  };
  std::vector<std::thread> pool;
  const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), work.size());
  for (std::size_t i = 0; i < workers; ++i) pool.emplace_back(worker);

  std::size_t done = 0;
  {
    std::unique_lock lock(mutex);
    while (true) {
      // A signal does not wake the wait: look at the flag every 100 ms.
      finished_one.wait_for(lock, std::chrono::milliseconds(100), [&] { return !finished.empty(); });
      if (interrupted() && !stopping) {
        stopping = true;
        for (std::size_t i = next; i < work.size(); ++i) results[i] = {false, "", kInterruptedUnstarted, true};
        next = work.size();
      }
      while (!finished.empty()) {
        const std::size_t index = finished.front();
        finished.pop_front();
        // A point stopped by the interruption failed of it, whatever it says.
        if (interrupted() && !results[index].ok) results[index] = {false, "", kInterruptedRunning, true};
        ++done;
        if (on_done) {
          lock.unlock();
          on_done(index, results[index], done);
          lock.lock();
        }
      }
      // (Workers that stopped for a signal not yet seen above leave `next` short: the next
      // turn marks the rest.)
      if (running == 0 && finished.empty() && next == work.size()) break;
    }
  }
  for (std::thread& t : pool) t.join();
  return results;
}

}  // namespace creditflow::platform
