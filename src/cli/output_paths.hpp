// Where the tool writes results: checked before anything runs, so that a result is never
// computed only to be lost for want of a folder, and never written over an input or over
// another output of the same command.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace creditflow::cli {

// Refuses (creditflow::Error naming `option`) an output whose folder does not exist or
// cannot be written, that is a folder, a read-only file or another file that is not
// regular (a device, a FIFO, a socket), or whose name holds a control character. "-" (standard output) passes when `dash_allowed`.
void check_output(const std::string& option, const std::string& file, bool dash_allowed = true);

// Refuses (creditflow::Error naming `option`) an output that exists unless `force`: a result
// the user has is not replaced without a word.
void check_not_replacing(const std::string& option, const std::string& file, bool force);

// An option and the file it names ("" and "-" are skipped).
using NamedPath = std::pair<std::string, std::string>;

// Refuses two outputs that are the same file, and an output that is one of the inputs
// (the model, a shard), however each is spelled (./x, a link to x).
// --vcd-limit's text as bytes (1KiB..1PB), the default when empty.
std::uint64_t vcd_limit_of(const std::string& text);

void check_distinct(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

}  // namespace creditflow::cli
