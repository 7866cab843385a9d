// Factories of the built-in kinds' cycle view (SystemC modules on sc_signal channels).
#pragma once
#include <string>

#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

// Throws creditflow::Error for a name that is not a built-in kind.
KindSpec::Factory cycle_factory(const std::string& kind);

}  // namespace creditflow::platform
