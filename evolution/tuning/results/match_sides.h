#pragma once
// The sides of a match as `matefind-cli match` and the window's Match tab build them, in one
// place: a side is a name and option values (match::Side) plus the engine that plays them,
// configured by engineConfigOf like every other engine of a run (program, arguments, fixed
// options, search deadlines). What plays (an engine's own defaults, the genome's defaults, a
// run's best) is made by the functions below; what the user adds on top of it (another program,
// its arguments, an options file, Name=Value options, a name) is SideChoices, applied by
// withChoices; sideName names every side for both front ends.

#include <filesystem>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/evolution.h"
#include "evolution/match/game_types.h"  // not game.h: its tablebase headers clash with Qt's macros
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/engine_config.h"

namespace mf::tuning {

struct MatchSide {
    match::Side side;
    uci::EngineConfig engine;
    // What plays, for the side's name: "genome defaults", "run gen 12 best"; empty for an engine
    // with its own defaults (the program names it).
    std::string plays;
};

// What a side adds to what plays, in both front ends.
struct SideChoices {
    std::filesystem::path program;       // empty: the engine of what plays
    std::vector<std::string> arguments;  // empty: the engine's own arguments
    std::filesystem::path optionsFile;   // 'Name = Value' lines (engine/options_file.h); empty: none
    uci::OptionValues options;           // on top of the options file's values
    std::string name;                    // empty: the short name sideName makes
};

// `engine` with its own defaults: no option values.
MatchSide defaultsSide(const EngineSpec& engine);

// The genome's default values (what generation 0 is made around) on `engine`.
MatchSide genomeDefaultsSide(const EngineSpec& engine, const ga::Genome& genome);

// What answers for the run `state` (common/run_pick.h: its pick, which may be its start values; a
// file without a pick: its best evaluated member) on `engine`; it plays as "<source> pick (gen G)",
// "<source> pick (the start values)" or "<source> gen <generation> best". Error when nothing answers.
Result<MatchSide> bestOfRun(const ga::RunState& state, const EngineSpec& engine, const std::string& source);

// What answers for a population file's run (as bestOfRun) on the engine its run used (the file's
// extras: program, arguments, fixed options), or on `fallback` when the file names no engine; it
// plays under the file's name. Errors name the file.
Result<MatchSide> bestOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback);

// The start values of a population file's run (its genome's defaults) on the engine its run used,
// its fixed options included (or `fallback`): what the run's pick is checked against. Plays as
// "<file name> start values".
Result<MatchSide> startOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback);

// An options file's values in file order; the error names the file and the first bad line.
Result<uci::OptionValues> readOptionsFile(const std::filesystem::path& file);

// `side` with `choices` on top: the program and arguments replace the engine's when given; the
// options file's values, then `choices.options`, go on top of the side's own values (a later
// value of an option replaces an earlier one; UCI names ignore case); the side is then named by
// sideName. Errors name the options file and its line.
Result<MatchSide> withChoices(MatchSide side, const SideChoices& choices);

// A side's short name, as cutechess names its players: the name given; else what plays (the
// program's file name for an engine's own defaults) and the options file's name, as
// "matefind-engine tuned.txt" or "run gen 12 best". Never the option values: a side can hold
// hundreds.
std::string sideName(const MatchSide& side, const SideChoices& choices = {});

// Sides with the same name become "<name> (A)" and "<name> (B)" (PGN and the summary tell them apart).
void distinguishNames(match::Side& a, match::Side& b);

}  // namespace mf::tuning
