#include "engine/search_params.h"

#include <cmath>

#include "engine/term_key.h"

namespace mf {

namespace {

constexpr SearchConstants Defaults{};
using C = SearchConstants;

// Depth ranges end at 20 plies: the pruning they bound is meant for shallow nodes, and 20 already
// covers every depth a game search reaches in the time a tuner gives it.
constexpr SearchTerm Terms[] = {
    {"Search.ReverseFutilityMargin", &C::reverseFutilityMargin, Defaults.reverseFutilityMargin, 0, 500,
     "centipawns per ply", "a non-PV node whose eval exceeds beta by this x (depth - improving) returns the eval"},
    {"Search.ReverseFutilityDepth", &C::reverseFutilityDepth, Defaults.reverseFutilityDepth, 0, 20, "plies",
     "deepest node reverse futility pruning applies to (0: never)"},
    {"Search.RazoringMargin", &C::razoringMargin, Defaults.razoringMargin, 0, 1000, "centipawns per ply",
     "a non-PV node whose eval + this x depth is below alpha is tried with a quiescence search alone"},
    {"Search.RazoringDepth", &C::razoringDepth, Defaults.razoringDepth, 0, 10, "plies",
     "deepest node razoring applies to (0: never)"},
    {"Search.NullMoveDepth", &C::nullMoveDepth, Defaults.nullMoveDepth, 1, 20, "plies",
     "shallowest node that tries a null move"},
    {"Search.NullMoveReduction", &C::nullMoveReduction, Defaults.nullMoveReduction, 1, 10, "plies",
     "the null move's reduction before the two terms below"},
    {"Search.NullMoveDepthDivisor", &C::nullMoveDepthDivisor, Defaults.nullMoveDepthDivisor, 1, 32, "plies",
     "one ply more reduction per this many plies of depth"},
    {"Search.NullMoveEvalDivisor", &C::nullMoveEvalDivisor, Defaults.nullMoveEvalDivisor, 10, 1000, "centipawns",
     "one ply more reduction per this many centipawns of eval above beta"},
    {"Search.NullMoveEvalCap", &C::nullMoveEvalCap, Defaults.nullMoveEvalCap, 0, 10, "plies",
     "at most this many plies of reduction from the eval above beta"},
    {"Search.LateMovePruningBase", &C::lateMovePruningBase, Defaults.lateMovePruningBase, 0, 32, "moves",
     "quiet moves are skipped after (this + depth^2) moves"},
    {"Search.LateMovePruningNotImproving", &C::lateMovePruningNotImproving, Defaults.lateMovePruningNotImproving, 10,
     200, "percent", "share of that move count searched when the static eval is not improving"},
    {"Search.FutilityBase", &C::futilityBase, Defaults.futilityBase, 0, 1000, "centipawns",
     "a quiet move is skipped when static eval + this + FutilityPerDepth x reduced depth is at most alpha"},
    {"Search.FutilityPerDepth", &C::futilityPerDepth, Defaults.futilityPerDepth, 0, 500, "centipawns per ply",
     "futility margin per ply of the move's reduced depth"},
    {"Search.FutilityDepth", &C::futilityDepth, Defaults.futilityDepth, 0, 20, "plies",
     "deepest reduced depth futility pruning applies to"},
    {"Search.SeeQuietMargin", &C::seeQuietMargin, Defaults.seeQuietMargin, 0, 500, "centipawns per ply squared",
     "a quiet move is skipped when its exchange loses more than this x reduced depth^2"},
    {"Search.SeeQuietDepth", &C::seeQuietDepth, Defaults.seeQuietDepth, 0, 20, "plies",
     "deepest reduced depth the quiet-move exchange pruning applies to"},
    {"Search.SeeCaptureMargin", &C::seeCaptureMargin, Defaults.seeCaptureMargin, 0, 1000, "centipawns per ply",
     "a capture (not a check) is skipped when its exchange loses more than this x depth"},
    {"Search.SeeCaptureDepth", &C::seeCaptureDepth, Defaults.seeCaptureDepth, 0, 20, "plies",
     "deepest node the capture exchange pruning applies to"},
    {"Search.LmrDepth", &C::lmrDepth, Defaults.lmrDepth, 2, 20, "plies", "shallowest node whose late moves are reduced"},
    {"Search.LmrBase", &C::lmrBase, Defaults.lmrBase, 0, 300, "hundredths of a ply",
     "late-move reduction: base + ln(depth) x ln(move number) / divisor"},
    {"Search.LmrDivisor", &C::lmrDivisor, Defaults.lmrDivisor, 100, 1000, "hundredths",
     "the divisor of that formula"},
    {"Search.LmrHistoryDivisor", &C::lmrHistoryDivisor, Defaults.lmrHistoryDivisor, 1000, 30000, "history points",
     "a quiet move's reduction shrinks by one ply per this much history score (grows when negative)"},
    {"Search.AspirationWindow", &C::aspirationWindow, Defaults.aspirationWindow, 5, 500, "centipawns",
     "first half-width of the window around the previous iteration's score"},
    {"Search.AspirationDepth", &C::aspirationDepth, Defaults.aspirationDepth, 1, 20, "plies",
     "first iteration searched with an aspiration window"},
    {"Search.AspirationGrowth", &C::aspirationGrowth, Defaults.aspirationGrowth, 25, 400, "percent",
     "the half-width grows by this much after each failure"},
    {"Search.HistoryBonusQuadratic", &C::historyBonusQuadratic, Defaults.historyBonusQuadratic, 0, 256,
     "history points per ply squared", "history bonus of a quiet cutoff move: this x depth^2 + linear x depth"},
    {"Search.HistoryBonusLinear", &C::historyBonusLinear, Defaults.historyBonusLinear, 0, 1024, "history points per ply",
     "the linear part of that bonus"},
    {"Search.HistoryBonusMax", &C::historyBonusMax, Defaults.historyBonusMax, 0, 16384, "history points",
     "the largest history bonus (and malus of the quiet moves tried before it)"},
    {"Search.CheckExtensionReach", &C::checkExtensionReach, Defaults.checkExtensionReach, 0, 400,
     "percent of the iteration's depth", "moves giving check are extended by one ply at plies below this"},
    {"Search.IirDepth", &C::iirDepth, Defaults.iirDepth, 2, 20, "plies",
     "shallowest node without a hash move that is searched one ply shallower"},
    {"Search.DeltaMargin", &C::deltaMargin, Defaults.deltaMargin, 0, 1000, "centipawns",
     "quiescence skips a capture when static eval + the victim's value + this is at most alpha"},
};

bool isReductionTerm(const SearchTerm& term) { return term.field == &C::lmrBase || term.field == &C::lmrDivisor; }

// Keeps the ids of the search's terms clear of the evaluation's (evalWeightsKey uses 1..terms).
constexpr std::uint64_t KeyIdBase = std::uint64_t{1} << 24;

}  // namespace

std::span<const SearchTerm> searchTerms() { return Terms; }

ReductionTable::ReductionTable(int baseHundredths, int divisorHundredths) {
    // base / 100.0 is the double nearest the decimal (86 -> 0.86): a table is the formula's,
    // entry for entry, whatever the decimals.
    const double base = baseHundredths / 100.0, divisor = divisorHundredths / 100.0;
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m) table_[d][m] = static_cast<int>(base + std::log(d) * std::log(m) / divisor);
}

int SearchParams::at(std::size_t index) const { return constants_.*Terms[index].field; }

void SearchParams::set(std::size_t index, int value) {
    constants_.*Terms[index].field = value;
    if (isReductionTerm(Terms[index])) reductions_ = ReductionTable(constants_.lmrBase, constants_.lmrDivisor);
}

std::uint64_t searchConstantsKey(const SearchConstants& constants) {
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < std::size(Terms); ++i) {
        const int value = constants.*Terms[i].field;
        if (value != Terms[i].defaultValue) key ^= termValueWord(KeyIdBase + i, value);
    }
    return key;
}

}  // namespace mf
