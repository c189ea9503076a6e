// Evalfit's model of Texel's error on the trace path: the main data set traced at the point the
// descent starts from (so the quiescence leaves are the ones those weights reach), taken chunk by
// chunk as the run takes them (an engine process holds one chunk's positions at a time; --trace-cache
// keeps them), then E and its gradient from the table.
#include <algorithm>
#include <numeric>
#include <thread>

#include "evolution/tuning/measures/evalfit/trace/unit_scale.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"
#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/measure_gradient.h"
#include "evolution/tuning/measures/evalfit/trace/trace_cache.h"
#include "evolution/tuning/measures/evalfit/trace/trace_store.h"
#include "evolution/uci/option_name.h"

namespace mf::tuning {

namespace {

class EvalfitGradientModel : public GradientModel {
public:
    EvalfitGradientModel(const EvalfitPlan& plan, const TuningSettings& settings) : plan_(plan), settings_(settings) {}

    std::optional<std::string> prepareAt(const std::vector<int>& values, std::stop_token stop) override;
    std::size_t samples() const override { return traced_.table.size(); }
    double error(std::span<const double> values, std::span<double> gradient, const SampleBatch& batch) override;
    std::vector<double> unitScale() override;
    std::size_t polishUnitSteps(std::vector<int>& values) override;

private:
    std::vector<double> weightsOf(std::span<const double> values) const;
    std::optional<std::string> traceAt(const std::vector<int>& values, std::stop_token stop);

    const EvalfitPlan& plan_;
    const TuningSettings& settings_;
    std::optional<std::vector<int>> at_;
    DatasetWork work_;
    TraceChunk traced_;
    std::vector<double> base_;                       // every column's weight at the point
    std::vector<dataset::UnitMoveTerm> terms_;       // each genome term's column and window
    std::vector<double> scale_;                      // centipawns per unit, by column
    std::size_t threads_ = std::max(1u, std::thread::hardware_concurrency());
};

std::optional<std::string> EvalfitGradientModel::traceAt(const std::vector<int>& values, std::stop_token stop) {
    EvalfitPlan traced{plan_.main, std::nullopt};
    traced.main.path = dataset::EvalfitPath::Trace;
    EvalfitFitOutcome outcome;
    if (!resolveScoringPath(traced, settings_, outcome, stop)) return outcome.failure.value_or(std::string("stopped"));
    TraceSpec& spec = traced.main.trace;
    spec.point = makeCandidate(settings_.genome, values).options;
    for (std::size_t i = 0; i < spec.terms.size() && i < values.size(); ++i) spec.terms[i].start = values[i];
    work_ = traced.main;
    for (std::size_t first = 0; first < work_.size(); first += kTracePositionsPerItem) {
        TraceChunk chunk = cachedTraceChunk(
            settings_.engine, {}, work_, DatasetItem{0, first, std::min(kTracePositionsPerItem, work_.size() - first)},
            stop);
        if (!chunk.failure.empty()) return chunk.failure;
        if (stop.stop_requested()) return std::string("stopped");
        // The chunks are read-only views (their own pages, or a mapped cache file): the whole
        // data set's table is an owned one they are appended to.
        if (first == 0) {
            dataset::TraceTable whole;
            whole.setTerms(chunk.table.terms());
            whole.append(chunk.table);
            traced_ = std::move(chunk);
            traced_.table = std::move(whole);
        } else {
            traced_.table.append(chunk.table);
        }
    }
    return std::nullopt;
}

std::optional<std::string> EvalfitGradientModel::prepareAt(const std::vector<int>& values, std::stop_token stop) {
    if (at_ && *at_ == values) return std::nullopt;
    at_.reset();
    if (auto failure = traceAt(values, stop)) return failure;
    const dataset::TraceTable& table = traced_.table;
    terms_.clear();
    for (const ga::Term& term : settings_.genome.terms()) {
        const auto& names = table.terms();
        const auto it = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return uci::sameOptionName(n, term.option); });
        if (it == names.end()) return "the traces have no term " + term.option;
        terms_.push_back({static_cast<std::size_t>(it - names.begin()), term.low(), term.high()});
    }
    const auto weights = dataset::traceWeights(table, makeCandidate(settings_.genome, values).options, traced_.base);
    if (!weights.missing.empty()) return "no value for the traced term " + weights.missing;
    base_ = weights.values;
    scale_ = dataset::centipawnsPerUnit(table);
    at_ = values;
    return std::nullopt;
}

std::vector<double> EvalfitGradientModel::weightsOf(std::span<const double> values) const {
    std::vector<double> weights = base_;
    for (std::size_t t = 0; t < terms_.size() && t < values.size(); ++t) weights[terms_[t].column] = values[t];
    return weights;
}

// The table's shuffled order for `batch`: a multiplier prime to the rows and an offset, from its seed.
dataset::RowBatch rowBatchOf(const SampleBatch& batch, std::size_t rows) {
    dataset::RowBatch out;
    if (batch.count == 0 || rows < 2) return out;
    std::uint64_t multiplier = (batch.seed | 1) % rows;
    while (std::gcd(multiplier, std::uint64_t(rows)) != 1) multiplier = (multiplier + 1) % rows;
    out.multiplier = multiplier;
    out.offset = (batch.seed >> 32) % rows;
    out.first = static_cast<std::size_t>(batch.first % rows);
    out.count = std::min(batch.count, rows);
    return out;
}

double EvalfitGradientModel::error(std::span<const double> values, std::span<double> gradient, const SampleBatch& batch) {
    const std::vector<double> weights = weightsOf(values);
    const dataset::RowBatch rows = rowBatchOf(batch, traced_.table.size());
    std::vector<double> columns;
    if (gradient.empty() && rows.count == 0) return dataset::traceError(traced_.table, weights, work_.k, threads_);
    const double e = dataset::traceErrorGradient(traced_.table, weights, work_.k, columns, threads_, rows);
    for (std::size_t t = 0; t < terms_.size() && t < gradient.size(); ++t) gradient[t] = columns[terms_[t].column];
    return e;
}

std::vector<double> EvalfitGradientModel::unitScale() {
    std::vector<double> scale;
    for (const dataset::UnitMoveTerm& term : terms_) scale.push_back(scale_[term.column]);
    return scale;
}

std::size_t EvalfitGradientModel::polishUnitSteps(std::vector<int>& values) {
    std::vector<double> weights = weightsOf(std::vector<double>(values.begin(), values.end()));
    double e = dataset::traceError(traced_.table, weights, work_.k, threads_);
    const auto moved = dataset::polishByUnitMoves(traced_.table, work_.k, weights, terms_, threads_, e);
    for (std::size_t t = 0; t < terms_.size() && t < values.size(); ++t) values[t] = static_cast<int>(weights[terms_[t].column]);
    return moved.moves;
}

}  // namespace

bool measureHasGradientModel(const TuningSettings& settings) { return settings.measure == FitnessMeasure::Evalfit; }

std::unique_ptr<GradientModel> makeGradientModel(const FitnessPlan& plan, const TuningSettings& settings) {
    const EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return nullptr;
    return std::make_unique<EvalfitGradientModel>(*evalfit, settings);
}

}  // namespace mf::tuning
