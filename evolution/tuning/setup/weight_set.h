#pragma once
// One weight set given as an options file (engine/options_file.h: "Name = Value" lines, as
// `export --engine-options` writes them), read against a genome for `matefind-cli score`: each
// term's value is the file's line for its UCI option (names compared as UCI compares them,
// ignoring case), or the term's default when the file has none. The file's other options are not
// terms: they are sent to the engine as they are, like fixed options.

#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/genome.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct WeightSet {
    std::vector<int> values;               // genome order
    std::vector<std::string> defaulted;    // options of terms the file does not set (their default is used)
    uci::OptionValues otherOptions;        // the file's options that are no term, in file order
};

// An error names the file, line and option: a malformed line, a term's value that is no whole
// number, or an option set twice.
Result<WeightSet> weightSetFromOptionsText(std::string_view text, const std::string& fileName, const ga::Genome& genome);

}  // namespace mf::tuning
