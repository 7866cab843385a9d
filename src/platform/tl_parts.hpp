// Factories of the built-in kinds' transaction-level view (TlParts on plain wires).
#pragma once
#include <string>

#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

// Throws creditflow::Error for a name that is not a built-in kind.
KindSpec::TlFactory tl_factory(const std::string& kind);

}  // namespace creditflow::platform
