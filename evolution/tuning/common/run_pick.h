#pragma once
// Which values answer for a run: its pick. A run never hands out values that did worse than the
// ones it started from: the pick is the best-scoring of the values the run checked on held-out work
// (every held-out round's pick of the optimiser), and the start values themselves when none of
// them beat the start there. Without held-out work the comparison is on the training score. The run
// core keeps the pick in the population file, so export, a match, a report and a file used as a
// games baseline all answer with the same values:
//
//   pick = generation=G on=heldout|training|unchecked score=F start=F0 values=a,b,c [error=E start_error=E0]
//          [best_other=F1 best_other_error=E1]
//          [confirm=passed|failed confirm_generation=G2 confirm_elo=X confirm_low=L confirm_high=H
//           confirm_games=N confirm_at=tc:10+0.1]
//
// (on=unchecked: a run with nothing to compare the start with answers with its optimiser's last
// pick, SPSA's theta say.)
// G is the generation whose optimiser answered with those values, -1 for the start values; F and
// F0 their score and the start's (fitness: higher is better), E and E0 Texel's error where the
// measure has one; while the start answers, F1 and E1 are the best other values' (what fell short). Numbers are exact (they read back to the same double).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/evolution.h"

namespace mf::tuning {

// Index of the best evaluated member (rank order), nullopt when none is evaluated.
std::optional<std::size_t> bestMember(const ga::RunState& state);

// The answer's games against the start values at a clock, on openings no generation played
// (the games measure's confirmation): it stays the pick only when the interval's lower bound is
// above 0. Elo and bounds may be infinite (every game won or lost).
struct PickConfirmation {
    bool passed = false;
    int generation = -1;                 // the generation whose answer was checked
    double elo = 0.0, low = 0.0, high = 0.0;
    long long games = 0;
    std::string limit;                   // "tc 10+0.1", "movetime 40"
    friend bool operator==(const PickConfirmation&, const PickConfirmation&) = default;
};

struct RunPick {
    std::vector<int> values;
    int generation = -1;                 // -1: the start values
    bool heldOut = true;                 // scored on held-out work (else on the training work)
    // False: the run had nothing to compare the start with (no held-out work, the start never
    // scored): the optimiser's last answer, unchecked (score and startScore mean nothing).
    bool checked = true;
    double score = 0.0;                  // the values' score there (fitness)
    double startScore = 0.0;             // the start values' score there
    std::optional<double> error;         // Texel's error of the values, where the measure has one
    std::optional<double> startError;
    // While the start answers: the best score (and error) any other checked values reached.
    std::optional<double> bestOther;
    std::optional<double> bestOtherError;
    // The games measure's confirmation, once played (after the last generation).
    std::optional<PickConfirmation> confirmation;
    bool isStart() const { return generation < 0; }
    friend bool operator==(const RunPick&, const RunPick&) = default;
};

void writeRunPick(ga::RunState& state, const RunPick& pick);
// The file's pick; nullopt when it has none (a file from before picks, or a run that had not
// scored its start yet); an error naming the field when the line does not read.
Result<std::optional<RunPick>> readRunPick(const ga::RunState& state);

// What answers for a saved run: its pick when it has one (which may be its start values), else
// its best member (a file from before picks). Error when there is neither.
struct RunAnswer {
    std::vector<int> values;
    int generation = 0;                  // -1: the start values
    std::optional<double> fitness;       // the member's training fitness, when a member answers
    std::optional<RunPick> pick;
};
Result<RunAnswer> runAnswer(const ga::RunState& state);

// "no better than the start on held-out data (E 0.1174 against 0.1154)": why a run answers with
// its start values, in words a user reads.
std::string startAnswersWhy(const RunPick& pick);

// `pick` after its confirmation: the same values when it passed, else the start values with the
// confirmation kept to say why.
RunPick confirmedPick(RunPick pick, const std::vector<int>& start, PickConfirmation confirmation);
// "confirmed at tc 10+0.1: Elo +24.1 [+3.2, +45.0] (600 games) against the start" / "... not
// confirmed ...": the confirmation in words.
std::string confirmationText(const PickConfirmation& confirmation);

}  // namespace mf::tuning
