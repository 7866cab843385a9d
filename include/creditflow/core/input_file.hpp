// Reading a file a user names (a platform, a network's netlist, a BookSim2 configuration, a
// shard, a plan): only a regular file, and no more of it than `max_bytes`, so that /dev/zero,
// a FIFO or a file of gigabytes is refused in one line instead of read for ever or into all
// of memory.
#pragma once
#include <cstddef>
#include <string>

namespace creditflow::core {

// The files a model names, and the tool's own plans and shards, are at most this large.
inline constexpr std::size_t kMaxInputBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxResultBytes = std::size_t{1} << 30;

// The text of `path`. Throws creditflow::Error "PATH: cannot open WHAT", "PATH: not a regular
// file; give WHAT" or "PATH: larger than N MiB, the most WHAT may hold; is it the right
// file?", `what` naming the file's role ("the platform file").
std::string read_input_file(const std::string& path, const std::string& what, std::size_t max_bytes);

}  // namespace creditflow::core
