// An endpoint id in a message: the name of the component it stands for, quoted, where a
// platform can say it ('cpu'), else the id itself (id 7).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace creditflow::core {

// The name of an endpoint id ("" for none).
using EndpointNamer = std::function<std::string(std::uint32_t)>;

inline std::string endpoint_text(const EndpointNamer& namer, std::uint32_t id) {
  const std::string name = namer ? namer(id) : std::string();
  return name.empty() ? "id " + std::to_string(id) : "'" + name + "'";
}

}  // namespace creditflow::core
