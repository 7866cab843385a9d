// Pipelined link of a multi-class loop: Lf forward stages for packets, Lr return stages for
// each cycle's per-class credits (core::ClassPipeCore), with PipelinedLink's timing.
#pragma once
#include "creditflow/core/class_pipe_core.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/pipelined_link.hpp"

namespace creditflow::cycle {

using ClassLink = BasicPipelinedLink<core::ClassPipeCore, core::Flit, core::ClassCredits>;

}  // namespace creditflow::cycle
