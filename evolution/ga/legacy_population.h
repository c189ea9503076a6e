#pragma once
// The population file of the original MateFind (2006): a header line of seven numbers (its report
// shows `200 0 10 0.75 5 36 1`), then one line per chromosome: the pawn's 100, then the values of
// the twelve evaluation terms of the original engine in their order (mateFind2006Genome below). It holds values, not bits, and no fitness.
//
// Import (populationFromText and loadPopulation call it when the text looks like one, so the
// window's Open and `matefind-cli tune --resume` read such files):
// - each chromosome's twelve values are encoded into the MateFind genome's windows (a value
//   outside its window is clamped to it, and the import says which);
// - the population size is the number of chromosome lines; the header's third number must equal
//   it (the one header field whose meaning is certain: ten lines, `10`);
// - the other six header numbers are reported, not mapped: their meaning is not known, so the
//   parameters are this program's defaults (seed 1, generation 0, nothing evaluated).
// What the import did is kept in the state's extras under "import." (importNotes lists it).
#include "engine/result.h"
#include "evolution/ga/evolution.h"

#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

// The twelve evaluation terms of the original engine with their 2006 defaults: the content of
// the bundled preset resources/genomes/matefind-2006.json (a test keeps the two equal). The default
// preset matefind.json has the same terms and bits but the bundled engine's current defaults.
Genome mateFind2006Genome();

// True when the first line that is not blank consists of exactly seven numbers.
bool looksLikeLegacyPopulation(std::string_view text);

// Errors name the file, the line and the field ("header", "pawn", "values").
Result<RunState> legacyPopulationFromText(std::string_view text, const std::string& fileName = {});

// True for a state made by the import (its extras hold "import.source").
bool isImported(const RunState& state);
// "key: value" for every "import." extra, in order: what to show the user after an import.
std::vector<std::string> importNotes(const RunState& state);

} // namespace mf::ga
