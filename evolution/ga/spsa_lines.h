#pragma once
// The tune lines of the two SPSA tuners engine authors use, read as a genome and written back:
//
//   OpenBench   name, int, start, min, max, c_end, r_end     KnightValue, int, 320, 200, 450, 12.5, 0.002
//   fishtest    name,start,min,max,c_end,r_end               KnightValue,320,200,450,12.5,0.002
//
// (fishtest's lines are what Stockfish's tune.cpp prints at start-up.) Both tools set the UCI
// option named by the first field, so the name is the term's option and its display name. A line
// becomes one term: default = start, floor = min, ceiling = max, bits = the fewest that cover
// [min, max] (bitsCovering; a range wider than 2^16 values is searched in a 2^16-value window
// around start), and c_end/r_end are kept in Term::spsa so that an export writes them back.
//
// Grammar, as the tools read it (OpenBench: workloads/verify_workload.py; fishtest:
// parse_spsa_params in views.py): one parameter per line, fields separated by commas, white space
// around a field ignored, numbers as Python's float() reads them. Like fishtest, blank lines are
// skipped; MateFind also skips lines starting with '#' (neither tool does, so the writer makes none).
// The format is told by the first tune line: 7 fields OpenBench, 6 fishtest; every line must
// have as many. What MateFind refuses, each with the line and the field:
// - type `float` (OpenBench): the GA searches integer spin options; scale the parameter in the
//   engine (1.25 as 125) and declare it `int`;
// - start, min or max that is not a whole number ("320.0" is one: OpenBench writes floats), or
//   outside the int range;
// - min > max, start outside [min, max];
// - c_end or r_end that is not a number > 0 (OpenBench also refuses an int c_end below 0.5);
// - a name that is empty or that an earlier line already has (UCI names ignore case).
#include "engine/result.h"
#include "evolution/ga/genome.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

enum class SpsaFormat { OpenBench, Fishtest };

std::string_view spsaFormatName(SpsaFormat format);  // "openbench", "fishtest"
std::optional<SpsaFormat> parseSpsaFormat(std::string_view name);
// The fields of one line, for messages: "name, int, start, min, max, c_end, r_end".
std::string_view spsaLineShape(SpsaFormat format);

// The step sizes written for a term that has none (a genome made otherwise), after Stockfish's
// tune.cpp: c_end = (max - min) / 20 but at least 0.5 (an integer nudged by less than half a
// unit mostly rounds back; OpenBench refuses less for int parameters), r_end = 0.002.
SpsaSteps defaultSpsaSteps(int min, int max);

// The text's lines as a genome; errors name the file (fileName), the line and the field.
Result<Genome> genomeFromSpsaLines(std::string_view text, const std::string& fileName = {});
// Which format genomeFromSpsaLines would read the text as (nullopt: no first tune line of 6 or 7
// fields).
std::optional<SpsaFormat> detectSpsaFormat(std::string_view text);

// One line per term in genome order: name = the term's UCI option, start = values[i], min/max =
// the term's window [low(), high()], c_end/r_end as read (defaultSpsaSteps for a term without
// them; OpenBench lines raise a c_end below 0.5 to 0.5). Numbers in the shortest form that reads
// back the same ("12.5", "0.002"). No comments: the lines paste into either tool as they are.
std::string spsaLines(const Genome& genome, const std::vector<int>& values, SpsaFormat format);

} // namespace mf::ga
