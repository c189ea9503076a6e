#include "evolution/suite/labeller.h"

#include <algorithm>
#include <optional>

#include "engine/bitboard.h"
#include "engine/notation.h"
#include "evolution/suite/tables_labelling.h"

namespace mf::suite {

uci::SearchRequest labelRequest(const Candidate& candidate, std::uint64_t id, const uci::SearchLimit& limit) {
    uci::SearchRequest request;
    request.id = id;
    request.fen = candidate.position.fen();
    request.limit = limit;
    request.options = {{"MultiPV", "2"}};
    return request;
}

std::vector<PvLine> pvLines(const uci::SearchResult& result) {
    std::vector<PvLine> lines;
    for (const uci::InfoLine& info : result.lines) {
        if (info.pv.empty() || !info.score) continue;
        lines.push_back({info.pv.front(), *info.score});
    }
    return lines;
}

SuiteEntry makeEntry(const Candidate& candidate, const Labelling& label, const uci::SearchResult& result,
                     const std::string& engineName) {
    const std::vector<PvLine> lines = pvLines(result);
    SuiteEntry entry;
    entry.position = candidate.position;
    entry.best = {label.best};
    entry.ce = label.bestCp;
    entry.depth = result.depth;
    entry.comment = engineName + " depth " + std::to_string(result.depth) + " nodes " + std::to_string(result.nodes) +
                    ": best " + toSan(candidate.position, label.best) + " " + formatScore(lines[0].score) +
                    ", second " + toSan(candidate.position, label.second) + " " + formatScore(lines[1].score) +
                    ", margin " + std::to_string(label.margin) + " cp";
    entry.origin = candidate.origin;
    return entry;
}

std::vector<SuiteEntry> labelCandidates(uci::SearchService& reference, const std::vector<Candidate>& candidates,
                                        const LabelConfig& config, LabelReport& report,
                                        const std::function<void(std::size_t, std::size_t)>& progress,
                                        std::stop_token stop) {
    std::vector<SuiteEntry> kept;
    const std::size_t chunk = std::max<std::size_t>(1, config.chunk);
    std::size_t next = 0;
    while (next < candidates.size() && kept.size() < config.wanted && !stop.stop_requested()) {
        const std::size_t end = std::min(candidates.size(), next + chunk);
        std::vector<uci::SearchRequest> requests;
        std::vector<Verdict> early(end - next, Verdict::Kept);
        std::vector<std::optional<TablesLabel>> exact(end - next);
        for (std::size_t i = next; i < end; ++i) {
            early[i - next] = preSearchVerdict(candidates[i].position, config.rules);
            if (early[i - next] != Verdict::Kept) continue;
            if (config.tables && popcount(candidates[i].position.pieces()) <= 4)
                exact[i - next] = labelFromTables(*config.tables, candidates[i]);
            if (!exact[i - next]) requests.push_back(labelRequest(candidates[i], i, config.limit));
        }
        report.searched += requests.size();
        auto batch = reference.submit(std::move(requests), stop);
        batch->wait();

        // In candidate order, whatever the completion order was.
        for (std::size_t i = next; i < end && kept.size() < config.wanted; ++i) {
            ++report.offered;
            Verdict verdict = early[i - next];
            if (auto& tables = exact[i - next]) {
                ++report.fromTables;
                ++report.verdicts[std::size_t(tables->verdict)];
                if (tables->verdict == Verdict::Kept) kept.push_back(std::move(tables->entry));
                continue;
            }
            const uci::SearchResult* result = verdict == Verdict::Kept ? batch->find(i) : nullptr;
            Labelling label;
            if (verdict == Verdict::Kept) {
                if (!result || result->status != uci::SearchStatus::Completed) {
                    if (result && result->status == uci::SearchStatus::Cancelled) return kept;
                    verdict = Verdict::EngineFailed;
                    report.failures.push_back(candidates[i].origin + ": " + (result ? result->failure : "no result"));
                } else {
                    label = judge(candidates[i].position, candidates[i].lastMove, result->bestMove, pvLines(*result),
                                  config.rules);
                    verdict = label.verdict;
                }
            }
            ++report.verdicts[std::size_t(verdict)];
            if (verdict == Verdict::Kept) kept.push_back(makeEntry(candidates[i], label, *result, reference.engine().name));
        }
        next = end;
        if (progress) progress(kept.size(), report.offered);
    }
    return kept;
}

}  // namespace mf::suite
