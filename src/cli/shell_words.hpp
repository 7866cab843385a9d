// Text that reaches a shell: task.sh and the sbatch line that --dry-run prints. Every value
// from a model or the command line goes through here, so that none can run a command.
#pragma once
#include <string>
#include <vector>

namespace creditflow::cli {

// One shell word meaning exactly `s`: single quotes, with each ' written as '\''.
std::string shell_quote(const std::string& s);

// argv as one line a POSIX shell splits back into the same words; plain words stay bare.
std::string shell_line(const std::vector<std::string>& argv);

// Refuses (creditflow::Error naming `option`) a value with a control character (a newline,
// a tab, ...): quoted it would be safe, but it would break the line it is printed on.
void refuse_control_characters(const std::string& option, const std::string& value);

}  // namespace creditflow::cli
