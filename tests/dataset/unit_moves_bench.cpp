// unit_moves_bench: one sweep of the unit moves (every term's change of E for +1 and -1), the
// third-order series the polish uses against the exact form it replaced (two exp calls a non-zero
// and direction), on a random table shaped like the 624-term genome's traces: 56 non-zeros a row,
// coefficients a count times a phase over 24 times a piece-square divisor of 1/360.
//   unit_moves_bench [--rows N] [--threads T]      (defaults 1,000,000 and 2)
// Prints each form's best of three, their ratio and the worst relative difference of a term's
// change. A program run by hand, not a ctest test: the figure goes to the manual.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/row_slices.h"
#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"

using namespace mf::dataset;

namespace {

// The changes as the polish took them before the series: f(q + a) - f(q) and f(q - a) - f(q) for
// every non-zero, each with its own exp. The reference the series is measured against.
void exactChanges(const TraceTable& table, double k, std::span<const double> weights, std::size_t threads,
                  std::vector<double>& plus, std::vector<double>& minus) {
    const std::size_t columns = table.terms().size();
    std::vector<std::vector<double>> partPlus(threads, std::vector<double>(columns)), partMinus = partPlus;
    const double c = logisticScale(k);
    const auto squared = [c](double result, double q) {
        const double d = result - 1.0 / (1.0 + std::exp(-c * q));
        return d * d;
    };
    forSlices(table.size(), threads, [&](std::size_t first, std::size_t count, std::size_t part) {
        for (std::size_t i = first; i < first + count; ++i) {
            const double q = table.score(i, weights), result = table.result(i), here = squared(result, q);
            table.forEachCoefficient(i, [&](std::uint16_t column, double a) {
                partPlus[part][column] += squared(result, q + a) - here;
                partMinus[part][column] += squared(result, q - a) - here;
            });
        }
    });
    plus.assign(columns, 0.0);
    minus.assign(columns, 0.0);
    for (std::size_t p = 0; p < threads; ++p)
        for (std::size_t t = 0; t < columns; ++t) {
            plus[t] += partPlus[p][t];
            minus[t] += partMinus[p][t];
        }
}

TraceTable randomTraces(std::size_t rows, std::size_t terms, std::mt19937_64& rng) {
    TraceTable table;
    std::vector<std::string> names;
    for (std::size_t t = 0; t < terms; ++t) names.push_back("Term" + std::to_string(t));
    table.setTerms(names);
    std::vector<TraceEntry> row;
    std::vector<double> results;
    for (std::size_t i = 0; i < rows; ++i) {
        row.clear();
        for (int n = 0; n < 56; ++n) {
            const double count = double(int(rng() % 17) - 8), phase = double(rng() % 25) / 24.0;
            row.push_back({static_cast<std::uint32_t>(rng() % terms), count * phase / 360.0});
        }
        std::sort(row.begin(), row.end(), [](const TraceEntry& a, const TraceEntry& b) { return a.term < b.term; });
        row.erase(std::unique(row.begin(), row.end(), [](const TraceEntry& a, const TraceEntry& b) { return a.term == b.term; }),
                  row.end());
        table.addPosition(double(int(rng() % 401) - 200), row);
        results.push_back(double(rng() % 3) / 2.0);
    }
    table.setResults(results);
    return table;
}

template <class F>
double bestOfThree(F f) {
    double best = 1e300;
    for (int round = 0; round < 3; ++round) {
        const auto start = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t rows = 1'000'000, threads = 2;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--rows") == 0) rows = std::stoul(argv[i + 1]);
        else if (std::strcmp(argv[i], "--threads") == 0) threads = std::max<std::size_t>(1, std::stoul(argv[i + 1]));
        else {
            std::fprintf(stderr, "unit_moves_bench: unknown option %s (--rows N, --threads T)\n", argv[i]);
            return 1;
        }
    }
    constexpr std::size_t kTerms = 624;
    std::mt19937_64 rng(1);
    const TraceTable table = randomTraces(rows, kTerms, rng);
    std::vector<double> weights(kTerms);
    for (double& w : weights) w = double(int(rng() % 200) - 100);
    std::vector<UnitMoveTerm> terms;
    for (std::size_t t = 0; t < kTerms; ++t) terms.push_back({t, -1000, 1000});
    std::vector<double> exactPlus, exactMinus, seriesPlus, seriesMinus;
    const double exact = bestOfThree([&] { exactChanges(table, 1.1, weights, threads, exactPlus, exactMinus); });
    const double series = bestOfThree([&] { unitMoveChanges(table, 1.1, weights, terms, threads, seriesPlus, seriesMinus); });
    double worst = 0.0;
    for (std::size_t t = 0; t < kTerms; ++t) {
        worst = std::max(worst, std::abs(exactPlus[t] - seriesPlus[t]) / (std::abs(exactPlus[t]) + 1e-300));
        worst = std::max(worst, std::abs(exactMinus[t] - seriesMinus[t]) / (std::abs(exactMinus[t]) + 1e-300));
    }
    std::printf("unit_moves_bench: %zu rows, %zu threads: exact %.3f s, series %.3f s a sweep (%.2f x); "
                "worst relative difference of a change %.2e\n",
                rows, threads, exact, series, exact / series, worst);
    return 0;
}
