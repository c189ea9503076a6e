#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"

#include <algorithm>

namespace mf::dataset {

int differenceStep(const DifferenceTerm& term) {
    const int h = std::max(1, (term.max - term.min) / 8);
    // Up when the window allows, else down (a term at its max); a window of one value gets 0.
    if (term.start + h <= term.max) return h;
    return term.start - h >= term.min ? -h : 0;
}

namespace {

uci::OptionValues withValue(uci::OptionValues options, const std::string& name, int value) {
    for (auto& [option, v] : options)
        if (option == name) {
            v = std::to_string(value);
            return options;
        }
    options.emplace_back(name, std::to_string(value));
    return options;
}

}  // namespace

std::vector<uci::OptionValues> differenceCandidates(const std::vector<DifferenceTerm>& terms,
                                                    const uci::OptionValues& fixed) {
    uci::OptionValues start = fixed;
    for (const DifferenceTerm& t : terms) start = withValue(std::move(start), t.option, t.start);
    std::vector<uci::OptionValues> candidates{start};
    for (const DifferenceTerm& t : terms) candidates.push_back(withValue(start, t.option, t.start + differenceStep(t)));
    return candidates;
}

TraceTable differenceTable(const std::vector<DifferenceTerm>& terms, const std::vector<std::vector<int>>& scores) {
    TraceTable table;
    std::vector<std::string> names;
    for (const DifferenceTerm& t : terms) names.push_back(t.option);
    table.setTerms(std::move(names));
    const std::vector<int>& base = scores.at(0);
    std::vector<TraceEntry> row(terms.size());
    for (std::size_t i = 0; i < base.size(); ++i) {
        double constant = base[i];
        for (std::size_t t = 0; t < terms.size(); ++t) {
            const int h = differenceStep(terms[t]);
            const double c = h == 0 ? 0.0 : double(scores.at(t + 1).at(i) - base[i]) / h;
            row[t] = {static_cast<std::uint32_t>(t), c};
            constant -= c * terms[t].start;
        }
        table.addPosition(constant, row);
    }
    return table;
}

Result<TraceTable> traceByDifferences(EvalfitScorer& scorer, const std::vector<DifferenceTerm>& terms,
                                      const uci::OptionValues& fixed, std::stop_token stop) {
    const std::vector<uci::OptionValues> candidates = differenceCandidates(terms, fixed);
    std::vector<CandidateScores> scored = scorer.score(candidates, stop);
    std::vector<std::vector<int>> scores;
    for (std::size_t c = 0; c < scored.size(); ++c) {
        if (!scored[c].failure.empty())
            return Error{(c == 0 ? std::string("the start weights") : "term " + terms[c - 1].option + " moved by its step") +
                         ": " + scored[c].failure};
        scores.push_back(std::move(scored[c].q));
    }
    if (scores.size() != candidates.size()) return Error{"the scorer gave " + std::to_string(scores.size()) + " of " +
                                                         std::to_string(candidates.size()) + " scorings"};
    return differenceTable(terms, scores);
}

}  // namespace mf::dataset
