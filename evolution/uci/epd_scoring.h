#pragma once
// Scoring one search against its EPD record, and the answer-speed prize: of two engines that
// both solve a position, the one that settled on the right move sooner should score higher.
//
// Solved: with bm, the move played is one of them; with am, it is none of them; with both, both
// hold; with only c0 points, the move earns the record's highest points.
// Prize: a solved position scores 1 + prize * (1 - s / L), where L is the search limit
// (milliseconds, plies or nodes) and s the point, in the same unit, from which the engine kept
// the move it finally played (SearchResult::settled, from its info lines; s / L is clamped to
// [0, 1]). prize = 0 turns it off; an unsolved position scores 0. A search that did not complete
// (failed or cancelled) is not scored at all.

#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

struct PrizeRule {
    double prize = 0.0;  // >= 0; 0: off
};

struct PositionScore {
    bool scored = false;   // false: the search failed or was cancelled; ignore the rest
    bool solved = false;
    int points = 0;        // c0 points of the move played (0 when not listed or no points)
    double settleFraction = 1.0;  // s / L
    double score = 0.0;    // 1 + prize * (1 - s/L) when solved, else 0
};

// s / L for the limit's unit, clamped to [0, 1].
double settleFraction(const SearchResult& result, const SearchLimit& limit);

PositionScore scorePosition(const SuitePosition& position, const SearchResult& result, const SearchLimit& limit,
                            const PrizeRule& rule);

}  // namespace mf::uci
