// Reads a signal inside a verilated model by its path under the model, through Verilator's
// VPI: how a port map names a term the module keeps inside ("fifo_sink.count"). Included by
// the code creditflow_add_verilated_kind generates, which is built with Verilator's headers
// and --vpi; the signal must be public (/*verilator public_flat_rd*/, or PUBLIC_SIGNALS).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>

#include "verilated_vpi.h"

namespace creditflow::platform {

inline std::function<std::uint64_t()> vpi_probe(const sc_core::sc_module& model, const std::string& path) {
  const std::string full = std::string(model.name()) + "." + path;
  std::string name = full;  // vpi_handle_by_name takes a mutable string
  vpiHandle raw = vpi_handle_by_name(name.data(), nullptr);
  if (!raw) return {};
  std::shared_ptr<void> handle(raw, [](void* h) { vpi_release_handle(static_cast<vpiHandle>(h)); });
  return [handle] {
    s_vpi_value value;
    value.format = vpiIntVal;
    vpi_get_value(static_cast<vpiHandle>(handle.get()), &value);
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(value.value.integer));
  };
}

}  // namespace creditflow::platform
