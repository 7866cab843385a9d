#include "creditflow/noc/islip.hpp"

namespace creditflow::noc {
namespace {

int words_for(int bits) { return (bits + 63) / 64; }

// Rows are one word below 64 ports: no call to memset for that.
inline void zero(std::uint64_t* row, int words) {
  if (words == 1) {
    row[0] = 0;
    return;
  }
  for (int w = 0; w < words; ++w) row[w] = 0;
}

}  // namespace

IslipAllocator::IslipAllocator(int inputs, int outputs, int iterations, bool labelled, bool input_first)
    : inputs_(inputs),
      outputs_(outputs),
      iterations_(iterations),
      input_first_(input_first),
      in_words_(words_for(inputs)),
      out_words_(words_for(outputs)),
      by_input_(static_cast<std::size_t>(inputs) * words_for(outputs), 0),
      by_output_(static_cast<std::size_t>(outputs) * words_for(inputs), 0),
      grants_(static_cast<std::size_t>(inputs) * words_for(outputs), 0),
      picks_(input_first ? static_cast<std::size_t>(outputs) * words_for(inputs) : 0, 0),
      labels_(labelled ? static_cast<std::size_t>(inputs) * outputs : 0, 0),
      grant_pointer_(outputs, 0),
      accept_pointer_(inputs, 0),
      in_match_(inputs, -1),
      out_match_(outputs, -1),
      input_busy_(inputs, 0),
      output_busy_(outputs, 0),
      free_inputs_(words_for(inputs), 0),
      masked_(words_for(inputs), 0) {}

void IslipAllocator::clear() {
  for (int input : busy_inputs_) {
    zero(&by_input_[input * out_words_], out_words_);
    in_match_[input] = -1;
    input_busy_[input] = 0;
  }
  for (int output : busy_outputs_) {
    zero(&by_output_[output * in_words_], in_words_);
    out_match_[output] = -1;
    output_busy_[output] = 0;
  }
  busy_inputs_.clear();
  busy_outputs_.clear();
}

void IslipAllocator::add(int input, int output, int label) {
  if (!input_busy_[input]) {
    input_busy_[input] = 1;
    busy_inputs_.push_back(input);
  }
  if (!output_busy_[output]) {
    output_busy_[output] = 1;
    busy_outputs_.push_back(output);
  }
  by_input_[input * out_words_ + (output >> 6)] |= Word{1} << (output & 63);
  by_output_[output * in_words_ + (input >> 6)] |= Word{1} << (input & 63);
  if (!labels_.empty()) labels_[input * outputs_ + output] = label;
}

bool IslipAllocator::has(int input, int output) const {
  return (by_input_[input * out_words_ + (output >> 6)] >> (output & 63)) & 1;
}

int IslipAllocator::first_from(const Word* row, int words, int from, int size) {
  // From `from` to the end, then from 0 up to `from`.
  int w = from >> 6;
  Word bits = row[w] & (~Word{0} << (from & 63));
  for (int step = 0; step <= words; ++step) {
    if (bits != 0) {
      const int at = (w << 6) + __builtin_ctzll(bits);
      return at < size ? at : -1;
    }
    w = w + 1 == words ? 0 : w + 1;
    bits = row[w];
  }
  return -1;
}

void IslipAllocator::match(int input, int output) {
  in_match_[input] = output;
  out_match_[output] = input;
  grant_pointer_[output] = (input + 1) % inputs_;
  accept_pointer_[input] = (output + 1) % outputs_;
}

void IslipAllocator::allocate() {
  // One input asking: every output it asks grants it, and it accepts the first at or after
  // its pointer. One output asked: it grants the first asker at or after its pointer, who
  // accepts. Both are what the iterations below give, without them.
  if (busy_inputs_.size() == 1) {
    const int input = busy_inputs_.front();
    match(input, first_from(&by_input_[input * out_words_], out_words_, accept_pointer_[input], outputs_));
    return;
  }
  if (busy_outputs_.size() == 1) {
    const int output = busy_outputs_.front();
    match(first_from(&by_output_[output * in_words_], in_words_, grant_pointer_[output], inputs_), output);
    return;
  }
  if (input_first_) {
    allocate_input_first();
    return;
  }
  std::vector<Word>& free_inputs = free_inputs_;
  for (int iteration = 0; iteration < iterations_; ++iteration) {
    for (int input : busy_inputs_) {
      zero(&grants_[input * out_words_], out_words_);
      if (in_match_[input] == -1) free_inputs[input >> 6] |= Word{1} << (input & 63);
      else free_inputs[input >> 6] &= ~(Word{1} << (input & 63));
    }
    bool granted = false;
    for (int output : busy_outputs_) {
      if (out_match_[output] != -1) continue;
      // The requesting free inputs, first at or after the grant pointer.
      const Word* row = &by_output_[output * in_words_];
      for (int w = 0; w < in_words_; ++w) masked_[w] = row[w] & free_inputs[w];
      const int input = first_from(masked_.data(), in_words_, grant_pointer_[output], inputs_);
      if (input < 0) continue;
      grants_[input * out_words_ + (output >> 6)] |= Word{1} << (output & 63);
      granted = true;
    }
    if (!granted) break;
    for (int input : busy_inputs_) {
      if (in_match_[input] != -1) continue;
      const int output = first_from(&grants_[input * out_words_], out_words_, accept_pointer_[input], outputs_);
      if (output < 0) continue;
      in_match_[input] = output;
      out_match_[output] = input;
      if (iteration == 0) {
        grant_pointer_[output] = (input + 1) % inputs_;
        accept_pointer_[input] = (output + 1) % outputs_;
      }
    }
  }
}

void IslipAllocator::allocate_input_first() {
  for (int input : busy_inputs_) {
    const int output = first_from(&by_input_[input * out_words_], out_words_, accept_pointer_[input], outputs_);
    picks_[output * in_words_ + (input >> 6)] |= Word{1} << (input & 63);
  }
  for (int output : busy_outputs_) {
    Word* picked = &picks_[output * in_words_];
    const int input = first_from(picked, in_words_, grant_pointer_[output], inputs_);
    if (input < 0) continue;
    match(input, output);
    zero(picked, in_words_);
  }
}

}  // namespace creditflow::noc
