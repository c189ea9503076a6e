#pragma once
// The sides of a match as `matefind-cli match` and the window's Match tab build them, in one
// place: a side is a name and option values (match::Side) plus the engine that plays them,
// configured by engineConfigOf like every other engine of a run (program, arguments, fixed
// options, search deadlines).

#include <filesystem>
#include <string>

#include "engine/result.h"
#include "evolution/ga/evolution.h"
#include "evolution/match/game_types.h"  // not game.h: its tablebase headers clash with Qt's macros
#include "evolution/tuning/tuning_settings.h"
#include "evolution/uci/engine_config.h"

namespace mf::tuning {

struct MatchSide {
    match::Side side;
    uci::EngineConfig engine;
};

// `engine` with its own defaults: no option values. Named "defaults (<program file name>)".
MatchSide defaultsSide(const EngineSpec& engine);

// The genome's default values (what generation 0 is made around) on `engine`, named
// "genome defaults (<program file name>)".
MatchSide genomeDefaultsSide(const EngineSpec& engine, const ga::Genome& genome);

// The best evaluated member of `state` (bestMember) on `engine`, named
// "<label> (<source> gen <generation> best)". Error when no member is evaluated.
Result<MatchSide> bestOfRun(const ga::RunState& state, const EngineSpec& engine, const std::string& label,
                            const std::string& source);

// The best of a population file on the engine its run used (the file's extras: program,
// arguments, fixed options), or on `fallback` when the file names no engine. Errors name the file.
Result<MatchSide> bestOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback,
                                       const std::string& label);

// "<program file name> Name=Value ...": the name of a side that was given none.
std::string describeSide(const MatchSide& side);

// Sides with the same name become "<name> (A)" and "<name> (B)" (PGN and the summary tell them apart).
void distinguishNames(match::Side& a, match::Side& b);

}  // namespace mf::tuning
