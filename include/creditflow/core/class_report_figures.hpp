// What the two halves of a multi-class link add to its report (LinkReport), per class;
// kernel-free, for both views and hand-wired modules alike.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/link_report.hpp"

namespace creditflow::core {

void add_class_sender_figures(LinkReport& r, const ClassSenderCore& core);
void add_class_receiver_figures(LinkReport& r, const std::vector<std::string>& names, std::int64_t depth,
                                const ClassReceiverCore& core);

}  // namespace creditflow::core
