// trace_bench: Texel's E for one candidate at memory speed, against the engine doing the work.
//   trace_bench --data FILE [--positions N] [--engine PATH] [--source engine|differences] [--rounds R]
//               [--genome FILE]
// The data set is repeated until it holds N positions (default 1,000,000), traced once (the
// engine's `evalfit trace`, or finite differences over `evalfit scores`), then E of one candidate
// (the defaults) is timed, on 1 and 2 threads, in the same run:
//   - trace path: dataset::traceError over the compressed rows (what a run uses);
//   - minimal loop: the same coefficients as a dense float matrix, one row per position, with the
//     same sigmoid and squared error: the floor that any layout is measured against;
//   - fast path: the engine's `evalfit scores` (quiescence) over the same N positions, on 1 and 2
//     engine processes, plus Texel's E of the scores.
// It prints each time and the ratios (trace against the minimal loop and against the fast path).
// With --genome the engine's other terms are folded into the rows' constants, as a run tuning that
// genome does (foldFixedColumns), and the minimal loop is dense over the genome's terms only.
// A program run by hand (minutes), not a ctest test: the figures go to the manual.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <numbers>
#include <string>
#include <thread>
#include <vector>

#include "engine/attacks.h"
#include "engine/eval_params.h"
#include "evolution/ga/genome.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"
#include "evolution/tuning/measures/evalfit/trace/engine_trace.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

using namespace mf;
using namespace mf::dataset;

namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "trace_bench: " << message << "\n";
    std::exit(1);
}

// The bundled engine's defaults as options: the trace point.
uci::OptionValues engineDefaults() {
    uci::OptionValues point;
    for (const EvalTerm& term : evalTerms()) point.emplace_back(std::string(term.name), std::to_string(term.defaultValue));
    return point;
}

TraceTable traceOf(const std::string& engine, const std::string& source, const std::vector<LabelledPosition>& positions) {
    EvalfitEngineConfig config;
    config.program = engine;
    config.workers = 1;
    config.path = EvalfitPath::Fast;
    if (source == "engine") {
        auto traced = traceThroughEngine(config, positions, engineDefaults());
        if (!traced) fail(traced.error().message);
        return std::move(traced->table);
    }
    std::vector<DifferenceTerm> terms;
    for (const EvalTerm& t : evalTerms()) terms.push_back({std::string(t.name), t.defaultValue, t.min, t.max});
    auto scorer = EvalfitScorer::create(config, positions);
    if (!scorer) fail(scorer.error().message);
    auto table = traceByDifferences(**scorer, terms, {});
    if (!table) fail(table.error().message);
    return std::move(*table);
}

// The minimal loop's data: every coefficient of a row, zeros included, as floats.
struct Dense {
    std::size_t columns = 0;
    std::vector<float> coefficients;
    std::vector<double> constants;
};

Dense denseOf(const TraceTable& table) {
    Dense d;
    d.columns = table.terms().size();
    d.coefficients.assign(table.size() * d.columns, 0.0f);
    for (std::size_t i = 0; i < table.size(); ++i) {
        d.constants.push_back(table.constant(i));
        table.forEachCoefficient(i, [&](std::uint16_t column, double v) { d.coefficients[i * d.columns + column] = float(v); });
    }
    return d;
}

double denseSlice(const Dense& d, std::size_t first, std::size_t last, const std::vector<double>& w,
                  const std::vector<double>& r, double k) {
    const double c = k * std::numbers::ln10 / 400.0;
    double sum = 0.0;
    for (std::size_t i = first; i < last; ++i) {
        const float* row = &d.coefficients[i * d.columns];
        double q = d.constants[i];
        for (std::size_t j = 0; j < d.columns; ++j) q += double(row[j]) * w[j];
        const double e = r[i] - 1.0 / (1.0 + std::exp(-c * q));
        sum += e * e;
    }
    return sum;
}

double denseError(const Dense& d, const std::vector<double>& w, const std::vector<double>& r, double k, std::size_t threads) {
    const std::size_t rows = d.constants.size();
    std::vector<double> sums(threads, 0.0);
    {
        std::vector<std::jthread> workers;
        for (std::size_t t = 0; t < threads; ++t)
            workers.emplace_back([&, t] { sums[t] = denseSlice(d, rows * t / threads, rows * (t + 1) / threads, w, r, k); });
    }
    double total = 0.0;
    for (double s : sums) total += s;
    return total / double(rows);
}

template <class F>
double best(int rounds, F run) {
    double fastest = 1e300;
    for (int i = 0; i < rounds; ++i) {
        const auto t = Clock::now();
        run();
        fastest = std::min(fastest, secondsSince(t));
    }
    return fastest;
}

}  // namespace

int main(int argc, char** argv) {
    attacks::init();
    std::map<std::string, std::string> o;
    for (int i = 1; i + 1 < argc; i += 2) o[argv[i]] = argv[i + 1];
    if (!o.count("--data")) fail("usage: trace_bench --data FILE [--positions N] [--engine PATH] [--source engine|differences] [--rounds R]");
    const std::size_t wanted = o.count("--positions") ? std::stoul(o.at("--positions")) : 1'000'000;
    const std::string engine = o.count("--engine") ? o.at("--engine") : std::string(MATEFIND_BIN_DIR) + "/matefind-engine";
    const std::string source = o.count("--source") ? o.at("--source") : "engine";
    const int rounds = o.count("--rounds") ? std::stoi(o.at("--rounds")) : 3;
    const Dataset data = readDataset(o.at("--data"));
    if (data.positions.empty()) fail(o.at("--data") + ": no positions");

    auto t = Clock::now();
    TraceTable once = traceOf(engine, source, data.positions);
    const double traceSeconds = secondsSince(t);
    if (o.count("--genome")) {
        auto genome = ga::loadGenome(o.at("--genome"));
        if (!genome) fail(genome.error().message);
        std::vector<std::string> kept;
        for (const ga::Term& term : genome->terms()) kept.push_back(term.option);
        std::string missing;
        once = foldFixedColumns(once, kept, engineDefaults(), missing);
        if (!missing.empty()) fail("no value for term " + missing);
    }
    TraceTable table;
    table.setTerms(once.terms());
    std::vector<LabelledPosition> positions;
    std::vector<double> results;
    while (table.size() < wanted) {
        table.append(once);
        for (const LabelledPosition& p : data.positions) {
            positions.push_back(p);
            results.push_back(p.result);
        }
    }
    table.setResults(results);
    const auto weights = traceWeights(table, engineDefaults(), {});
    if (!weights.missing.empty()) fail("no value for term " + weights.missing);
    const auto scores = traceScores(table, 0, table.size(), weights.values);
    const double k = fitK(scores, results).k;
    const Dense dense = denseOf(table);
    std::printf("%zu positions (%zu traced in %.1f s by %s, repeated), %zu terms, %.1f non-zero coefficients a row, K %.4f\n",
                table.size(), once.size(), traceSeconds, source.c_str(), table.terms().size(),
                double(table.cellCount()) / double(table.size()), k);

    double e = 0;
    const double trace1 = best(rounds, [&] { e = traceError(table, weights.values, k, 1); });
    const double trace2 = best(rounds, [&] { traceError(table, weights.values, k, 2); });
    double eDense = 0;
    const double dense1 = best(rounds, [&] { eDense = denseError(dense, weights.values, results, k, 1); });
    const double dense2 = best(rounds, [&] { denseError(dense, weights.values, results, k, 2); });
    double fast[2] = {0, 0};
    double eFast = 0;
    for (std::size_t engines : {1u, 2u}) {
        EvalfitEngineConfig config;
        config.program = engine;
        config.workers = engines;
        config.path = EvalfitPath::Fast;
        auto scorer = EvalfitScorer::create(config, positions);
        if (!scorer) fail(scorer.error().message);
        // The scorer takes one candidate per process: two candidates keep both processes busy, as
        // a generation does; the time per candidate is the figure.
        const std::vector<uci::OptionValues> batch(engines, uci::OptionValues{});
        fast[engines - 1] = best(1, [&] {
                                const auto q = (*scorer)->score(batch, {});
                                eFast = meanSquaredError(q.at(0).q, results, k);
                            }) / double(engines);
    }
    std::printf("E of one candidate; seconds (best of %d) and positions per second\n", rounds);
    auto line = [&](const char* name, double seconds, double against, const char* what) {
        std::printf("  %-30s %8.4f s %12.0f/s   x%.2f %s\n", name, seconds, double(table.size()) / seconds, against / seconds, what);
    };
    line("minimal loop, 1 thread", dense1, dense1, "(baseline)");
    line("minimal loop, 2 threads", dense2, dense1, "vs minimal 1 thread");
    line("trace path, 1 thread", trace1, dense1, "vs minimal 1 thread");
    line("trace path, 2 threads", trace2, dense2, "vs minimal 2 threads");
    line("fast path, 1 process", fast[0], trace1, "vs trace 1 thread");
    line("fast path, 2 processes", fast[1], trace2, "vs trace 2 threads");
    std::printf("trace path against the fast path: x%.1f (1 thread vs 1 process), x%.1f (2 vs 2)\n", fast[0] / trace1,
                fast[1] / trace2);
    std::printf("E: trace %.9f, minimal loop %.9f, fast path %.9f (relative difference trace/fast %.2e)\n", e, eDense,
                eFast, std::abs(e - eFast) / eFast);
    return 0;
}
