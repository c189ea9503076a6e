#pragma once
// Options files: a batch of `setoption`s read from a text file, so a user can start the engine with
// tuned weights (`matefind-engine --options tuned.txt`, or the UCI string option `OptionsFile`).
// `matefind-cli export --engine-options FILE` writes this format:
//
//     # comment (blank lines are ignored too)
//     KnightValue = 312
//     Move Overhead = 10          (names may hold spaces; UCI names are case-insensitive)
//     setoption name Hash value 64   (the UCI form is accepted as well)
//
// Every line goes through the same OptionTable::set() as `setoption`: a line that names an unknown
// option or gives a malformed or out-of-range value is reported with the file and line number,
// and the remaining lines are still applied.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"

namespace mf {

struct OptionsFileResult {
    // Set when the file could not be read at all; then nothing was applied.
    std::optional<std::string> openError;
    // One text per refused line: "<file>:<line>: <reason>".
    std::vector<std::string> problems;
    int applied = 0;
};

// Applies the lines of `text`; `fileName` labels the problems.
OptionsFileResult applyOptionsText(OptionTable& options, std::string_view text, const std::string& fileName);

// Reads `path` and applies its lines.
OptionsFileResult applyOptionsFile(OptionTable& options, const std::filesystem::path& path);

}  // namespace mf
