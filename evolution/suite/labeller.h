#pragma once
// Runs the reference engine over candidates (MultiPV 2 at a fixed depth or node count) and keeps
// those the labelling rules accept, each as a suite entry with bm and the labelling in c0.
// Candidates are searched in chunks and kept in candidate order, so the kept set does not depend
// on the number of workers or on which search finished first.

#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/tb/tablebases.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/labelling.h"
#include "evolution/suite/suite_entry.h"
#include "evolution/uci/search_service.h"

namespace mf::suite {

struct LabelConfig {
    LabelRules rules;
    uci::SearchLimit limit = uci::SearchLimit::depth(12);
    std::size_t wanted = std::numeric_limits<std::size_t>::max();  // stop once this many are kept
    std::size_t chunk = 32;  // candidates per batch; results never depend on it
    // When set, positions the tables cover (up to 4 men) are labelled from them, not searched.
    const tb::Tablebases* tables = nullptr;
};

struct LabelReport {
    std::size_t offered = 0;   // candidates looked at (pre-search rejections included)
    std::size_t searched = 0;  // searches run
    std::size_t fromTables = 0;  // positions the endgame tables covered (kept or not)
    std::array<std::size_t, VerdictCount> verdicts{};
    std::vector<std::string> failures;  // failed searches with origin and reason
};

// What the suite says about a kept candidate, from the engine's lines.
SuiteEntry makeEntry(const Candidate& candidate, const Labelling& label, const uci::SearchResult& result,
                     const std::string& engineName);

// The search request for one candidate (MultiPV 2 on top of the limit).
uci::SearchRequest labelRequest(const Candidate& candidate, std::uint64_t id, const uci::SearchLimit& limit);

// The engine's lines as PvLines, multipv 1 first (lines without a pv or score are skipped).
std::vector<PvLine> pvLines(const uci::SearchResult& result);

std::vector<SuiteEntry> labelCandidates(uci::SearchService& reference, const std::vector<Candidate>& candidates,
                                        const LabelConfig& config, LabelReport& report,
                                        const std::function<void(std::size_t kept, std::size_t offered)>& progress = {},
                                        std::stop_token stop = {});

}  // namespace mf::suite
