// Which class sends when several have data and credit: strict priority (in the given
// order), round-robin (the class after the last winner first), or weighted round-robin
// (each class may win `weight` times per round before the turn passes).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace creditflow::core {

class Arbiter {
 public:
  enum class Kind { strict, round_robin, weighted };

  // `priority`: class indices, highest first (strict); `weights` per class (weighted).
  Arbiter(Kind kind, std::vector<std::size_t> priority, std::vector<std::int64_t> weights);

  // The winner among `eligible` classes, or -1 if none; records the grant.
  int pick(const std::vector<bool>& eligible);

  static Kind parse(const std::string& name, const std::string& where);

 private:
  Kind kind_;
  std::vector<std::size_t> priority_;
  std::vector<std::int64_t> weights_;
  std::size_t turn_ = 0;         // round-robin: the class to consider first
  std::int64_t used_ = 0;        // weighted: grants the turn's class has had this round
};

}  // namespace creditflow::core
