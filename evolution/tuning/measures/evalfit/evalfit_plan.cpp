#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

namespace {

// A data set that gives no position is an error; lines left out are a warning.
Result<DatasetWork> loadUsableDataset(const std::filesystem::path& path, const char* what,
                                      const EvalfitSettings& settings, std::vector<std::string>& warnings) {
    std::vector<dataset::DatasetLineError> errors;
    dataset::DatasetIndex index = dataset::DatasetIndex::read(path.string(), errors);
    const auto described = [&](const dataset::DatasetLineError& e) {
        return path.string() + ":" + std::to_string(e.line) + ": " + e.message;
    };
    if (!errors.empty())
        warnings.push_back(std::string(what) + " " + path.string() + ": " + std::to_string(errors.size()) +
                           " line(s) left out; first: " + described(errors.front()));
    if (index.size() == 0)
        return Error{std::string(what) + " " + path.string() + ": no labelled position" +
                     (errors.empty() ? std::string() : " (first problem: " + described(errors.front()) + ")")};
    return datasetWorkOf(std::move(index), settings.path, settings.uciLimit);
}

}  // namespace

DatasetWork datasetWorkOf(dataset::DatasetIndex index, dataset::EvalfitPath path, const uci::SearchLimit& uciLimit) {
    DatasetWork work;
    work.file = index.path();
    work.positions = std::make_shared<const dataset::DatasetIndex>(std::move(index));
    work.path = path;
    work.uciLimit = uciLimit;
    return work;
}

Result<EvalfitPlan> EvalfitMeasure::load(const MeasureSetup&, const EvalfitSettings& evalfit,
                                         std::vector<std::string>& warnings) {
    auto data = loadUsableDataset(evalfit.data, "data", evalfit, warnings);
    if (!data) return data.error();
    EvalfitPlan plan;
    plan.main = std::move(*data);
    if (!evalfit.heldOutData.empty()) {
        auto heldOut = loadUsableDataset(evalfit.heldOutData, "held-out data", evalfit, warnings);
        if (!heldOut) return heldOut.error();
        plan.heldOut = std::move(*heldOut);
    }
    // A resumed run keeps the K and E0 it was fitted with.
    if (evalfit.k && evalfit.startError && (evalfit.heldOutData.empty() || evalfit.heldOutStartError))
        setFit(plan, *evalfit.k, *evalfit.startError, evalfit.heldOutStartError);
    return plan;
}

DatasetWork generationWork(const EvalfitPlan& plan, int) { return plan.main; }

const std::optional<DatasetWork>& heldOutOf(const EvalfitPlan& plan) { return plan.heldOut; }

bool needsFit(const EvalfitPlan& plan) { return plan.main.startError <= 0.0; }

void setFit(EvalfitPlan& plan, double k, double startError, std::optional<double> heldOutStartError) {
    plan.main.k = k;
    plan.main.startError = startError;
    if (plan.heldOut) {
        plan.heldOut->k = k;
        plan.heldOut->startError = heldOutStartError.value_or(0.0);
    }
}

void setScoringPath(EvalfitPlan& plan, dataset::EvalfitPath path) {
    plan.main.path = path;
    if (plan.heldOut) plan.heldOut->path = path;
}

void setTraceSpec(EvalfitPlan& plan, const TraceSpec& spec) {
    plan.main.trace = spec;
    if (plan.heldOut) plan.heldOut->trace = spec;
}

}  // namespace mf::tuning
