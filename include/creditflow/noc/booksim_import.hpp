// A BookSim2 configuration file read into a network's configuration, key for key, so that
// `creditflow import-booksim FILE` writes the equivalent model. What it cannot carry (a
// key creditflow does not model, a value it refuses) is named, a line each, never dropped
// without a word.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "creditflow/noc/noc_config.hpp"

namespace creditflow::noc {

struct BooksimImport {
  NocConfig config;
  std::vector<std::string> keys;     // the keys applied, in the order first given
  // One line each: where, the key, why. Ignored: keys creditflow does not model, or text
  // that is no key = value (the model is the rest). Refused: a value it cannot carry, a
  // netlist it cannot read, or keys that together make no network: a model written anyway
  // would be another network (a default torus for a fat tree), so none is.
  std::vector<std::string> ignored, refused;
  // Every line, ignored or refused, in the order found.
  std::vector<std::string> said;
};

// `text` is the file's content (named `file` in messages); `extra` are key=value words
// applied after it, as BookSim2 takes them on its command line.
BooksimImport import_booksim(const std::string& text, const std::string& file,
                             const std::vector<std::string>& extra);

// The model: one component `net` of kind network with the keys applied, their values as
// creditflow reads them back (so nothing from the file reaches the YAML unchecked).
std::string network_yaml(const BooksimImport& imported, const std::string& source);

}  // namespace creditflow::noc
