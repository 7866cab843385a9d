// Before a run: every trace a trace_source replays is read through once and refused in one
// line if it would not replay as written (a bad record, a source no part replays, a
// destination that is not a receiver, waits on a platform of several clocks).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// `where(component, param)`: where the platform file gives that parameter (file:line).
void check_traces(const Platform& platform,
                  const std::function<std::string(const ResolvedComponent&, const std::string&)>& where);

// Every trace the platform replays (its trace_sources' files, its networks' trace_file), as
// paths from where the tool runs.
std::vector<std::string> trace_files(const Platform& platform);

// The width a trace_source's records become flits at: its own, else its output's part's.
std::int64_t trace_width(const Platform& platform, const ResolvedComponent& source);

}  // namespace creditflow::platform
