#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

WorkUnit unitKind(const DatasetWork&) { return WorkUnit::Positions; }

std::size_t candidateUnits(const DatasetWork& work) { return work.size(); }

std::string describe(const DatasetWork& work) {
    std::ostringstream out;
    out.precision(6);
    out << "data set " << work.file << " (" << work.size() << " labelled positions), K " << work.k << ", E0 "
        << work.startError << ", evalfit path " << dataset::evalfitPathName(work.path)
        << ", fitness E0/E (Texel's error E)";
    return out.str();
}

std::vector<DatasetItem> splitItems(const DatasetWork& work, std::size_t candidates, const SplitOptions& options) {
    std::vector<DatasetItem> items;
    const std::size_t positions = work.size();
    const std::size_t whole = work.path == dataset::EvalfitPath::Uci     ? kUciPositionsPerItem
                              : work.path == dataset::EvalfitPath::Trace ? kTracePositionsPerItem
                                                                         : kFastPositionsPerItem;
    const std::size_t chunk = options.datasetPositionsPerItem == 0 ? whole : options.datasetPositionsPerItem;
    // The fast path chunk by chunk (every candidate on a chunk, then the next chunk): an engine
    // that has loaded a chunk scores it for the candidates one after the other, before its
    // process gives way to the next chunk's. A candidate's items stay in chunk order either way.
    const bool chunkMajor = work.path == dataset::EvalfitPath::Fast;
    for (std::size_t outer = 0; outer < (chunkMajor ? positions : candidates); outer += chunkMajor ? chunk : 1)
        for (std::size_t inner = 0; inner < (chunkMajor ? candidates : positions); inner += chunkMajor ? 1 : chunk) {
            const std::size_t c = chunkMajor ? inner : outer, first = chunkMajor ? outer : inner;
            items.push_back(DatasetItem{c, first, std::min(chunk, positions - first)});
        }
    return items;
}

std::size_t unitsOf(const DatasetItem& item) { return item.count; }

std::size_t candidateOf(const DatasetItem& item) { return item.candidate; }

DatasetItemResult cancelledItem(const DatasetWork&, const DatasetItem&) {
    DatasetItemResult result;
    result.cancelled = true;
    return result;
}

namespace {

// Every candidate's q, position by position, from the chunks that were scored (or, on the trace
// path, the chunks' sums of squared errors); failures and cancelled chunks are counted on the
// candidate's score. q is allocated only for candidates whose chunks bring q.
struct Gathered {
    std::vector<std::vector<int>> q;
    std::vector<double> squaredErrorSum;
    std::vector<std::size_t> covered;  // positions scored (items never overlap)
};

bool fits(const DatasetItem& item, const DatasetItemResult* result, std::size_t candidates, std::size_t positions) {
    if (item.candidate >= candidates || item.first + item.count > positions) return false;
    if (!result || result->cancelled || !result->failure.empty() || result->squaredErrorSum) return true;
    return result->q.size() == item.count;
}

Gathered gather(const DatasetWork& work, const std::vector<DatasetItem>& items,
                const std::vector<std::optional<DatasetItemResult>>& results, std::vector<CandidateScore>& scores) {
    const std::size_t positions = work.size();
    Gathered out{std::vector<std::vector<int>>(scores.size()), std::vector<double>(scores.size(), 0.0),
                 std::vector<std::size_t>(scores.size(), 0)};
    for (std::size_t i = 0; i < items.size(); ++i) {
        const DatasetItem& item = items[i];
        const DatasetItemResult* result = results[i] ? &*results[i] : nullptr;
        if (!fits(item, result, scores.size(), positions))
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its dataset item");
        CandidateScore& score = scores[item.candidate];
        if (!result || result->cancelled) {
            score.cancelled += static_cast<int>(item.count);
            continue;
        }
        if (!result->failure.empty()) {
            if (score.failure.empty()) score.failure = result->failure;
            continue;
        }
        out.covered[item.candidate] += item.count;
        if (result->squaredErrorSum) {
            out.squaredErrorSum[item.candidate] += *result->squaredErrorSum;
            continue;
        }
        std::vector<int>& q = out.q[item.candidate];
        if (q.empty()) q.assign(positions, 0);
        std::copy(result->q.begin(), result->q.end(), q.begin() + static_cast<std::ptrdiff_t>(item.first));
    }
    return out;
}

}  // namespace

// E over all positions from every chunk's q (or the chunks' sums, on the trace path); fitness =
// E0 / E. A candidate with a failed chunk is not scored (fitness 0, failed 1: never bred from,
// never cached); a cancelled chunk makes the score incomplete.
std::vector<CandidateScore> mergeItems(const DatasetWork& work, std::size_t candidates,
                                       const std::vector<DatasetItem>& items,
                                       const std::vector<std::optional<DatasetItemResult>>& results) {
    const std::size_t positions = work.size();
    std::vector<CandidateScore> scores(candidates);
    Gathered gathered = gather(work, items, results, scores);
    for (std::size_t c = 0; c < candidates; ++c) {
        CandidateScore& score = scores[c];
        const std::size_t covered = gathered.covered[c];
        if (!score.failure.empty() || score.cancelled > 0 || covered != positions) {
            // Not scored: fitness 0. Positions no item covered count as cancelled.
            if (score.failure.empty()) score.cancelled = static_cast<int>(positions - covered);
            else score.failed = 1;
            score.fitness = 0.0;
            continue;
        }
        // Sums and q never mix within a candidate: a work's items are all of one path.
        const double e = gathered.q[c].empty() ? gathered.squaredErrorSum[c] / double(positions)
                                               : dataset::meanSquaredError(gathered.q[c], work.positions->results(0, positions), work.k);
        score.error = e;
        score.fitness = dataset::evalfitFitness(e, work.startError);
        score.scored = static_cast<int>(positions);
        if (work.keepScores) score.q = std::move(gathered.q[c]);
    }
    return scores;
}

}  // namespace mf::tuning
