// "Did you mean ...": the closest valid name to a misspelt one; and the names allowed.
#pragma once
#include <string>
#include <vector>

namespace creditflow::platform {

// The candidate with the smallest edit distance to `name`, if it is close enough to be a
// plausible typo (at most a third of the name's length, and at least 1); else "".
std::string nearest_name(const std::string& name, const std::vector<std::string>& candidates);

// "; did you mean 'x'?" or "" when nothing is close.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates);

// Names as a message lists what is allowed: "a, b, c".
std::string join_names(const std::vector<std::string>& names);

}  // namespace creditflow::platform
