#pragma once
// Options files: a batch of `setoption`s read from a text file, so a user can start the engine with
// tuned weights (`matefind-engine --options tuned.txt`, or the UCI string option `OptionsFile`), and
// `matefind-cli match --options1 FILE` can give a side its values.
// `matefind-cli export --engine-options FILE` writes this format:
//
//     # comment (blank lines are ignored too)
//     KnightValue = 312
//     Move Overhead = 10          (names may hold spaces; UCI names are case-insensitive)
//     setoption name Hash value 64   (the UCI form is accepted as well)
//
// Reading is two steps: parseOptionsText turns the text into entries and problems, each with its
// line number, without looking at any option table; applyOptionsText then sends every entry
// through the same OptionTable::set() as `setoption`. A line that is malformed, names an unknown
// option or gives a refused value is reported with the file and line number, and the remaining
// lines are still applied.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"

namespace mf {

// One line of an options file that is not blank or a comment: an option, or why it is none.
struct OptionsFileLine {
    int number = 0;                         // 1-based line number
    std::optional<SetOptionCommand> option;
    std::string error;                      // set when `option` is not
};

// The lines of `text` in order, comments and blank lines left out.
std::vector<OptionsFileLine> parseOptionsText(std::string_view text);

// "<file>:<line>: <reason>", the form every problem of an options file is reported in.
std::string optionsFileProblem(const std::string& fileName, int line, const std::string& reason);

// The whole text of an options file, or why it cannot be read ("cannot read options file ...").
struct OptionsFileText {
    std::optional<std::string> openError;
    std::string text;
};
OptionsFileText readOptionsFileText(const std::filesystem::path& path);

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
