// iSLIP separable allocator (McKeown 1999), BookSim2's default for VC and switch
// allocation: each free output grants the first requesting free input at or after its
// pointer, each input accepts the first granting output at or after its own; pointers move
// one past the match, in the first iteration only. Requests are bits (a router asks this
// every cycle: no allocation, a scan is a count of trailing zeros); the switch allocator's
// carry a label, the input VC that asks.
//
// BookSim2's separable_input_first (round-robin arbiters) is the other order, in one pass:
// each input picks the first output it asks at or after its pointer, each output grants
// the first of the inputs that picked it at or after its own; both pointers move one past
// a match. (BookSim2's separable_output_first with round-robin arbiters is iSLIP of one
// iteration: the same grants, the same pointer moves.)
#pragma once
#include <cstdint>
#include <vector>

namespace creditflow::noc {

class IslipAllocator {
 public:
  IslipAllocator(int inputs, int outputs, int iterations, bool labelled, bool input_first = false);
  void clear();
  // One request per (input, output); a second for the same pair replaces the label.
  void add(int input, int output, int label);
  bool has(int input, int output) const;
  int label(int input, int output) const { return labels_[input * outputs_ + output]; }
  void allocate();
  // The output matched to `input`, or -1.
  int output_of(int input) const { return in_match_[input]; }

 private:
  using Word = std::uint64_t;
  // The first set bit of `row` (of `size` bits) at or after `from`, wrapping; -1 if none.
  static int first_from(const Word* row, int words, int from, int size);
  void match(int input, int output);
  void allocate_input_first();

  int inputs_, outputs_, iterations_;
  bool input_first_;
  int in_words_, out_words_;
  std::vector<Word> by_input_;   // per input: the outputs it requests
  std::vector<Word> by_output_;  // per output: the inputs requesting it
  std::vector<Word> grants_;     // per input: the outputs granting it this iteration
  std::vector<Word> picks_;      // input first: per output, the inputs that picked it
  std::vector<int> labels_;
  std::vector<int> busy_inputs_, busy_outputs_;
  std::vector<int> grant_pointer_, accept_pointer_;
  std::vector<int> in_match_, out_match_;
  std::vector<std::uint8_t> input_busy_, output_busy_;
  std::vector<Word> free_inputs_, masked_;  // scratch of allocate()
};

}  // namespace creditflow::noc
