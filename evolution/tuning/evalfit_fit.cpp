#include "evolution/tuning/evalfit_fit.h"

#include "evolution/dataset/evalfit_scoring.h"
#include "evolution/dataset/texel_error.h"
#include "evolution/tuning/fit_rule.h"

namespace mf::tuning {

EvalfitFitOutcome fitEvalfit(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                             std::stop_token stop, const ProgressHandler& onProgress, const FitPassHandler& onPass,
                             const FitNoteHandler& onNote) {
    EvalfitFitOutcome outcome;
    EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return outcome;
    if (evalfit->main.path == dataset::EvalfitPath::Auto) {
        dataset::EvalfitEngineConfig engine;
        engine.program = settings.engine.program;
        engine.arguments = settings.engine.arguments;
        engine.fixedOptions = settings.engine.fixedOptions;
        auto resolved = dataset::resolveEvalfitPath(engine, stop);
        if (stop.stop_requested()) {
            outcome.stopped = true;
            return outcome;
        }
        if (!resolved) {
            outcome.failure = "evalfit: " + resolved.error().message;
            return outcome;
        }
        setScoringPath(*evalfit, resolved->path);
        outcome.pathNote = "evalfit: " + resolved->reason + "; scoring " +
                           (resolved->path == dataset::EvalfitPath::Fast
                                ? std::string("with it")
                                : "through UCI, `" + settings.evalfit.uciLimit.goCommand() + "` per position");
        if (onNote) onNote(outcome.pathNote);
    }
    if (!needsFit(*evalfit)) return outcome;
    const ga::Genome& genome = settings.genome;
    const std::vector<Candidate> defaults{makeCandidate(genome, genome.defaults())};
    // The defaults' q on the data set: K where E is least, E0 = E there.
    FitnessWork work = plan.mainWork(0);
    DatasetWork& data = std::get<DatasetWork>(work);
    data.keepScores = true;
    if (onPass) onPass(false, data.fens.size());
    auto scores = evaluator.evaluate(work, defaults, stop, onProgress);
    if (stop.stop_requested()) {
        outcome.stopped = true;
        return outcome;
    }
    if (scores.size() != 1 || scores[0].q.size() != data.fens.size()) {
        outcome.failure = "evalfit: scoring the genome's defaults on " + data.file + " failed" +
                          (scores.empty() || scores[0].failure.empty() ? std::string() : ": " + scores[0].failure);
        return outcome;
    }
    const dataset::KFit fit = dataset::fitK(scores[0].q, data.results);
    const double startError = dataset::meanSquaredError(scores[0].q, data.results, fit.k);
    std::optional<double> heldOutStartError;
    if (plan.hasHeldOut()) {
        FitnessWork held = plan.heldOutWork(0);
        DatasetWork& heldData = std::get<DatasetWork>(held);
        heldData.k = fit.k;
        if (onPass) onPass(true, heldData.fens.size());
        auto heldScores = evaluator.evaluate(held, defaults, stop, onProgress);
        if (stop.stop_requested()) {
            outcome.stopped = true;
            return outcome;
        }
        if (heldScores.size() != 1 || !heldScores[0].error) {
            outcome.failure = "evalfit: scoring the genome's defaults on the held-out data " + heldData.file + " failed" +
                              (heldScores.empty() || heldScores[0].failure.empty() ? std::string()
                                                                                    : ": " + heldScores[0].failure);
            return outcome;
        }
        heldOutStartError = *heldScores[0].error;
    }
    setFit(*evalfit, fit.k, startError, heldOutStartError);
    settings.evalfit.k = fit.k;
    settings.evalfit.startError = startError;
    settings.evalfit.heldOutStartError = heldOutStartError;
    settings.evalfit.fitKey = evalfitFitKey(settings);  // saved with them: what they hold for
    return outcome;
}

}  // namespace mf::tuning
