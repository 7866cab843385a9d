// iSLIP separable allocator (McKeown 1999), BookSim2's default for VC and switch
// allocation: each free output grants the first requesting free input at or after its
// pointer, each input accepts the first granting output at or after its own; pointers move
// one past the match, in the first iteration only. Requests carry a label (the input VC).
#pragma once
#include <cstdint>
#include <vector>

namespace creditflow::noc {

class IslipAllocator {
 public:
  IslipAllocator(int inputs, int outputs, int iterations);
  void clear();
  // One request per (input, output); a second for the same pair replaces the label.
  void add(int input, int output, int label);
  bool has(int input, int output) const;
  int label(int input, int output) const;
  void allocate();
  // The output matched to `input`, or -1.
  int output_of(int input) const { return in_match_[input]; }

 private:
  struct Request {
    int port;
    int label;
  };
  static void insert_sorted(std::vector<Request>& list, Request request);
  // The first entry at or after `from` in cyclic order whose port passes `free`.
  template <class Free>
  static int first_from(const std::vector<Request>& list, int from, Free free);

  int iterations_;
  std::vector<std::vector<Request>> by_input_;   // outputs each input requests, by port
  std::vector<std::vector<Request>> by_output_;  // inputs requesting each output, by port
  std::vector<int> busy_inputs_, busy_outputs_;
  std::vector<int> grant_pointer_, accept_pointer_;
  std::vector<int> in_match_, out_match_;
  std::vector<int> grants_;
};

}  // namespace creditflow::noc
