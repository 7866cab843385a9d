// Where the tool writes results: checked before anything runs, so that a result is never
// computed only to be lost for want of a folder.
#pragma once
#include <string>

namespace creditflow::cli {

// Refuses (creditflow::Error naming `option`) an output whose folder does not exist or
// cannot be written, or that is a folder. "-" (standard output) passes when `dash_allowed`.
void check_output(const std::string& option, const std::string& file, bool dash_allowed = true);

}  // namespace creditflow::cli
