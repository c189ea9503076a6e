#pragma once
// A game pair on its way to an MPI worker rank and back, as bytes (the payload of the item kind
// GamePair, evolution/mpi/item_messages.h): the job names both sides, the opening, the limits and
// the adjudication and what to measure of speed; the answer is the pair's two games, move by
// move, and the sides' speed ratios. Pure bytes, no MPI.

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/measures/games/speed_probe.h"

namespace mf::tuning {

// One pair from one opening, colours reversed (match::playPair): side A on the rank's first
// engine, side B on the opponent's. The game settings' tablebases are not shipped (the games
// measure plays without them).
struct PairJob {
    match::Side a, b;
    match::Opening opening;
    match::GameLimits limits;
    match::AdjudicationRules adjudication;
    std::uint64_t index = 0;
    SpeedProbe speed;  // the sides' speed ratios, and the speed charge
};

std::string encodePairJob(const PairJob& job);
std::string encodePairResult(const match::PairResult& result);
// Each fails with "pair job: <field>: <why>" / "pair result: ..." on bytes that are not one.
Result<PairJob> decodePairJob(std::string_view bytes);
Result<match::PairResult> decodePairResult(std::string_view bytes);

}  // namespace mf::tuning
