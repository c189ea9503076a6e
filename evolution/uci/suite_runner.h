#pragma once
// Runs a whole EPD suite through a SearchService and adds up the scores. Used by
// `matefind-cli solve`; the tuner scores chromosomes the same way, one batch per chromosome.

#include <chrono>
#include <functional>
#include <stop_token>
#include <vector>

#include "evolution/uci/epd_scoring.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_service.h"

namespace mf::uci {

struct SuiteRunSettings {
    SearchLimit limit = SearchLimit::moveTime(100);
    OptionValues options;  // sent with every search
    PrizeRule prize;
};

struct PositionOutcome {
    const SuitePosition* position = nullptr;
    SearchResult result;
    PositionScore score;
};

struct SuiteReport {
    std::vector<PositionOutcome> outcomes;  // suite order
    int solved = 0;
    int scored = 0;     // completed searches
    int failed = 0;     // not scored: the engine failed twice
    int cancelled = 0;  // not scored: stopped by the caller
    int points = 0;
    int maxPoints = 0;  // over the scored positions that have points
    double score = 0;   // sum of scores (solved count plus prizes)
    std::chrono::nanoseconds thinkTime{0};  // sum over searches, measured go -> bestmove
    std::chrono::nanoseconds wallTime{0};
};

// Called from worker threads, possibly at once, after each position (done = positions finished).
using SuiteProgress = std::function<void(const PositionOutcome& outcome, std::size_t done, std::size_t total)>;

SuiteReport runSuite(SearchService& service, const Suite& suite, const SuiteRunSettings& settings,
                     std::stop_token stop = {}, SuiteProgress progress = {});

}  // namespace mf::uci
