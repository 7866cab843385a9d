// Results are written whole or not at all: into a temporary file beside the target, then
// renamed over it, so that a full disk, a kill or a crash never leaves half a file (or an
// old result emptied) behind.
#pragma once
#include <string>

namespace creditflow::platform {

// Writes `text` to `path` through `path.partial-PID` and rename(2). Throws Error naming
// `path` and the system's reason when any step fails, after removing the partial file.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace creditflow::platform
