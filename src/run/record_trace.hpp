// A run's trace (--record-trace): every flit, packet or record the platform's parts make,
// or a network's packets,
// named by their components, in the format a trace_source replays: a flit's bytes are its
// source's width (the part it feeds, or its own; 1 where none is given), a flit that names
// no destination goes where its path ends, and a responder's answer waits for the request
// it answers. Replayed by trace_sources in the sources' places, the same platform gives
// the same figures.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/trace_record.hpp"
#include "creditflow/noc/network.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/trace_file.hpp"

namespace creditflow::platform {

class RunRecorder : public core::CreationLog {
 public:
  // Throws Error naming --record-trace where the platform's cycles are not one clock's.
  RunRecorder(const Platform& platform, const std::string& path);
  void created(const core::Creation& c) override;
  void finish() { writer_.finish(); }

 private:
  struct Source {
    std::string name, path_end;  // its component, and the receiver its path ends at ("": several)
    std::uint64_t width = 1;
  };
  const Source& source(std::uint32_t id);

  const Platform& platform_;
  TraceWriter writer_;
  std::map<std::uint32_t, Source> sources_;
  // The record of each flit still within reach of an answer: (source, flit id) -> handle.
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint64_t> handle_of_;
  std::deque<std::pair<std::uint32_t, std::uint64_t>> made_;  // in the order made, to forget the oldest
};

// A network's packets as a trace its terminals replay (traffic = trace): each packet made,
// dated when it fell due, from node to node by number, of its flits times the network's
// flit_bytes (1 where it sets none). Its sources make packets dated out of order (a busy
// source makes its next one only once free), so records are held until no packet still
// to be made can be dated before them; a network past saturation falls behind without
// bound, and its recording is stopped with an error once it holds kMaxHeld records.
class NetworkRecorder {
 public:
  static constexpr std::size_t kMaxHeld = std::size_t{1} << 20;
  NetworkRecorder(noc::Network& network, const std::string& name, const std::string& path);
  // After each cycle: writes what no packet to come can precede.
  void stepped();
  void finish() { writer_.finish(); }

 private:
  noc::Network& network_;
  std::string name_, path_;
  TraceWriter writer_;
  std::uint64_t flit_bytes_;
};

}  // namespace creditflow::platform
