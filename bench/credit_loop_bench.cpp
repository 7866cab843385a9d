// Simulated cycles per second of one credit loop (SPEC section 1: saturating source,
// L = 4, B = 10), measured side by side in one run, each SystemC variant in a process of
// its own (SystemC elaborates once per process):
//   cycle   creditflow's cycle view: source, sender, link, receiver, one monitor;
//   naive   the same loop written as many would first write it in SystemC: one clocked
//           process and one sc_signal per register;
//   plain   a plain C++ loop of the same rules: the limit.
// All three must send the same number of flits, or the comparison means nothing.
//   credit_loop_bench [cycles]        (default 2,000,000)
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn, for the naive model's per-stage processes
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/cycle/credit_loop.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "creditflow/platform/isolated_run.hpp"

namespace cf = creditflow;

namespace {

constexpr int L = 4;
constexpr int B = 10;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string cycle_view(long cycles) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  cf::cycle::CreditLoopParams p;
  p.link = {L, L};
  p.receiver.depth = B;
  cf::cycle::CreditLoop<> loop("loop", p);
  loop.clk(clk);
  cf::monitor::LoopMonitor mon("mon", static_cast<cf::core::Cycle>(cycles), 0);
  mon.clk(clk);
  const auto& obs = mon.watch("link", B, loop.holders());
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double s = seconds_since(t0);
  return std::to_string(s) + " " + std::to_string(obs.sent_in_window());
}

// One clocked process and one sc_signal per register; each process recomputes the
// combinational terms it needs from the other registers' start-of-cycle values.
struct Naive : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_signal<int> credits{"credits", B}, occupancy{"occupancy", 0};
  std::vector<sc_core::sc_signal<bool>> fwd_valid, ret_valid;
  std::vector<sc_core::sc_signal<std::uint64_t>> fwd_data;
  sc_core::sc_signal<std::uint64_t> next_id{"next_id", 0};
  long sent = 0;

  SC_HAS_PROCESS(Naive);
  explicit Naive(sc_core::sc_module_name n) : sc_module(n), fwd_valid(L), ret_valid(L), fwd_data(L) {
    SC_METHOD(credit_reg);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(occupancy_reg);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(id_reg);
    sensitive << clk.pos();
    dont_initialize();
    for (int i = 0; i < L; ++i) {
      sc_core::sc_spawn_options o;
      o.spawn_method();
      o.dont_initialize();
      o.set_sensitivity(&clk.pos());
      sc_core::sc_spawn([this, i] { fwd_stage(i); }, sc_core::sc_gen_unique_name("fwd"), &o);
      sc_core::sc_spawn([this, i] { ret_stage(i); }, sc_core::sc_gen_unique_name("ret"), &o);
    }
  }
  bool send() const { return credits.read() > 0; }  // the source saturates
  bool pop() const { return occupancy.read() > 0; }
  void credit_reg() {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) return;
    sent += send();
    credits.write(credits.read() + ret_valid[L - 1].read() - send());
  }
  void occupancy_reg() {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) return;
    occupancy.write(occupancy.read() + fwd_valid[L - 1].read() - pop());
  }
  void id_reg() {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) return;
    if (send()) next_id.write(next_id.read() + 1);
  }
  void fwd_stage(int i) {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) return;
    fwd_valid[i].write(i == 0 ? send() : fwd_valid[i - 1].read());
    fwd_data[i].write(i == 0 ? next_id.read() : fwd_data[i - 1].read());
  }
  void ret_stage(int i) {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) return;
    ret_valid[i].write(i == 0 ? pop() : ret_valid[i - 1].read());
  }
};

std::string naive(long cycles) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  Naive n("naive");
  n.clk(clk);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start(sc_core::sc_time(static_cast<double>(cycles) + 0.5, sc_core::SC_NS));
  const double s = seconds_since(t0);
  return std::to_string(s) + " " + std::to_string(n.sent);
}

// The same rules in plain C++: registers as ints and rings.
std::string plain(long cycles) {
  int credits = B, occupancy = 0;
  bool fwd[L] = {}, ret[L] = {};
  int head = 0;  // both rings shift together
  long sent = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long t = 0; t < cycles; ++t) {
    const int tail = (head + L - 1) % L;  // the last stage
    const bool send = credits > 0, pop = occupancy > 0, arrive = fwd[tail], credit_in = ret[tail];
    sent += send;
    credits += credit_in - send;
    occupancy += arrive - pop;
    head = tail;  // the ring turns: the last stage's slot becomes the first
    fwd[head] = send;
    ret[head] = pop;
  }
  const double s = seconds_since(t0);
  return std::to_string(s) + " " + std::to_string(sent);
}

struct Result {
  double seconds = 0;
  long sent = 0;
};

Result measure(const char* label, const std::function<std::string()>& work) {
  const auto r = cf::platform::run_isolated(work);
  if (!r.ok) {
    std::fprintf(stderr, "credit_loop_bench: %s failed: %s\n", label, r.error.c_str());
    std::exit(1);
  }
  Result out;
  std::sscanf(r.output.c_str(), "%lf %ld", &out.seconds, &out.sent);
  return out;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  const long cycles = argc > 1 ? std::atol(argv[1]) : 2'000'000;
  std::printf("credit loop L=%d B=%d, saturating, %ld cycles\n", L, B, cycles);
  const Result c = measure("cycle view", [&] { return cycle_view(cycles); });
  const Result n = measure("naive", [&] { return naive(cycles); });
  // The plain loop is fast: repeat it so its time is measurable, and scale back.
  const long repeat = 20;
  const Result p = measure("plain", [&] { return plain(cycles * repeat); });
  const double plain_seconds = p.seconds / repeat;
  const long plain_sent = p.sent / repeat;
  auto row = [&](const char* name, double s, long sent) {
    std::printf("  %-10s %12.0f cycles/s  %9ld sent\n", name, static_cast<double>(cycles) / s, sent);
  };
  row("cycle", c.seconds, c.sent);
  row("naive", n.seconds, n.sent);
  row("plain", plain_seconds, plain_sent);
  std::printf("ratios: cycle view / naive SystemC = %.2f, plain loop / cycle view = %.1f\n", n.seconds / c.seconds,
              c.seconds / plain_seconds);
  if (c.sent != n.sent || c.sent != plain_sent) {
    std::fprintf(stderr, "credit_loop_bench: the variants disagree on the flits sent (%ld, %ld, %ld)\n", c.sent,
                 n.sent, plain_sent);
    return 1;
  }
  return 0;
}
