#pragma once
// The search's constants: the margins, depths and divisors of its pruning, reductions, aspiration
// windows and history. Each is a UCI `spin` option `Search.<Name>` (searchTerms()), so a tuner can
// set them and measure the result by games; the defaults are the hand-set values the search was
// written with. Like the evaluation's weights (EvalParams), a search copies them when it starts,
// so a change never lands mid-search and two engines in one process may differ.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace mf {

// The values, one field per option (units in searchTerms()).
// The defaults are SPSA's theta after 9,700 games of the search tuned by games at 5000 nodes a
// move (docs/results/2026-11-28-search-by-games.md); the values the search was written with are
// in that report.
struct SearchConstants {
    int reverseFutilityMargin = 68;  // centipawns per ply of depth
    int reverseFutilityDepth = 6;
    int razoringMargin = 256;  // centipawns per ply of depth
    int razoringDepth = 2;
    int nullMoveDepth = 3;
    int nullMoveReduction = 3;
    int nullMoveDepthDivisor = 4;
    int nullMoveEvalDivisor = 200;
    int nullMoveEvalCap = 3;
    int lateMovePruningBase = 5;
    int lateMovePruningNotImproving = 60;  // percent of the move count kept when not improving
    int futilityBase = 88;
    int futilityPerDepth = 78;
    int futilityDepth = 6;
    int seeQuietMargin = 84;  // centipawns per ply squared
    int seeQuietDepth = 7;
    int seeCaptureMargin = 106;  // centipawns per ply
    int seeCaptureDepth = 6;
    int lmrDepth = 3;
    int lmrBase = 86;       // hundredths
    int lmrDivisor = 221;   // hundredths
    int lmrHistoryDivisor = 5963;
    int aspirationWindow = 18;
    int aspirationDepth = 5;
    int aspirationGrowth = 49;  // percent
    int historyBonusQuadratic = 15;
    int historyBonusLinear = 31;
    int historyBonusMax = 1611;
    int checkExtensionReach = 198;  // percent of the iteration's depth
    int iirDepth = 3;
    int deltaMargin = 174;
};

// One option: its UCI name, the field it sets, default and range, unit and one-line meaning.
// The ranges are wide enough to tune and never break the search (every divisor is at least 1,
// a reduction never reaches below the depth it reduces).
struct SearchTerm {
    std::string_view name;  // "Search.ReverseFutilityMargin"
    int SearchConstants::*field;
    int defaultValue;
    int min;
    int max;
    std::string_view unit;
    std::string_view meaning;
};

std::span<const SearchTerm> searchTerms();

// Late-move reductions in plies by depth and move number: base + ln(depth) x ln(moves) / divisor
// (base and divisor in hundredths). Built once per change of the two constants, read per move.
class ReductionTable {
public:
    ReductionTable(int baseHundredths, int divisorHundredths);
    int operator()(int depth, int moveCount) const {
        return table_[depth < 63 ? depth : 63][moveCount < 63 ? moveCount : 63];
    }

private:
    std::array<std::array<int, 64>, 64> table_{};
};

// What a search takes: the constants and the reduction table two of them define, kept in step.
class SearchParams {
public:
    SearchParams() = default;
    const SearchConstants& constants() const { return constants_; }
    const ReductionTable& reductions() const { return reductions_; }
    // The value of searchTerms()[index].
    int at(std::size_t index) const;
    // Sets searchTerms()[index]; rebuilds the reduction table when its base or divisor changes.
    void set(std::size_t index, int value);

private:
    SearchConstants constants_;
    ReductionTable reductions_{SearchConstants{}.lmrBase, SearchConstants{}.lmrDivisor};
};

// A 64-bit key of the constants: 0 at the defaults, else (almost surely) different for every set.
// The search XORs it into its transposition-table key beside evalWeightsKey, so entries stored
// under other constants are never found; at the defaults the keys, and `bench`, are unchanged.
std::uint64_t searchConstantsKey(const SearchConstants& constants);

}  // namespace mf
