// What a sweep request must pass before its first point runs: every mistake that would
// otherwise show only as a column of failures, a table of n/a, or an output lost after
// the last point is one line and a non-zero exit here.
#pragma once
#include "creditflow/platform/registry.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

// Refuses (creditflow::Error, one line): a parameter varied twice in one sweep; a --vary
// or --set naming no component or parameter; a --set that a sweep then overrides at every
// point; a --metric that names no figure of the run; an output whose folder does not
// exist or cannot be written. Qualifies a bare --metric (`throughput`) with the link the
// varied parameters belong to, so tables and plots say which link they show.
void check_request(SweepRequest& request, const platform::Registry& registry);
// The same but the outputs, on a netlist already read (a model built in Python has no file).
void check_points(SweepRequest& request, const platform::Netlist& netlist, const platform::Registry& registry);

}  // namespace creditflow::cli
