#pragma once
// What a FitnessEvaluator is given and gives back for each chromosome, as plain values: the
// candidate (its values and the engine options they become) and its score, with the details
// each measure fills in (positions, games, Texel's error).

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/genome.h"
#include "evolution/match/game_types.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// One chromosome to score: its decoded values (the cache key) and the options they become.
struct Candidate {
    std::vector<int> values;
    uci::OptionValues options;  // the genome's options with these values, in genome order
};

// The candidate for a chromosome's decoded values: each term's option set to its value.
Candidate makeCandidate(const ga::Genome& genome, const std::vector<int>& values);

// One position of one candidate: what `print` shows.
struct PositionResult {
    int line = 0;                 // line in the suite file
    std::string id;
    std::string expected;         // "bm Nf3" / "am Qxb2" / "bm e4; am d4"
    std::string played;           // SAN on the position when legal, else as the engine sent it
    bool scored = false;          // false: the search failed or was cancelled (not counted)
    bool solved = false;
    int points = 0;               // STS points of the move played
    double score = 0.0;           // this position's contribution to fitness
    std::int64_t timeMs = 0;      // think time measured by the harness
    std::chrono::nanoseconds thinkTime{0};  // the same, exact (summed into CandidateScore::thinkTime)
    std::int64_t settleMs = 0;    // when the engine settled on the move it played
    int depth = 0;
    std::int64_t nodes = 0;
    std::string failure;          // why, when not scored
};

// A candidate's games against the baseline (measure games), from the candidate's view.
struct GameTally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int forfeits = 0;             // losses by the candidate's fault: crash, hang, illegal move, time
    int baselineForfeits = 0;     // wins by the baseline's fault
    // Of the games this candidate played itself (a couple's pair counts for the member that played
    // it as side A): how many, and how many either side lost on time. At a clock, a share of time
    // losses beyond the engines' own lateness says the machine is overloaded.
    int gamesPlayed = 0;
    int lostOnTime = 0;
    // Finished pairs by the candidate's half-points over the pair (0: two losses .. 4: two wins):
    // the pentanomial the Elo of its games is measured on.
    std::array<int, 5> pairHalfPoints{};
    // Its speed ratio (nodes a second with its values over the start's, measured before each of
    // its pairs): the sum of the ratios' logarithms and their count, so ratios average
    // geometrically (a side twice as fast and one half as fast average to 1).
    double speedLogSum = 0.0;
    int speedSamples = 0;
    std::optional<double> speedRatio() const;
    double points() const { return wins + 0.5 * draws; }
    int games() const { return wins + draws + losses; }
};

struct CandidateScore {
    double fitness = 0.0;         // >= 0 (proportional selection relies on it)
    int solved = 0;
    int scored = 0;               // completed searches (games: finished games)
    int failed = 0;               // failed twice: not scored, counted for the run's report
    int cancelled = 0;            // stopped by the caller: the score is incomplete, never used
    int points = 0;
    int maxPoints = 0;
    std::chrono::nanoseconds thinkTime{0};  // sum of searches' think time
    std::vector<PositionResult> positions;  // suite order (suite work)
    GameTally games;                        // games work
    std::vector<match::PairResult> pairs;   // games work: every pair, in opening order
    std::optional<double> error;            // dataset work: Texel's error E (fitness = E0 / E)
    std::vector<int> q;                     // dataset work with keepScores: every position's q
    std::string failure;                    // dataset work: why the candidate was not scored

    bool complete() const { return cancelled == 0; }
};

// PositionResult::failure of a position that was stopped by the caller (not an engine fault).
inline constexpr std::string_view kCancelledFailure = "cancelled";

}  // namespace mf::tuning
