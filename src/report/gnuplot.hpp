// Drawing with gnuplot: every text from a model or the command line goes in quoted, never
// as a command, and the picture is written whole or not at all.
#pragma once
#include <string>

namespace creditflow::platform {

bool ends_with(const std::string& s, const char* tail);
// A gnuplot single-quoted string: nothing inside is interpreted but '' for a quote.
std::string quoted(const std::string& text);
// Runs `body` (gnuplot commands after the terminal and output) into `file` (.png or .svg)
// of `size` ("900,560"); throws Error naming `option` and the file if gnuplot fails.
void draw_with_gnuplot(const std::string& body, const std::string& file, const std::string& option,
                       const std::string& size);

}  // namespace creditflow::platform
