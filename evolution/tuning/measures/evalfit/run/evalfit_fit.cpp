#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"

#include "evolution/tuning/measures/evalfit/trace/memory_estimate.h"

#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/measures/evalfit/run/trace_check.h"
#include "evolution/tuning/measures/evalfit/run/fit_sample.h"

namespace mf::tuning {

namespace {

// The trace path's settings for this run: coefficients from the engine or by differences over
// the direct path, taken at the genome's defaults.
TraceSpec traceSpecFor(const dataset::ResolvedPath& resolved, const ga::Genome& genome, const std::filesystem::path& cache) {
    TraceSpec spec;
    spec.cacheDir = cache;
    spec.source = resolved.traceSource;
    spec.direct = resolved.direct;
    spec.point = makeCandidate(genome, genome.defaults()).options;
    for (const ga::Term& term : genome.terms()) spec.terms.push_back({term.option, term.defaultValue, term.low(), term.high()});
    return spec;
}

std::string pathNote(const dataset::ResolvedPath& resolved, const TuningSettings& settings) {
    switch (resolved.path) {
        case dataset::EvalfitPath::Fast: return "evalfit: " + resolved.reason + "; scoring with it";
        case dataset::EvalfitPath::Trace:
            return "evalfit: " + resolved.reason + "; scoring from traces taken once at the defaults";
        default:
            return "evalfit: " + resolved.reason + "; scoring through UCI, `" + settings.of<tuning::EvalfitSettings>().uciLimit.goCommand() +
                   "` per position";
    }
}

}  // namespace

bool resolveScoringPath(EvalfitPlan& evalfit, const TuningSettings& settings, EvalfitFitOutcome& outcome,
                        std::stop_token stop, const FitNoteHandler& onNote) {
    const dataset::EvalfitPath asked = evalfit.main.path;
    if (asked != dataset::EvalfitPath::Auto && asked != dataset::EvalfitPath::Trace) return true;
    dataset::EvalfitEngineConfig engine = evalfitEngineOf(settings.engine);
    engine.path = asked;
    auto resolved = dataset::resolveEvalfitPath(engine, stop);
    if (stop.stop_requested()) {
        outcome.stopped = true;
        return false;
    }
    if (!resolved) {
        outcome.failure = "evalfit: " + resolved.error().message;
        return false;
    }
    setScoringPath(evalfit, resolved->path);
    if (resolved->path == dataset::EvalfitPath::Trace) setTraceSpec(evalfit, traceSpecFor(*resolved, settings.genome, settings.of<tuning::EvalfitSettings>().traceCache));
    outcome.pathNote = pathNote(*resolved, settings);
    if (onNote) onNote(outcome.pathNote);
    return true;
}

void checkTraces(EvalfitPlan& evalfit, const TuningSettings& settings, FitnessEvaluator& evaluator,
                 EvalfitFitOutcome& outcome, std::stop_token stop, const FitNoteHandler& onNote) {
    if (evalfit.main.path != dataset::EvalfitPath::Trace) return;
    const LinearityCheck check = checkLinearity(evalfit.main, settings.genome, settings.parameters.seed,
                                                settings.of<tuning::EvalfitSettings>().traceTolerance, evaluator, stop);
    if (stop.stop_requested()) {
        outcome.stopped = true;
        return;
    }
    std::string note = "evalfit: traces: " + check.summary();
    if (!check.passed()) {
        setScoringPath(evalfit, evalfit.main.trace.direct);
        note += "; scoring directly instead (" + std::string(dataset::evalfitPathName(evalfit.main.path)) + " path)";
    }
    outcome.traceNote = note;
    if (onNote) onNote(note);
}

namespace {

void fitOnDefaults(EvalfitPlan& evalfit, FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                   EvalfitFitOutcome& outcome, std::stop_token stop, const ProgressHandler& onProgress,
                   const FitPassHandler& onPass, const FitNoteHandler& onNote) {
    if (!needsFit(evalfit)) return;
    const ga::Genome& genome = settings.genome;
    const std::vector<Candidate> defaults{makeCandidate(genome, genome.defaults())};
    // The defaults' q on the data set: K where E is least, E0 = E there.
    FitnessWork work = plan.mainWork(0);
    DatasetWork& data = std::get<DatasetWork>(work);
    // Scored directly, a large data set is fitted on a sample (fit_sample.h). On the trace path
    // the scores come from the traces, which the run takes of every position anyway.
    if (data.path != dataset::EvalfitPath::Trace) {
        const std::size_t all = data.size();
        auto sample = fitSampleOf(data);
        if (!sample) {
            outcome.failure = "evalfit: " + sample.error().message;
            return;
        }
        data = std::move(*sample);
        if (data.size() < all && onNote)
            onNote("evalfit: K and E0 fitted on " + std::to_string(data.size()) + " of the " + std::to_string(all) +
                   " positions (blocks of " + std::to_string(dataset::DatasetIndex::kStride) +
                   " spread through the file): scored directly, every position would cost a pass over all of them");
    }
    data.keepScores = true;
    if (onPass) onPass(false, data.size());
    auto scores = evaluator.evaluate(work, defaults, stop, onProgress);
    if (stop.stop_requested()) {
        outcome.stopped = true;
        return;
    }
    if (scores.size() != 1 || scores[0].q.size() != data.size()) {
        outcome.failure = "evalfit: scoring the genome's defaults on " + data.file + " failed" +
                          (scores.empty() || scores[0].failure.empty() ? std::string() : ": " + scores[0].failure);
        return;
    }
    const std::vector<double> results = data.positions->results(0, data.size());
    const dataset::KFit fit = dataset::fitK(scores[0].q, results);
    const double startError = dataset::meanSquaredError(scores[0].q, results, fit.k);
    std::optional<double> heldOutStartError;
    if (plan.hasHeldOut()) {
        FitnessWork held = plan.heldOutWork(0);
        DatasetWork& heldData = std::get<DatasetWork>(held);
        heldData.k = fit.k;
        if (onPass) onPass(true, heldData.size());
        auto heldScores = evaluator.evaluate(held, defaults, stop, onProgress);
        if (stop.stop_requested()) {
            outcome.stopped = true;
            return;
        }
        if (heldScores.size() != 1 || !heldScores[0].error) {
            outcome.failure = "evalfit: scoring the genome's defaults on the held-out data " + heldData.file + " failed" +
                              (heldScores.empty() || heldScores[0].failure.empty() ? std::string()
                                                                                    : ": " + heldScores[0].failure);
            return;
        }
        heldOutStartError = *heldScores[0].error;
    }
    setFit(evalfit, fit.k, startError, heldOutStartError);
    settings.of<tuning::EvalfitSettings>().k = fit.k;
    settings.of<tuning::EvalfitSettings>().startError = startError;
    settings.of<tuning::EvalfitSettings>().heldOutStartError = heldOutStartError;
    settings.of<tuning::EvalfitSettings>().fitKey = evalfitFitKey(settings);  // saved with them: what they hold for
}

// On the trace path: the run's memory, estimated from a traced sample, against --max-memory or the
// machine's free memory (memory_estimate.h). False (outcome.failure set) when it would not fit;
// the estimate goes to `onNote` either way.
// The estimate for a plan whose path is resolved: nullopt off the trace path; an error when the
// sample cannot be traced.
Result<std::optional<MemoryEstimate>> estimateOf(const EvalfitPlan& evalfit, const TuningSettings& settings,
                                                 std::stop_token stop) {
    if (evalfit.main.path != dataset::EvalfitPath::Trace) return std::optional<MemoryEstimate>{};
    const auto nonZeros = sampleNonZeros(settings.engine, evalfit.main, stop);
    if (!nonZeros) return nonZeros.error();
    return std::optional<MemoryEstimate>{estimateMemory(evalfit.main.size(), evalfit.heldOut ? evalfit.heldOut->size() : 0,
                                                        *nonZeros, measureSetup(settings).descendsOnModel)};
}

bool checkMemory(const EvalfitPlan& evalfit, const TuningSettings& settings, EvalfitFitOutcome& outcome,
                 std::stop_token stop, const FitNoteHandler& onNote) {
    const auto made = estimateOf(evalfit, settings, stop);
    if (!made || !*made) return true;  // the traces' own failure is named when the run takes them
    const MemoryEstimate& estimate = **made;
    if (auto refusal = memoryRefusal(estimate, settings.of<tuning::EvalfitSettings>().maxMemory)) {
        outcome.failure = "evalfit: " + *refusal;
        return false;
    }
    if (onNote) onNote("evalfit: memory for the traces: " + estimate.summary());
    return true;
}

}  // namespace

EvalfitFitOutcome fitEvalfit(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                             std::stop_token stop, const ProgressHandler& onProgress, const FitPassHandler& onPass,
                             const FitNoteHandler& onNote) {
    EvalfitFitOutcome outcome;
    EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return outcome;
    if (!resolveScoringPath(*evalfit, settings, outcome, stop, onNote)) return outcome;
    if (!checkMemory(*evalfit, settings, outcome, stop, onNote)) return outcome;
    fitOnDefaults(*evalfit, plan, settings, evaluator, outcome, stop, onProgress, onPass, onNote);
    if (!outcome.stopped && !outcome.failure) checkTraces(*evalfit, settings, evaluator, outcome, stop, onNote);
    if (!outcome.stopped && !outcome.failure && settings.of<tuning::EvalfitSettings>().retraceEvery > 0 &&
        evalfit->main.path != dataset::EvalfitPath::Trace && onNote)
        onNote("evalfit: retrace every " + std::to_string(settings.of<tuning::EvalfitSettings>().retraceEvery) +
               " generations does nothing here: the run scores directly on the " +
               std::string(dataset::evalfitPathName(evalfit->main.path)) + " path, which has no traces");
    return outcome;
}

Result<std::optional<MemoryEstimate>> estimateRunMemory(const TuningSettings& settings, std::stop_token stop) {
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    if (!plan) return plan.error();
    EvalfitPlan* evalfit = plan->measurePlan<EvalfitPlan>();
    if (!evalfit) return std::optional<MemoryEstimate>{};
    EvalfitFitOutcome outcome;
    if (!resolveScoringPath(*evalfit, settings, outcome, stop))
        return Error{outcome.failure.value_or(std::string("stopped"))};
    return estimateOf(*evalfit, settings, stop);
}

}  // namespace mf::tuning
