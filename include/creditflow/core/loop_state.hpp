// The state of one credit loop at the start of a cycle, summed over its credit holders.
// Conservation (timing.md section 1, rule 5): the four terms always add up to the capacity.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace creditflow::core {

// One traffic class of a multi-class link: the credits its sender holds and what its
// receiver buffers, per credit type. With zero-stage paths the two must be equal.
struct ClassTerms {
  std::string name;
  std::int64_t sender_header = 0, receiver_header = 0;
  std::int64_t sender_data = 0, receiver_data = 0;
};

struct LoopState {
  std::int64_t sender_credits = 0;
  std::int64_t forward_flits = 0;       // flits in the forward pipeline stages
  // Of the forward flits, those queued on the receiver's side of a crossing: for telling a
  // slow receiver from a short loop, not for conservation (they are in forward_flits).
  std::int64_t forward_waiting = 0;
  std::int64_t receiver_occupancy = 0;
  std::int64_t return_credits = 0;      // credits in the return pipeline stages
  bool sender_has_data = false;
  bool receiver_popping = false;        // the receiver pops in this cycle
  bool source_held = false;             // a beat offered and not ready (ready/valid links)
  std::uint64_t sent = 0;               // flits sent since reset
  std::uint64_t popped = 0;             // flits popped since reset
  std::uint64_t dropped = 0;            // beats a lossy sink dropped since reset
  std::vector<ClassTerms> classes;      // per class, on a multi-class link

  std::int64_t total() const {
    return sender_credits + forward_flits + receiver_occupancy + return_credits;
  }
};

}  // namespace creditflow::core
