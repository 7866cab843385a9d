// netrace's trace format (netrace 1.0, as its public header documents it): a header of 72
// bytes (magic 0x484A5455, version 1.0 as a float, the benchmark's name, the node count,
// cycles, packets, the length of its notes and its count of regions), the notes, 24 bytes
// a region, then each packet as its cycle (8 bytes), id, address (4 each), type, source and
// destination node, node types and the count of packets that wait for it (a byte each),
// followed by those packets' ids (4 bytes each); little-endian, compressed with bzip2 (or
// not). A packet names the packets that wait for it; a record here names the records it
// waits for, so each packet's waits are gathered as the packets before it name it, and
// records are numbered in file order.
#include <bzlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <vector>

#include "creditflow/core/error.hpp"
#include "trace/netrace_trace.hpp"

namespace creditflow::platform {

namespace {

constexpr std::uint32_t kNetraceMagic = 0x484A5455;
constexpr std::size_t kHeaderBytes = 72, kRegionBytes = 24, kPacketBytes = 21;

// Bytes a packet of each type carries (its command: 8 for a request or an acknowledgement
// without data, 72 with a 64-byte line), 0 for the types netrace leaves unused.
constexpr int kPacketBytesByType[31] = {0, 8, 72, 72, 72, 8, 72, 0, 0, 0, 0, 0, 0, 8, 8, 8,
                                        72, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 8, 8, 72};

std::uint64_t little(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

}  // namespace

bool is_netrace(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  unsigned char head[4] = {};
  const std::size_t n = std::fread(head, 1, 4, f);
  std::fclose(f);
  if (n >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') return true;
  return n == 4 && little(head, 4) == kNetraceMagic;
}

NetraceTrace::NetraceTrace(const std::string& path) : path_(path) {
  files_.file = std::fopen(path.c_str(), "rb");
  if (!files_.file) throw Error(path + ": cannot open the trace (" + std::strerror(errno) + ")");
  unsigned char head[3] = {};
  compressed_ = std::fread(head, 1, 3, files_.file) == 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h';
  std::rewind(files_.file);
  if (compressed_) {
    int error = BZ_OK;
    files_.bz = BZ2_bzReadOpen(&error, files_.file, 0, 0, nullptr, 0);
    if (error != BZ_OK) fail("cannot read its bzip2 stream");
  }
  unsigned char header[kHeaderBytes];
  if (!read(header, kHeaderBytes)) fail("shorter than netrace's 72 bytes");
  if (little(header, 4) != kNetraceMagic) fail("not a netrace trace (its magic number is not 0x484A5455)");
  float version = 0;
  std::memcpy(&version, header + 4, 4);
  if (version != 1.0f) fail("netrace version " + std::to_string(version) + " (allowed 1.0)");
  nodes_ = header[38];
  const std::uint64_t notes = little(header + 56, 4), regions = little(header + 60, 4);
  if (notes >= 8192 || regions > 100) fail("a header with " + std::to_string(notes) + " bytes of notes and " +
                                           std::to_string(regions) + " regions (is it a netrace trace?)");
  std::vector<unsigned char> skip(notes + regions * kRegionBytes);
  if (!skip.empty() && !read(skip.data(), skip.size())) fail("cut short");
  in_header_ = false;
}

void NetraceTrace::fail(const std::string& what) const {
  throw Error(path_ + ": " + (in_header_ ? std::string("its header") : "packet " + std::to_string(packets_ + 1)) +
              ": " + what);
}

bool NetraceTrace::read(unsigned char* to, std::size_t bytes) {
  std::size_t got = 0;
  if (!compressed_) {
    got = std::fread(to, 1, bytes, files_.file);
  } else {
    while (got < bytes && !ended_) {
      int error = BZ_OK;
      const int n = BZ2_bzRead(&error, files_.bz, to + got, static_cast<int>(bytes - got));
      if (error != BZ_OK && error != BZ_STREAM_END) fail("its bzip2 data is corrupt or cut short");
      got += static_cast<std::size_t>(n);
      ended_ = error == BZ_STREAM_END;
    }
  }
  if (got != 0 && got != bytes) fail("the file ends inside it (is it cut short?)");
  return got == bytes;
}

bool NetraceTrace::next(core::TraceRecord& r) {
  unsigned char p[kPacketBytes];
  if (!read(p, kPacketBytes)) return false;
  const std::uint64_t seq = ++packets_;
  r = core::TraceRecord{};
  r.line = seq;
  r.cycle = little(p, 8);
  r.id = seq;
  const unsigned type = p[16];
  if (type >= 31 || kPacketBytesByType[type] == 0) fail("type " + std::to_string(type) + " is no netrace packet type");
  r.bytes = static_cast<std::uint64_t>(kPacketBytesByType[type]);
  if (p[17] >= nodes_ || p[18] >= nodes_)
    fail("from node " + std::to_string(p[17]) + " to node " + std::to_string(p[18]) + " in a trace of " +
         std::to_string(nodes_) + " nodes");
  r.source = std::to_string(p[17]);
  r.destination = std::to_string(p[18]);
  if (packets_ > 1 && r.cycle < last_cycle_)
    fail("cycle " + std::to_string(r.cycle) + " is before the packet before it (" + std::to_string(last_cycle_) +
         "): a trace is in time order");
  last_cycle_ = r.cycle;
  const std::uint32_t netrace_id = static_cast<std::uint32_t>(little(p + 8, 4));
  if (const auto waits = waits_.find(netrace_id); waits != waits_.end()) {
    for (const std::uint64_t earlier : waits->second) {
      if (seq - earlier > core::kTraceReach)
        fail("netrace id " + std::to_string(netrace_id) + " waits for a packet " + std::to_string(seq - earlier) +
             " packets before it (allowed at most " + std::to_string(core::kTraceReach) + ")");
      r.depends_on.push_back(earlier);
    }
    waits_.erase(waits);
  }
  const unsigned dependents = p[20];
  unsigned char ids[4 * 255];
  if (dependents > 0 && !read(ids, 4 * dependents)) fail("the file ends inside a packet (is it cut short?)");
  for (unsigned d = 0; d < dependents; ++d) waits_[static_cast<std::uint32_t>(little(ids + 4 * d, 4))].push_back(seq);
  if (waits_.size() > (std::size_t{1} << 22)) fail("more than 4,194,304 packets wait for packets not yet read");
  return true;
}

}  // namespace creditflow::platform
