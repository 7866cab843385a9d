#include "creditflow/platform/nearest.hpp"

#include <algorithm>
#include <vector>

namespace creditflow::platform {

namespace {
// Edit distance counting a swap of two neighbouring letters as one edit, the commonest
// typo ("dpeth" for "depth").
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}
}  // namespace

std::string nearest_name(const std::string& name, const std::vector<std::string>& candidates) {
  // The table is |name| x |candidate|: a name of a million characters is no typo of a
  // parameter's, and would take gigabytes to compare.
  constexpr std::size_t kLongestCompared = 256;
  std::string best;
  if (name.size() > kLongestCompared) return best;
  std::size_t best_distance = std::max<std::size_t>(1, name.size() / 3) + 1;
  for (const std::string& c : candidates) {
    const std::size_t gap = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (gap >= best_distance) continue;  // the distance is at least the gap in length
    const std::size_t d = edit_distance(name, c);
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  const std::string best = nearest_name(name, candidates);
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace creditflow::platform
