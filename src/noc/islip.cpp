#include "creditflow/noc/islip.hpp"

#include <algorithm>

namespace creditflow::noc {

IslipAllocator::IslipAllocator(int inputs, int outputs, int iterations)
    : iterations_(iterations),
      by_input_(inputs),
      by_output_(outputs),
      grant_pointer_(outputs, 0),
      accept_pointer_(inputs, 0),
      in_match_(inputs, -1),
      out_match_(outputs, -1),
      grants_(outputs, -1) {}

void IslipAllocator::clear() {
  for (int input : busy_inputs_) {
    by_input_[input].clear();
    in_match_[input] = -1;
  }
  for (int output : busy_outputs_) {
    by_output_[output].clear();
    out_match_[output] = -1;
  }
  busy_inputs_.clear();
  busy_outputs_.clear();
}

void IslipAllocator::insert_sorted(std::vector<Request>& list, Request request) {
  auto at = std::lower_bound(list.begin(), list.end(), request.port,
                             [](const Request& r, int port) { return r.port < port; });
  if (at != list.end() && at->port == request.port)
    at->label = request.label;
  else
    list.insert(at, request);
}

void IslipAllocator::add(int input, int output, int label) {
  if (by_input_[input].empty()) busy_inputs_.push_back(input);
  if (by_output_[output].empty()) busy_outputs_.push_back(output);
  insert_sorted(by_input_[input], {output, label});
  insert_sorted(by_output_[output], {input, label});
}

bool IslipAllocator::has(int input, int output) const {
  for (const Request& r : by_input_[input])
    if (r.port == output) return true;
  return false;
}

int IslipAllocator::label(int input, int output) const {
  for (const Request& r : by_input_[input])
    if (r.port == output) return r.label;
  return -1;
}

template <class Free>
int IslipAllocator::first_from(const std::vector<Request>& list, int from, Free free) {
  for (const Request& r : list)
    if (r.port >= from && free(r.port)) return r.port;
  for (const Request& r : list) {
    if (r.port >= from) break;
    if (free(r.port)) return r.port;
  }
  return -1;
}

void IslipAllocator::allocate() {
  for (int iteration = 0; iteration < iterations_; ++iteration) {
    for (int output : busy_outputs_) {
      grants_[output] = -1;
      if (out_match_[output] != -1) continue;
      grants_[output] = first_from(by_output_[output], grant_pointer_[output],
                                   [&](int input) { return in_match_[input] == -1; });
    }
    const int outputs = static_cast<int>(by_output_.size());
    const int inputs = static_cast<int>(by_input_.size());
    for (int input : busy_inputs_) {
      if (in_match_[input] != -1) continue;
      const int output = first_from(by_input_[input], accept_pointer_[input],
                                    [&](int out) { return grants_[out] == input; });
      if (output < 0) continue;
      in_match_[input] = output;
      out_match_[output] = input;
      if (iteration == 0) {
        grant_pointer_[output] = (input + 1) % inputs;
        accept_pointer_[input] = (output + 1) % outputs;
      }
    }
  }
}

}  // namespace creditflow::noc
