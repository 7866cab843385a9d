// What a platform's buffers and pipelines will take before it is elaborated, so that a
// depth of 2^24 on eight loops is refused with its name instead of ending in bad_alloc.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// Bytes the platform's storing parameters (ParamSpec::bytes_each) add up to.
std::uint64_t estimated_bytes(const Platform& platform);

// The most one run may take: three quarters of this machine's memory.
std::uint64_t memory_budget();

// Throws ParameterError naming `where` (the platform file) and the largest contributor
// when estimated_bytes passes `budget`.
void check_memory(const Platform& platform, const std::string& where, std::uint64_t budget = memory_budget());

}  // namespace creditflow::platform
