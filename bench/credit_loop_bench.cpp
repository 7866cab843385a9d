// Simulated cycles per second of one credit loop (SPEC section 1: saturating source,
// L = 4, B = 10), measured side by side in one run, each SystemC variant in a process of
// its own (SystemC elaborates once per process):
//   cycle   creditflow's cycle view: source, sender, link, receiver, one monitor;
//   tl      creditflow's transaction-level view: the same cores in one process, a
//           quantum of cycles per entry into the kernel;
//   naive   the same loop written as many would first write it in SystemC: one clocked
//           process and one sc_signal per register (27 of each), no statistics;
//   plain   a plain C++ loop of the same rules: the limit.
// All must send the same number of flits, or the comparison means nothing. Then the same
// at 10% load (one flit every 10 cycles) for the cycle view, the tl view and the plain loop.
//   credit_loop_bench [cycles]        (default 2,000,000)
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn, for the naive model's per-stage processes
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/cycle/credit_loop.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tl/credit_loop_tl.hpp"

namespace cf = creditflow;

namespace {

constexpr int L = 4;
constexpr int B = 10;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

cf::core::CreditLoopParams loop_params(int every) {
  cf::core::CreditLoopParams p;
  p.link = {L, L};
  p.receiver.depth = B;
  if (every > 1) p.source.traffic = cf::core::TrafficSpec::periodic(every);
  return p;
}

std::string tl_view(long cycles, int every) {
  cf::tl::CreditLoopTL<> loop("loop", loop_params(every), static_cast<cf::core::Cycle>(cycles), 0);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double s = seconds_since(t0);
  return std::to_string(s) + " " + std::to_string(loop.observer().sent_in_window());
}

std::string cycle_view(long cycles, int every = 1) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  const cf::core::CreditLoopParams p = loop_params(every);
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

// The same loop as many would first write it in SystemC, with no statistics at all: one
// clocked process and one sc_signal per register of the hardware. Registers: the
// source's next flit, the credit counter, per forward stage a valid and a flit, per
// return stage a credit, the receiver's B flit slots, its write and read pointers and its
// count. Each process recomputes the combinational terms it needs (send, pop) from the
// other registers' values at the start of the cycle.
struct Naive : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_signal<cf::core::Flit> next_flit{"next_flit"};
  sc_core::sc_signal<int> credits{"credits", B};
  std::vector<sc_core::sc_signal<bool>> fwd_valid, ret_valid;
  std::vector<sc_core::sc_signal<cf::core::Flit>> fwd_flit, slot;
  sc_core::sc_signal<int> wr_ptr{"wr_ptr", 0}, rd_ptr{"rd_ptr", 0}, count{"count", 0};
  long sent = 0;

  SC_HAS_PROCESS(Naive);
  explicit Naive(sc_core::sc_module_name n) : sc_module(n), fwd_valid(L), ret_valid(L), fwd_flit(L), slot(B) {
    clocked([this] { source_reg(); });
    clocked([this] { credit_reg(); });
    clocked([this] { wr_ptr_reg(); });
    clocked([this] { rd_ptr_reg(); });
    clocked([this] { count_reg(); });
    for (int i = 0; i < L; ++i) {
      clocked([this, i] { fwd_valid[i].write(i == 0 ? send() : fwd_valid[i - 1].read()); });
      clocked([this, i] { fwd_flit[i].write(i == 0 ? sent_flit() : fwd_flit[i - 1].read()); });
      clocked([this, i] { ret_valid[i].write(i == 0 ? pop() : ret_valid[i - 1].read()); });
    }
    for (int i = 0; i < B; ++i)
      clocked([this, i] {
        if (arrive() && wr_ptr.read() == i) slot[i].write(fwd_flit[L - 1].read());
      });
  }
  void clocked(std::function<void()> body) {
    sc_core::sc_spawn_options o;
    o.spawn_method();
    o.dont_initialize();
    o.set_sensitivity(&clk.pos());
    sc_core::sc_spawn(
        [this, body] {
          if (sc_core::sc_time_stamp() != sc_core::SC_ZERO_TIME) body();  // the edge at 0 opens cycle 0
        },
        sc_core::sc_gen_unique_name("reg"), &o);
  }
  bool send() const { return credits.read() > 0; }  // the source saturates
  bool arrive() const { return fwd_valid[L - 1].read(); }
  bool pop() const { return count.read() > 0; }
  cf::core::Flit sent_flit() const {
    cf::core::Flit f = next_flit.read();
    f.sent = static_cast<cf::core::Cycle>(sc_core::sc_time_stamp().to_seconds() * 1e9) - 1;
    return f;
  }
  void source_reg() {
    if (!send()) return;
    ++sent;
    cf::core::Flit f = next_flit.read();
    ++f.id;
    f.created = static_cast<cf::core::Cycle>(sc_core::sc_time_stamp().to_seconds() * 1e9);
    next_flit.write(f);
  }
  void credit_reg() { credits.write(credits.read() + ret_valid[L - 1].read() - send()); }
  void wr_ptr_reg() {
    if (arrive()) wr_ptr.write((wr_ptr.read() + 1) % B);
  }
  void rd_ptr_reg() {
    if (pop()) rd_ptr.write((rd_ptr.read() + 1) % B);
  }
  void count_reg() { count.write(count.read() + arrive() - pop()); }
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

// The same rules in plain C++: registers as ints and rings; a flit every `every` cycles.
std::string plain(long cycles, int every = 1) {
  int credits = B, occupancy = 0;
  bool fwd[L] = {}, ret[L] = {};
  int head = 0;  // both rings shift together
  long sent = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long t = 0; t < cycles; ++t) {
    const int tail = (head + L - 1) % L;  // the last stage
    const bool send = credits > 0 && t % every == 0, pop = occupancy > 0, arrive = fwd[tail], credit_in = ret[tail];
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
  const long repeat = 20;  // the plain loop is fast: repeat it so its time is measurable
  auto row = [&](const char* name, const Result& r) {
    std::printf("  %-10s %12.0f cycles/s  %9ld sent\n", name, static_cast<double>(cycles) / r.seconds, r.sent);
  };
  auto plain_run = [&](int every) {
    Result p = measure("plain", [&] { return plain(cycles * repeat, every); });
    return Result{p.seconds / repeat, p.sent / repeat};
  };
  bool agree = true;

  std::printf("credit loop L=%d B=%d, saturating, %ld cycles\n", L, B, cycles);
  const Result c = measure("cycle view", [&] { return cycle_view(cycles); });
  const Result t = measure("tl view", [&] { return tl_view(cycles, 1); });
  const Result n = measure("naive", [&] { return naive(cycles); });
  const Result p = plain_run(1);
  row("cycle", c);
  row("tl", t);
  row("naive", n);
  row("plain", p);
  std::printf("ratios: cycle / naive = %.2f, tl / cycle = %.1f, tl / plain = %.3f\n", n.seconds / c.seconds,
              c.seconds / t.seconds, p.seconds / t.seconds);
  agree = agree && c.sent == t.sent && c.sent == n.sent && c.sent == p.sent;

  std::printf("the same loop at 10%% load (a flit every 10 cycles)\n");
  const Result c10 = measure("cycle view", [&] { return cycle_view(cycles, 10); });
  const Result t10 = measure("tl view", [&] { return tl_view(cycles, 10); });
  const Result p10 = plain_run(10);
  row("cycle", c10);
  row("tl", t10);
  row("plain", p10);
  std::printf("ratios: tl / cycle = %.1f, tl / plain = %.3f\n", c10.seconds / t10.seconds, p10.seconds / t10.seconds);
  agree = agree && c10.sent == t10.sent && c10.sent == p10.sent;

  if (!agree) {
    std::fprintf(stderr, "credit_loop_bench: the variants disagree on the flits sent\n");
    return 1;
  }
  return 0;
}
