// How a receiver's buffer (of one credit type) is divided among traffic classes. The
// sender asks before each send whether class c may take `amount` more credits given what
// every class holds now (credits spent and not yet returned). New policies implement the
// interface; ReservedPool covers the common ones:
//   shared   one pool for every class;
//   split    a fixed share per class, nothing shared;
//   reserved a guaranteed minimum per class, a shared remainder anyone may use;
// each with an optional per-class maximum.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace creditflow::core {

class PoolPolicy {
 public:
  virtual ~PoolPolicy() = default;
  virtual bool may_take(std::size_t cls, std::int64_t amount, const std::vector<std::int64_t>& held) const = 0;
  virtual std::int64_t capacity() const = 0;  // every credit of the pool
  virtual std::string describe() const = 0;
  // Credits of the shared part class `cls` holds (0 when nothing is shared).
  virtual std::int64_t shared_held(std::size_t cls, const std::vector<std::int64_t>& held) const = 0;
  // The most credits class `cls` may hold at once, with every other class holding none:
  // what it has to cover its own round trip. By default the whole pool.
  virtual std::int64_t most(std::size_t /*cls*/) const { return capacity(); }
};

class ReservedPool : public PoolPolicy {
 public:
  // `reserved[c]` credits only class c may use, `shared` credits any class may use, and no
  // class above `max[c]` (0: no maximum).
  ReservedPool(std::string name, std::vector<std::int64_t> reserved, std::int64_t shared,
               std::vector<std::int64_t> max);

  bool may_take(std::size_t cls, std::int64_t amount, const std::vector<std::int64_t>& held) const override;
  std::int64_t capacity() const override;
  std::string describe() const override;
  std::int64_t shared_held(std::size_t cls, const std::vector<std::int64_t>& held) const override;
  std::int64_t most(std::size_t cls) const override;

 private:
  std::string name_;
  std::vector<std::int64_t> reserved_;
  std::int64_t shared_;
  std::vector<std::int64_t> max_;
};

// `policy` one of "shared", "split", "reserved" over `classes` classes and `total` credits:
// split divides `total` evenly (the first classes take any remainder); reserved keeps
// `reserved[c]` for each class and shares the rest. Throws ParameterError naming `where`.
std::unique_ptr<PoolPolicy> make_pool(const std::string& policy, std::size_t classes, std::int64_t total,
                                      const std::vector<std::int64_t>& reserved,
                                      const std::vector<std::int64_t>& max, const std::string& where);

}  // namespace creditflow::core
