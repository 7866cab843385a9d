// iSLIP (islip.hpp) for at most 64 inputs and 64 outputs, a request row in one word each:
// what a router of a few ports and VCs asks every cycle, without a loop over words or a
// call per request. The same matches, pointer for pointer, as IslipAllocator.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "creditflow/noc/islip.hpp"

namespace creditflow::noc {

class SmallIslip {
 public:
  using Word = std::uint64_t;
  static constexpr int kMax = 64;

  SmallIslip(int inputs, int outputs, int iterations, bool input_first)
      : inputs_(inputs), outputs_(outputs), iterations_(iterations), input_first_(input_first), by_input_(inputs, 0),
        by_output_(outputs, 0), grants_(inputs, 0), picks_(outputs, 0),
        labels_(static_cast<std::size_t>(inputs) * outputs, 0), grant_pointer_(outputs, 0), accept_pointer_(inputs, 0),
        in_match_(inputs, -1) {}

  void clear() {
    for (Word rest = busy_inputs_; rest != 0; rest &= rest - 1) {
      const int i = __builtin_ctzll(rest);
      by_input_[i] = 0;
      in_match_[i] = -1;
    }
    for (Word rest = busy_outputs_; rest != 0; rest &= rest - 1) by_output_[__builtin_ctzll(rest)] = 0;
    busy_inputs_ = busy_outputs_ = 0;
  }
  void add(int input, int output, int label) {
    by_input_[input] |= Word{1} << output;
    by_output_[output] |= Word{1} << input;
    busy_inputs_ |= Word{1} << input;
    busy_outputs_ |= Word{1} << output;
    labels_[input * outputs_ + output] = label;
  }
  bool has(int input, int output) const { return (by_input_[input] >> output) & 1; }
  // One input alone asking for the outputs in `row` (not 0), without clear() and add():
  // the output allocate() would give it, and the same pointer moves. It leaves no match
  // for output_of().
  int grant_one(int input, Word row) {
    const int output = first_from(row, accept_pointer_[input]);
    move_pointers(input, output);
    return output;
  }
  int label(int input, int output) const { return labels_[input * outputs_ + output]; }
  int output_of(int input) const { return in_match_[input]; }

  void allocate() {
    // One input asking: it takes the first output it asks at or after its pointer (every
    // one it asks grants it). One output asked: it grants the first input at or after its
    // pointer. What both allocators give, without their passes.
    if (busy_inputs_ == 0) return;
    if ((busy_inputs_ & (busy_inputs_ - 1)) == 0) {
      const int input = __builtin_ctzll(busy_inputs_);
      in_match_[input] = grant_one(input, by_input_[input]);
      return;
    }
    if ((busy_outputs_ & (busy_outputs_ - 1)) == 0) {
      const int output = __builtin_ctzll(busy_outputs_);
      match(first_from(by_output_[output], grant_pointer_[output]), output);
      return;
    }
    if (input_first_) {
      allocate_input_first();
      return;
    }
    Word matched_in = 0, matched_out = 0;
    for (int iteration = 0; iteration < iterations_; ++iteration) {
      const Word free_in = busy_inputs_ & ~matched_in;
      Word granted = 0;
      for (Word rest = busy_outputs_ & ~matched_out; rest != 0; rest &= rest - 1) {
        const int output = __builtin_ctzll(rest);
        const Word asking = by_output_[output] & free_in;
        if (asking == 0) continue;
        const int input = first_from(asking, grant_pointer_[output]);
        if (!((granted >> input) & 1)) grants_[input] = 0;
        granted |= Word{1} << input;
        grants_[input] |= Word{1} << output;
      }
      if (granted == 0) break;
      for (Word rest = granted; rest != 0; rest &= rest - 1) {
        const int input = __builtin_ctzll(rest);
        const int output = first_from(grants_[input], accept_pointer_[input]);
        matched_in |= Word{1} << input;
        matched_out |= Word{1} << output;
        if (iteration == 0)
          match(input, output);
        else
          in_match_[input] = output;
      }
    }
  }

 private:
  void allocate_input_first() {
    Word picked_outputs = 0;
    for (Word rest = busy_inputs_; rest != 0; rest &= rest - 1) {
      const int input = __builtin_ctzll(rest);
      const int output = first_from(by_input_[input], accept_pointer_[input]);
      picks_[output] |= Word{1} << input;
      picked_outputs |= Word{1} << output;
    }
    for (Word rest = picked_outputs; rest != 0; rest &= rest - 1) {
      const int output = __builtin_ctzll(rest);
      const int input = first_from(picks_[output], grant_pointer_[output]);
      picks_[output] = 0;
      match(input, output);
    }
  }
  // A match, which moves both pointers one past it.
  void match(int input, int output) {
    in_match_[input] = output;
    move_pointers(input, output);
  }
  void move_pointers(int input, int output) {
    grant_pointer_[output] = input + 1 == inputs_ ? 0 : input + 1;
    accept_pointer_[input] = output + 1 == outputs_ ? 0 : output + 1;
  }
  // The first set bit at or after `from`, wrapping (mask is not 0).
  static int first_from(Word mask, int from) {
    const Word after = mask & (~Word{0} << from);
    return __builtin_ctzll(after != 0 ? after : mask);
  }

  int inputs_, outputs_, iterations_;
  bool input_first_;
  std::vector<Word> by_input_, by_output_, grants_;
  std::vector<Word> picks_;  // input first: per output, the inputs that picked it
  std::vector<int> labels_;
  std::vector<int> grant_pointer_, accept_pointer_;
  std::vector<int> in_match_;
  Word busy_inputs_ = 0, busy_outputs_ = 0;
};

// SmallIslip where both sides fit in a word, IslipAllocator beyond (16 VCs on 5 ports);
// `kind` is BookSim2's vc_allocator or sw_allocator (islip, separable_input_first,
// separable_output_first: iSLIP of one iteration).
class RouterAllocator {
 public:
  RouterAllocator(int inputs, int outputs, const std::string& kind, int iterations, bool labelled)
      : small_(inputs <= SmallIslip::kMax && outputs <= SmallIslip::kMax),
        fits_(small_ ? inputs : 0, small_ ? outputs : 0, iterations_of(kind, iterations), input_first(kind)),
        wide_(small_ ? nullptr
                     : std::make_unique<IslipAllocator>(inputs, outputs, iterations_of(kind, iterations), labelled,
                                                        input_first(kind))) {}
  void clear() { small_ ? fits_.clear() : wide_->clear(); }
  void add(int input, int output, int label) { small_ ? fits_.add(input, output, label) : wide_->add(input, output, label); }
  bool has(int input, int output) const { return small_ ? fits_.has(input, output) : wide_->has(input, output); }
  int label(int input, int output) const { return small_ ? fits_.label(input, output) : wide_->label(input, output); }
  void allocate() { small_ ? fits_.allocate() : wide_->allocate(); }
  int output_of(int input) const { return small_ ? fits_.output_of(input) : wide_->output_of(input); }
  // Outputs fit in a word: grant_one() may be asked.
  bool fits_word() const { return small_; }
  int grant_one(int input, SmallIslip::Word row) { return fits_.grant_one(input, row); }

 private:
  static bool input_first(const std::string& kind) { return kind == "separable_input_first"; }
  static int iterations_of(const std::string& kind, int iterations) { return kind == "islip" ? iterations : 1; }

  bool small_;
  SmallIslip fits_;
  std::unique_ptr<IslipAllocator> wide_;
};

}  // namespace creditflow::noc
