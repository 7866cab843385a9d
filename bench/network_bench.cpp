// Networks of routers (timing.md section 6), measured side by side in one run, each run in a
// child process of its own (CPU seconds of that child, best of two):
//   8x8 mesh, uniform, DOR, 2 VCs of 8 flits, 1-flit packets, at 0.02, 0.1 and 0.2
//   flits/node/cycle, BookSim2's latency measurement with sample_period 10000 (about 60,000
//   cycles): `creditflow run` in the TL view and in the cycle view, and BookSim2 on
//   reference/booksim2/mesh8x8.cfg with the same keys when BOOKSIM names its
//   binary (else the figures recorded in reference/booksim2, said to be from
//   another run); simulated cycles and router-cycles per second, and the ratios.
//   Then scale: 4x4 to 32x32 meshes in the TL view at 1/k flits/node/cycle (about the same
//   load on every channel: a mesh's saturation falls as 1/k), cost per router-cycle and
//   peak memory, and a plot of both (build/network_scale.png).
//   Then routers as parts of a platform: the same 2x2 mesh (bitcomp at 0.2, 2 VCs of 4
//   flits) as a `network` component and as parts (models/hand_wired_mesh.yaml: routers,
//   channels, interfaces, sources and receivers on the generic engine), and the mixed SoC
//   (models/soc_on_mesh.yaml), 200,000 cycles in each view; then an 8x8 mesh at 0.02 as a
//   `network` component and as parts (the SoC with the library's terminals at the other 60
//   nodes; those terminals with the SoC idle, the like-for-like case; and the SoC alone),
//   40,000 cycles.
//     network_bench [creditflow binary]     BOOKSIM=path/to/booksim network_bench
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "creditflow/noc/measurement.hpp"

namespace {

struct Timed {
  bool ok = false;
  double cpu = 0;      // user + system seconds of the child
  long max_rss_kb = 0;
  std::string out;
};

// Runs argv in a child; its standard output is kept.
Timed run_child(const std::vector<std::string>& args) {
  Timed t;
  char path[] = "/tmp/creditflow-netbench-XXXXXX";
  const int fd = ::mkstemp(path);
  if (fd < 0) return t;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fd, 1);
    const int null = ::open("/dev/null", 1);
    ::dup2(null, 2);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fd);
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path);
  t.out = text.str();
  t.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
          static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  t.max_rss_kb = usage.ru_maxrss;
  // BookSim2 exits 255 when it succeeds (its main returns -1): judge it by its output.
  t.ok = WIFEXITED(status) && !t.out.empty();
  return t;
}

Timed best_of_two(const std::vector<std::string>& args) {
  Timed a = run_child(args), b = run_child(args);
  return (b.ok && (!a.ok || b.cpu < a.cpu)) ? b : a;
}

long long booksim_cycles(const std::string& out) {
  const auto at = out.rfind("Time taken is ");
  return at == std::string::npos ? 0 : std::atoll(out.c_str() + at + 14);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string tool = argc > 1 ? argv[1] : CREDITFLOW_TOOL;
  const std::string model = std::string(CREDITFLOW_SOURCE_DIR) + "/models/mesh8x8.yaml";
  const std::string reference = std::string(CREDITFLOW_SOURCE_DIR) + "/reference/booksim2";
  const char* booksim = std::getenv("BOOKSIM");
  // BookSim2's 8x8 speed runs recorded in reference/booksim2/booksim_speed.csv (cpu s).
  const double recorded_cpu[] = {2.92, 8.20, 15.05};
  const long long recorded_cycles[] = {60112, 60133, 60156};
  const char* rates[] = {"0.02", "0.1", "0.2"};
  std::printf("8x8 mesh, uniform, dor, 2 VCs x 8 flits, 1-flit packets, sample_period 10000; CPU seconds, best of 2\n");
  std::printf("%-6s %-10s %10s %12s %14s %9s\n", "load", "who", "cycles", "cycles/s", "router-cyc/s", "vs BookSim2");
  for (int i = 0; i < 3; ++i) {
    double booksim_rate = recorded_cycles[i] / recorded_cpu[i];
    std::string who = "BookSim2*";
    if (booksim) {
      const Timed b = best_of_two({booksim, reference + "/mesh8x8.cfg", "sample_period=10000",
                                   std::string("injection_rate=") + rates[i]});
      if (b.ok && booksim_cycles(b.out) > 0) {
        booksim_rate = static_cast<double>(booksim_cycles(b.out)) / b.cpu;
        who = "BookSim2";
      }
    }
    std::printf("%-6s %-10s %10s %12.0f %14.0f %9s\n", rates[i], who.c_str(), "", booksim_rate, booksim_rate * 64, "1.0");
    for (const char* view : {"tl", "cycle"}) {
      const Timed t = best_of_two({tool, "run", model, "--view", view, "--json", "--set", "net.sample_period=10000",
                                   "--set", std::string("net.injection_rate=") + rates[i]});
      if (!t.ok) {
        std::printf("%-6s %-10s failed\n", rates[i], view);
        continue;
      }
      const auto doc = nlohmann::json::parse(t.out);
      const double cycles = doc.at("cycles").get<double>();
      std::printf("%-6s %-10s %10.0f %12.0f %14.0f %9.1f\n", rates[i], view, cycles, cycles / t.cpu, cycles * 64 / t.cpu,
                  cycles / t.cpu / booksim_rate);
    }
  }
  if (!booksim) std::printf("* recorded in reference/booksim2 on another run of this kind of machine (BOOKSIM=path to measure it here)\n");

  // Scale, in the TL view, each size in a child of its own (its peak memory is its own).
  std::printf("\nscale: TL view, uniform at 1/k flits/node/cycle, 2000 cycles of warm-up and 4000 measured\n");
  std::printf("%-7s %8s %14s %12s %10s\n", "mesh", "routers", "router-cycles", "ns/rtr-cyc", "peak MB");
  std::ofstream data("network_scale.dat");
  double first = 0, last = 0;
  for (int k : {4, 8, 16, 32}) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.6f", 1.0 / k);
    const Timed t = best_of_two({tool, "run", model, "--view", "tl", "--json", "--set", "net.k=" + std::to_string(k),
                                 "--set", std::string("net.injection_rate=") + rate, "--set", "net.sim_type=window",
                                 "--warmup", "2000", "--cycles", "6000"});
    if (!t.ok) {
      std::printf("%dx%d failed\n", k, k);
      continue;
    }
    const double router_cycles = 6000.0 * k * k;
    const double ns = t.cpu * 1e9 / router_cycles;
    if (k == 4) first = ns;
    last = ns;
    std::printf("%-7s %8d %14.0f %12.1f %10.1f\n", (std::to_string(k) + "x" + std::to_string(k)).c_str(), k * k,
                router_cycles, ns, t.max_rss_kb / 1024.0);
    data << k * k << " " << ns << " " << t.max_rss_kb / 1024.0 << "\n";
  }
  data.close();
  if (first > 0) std::printf("cost per router-cycle, 32x32 over 4x4: %.2f (the target: at most 2)\n", last / first);
  const std::string script =
      "set terminal pngcairo size 800,480 noenhanced; set output 'network_scale.png';"
      "set title 'TL view: cost per router-cycle and peak memory by mesh size'; set logscale x 2;"
      "set xlabel 'routers'; set ylabel 'ns per router-cycle'; set y2label 'peak MB'; set y2tics; set ytics nomirror;"
      "set grid; plot 'network_scale.dat' using 1:2 with linespoints title 'ns per router-cycle', "
      "'network_scale.dat' using 1:3 axes x1y2 with linespoints title 'peak MB'";
  const Timed plot = run_child({"gnuplot", "-e", script});
  std::printf("%s\n", plot.out.empty() && access("network_scale.png", F_OK) == 0 ? "plot: network_scale.png" : "plot: gnuplot failed");

  // Routers as parts of a platform against the network's own engine on the same mesh at
  // about the same load, and the mixed SoC. Parts counted from each run's parameters.
  std::printf("\nrouters as parts; CPU seconds, best of 2\n");
  std::printf("%-52s %-6s %7s %6s %12s %14s %11s\n", "platform", "view", "cycles", "parts", "cycles/s", "part-cyc/s",
              "vs network");
  const std::string models = std::string(CREDITFLOW_SOURCE_DIR) + "/models/";
  struct Case {
    const char* name;
    std::vector<std::string> args;
    const char* cycles;
    bool network;  // the baseline of the cases after it
  };
  const std::vector<std::string> window{"--set", "net.sim_type=window"};
  const auto with = [](std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  const std::vector<Case> cases{
      {"2x2 mesh, bitcomp 0.2: network component",
       with({"run", model, "--set", "net.k=2", "--set", "net.traffic=bitcomp", "--set", "net.num_vcs=2", "--set",
             "net.vc_buf_size=4", "--set", "net.injection_rate=0.2", "--warmup", "1000"},
            window),
       "200000", true},
      {"2x2 mesh, bitcomp 0.2: as parts", {"run", models + "hand_wired_mesh.yaml", "--warmup", "1000"}, "200000", false},
      {"SoC on a 2x2 mesh (soc_on_mesh.yaml)", {"run", models + "soc_on_mesh.yaml", "--warmup", "2000"}, "200000",
       false},
      {"8x8 mesh, uniform 0.02: network component",
       with({"run", model, "--set", "net.injection_rate=0.02", "--warmup", "2000"}, window), "40000", true},
      {"8x8 mesh, SoC + 60 terminals at 0.02: as parts",
       {"run", models + "soc_on_mesh.yaml", "--set", "net.k=8", "--set", "net.injection_rate=0.02", "--warmup",
        "2000"},
       "40000", false},
      {"8x8 mesh, 60 terminals at 0.02 (SoC idle): as parts",
       {"run", models + "soc_on_mesh.yaml", "--set", "net.k=8", "--set", "net.injection_rate=0.02", "--set",
        "cpu.rate=0", "--set", "dma0.rate=0", "--set", "dma1.rate=0", "--warmup", "2000"},
       "40000", false},
      {"8x8 mesh, the SoC alone: as parts", {"run", models + "soc_on_mesh.yaml", "--set", "net.k=8", "--warmup", "2000"},
       "40000", false}};
  for (const char* view : {"tl", "cycle"}) {
    double network_rate = 0;
    for (const Case& c : cases) {
      std::vector<std::string> args{tool};
      args.insert(args.end(), c.args.begin(), c.args.end());
      for (const char* a : {"--cycles", c.cycles, "--json", "--view", view}) args.push_back(a);
      const Timed t = best_of_two(args);
      if (!t.ok) {
        std::printf("%-52s %-6s failed\n", c.name, view);
        continue;
      }
      // Parts: the names in its parameters, less its clocks (whose only keys are period and phase).
      std::set<std::string> parts, not_clocks;
      const nlohmann::json doc = nlohmann::json::parse(t.out);  // kept: a range-for over a temporary's part dangles
      for (const auto& [key, value] : doc.at("parameters").items()) {
        const std::string name = key.substr(0, key.find('.')), param = key.substr(key.find('.') + 1);
        parts.insert(name);
        if (param != "period" && param != "phase") not_clocks.insert(name);
      }
      std::set<std::string> kept;
      for (const std::string& name : parts)
        if (not_clocks.count(name)) kept.insert(name);
      parts.swap(kept);
      const double rate = std::atof(c.cycles) / t.cpu;
      if (c.network) network_rate = rate;
      std::printf("%-52s %-6s %7s %6zu %12.0f %14.0f %11.2f\n", c.name, view, c.cycles, parts.size(), rate,
                  rate * static_cast<double>(parts.size()), network_rate > 0 ? rate / network_rate : 0.0);
    }
  }
  return 0;
}
