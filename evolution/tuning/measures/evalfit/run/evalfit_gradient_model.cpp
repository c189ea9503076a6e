// Evalfit's model of Texel's error on the trace path: the main data set traced at the point the
// descent starts from (so the quiescence leaves are the ones those weights reach), taken chunk by
// chunk as the run takes them, on as many engines at once as the run's workers (an engine process
// holds one chunk's positions at a time; --trace-cache keeps them), then E and its gradient over
// the chunks' tables as one row sequence: kept as they are (mapped cache files or pages of their
// own), never copied into one table, so the model costs the rows once.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <numeric>
#include <thread>

#include "engine/fixed_decimals.h"
#include "evolution/tuning/measures/evalfit/trace/unit_scale.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"
#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/settings/measure_gradient.h"
#include "evolution/tuning/measures/evalfit/trace/trace_cache.h"
#include "evolution/tuning/measures/evalfit/trace/trace_store.h"
#include "evolution/uci/option_name.h"

namespace mf::tuning {

namespace {

class EvalfitGradientModel : public GradientModel {
public:
    EvalfitGradientModel(const EvalfitPlan& plan, const TuningSettings& settings,
                         std::function<void(const std::string&)> note)
        : plan_(plan), settings_(settings), note_(std::move(note)) {}

    std::optional<std::string> prepareAt(const std::vector<int>& values, std::stop_token stop) override;
    std::size_t samples() const override { return rows_.size(); }
    double error(std::span<const double> values, std::span<double> gradient, const SampleBatch& batch) override;
    std::vector<double> unitScale() override;
    std::size_t polishUnitSteps(std::vector<int>& values, std::stop_token stop) override;

private:
    std::vector<double> weightsOf(std::span<const double> values) const;
    std::optional<std::string> traceAt(const std::vector<int>& values, std::stop_token stop);
    void note(const std::string& text) const {
        if (note_) note_(text);
    }

    const EvalfitPlan& plan_;
    const TuningSettings& settings_;
    std::function<void(const std::string&)> note_;
    std::optional<std::vector<int>> at_;
    DatasetWork work_;
    std::vector<TraceChunk> chunks_;  // the data set's chunks in order
    dataset::TraceRows rows_;         // their rows as one sequence
    std::vector<double> base_;                       // every column's weight at the point
    std::vector<dataset::UnitMoveTerm> terms_;       // each genome term's column and window
    std::vector<double> scale_;                      // centipawns per unit, by column
    std::size_t threads_ = std::max(1u, std::thread::hardware_concurrency());
};

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::optional<std::string> EvalfitGradientModel::traceAt(const std::vector<int>& values, std::stop_token stop) {
    EvalfitPlan traced{plan_.main, std::nullopt};
    traced.main.path = dataset::EvalfitPath::Trace;
    EvalfitFitOutcome outcome;
    if (!resolveScoringPath(traced, settings_, outcome, stop)) return outcome.failure.value_or(std::string("stopped"));
    TraceSpec& spec = traced.main.trace;
    spec.point = makeCandidate(settings_.genome, values).options;
    for (std::size_t i = 0; i < spec.terms.size() && i < values.size(); ++i) spec.terms[i].start = values[i];
    work_ = traced.main;
    rows_ = {};
    chunks_.clear();
    const std::size_t positions = work_.size(), count = (positions + kTracePositionsPerItem - 1) / kTracePositionsPerItem;
    chunks_.resize(count);
    // Each engine takes the next chunk not yet taken; chunks land in their own slots, in order.
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex noteMutex;
    const auto start = Clock::now();
    auto lastNote = start;
    const auto engineLoop = [&] {
        for (std::size_t c; !stop.stop_requested() && (c = next++) < count;) {
            const std::size_t first = c * kTracePositionsPerItem;
            const DatasetItem item{0, first, std::min(kTracePositionsPerItem, positions - first)};
            chunks_[c] = cachedTraceChunk(settings_.engine, {}, work_, item, stop);
            const std::size_t finished = ++done;
            std::lock_guard lock(noteMutex);
            if (secondsSince(lastNote) < 30.0 || finished == count) continue;
            lastNote = Clock::now();
            note("gradient: traces at the descent's point: " + std::to_string(std::min(positions, finished * kTracePositionsPerItem)) +
                 " of " + std::to_string(positions) + " positions, " + std::to_string(int(secondsSince(start))) + " s");
        }
    };
    const std::size_t engines = std::clamp<std::size_t>(
        settings_.workers ? settings_.workers : std::thread::hardware_concurrency(), 1, std::max<std::size_t>(1, count));
    {
        std::vector<std::jthread> others;
        for (std::size_t e = 1; e < engines; ++e) others.emplace_back(engineLoop);
        engineLoop();
    }
    if (stop.stop_requested()) return std::string("stopped");
    for (std::size_t c = 0; c < count; ++c) {
        if (!chunks_[c].failure.empty()) return chunks_[c].failure;
        const std::size_t expected = std::min(kTracePositionsPerItem, positions - c * kTracePositionsPerItem);
        if (chunks_[c].table.size() != expected)
            return "the traces of positions " + std::to_string(c * kTracePositionsPerItem) + "... hold " +
                   std::to_string(chunks_[c].table.size()) + " rows for " + std::to_string(expected);
        rows_.add(chunks_[c].table);
    }
    if (count > 0)
        note("gradient: traced " + std::to_string(positions) + " positions at the descent's point on " +
             std::to_string(engines) + " engines in " + std::to_string(int(secondsSince(start))) + " s");
    return std::nullopt;
}

std::optional<std::string> EvalfitGradientModel::prepareAt(const std::vector<int>& values, std::stop_token stop) {
    if (at_ && *at_ == values) return std::nullopt;
    at_.reset();
    if (auto failure = traceAt(values, stop)) return failure;
    if (chunks_.empty()) return "the data set has no positions to trace";
    const dataset::TraceTable& table = chunks_.front().table;
    terms_.clear();
    for (const ga::Term& term : settings_.genome.terms()) {
        const auto& names = table.terms();
        const auto it = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return uci::sameOptionName(n, term.option); });
        if (it == names.end()) return "the traces have no term " + term.option;
        terms_.push_back({static_cast<std::size_t>(it - names.begin()), term.low(), term.high()});
    }
    const auto weights = dataset::traceWeights(table, makeCandidate(settings_.genome, values).options, chunks_.front().base);
    if (!weights.missing.empty()) return "no value for the traced term " + weights.missing;
    base_ = weights.values;
    scale_ = dataset::centipawnsPerUnit(rows_);
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
    const dataset::RowBatch rows = rowBatchOf(batch, rows_.size());
    std::vector<double> columns;
    if (gradient.empty() && rows.count == 0) return dataset::traceError(rows_, weights, work_.k, threads_);
    const double e = dataset::traceErrorGradient(rows_, weights, work_.k, columns, threads_, rows);
    for (std::size_t t = 0; t < terms_.size() && t < gradient.size(); ++t) gradient[t] = columns[terms_[t].column];
    return e;
}

std::vector<double> EvalfitGradientModel::unitScale() {
    std::vector<double> scale;
    for (const dataset::UnitMoveTerm& term : terms_) scale.push_back(scale_[term.column]);
    return scale;
}

std::size_t EvalfitGradientModel::polishUnitSteps(std::vector<int>& values, std::stop_token stop) {
    std::vector<double> weights = weightsOf(std::vector<double>(values.begin(), values.end()));
    const auto start = Clock::now();
    auto lastNote = start;
    double e = dataset::traceError(rows_, weights, work_.k, threads_);
    const double before = e;
    const auto moved = dataset::polishByUnitMoves(
        rows_, work_.k, weights, terms_, threads_, e, stop, [&](std::size_t sweeps, std::size_t moves, double error) {
            if (secondsSince(lastNote) < 30.0) return;
            lastNote = Clock::now();
            note("gradient: unit moves: " + std::to_string(moves) + " kept in " + std::to_string(sweeps) +
                 " sweeps, E " + fixedDecimals(error, 10) + ", " + std::to_string(int(secondsSince(start))) + " s");
        });
    note("gradient: unit moves: " + std::to_string(moved.moves) + " kept in " + std::to_string(moved.sweeps) +
         " sweeps, E " + fixedDecimals(before, 10) + " -> " + fixedDecimals(e, 10) + " on the model, " +
         std::to_string(int(secondsSince(start))) + " s" + (moved.stopped ? " (stopped)" : ""));
    for (std::size_t t = 0; t < terms_.size() && t < values.size(); ++t) values[t] = static_cast<int>(weights[terms_[t].column]);
    return moved.moves;
}

}  // namespace

bool measureHasGradientModel(const TuningSettings& settings) { return settings.measure == FitnessMeasure::Evalfit; }

std::unique_ptr<GradientModel> makeGradientModel(const FitnessPlan& plan, const TuningSettings& settings,
                                                 std::function<void(const std::string&)> note) {
    const EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return nullptr;
    return std::make_unique<EvalfitGradientModel>(*evalfit, settings, std::move(note));
}

}  // namespace mf::tuning
