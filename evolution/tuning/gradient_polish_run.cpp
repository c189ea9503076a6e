#include "evolution/tuning/gradient_polish_run.h"

#include <algorithm>
#include <cctype>
#include <thread>

#include "evolution/dataset/gradient_polish.h"
#include "evolution/dataset/trace_error.h"
#include "evolution/tuning/evalfit_fit.h"
#include "evolution/tuning/measures/evalfit/trace_cache.h"
#include "evolution/tuning/measures/evalfit/trace_store.h"
#include "evolution/uci/option_name.h"

namespace mf::tuning {

namespace {

// The main data set as trace work whose traces are taken at `start`.
Result<DatasetWork> traceWorkAt(const FitnessPlan& plan, const TuningSettings& settings, const std::vector<int>& start,
                                std::stop_token stop) {
    const EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return Error{"polish: the run's measure is not evalfit"};
    EvalfitPlan traced{evalfit->main, std::nullopt};
    traced.main.path = dataset::EvalfitPath::Trace;
    EvalfitFitOutcome outcome;
    if (!resolveScoringPath(traced, settings, outcome, stop))
        return Error{"polish: " + outcome.failure.value_or(std::string("stopped"))};
    TraceSpec& spec = traced.main.trace;
    spec.point = makeCandidate(settings.genome, start).options;
    for (std::size_t i = 0; i < spec.terms.size() && i < start.size(); ++i) spec.terms[i].start = start[i];
    return traced.main;
}

// Each genome term's column in the traces, with its window.
Result<std::vector<dataset::GradientTerm>> termsOf(const dataset::TraceTable& table, const ga::Genome& genome) {
    std::vector<dataset::GradientTerm> terms;
    for (const ga::Term& term : genome.terms()) {
        const auto& names = table.terms();
        const auto it = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return uci::sameOptionName(n, term.option); });
        if (it == names.end()) return Error{"polish: the traces have no term " + term.option};
        terms.push_back({static_cast<std::size_t>(it - names.begin()), term.low(), term.high()});
    }
    return terms;
}

// The traces of the whole data set at the work's point, taken chunk by chunk as the run takes them:
// an engine process holds one chunk's positions at a time, and the chunks are kept by
// --trace-cache like the run's. (In one piece, 10^6 positions of the full evaluation held some 4 GB
// in the engine and its whole answer in MateFind at once.)
Result<TraceChunk> traceWholeData(const EngineSpec& engine, const DatasetWork& work, std::stop_token stop) {
    TraceChunk whole;
    for (std::size_t first = 0; first < work.fens.size(); first += kTracePositionsPerItem) {
        TraceChunk chunk = cachedTraceChunk(
            engine, {}, work, DatasetItem{0, first, std::min(kTracePositionsPerItem, work.fens.size() - first)}, stop);
        if (!chunk.failure.empty()) return Error{"polish: " + chunk.failure};
        if (stop.stop_requested()) return Error{"polish: stopped"};
        if (first == 0) whole = std::move(chunk);
        else whole.table.append(chunk.table);
    }
    return whole;
}

}  // namespace

Result<dataset::PolishResult> polishByGradient(const FitnessPlan& plan, const TuningSettings& settings,
                                               const std::vector<int>& start, int iterations,
                                               FitnessEvaluator& evaluator, std::stop_token stop,
                                               const std::function<void(const dataset::PolishPass&)>& onPass) {
    auto work = traceWorkAt(plan, settings, start, stop);
    if (!work) return work.error();
    const auto traced = traceWholeData(settings.engine, *work, stop);
    if (!traced) return traced.error();
    const TraceChunk& chunk = *traced;
    auto terms = termsOf(chunk.table, settings.genome);
    if (!terms) return terms.error();
    const auto weights = dataset::traceWeights(chunk.table, makeCandidate(settings.genome, start).options, chunk.base);
    if (!weights.missing.empty()) return Error{"polish: no value for the traced term " + weights.missing};
    dataset::GradientSettings descent;
    descent.iterations = iterations;
    descent.threads = std::max(1u, std::thread::hardware_concurrency());
    const dataset::GradientResult found =
        dataset::descendByGradient(chunk.table, work->results, work->k, weights.values, *terms, descent,
                                   [&](const dataset::GradientStep& step) {
                                       if (onPass) onPass({step.iteration, step.error, 0, 0, {}});
                                   });
    // The figure kept is the run's own scoring of the result, not the model's.
    const auto scored = evaluator.evaluate(plan.mainWork(0), {makeCandidate(settings.genome, found.values)}, stop, {});
    if (scored.size() != 1 || !scored[0].error)
        return Error{"polish: the descent's result could not be scored" +
                     (scored.empty() || scored[0].failure.empty() ? std::string() : ": " + scored[0].failure)};
    dataset::PolishResult result;
    result.values = found.values;
    result.error = *scored[0].error;
    result.evaluations = 1;
    result.passes = found.iterations;
    result.converged = true;
    return result;
}

}  // namespace mf::tuning
