// Before a run: every trace a trace_source replays is read through once and refused in one
// line if it would not replay as written (a bad record, a source no part replays, a
// destination that is not a receiver, waits on a platform of several clocks).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "creditflow/core/delivery_board.hpp"
#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// `where(component, param)`: where the platform file gives that parameter (file:line).
void check_traces(const Platform& platform,
                  const std::function<std::string(const ResolvedComponent&, const std::string&)>& where);

// The boards its traces' deliveries go to, for one run; none where no part replays a trace
// (then no receiver looks for one at each pop).
std::shared_ptr<core::DeliveryBoards> delivery_boards(const Platform& platform);

// Every trace the platform replays (its trace_sources' files, its networks' trace_file), as
// paths from where the tool runs.
std::vector<std::string> trace_files(const Platform& platform);

// Bytes a flit of `part` carries: its own `width` where it has one above 0, else the width
// of the part its stream output feeds; 0 where neither is given. A trace_source's records
// become flits at it, and a recorded flit is that many bytes.
std::int64_t flit_width(const Platform& platform, const ResolvedComponent& part);

}  // namespace creditflow::platform
