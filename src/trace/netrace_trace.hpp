// A netrace trace (bzip2-compressed or not) as records: node numbers as names, a packet's
// bytes by its type, and the packets it waits for (netrace's dependencies) as depends_on.
#pragma once
#include <bzlib.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "creditflow/core/trace_record.hpp"

namespace creditflow::platform {

// Whether `path` starts as a bzip2 stream or as netrace's header: read as netrace.
bool is_netrace(const std::string& path);

class NetraceTrace : public core::TraceStream {
 public:
  explicit NetraceTrace(const std::string& path);
  ~NetraceTrace() override = default;
  NetraceTrace(const NetraceTrace&) = delete;
  NetraceTrace& operator=(const NetraceTrace&) = delete;
  bool next(core::TraceRecord& record) override;
  const std::string& path() const override { return path_; }

 private:
  bool read(unsigned char* to, std::size_t bytes);
  [[noreturn]] void fail(const std::string& what) const;

  // Closed however the reader ends, a refusal in its constructor too.
  struct Files {
    std::FILE* file = nullptr;
    BZFILE* bz = nullptr;
    Files() = default;
    Files(const Files&) = delete;
    Files& operator=(const Files&) = delete;
    ~Files() {
      if (bz) {
        int error = BZ_OK;
        BZ2_bzReadClose(&error, bz);
      }
      if (file) std::fclose(file);
    }
  };

  std::string path_;
  Files files_;
  bool compressed_ = false, ended_ = false, in_header_ = true;
  unsigned nodes_ = 0;
  std::uint64_t packets_ = 0;
  core::Cycle last_cycle_ = 0;
  // netrace id of a packet not yet read -> the records (numbered) it waits for.
  std::map<std::uint32_t, std::vector<std::uint64_t>> waits_;
};

}  // namespace creditflow::platform
