// Results are written whole or not at all: into a temporary file beside the target, then
// renamed over it, so that a full disk, a kill or a crash never leaves half a file (or an
// old result emptied) behind. Only a regular file (or none) is ever replaced: a rename over
// a device, a FIFO or a socket would put a plain file in its place (as root, `--csv
// /dev/null` would destroy /dev/null), so such a target is refused instead.
#pragma once
#include <string>

namespace creditflow::platform {

// Writes `text` to `path` through `path.partial-PID` and rename(2). Throws Error naming
// `path` and the system's reason when any step fails, after removing the partial file.
void write_file_atomically(const std::string& path, const std::string& text);

// What `path` is when it exists and is not a regular file ("a character device", "a FIFO",
// "a socket", "a block device", "a folder"), through any link; "" for a regular file or
// nothing at all.
std::string special_file_kind(const std::string& path);

// Renames the finished `partial` over `path`, unless `path` is a special file: then removes
// `partial` and throws Error("<what> <path>: ..."), `what` naming the option ("" for none).
void rename_into_place(const std::string& partial, const std::string& path, const std::string& what);

}  // namespace creditflow::platform
