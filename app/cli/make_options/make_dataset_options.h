#pragma once
// make-dataset's command line: its options, and their reading into the dataset library's typed
// MakeDatasetOptions with every value checked (a message names the option and the bad value).
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/make_dataset.h"

namespace mf::cli {

// The text of `matefind-cli make-dataset --help`.
std::string makeDatasetUsage();

// The arguments after "make-dataset". A self-play run without --engine keeps `engine` empty: the
// command fills in the bundled engine.
Result<dataset::MakeDatasetOptions> parseMakeDatasetArguments(const std::vector<std::string>& args);

}  // namespace mf::cli
