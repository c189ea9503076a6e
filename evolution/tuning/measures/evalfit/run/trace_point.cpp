#include "evolution/tuning/measures/evalfit/run/trace_point.h"

#include <algorithm>

#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/run/run_history.h"

namespace mf::tuning {

namespace {

// The terms that moved since the last trace point, "KnightValue 300 -> 307, ...": at most a few
// named (a genome may have hundreds), the rest counted.
std::string movesText(const ga::Genome& genome, const uci::OptionValues& from, const uci::OptionValues& to) {
    constexpr int kNamed = 6;
    std::string text;
    int moved = 0;
    for (std::size_t i = 0; i < from.size() && i < to.size() && i < genome.size(); ++i) {
        if (from[i].second == to[i].second) continue;
        if (++moved <= kNamed) text += (moved > 1 ? ", " : "") + from[i].first + " " + from[i].second + " -> " + to[i].second;
    }
    if (moved == 0) return "no term moved since the last traces";
    if (moved > kNamed) text += " and " + std::to_string(moved - kNamed) + " more";
    return std::to_string(moved) + (moved == 1 ? " term" : " terms") + " moved since the last traces: " + text;
}

}  // namespace

int traceGeneration(int retraceEvery, int generation) {
    if (retraceEvery <= 0 || generation < retraceEvery) return 0;
    return generation - generation % retraceEvery;
}

TracePointMove moveTracePoint(EvalfitPlan& evalfit, const TuningSettings& settings, const ga::RunState& state) {
    TracePointMove move;
    if (evalfit.main.path != dataset::EvalfitPath::Trace) return move;
    const int at = traceGeneration(settings.of<tuning::EvalfitSettings>().retraceEvery, state.generation);
    if (at == evalfit.main.trace.epoch) return move;
    TraceSpec spec = evalfit.main.trace;
    std::vector<int> values = settings.genome.defaults();
    if (at > 0) {
        auto history = recordedGenerations(state);
        if (!history) {
            move.error = "re-tracing at generation " + std::to_string(at) + ": " + history.error().message;
            return move;
        }
        const auto before = std::find_if(history->begin(), history->end(), [&](const RecordedGeneration& g) {
            return g.report.stats.generation == at - 1;
        });
        if (before == history->end() || before->report.stats.bestValues.size() != settings.genome.size()) {
            move.error = "re-tracing at generation " + std::to_string(at) + ": the history has no best of generation " +
                         std::to_string(at - 1);
            return move;
        }
        values = before->report.stats.bestValues;
    }
    const uci::OptionValues previous = spec.point;
    spec.point = makeCandidate(settings.genome, values).options;
    for (std::size_t i = 0; i < spec.terms.size() && i < values.size(); ++i) spec.terms[i].start = values[i];
    spec.epoch = at;
    setTraceSpec(evalfit, spec);
    move.moved = true;
    move.note = at == 0 ? "evalfit: traces taken at the defaults"
                        : "evalfit: re-tracing for generation " + std::to_string(at) + " (every " +
                              std::to_string(settings.of<tuning::EvalfitSettings>().retraceEvery) + ") at the best of generation " +
                              std::to_string(at - 1) + " (" + movesText(settings.genome, previous, spec.point) +
                              "); every member is scored on the new traces";
    return move;
}

void rescoreAll(ga::RunState& state) {
    for (auto& member : state.population) member.fitness.reset();
}

}  // namespace mf::tuning
