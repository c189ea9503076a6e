// The trace path's arithmetic, without engines: E from a coefficient table against E from the same
// scores computed directly, the gradient against central differences, the thread count never
// changing a result, and finite-difference traces of a fake linear engine reproducing its E
// exactly (and of a non-linear one, not).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <span>
#include <stop_token>

#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"
#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"

namespace mf::dataset {
namespace {

// A random table of `rows` positions over `terms` columns, about a third of entries non-zero,
// coefficients that are whole or simple fractions (as an evaluation's are).
TraceTable randomTable(std::size_t rows, std::size_t terms, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    TraceTable table;
    std::vector<std::string> names;
    for (std::size_t t = 0; t < terms; ++t) names.push_back("Term" + std::to_string(t));
    table.setTerms(names);
    std::vector<TraceEntry> row;
    for (std::size_t i = 0; i < rows; ++i) {
        row.clear();
        for (std::size_t t = 0; t < terms; ++t)
            if (rng() % 3 == 0) row.push_back({static_cast<std::uint32_t>(t), double(int(rng() % 9) - 4) / 2.0});
        table.addPosition(double(int(rng() % 401) - 200), row);
    }
    return table;
}

std::vector<double> randomResults(std::size_t rows, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<double> r;
    for (std::size_t i = 0; i < rows; ++i) r.push_back(double(rng() % 3) / 2.0);
    return r;
}

TEST(TraceTable, KeepsOnlyNonZeroCoefficientsAndScoresRows) {
    TraceTable table;
    table.setTerms({"A", "B", "C"});
    const TraceEntry row0[] = {{0, 2.0}, {1, 0.0}, {2, -0.5}};
    const TraceEntry row1[] = {{1, 3.0}};
    table.addPosition(10.0, row0);
    table.addPosition(-4.0, row1);
    table.addPosition(7.0, {});
    EXPECT_EQ(table.size(), 3u);
    EXPECT_EQ(table.cellCount(), 3u);
    const std::vector<double> w = {100, 50, 20};
    EXPECT_DOUBLE_EQ(table.score(0, w), 10 + 200 - 10);
    EXPECT_DOUBLE_EQ(table.score(1, w), -4 + 150);
    EXPECT_DOUBLE_EQ(table.score(2, w), 7);
    TraceTable joined = table;
    joined.append(table);
    EXPECT_EQ(joined.size(), 6u);
    EXPECT_DOUBLE_EQ(joined.score(4, w), -4 + 150);
}

// A row of an evaluation's fractions (counts times the phase over 24, over 30, ...) is kept as
// whole multiples of one scale, or two (fractions of 360 and of 512 in one row): 4 bytes a
// coefficient; a row of irregular reals is kept wide, its coefficients as floats. All score as
// the coefficients given, to float rounding.
TEST(TraceTable, KeepsEvaluationFractionsCompactAndOtherRowsWide) {
    TraceTable table;
    table.setTerms({"A", "B", "C", "D"});
    const TraceEntry fractions[] = {{0, 11.0 / 12}, {1, 1.0 / 360}, {2, 77.0 / 48}, {3, -67.0 / 45}};
    const TraceEntry irregular[] = {{0, 0.1234567}, {2, 3.14159265}, {3, -2.718281828}};
    const TraceEntry twoFamilies[] = {{0, 11.0 / 360}, {1, 35.0 / 512}, {2, 1.0 / 72}, {3, 25.0 / 512}};
    table.addPosition(-99.275, fractions);
    table.addPosition(12.5, irregular);
    table.addPosition(3.0, twoFamilies);
    table.setResults(std::vector<double>{1.0, 0.5, 0.0});
    EXPECT_FALSE(table.wide(2));
    const std::vector<double> w2 = {1000, 2000, -3000, 512};
    EXPECT_NEAR(table.score(2, w2), 3.0 + 11000.0 / 360 + 70000.0 / 512 - 3000.0 / 72 + 25.0, 1e-6 * 1000);
    EXPECT_FALSE(table.wide(0));
    EXPECT_TRUE(table.wide(1));
    EXPECT_EQ(table.wideRows(), 1u);
    EXPECT_EQ(table.cellCount(), 4u + 2 * 3u + 4u);
    EXPECT_EQ(table.bytes(), 4 * table.cellCount() + TraceTable::kRowBytes * table.size());
    const std::vector<double> w = {450, -1200, 37, 2600};
    const double exact0 = -99.275 + 11.0 / 12 * 450 - 1200.0 / 360 + 77.0 / 48 * 37 - 67.0 / 45 * 2600;
    const double exact1 = 12.5 + 0.1234567 * 450 + 3.14159265 * 37 - 2.718281828 * 2600;
    EXPECT_NEAR(table.score(0, w), exact0, 1e-6 * 4000);
    EXPECT_NEAR(table.score(1, w), exact1, 1e-6 * 4000);
    EXPECT_EQ(table.result(0), 1.0);
    EXPECT_EQ(table.result(1), 0.5);
    std::vector<std::pair<int, double>> seen;
    table.forEachCoefficient(1, [&](std::uint16_t c, double v) { seen.emplace_back(c, v); });
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[1].first, 2);
    EXPECT_NEAR(seen[1].second, 3.14159265, 1e-6);
}

// The mini-batches of one shuffle: N / B batches of B rows take every row once, and their mean
// gradient is the whole table's.
TEST(TraceError, MiniBatchesOfOneShuffleCoverEveryRowOnce) {
    TraceTable table = randomTable(1000, 6, 61);
    table.setResults(randomResults(1000, 62));
    const RowBatch order{7919, 123, 0, 0};
    std::vector<int> seen(1000, 0);
    for (std::size_t j = 0; j < 1000; ++j) ++seen[order.row(j, 1000)];
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), 1000);
    const std::vector<double> w = {10, 20, -5, 3, 40, 1};
    std::vector<double> whole, part, sum(6, 0.0);
    const double e = traceErrorGradient(table, w, 1.0, whole, 2);
    double eSum = 0.0;
    for (std::size_t first = 0; first < 1000; first += 250) {
        eSum += traceErrorGradient(table, w, 1.0, part, 2, RowBatch{7919, 123, first, 250});
        for (std::size_t c = 0; c < 6; ++c) sum[c] += part[c];
    }
    EXPECT_NEAR(eSum / 4, e, 1e-12);
    for (std::size_t c = 0; c < 6; ++c) EXPECT_NEAR(sum[c] / 4, whole[c], 1e-12) << "column " << c;
    // One batch is not the whole table's (else the test would not test batches).
    traceErrorGradient(table, w, 1.0, part, 1, RowBatch{7919, 123, 0, 250});
    EXPECT_NE(part, whole);
}

TEST(TraceError, EqualsTexelErrorOfTheSameScores) {
    TraceTable table = randomTable(5000, 12, 1);
    const std::vector<double> results = randomResults(5000, 2);
    table.setResults(results);
    std::vector<double> w(12);
    for (std::size_t t = 0; t < w.size(); ++t) w[t] = 10.0 * double(t + 1);  // whole: q is whole
    std::vector<int> q;
    for (std::size_t i = 0; i < table.size(); ++i) q.push_back(static_cast<int>(std::lround(table.score(i, w))));
    for (double k : {0.5, 1.0, 1.7}) {
        const double direct = meanSquaredError(q, results, k);
        EXPECT_NEAR(traceError(table, w, k), direct, 1e-12 * direct) << "K " << k;
    }
    EXPECT_EQ(traceScores(table, 0, table.size(), w), q);
}

TEST(TraceError, TheThreadCountNeverChangesE) {
    TraceTable table = randomTable(10007, 20, 3);
    const std::vector<double> results = randomResults(10007, 4);
    table.setResults(results);
    const std::vector<double> w(20, 37.0);
    const double one = traceError(table, w, 1.1, 1);
    // Slices are summed in order; a different split rounds differently by at most a few ulps.
    for (std::size_t threads : {2u, 3u, 8u}) EXPECT_NEAR(traceError(table, w, 1.1, threads), one, 1e-14);
    // ... and the same split gives the same bits.
    EXPECT_EQ(traceError(table, w, 1.1, 2), traceError(table, w, 1.1, 2));
}

TEST(TraceError, GradientMatchesCentralDifferences) {
    TraceTable table = randomTable(3000, 6, 5);
    const std::vector<double> results = randomResults(3000, 6);
    table.setResults(results);
    std::vector<double> w = {30, 60, 90, 120, 15, 45};
    std::vector<double> gradient;
    const double e = traceErrorGradient(table, w, 1.2, gradient, 2);
    EXPECT_NEAR(e, traceError(table, w, 1.2), 1e-14);
    ASSERT_EQ(gradient.size(), w.size());
    for (std::size_t t = 0; t < w.size(); ++t) {
        std::vector<double> up = w, down = w;
        up[t] += 1e-3;
        down[t] -= 1e-3;
        const double numeric = (traceError(table, up, 1.2) - traceError(table, down, 1.2)) / 2e-3;
        EXPECT_NEAR(gradient[t], numeric, 1e-7 + 1e-4 * std::abs(numeric)) << "term " << t;
    }
}

TEST(TraceError, FoldingFixedColumnsKeepsEveryScoreAndDropsTheirEntries) {
    TraceTable table;
    table.setTerms({"A", "B", "C"});
    const std::array<TraceEntry, 3> first{{{0, 2.0}, {1, -1.5}, {2, 4.0}}};
    const std::array<TraceEntry, 1> second{{{1, 3.0}}};
    table.addPosition(10.0, first);
    table.addPosition(-5.0, second);
    const uci::OptionValues base{{"A", "7"}, {"B", "20"}, {"C", "-3"}};
    std::string missing;
    const TraceTable folded = foldFixedColumns(table, {"c", "A"}, base, missing);  // names as the engine's, any case
    ASSERT_TRUE(missing.empty());
    EXPECT_EQ(folded.terms(), (std::vector<std::string>{"A", "C"}));
    EXPECT_EQ(folded.cellCount(), 2u);  // B's two entries went into the constants
    EXPECT_DOUBLE_EQ(folded.constant(0), 10.0 - 1.5 * 20);
    EXPECT_DOUBLE_EQ(folded.constant(1), -5.0 + 3.0 * 20);
    for (double a : {0.0, 7.0, 31.0})
        for (double c : {-3.0, 0.0, 12.0}) {
            const std::array<double, 3> all{a, 20.0, c};
            const std::array<double, 2> kept{a, c};
            for (std::size_t i = 0; i < table.size(); ++i) EXPECT_DOUBLE_EQ(folded.score(i, kept), table.score(i, all));
        }
    const TraceTable unchanged = foldFixedColumns(table, {"A"}, {{"A", "1"}, {"B", "2"}}, missing);
    EXPECT_EQ(missing, "C");  // C is folded but has no value
    EXPECT_EQ(unchanged.terms(), table.terms());
}

TEST(TraceError, WeightsComeFromTheCandidateThenTheBaseAndAMissingOneIsNamed) {
    TraceTable table;
    table.setTerms({"KnightValue", "Tempo"});
    const TraceWeights w = traceWeights(table, {{"knightvalue", "310"}}, {{"Tempo", "12"}, {"KnightValue", "300"}});
    EXPECT_EQ(w.missing, "");
    EXPECT_EQ(w.values, (std::vector<double>{310, 12}));
    const TraceWeights none = traceWeights(table, {{"KnightValue", "310"}}, {});
    EXPECT_EQ(none.missing, "Tempo");
}

// An engine in memory: q = base(position) + sum of feature(position, term) x weight, whole numbers,
// optionally with a term whose effect is quadratic in its weight.
class FakeScorer final : public EvalfitScorer {
public:
    FakeScorer(std::size_t positions, bool linear) : linear_(linear) {
        std::mt19937_64 rng(9);
        for (std::size_t i = 0; i < positions; ++i) {
            base_.push_back(int(rng() % 301) - 150);
            features_.push_back({int(rng() % 5) - 2, int(rng() % 3) - 1, int(rng() % 7) - 3});
        }
    }
    bool fastPath() const override { return true; }
    std::size_t workers() const override { return 1; }
    std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token) override {
        std::vector<CandidateScores> out;
        for (const auto& options : candidates) {
            int w[3] = {0, 0, 0};
            for (const auto& [name, value] : options) w[name.back() - 'A'] = std::stoi(value);
            CandidateScores s;
            for (std::size_t i = 0; i < base_.size(); ++i) {
                int q = base_[i];
                for (int t = 0; t < 3; ++t) q += features_[i][t] * w[t];
                if (!linear_) q += features_[i][2] * w[2] * w[2] / 40;  // not linear in TermC
                s.q.push_back(q);
            }
            out.push_back(std::move(s));
        }
        return out;
    }

private:
    bool linear_;
    std::vector<int> base_;
    std::vector<std::array<int, 3>> features_;
};

const std::vector<DifferenceTerm> kTerms = {{"TermA", 100, 0, 400}, {"TermB", 30, 0, 63}, {"TermC", 20, 0, 127}};

TEST(DifferenceTrace, StepsAreAnEighthOfTheWindowAndStayInside) {
    EXPECT_EQ(differenceStep({"X", 100, 0, 400}), 50);
    EXPECT_EQ(differenceStep({"X", 390, 0, 400}), -50);
    EXPECT_EQ(differenceStep({"X", 3, 0, 7}), 1);
    EXPECT_EQ(differenceStep({"X", 5, 5, 5}), 0);
}

TEST(DifferenceTrace, ALinearEngineIsReproducedExactlyEverywhere) {
    FakeScorer engine(2000, true);
    auto table = traceByDifferences(engine, kTerms, {});
    ASSERT_TRUE(table) << table.error().message;
    EXPECT_EQ(table->size(), 2000u);
    const std::vector<double> results = randomResults(2000, 11);
    table->setResults(results);
    for (const std::vector<int>& w : {std::vector<int>{100, 30, 20}, {0, 63, 127}, {377, 1, 64}}) {
        uci::OptionValues options;
        for (std::size_t t = 0; t < 3; ++t) options.emplace_back(kTerms[t].option, std::to_string(w[t]));
        const auto real = engine.score({options}, {});
        const TraceWeights weights = traceWeights(*table, options, {});
        ASSERT_EQ(weights.missing, "");
        EXPECT_EQ(traceScores(*table, 0, table->size(), weights.values), real[0].q);
        EXPECT_NEAR(traceError(*table, weights.values, 1.0), meanSquaredError(real[0].q, results, 1.0), 1e-12);
    }
}

TEST(DifferenceTrace, ANonLinearEngineDriftsAwayFromTheStart) {
    FakeScorer engine(2000, false);
    auto table = traceByDifferences(engine, kTerms, {});
    ASSERT_TRUE(table);
    const std::vector<double> results = randomResults(2000, 11);
    table->setResults(results);
    auto errorsAt = [&](int c) {
        const uci::OptionValues options{{"TermA", "100"}, {"TermB", "30"}, {"TermC", std::to_string(c)}};
        const double real = meanSquaredError(engine.score({options}, {})[0].q, results, 1.0);
        const double model = traceError(*table, traceWeights(*table, options, {}).values, 1.0);
        return std::abs(model - real) / real;
    };
    EXPECT_LT(errorsAt(20), 1e-7);   // at the start: only the coefficients' float rounding
    EXPECT_GT(errorsAt(120), 0.01);  // far off away from it: the check must see this
}

TEST(UnitMoves, EachTermsChangeIsTheDifferenceOfTheWholeTablesError) {
    TraceTable table = randomTable(2000, 5, 41);
    const std::vector<double> results = randomResults(2000, 42);
    table.setResults(results);
    const std::vector<double> weights = {12, -30, 7, 55, 0};
    // Column 3 is not moved: it gets no change, and the others' do not depend on that.
    const std::vector<UnitMoveTerm> terms = {{0, -100, 100}, {1, -100, 100}, {2, -100, 100}, {4, -100, 100}};
    std::vector<double> plus, minus;
    unitMoveChanges(table, 1.1, weights, terms, 3, plus, minus);
    ASSERT_EQ(plus.size(), terms.size());
    const double here = traceError(table, weights, 1.1);
    for (std::size_t t = 0; t < terms.size(); ++t)
        for (int d : {+1, -1}) {
            std::vector<double> moved = weights;
            moved[terms[t].column] += d;
            const double expected = (traceError(table, moved, 1.1) - here) * double(table.size());
            // A Taylor series to third order: what is left is (c a)^2 / 12 of the change at most
            // (coefficients up to 2 cp here: 1e-5; a unit move of an engine's term: 1e-8).
            EXPECT_NEAR(d > 0 ? plus[t] : minus[t], expected, 1e-5 * std::abs(expected) + 1e-12)
                << "term " << t << " moved by " << d;
        }
}

TEST(UnitMoves, StopWhereNoSingleMoveLowersEInsideTheWindows) {
    TraceTable table = randomTable(3000, 6, 51);
    const std::vector<double> results = randomResults(3000, 52);
    table.setResults(results);
    std::vector<double> weights = {40, -60, 25, 0, 90, 5};
    const std::vector<UnitMoveTerm> terms = {{0, 0, 200}, {1, -200, 200}, {2, 20, 30}, {4, -200, 200}, {5, 0, 8}};
    const double start = traceError(table, weights, 1.0);
    double error = start;
    const UnitMoveResult r = polishByUnitMoves(table, 1.0, weights, terms, 2, error);
    EXPECT_GT(r.moves, 0u);
    EXPECT_LT(error, start);
    EXPECT_DOUBLE_EQ(weights[3], 0.0);  // not a moving term
    EXPECT_NEAR(traceError(table, weights, 1.0), error, 1e-15);
    for (const UnitMoveTerm& term : terms) {
        EXPECT_GE(weights[term.column], term.low);
        EXPECT_LE(weights[term.column], term.high);
        for (int d : {-1, 1}) {
            std::vector<double> moved = weights;
            moved[term.column] += d;
            if (moved[term.column] < term.low || moved[term.column] > term.high) continue;
            EXPECT_GE(traceError(table, moved, 1.0), error) << "column " << term.column << " moved by " << d;
        }
    }
}

TEST(TraceRows, ChunksGiveTheSameErrorGradientAndMovesAsOneTable) {
    const std::vector<double> results = randomResults(3000, 62);
    TraceTable whole = randomTable(3000, 6, 61);
    whole.setResults(results);
    // The same rows in chunks of 1000, 0 (an empty one must not matter) and 2000.
    std::vector<TraceTable> chunks(3);
    for (TraceTable& chunk : chunks) chunk.setTerms(whole.terms());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        std::vector<TraceEntry> row;
        whole.forEachCoefficient(i, [&](std::uint16_t c, double a) { row.push_back({c, a}); });
        chunks[i < 1000 ? 0 : 2].addPosition(whole.constant(i), row);
    }
    chunks[0].setResults(std::span(results).first(1000));
    chunks[2].setResults(std::span(results).subspan(1000));
    TraceRows rows;
    for (const TraceTable& chunk : chunks) rows.add(chunk);
    ASSERT_EQ(rows.size(), whole.size());
    const std::vector<double> w = {12, -30, 7, 55, 0, 3};
    EXPECT_EQ(traceError(rows, w, 1.1, 3), traceError(whole, w, 1.1, 3));  // the same sums in the same order
    std::vector<double> a, b;
    EXPECT_EQ(traceErrorGradient(rows, w, 1.1, a, 2), traceErrorGradient(whole, w, 1.1, b, 2));
    EXPECT_EQ(a, b);
    const RowBatch batch{7919, 123, 250, 500};
    EXPECT_EQ(traceErrorGradient(rows, w, 1.1, a, 2, batch), traceErrorGradient(whole, w, 1.1, b, 2, batch));
    EXPECT_EQ(a, b);
    const std::vector<UnitMoveTerm> terms = {{0, -100, 100}, {2, -100, 100}, {5, -100, 100}};
    std::vector<double> wRows = w, wWhole = w;
    double eRows = traceError(rows, w, 1.0), eWhole = eRows;
    const UnitMoveResult r = polishByUnitMoves(rows, 1.0, wRows, terms, 2, eRows);
    polishByUnitMoves(whole, 1.0, wWhole, terms, 2, eWhole);
    EXPECT_GT(r.moves, 0u);
    EXPECT_EQ(wRows, wWhole);
    EXPECT_EQ(eRows, eWhole);
}

TEST(UnitMoves, AStopEndsThemWithTheMovesKeptSoFar) {
    TraceTable table = randomTable(3000, 6, 51);
    table.setResults(randomResults(3000, 52));
    std::vector<double> weights = {40, -60, 25, 0, 90, 5};
    const std::vector<UnitMoveTerm> terms = {{0, 0, 200}, {1, -200, 200}, {2, 20, 30}, {4, -200, 200}, {5, 0, 8}};
    double error = traceError(table, weights, 1.0);
    std::stop_source stop;
    std::size_t calls = 0;
    const UnitMoveResult r = polishByUnitMoves(table, 1.0, weights, terms, 2, error, stop.get_token(),
                                               [&](std::size_t, std::size_t, double) {
                                                   ++calls;
                                                   stop.request_stop();  // after the first sweep
                                               });
    EXPECT_TRUE(r.stopped);
    EXPECT_EQ(r.sweeps, 1u);
    EXPECT_EQ(calls, 1u);
    EXPECT_GT(r.moves, 0u);
    EXPECT_NEAR(traceError(table, weights, 1.0), error, 1e-15);  // E of the weights it leaves
}

TEST(TexelError, KFitOnAFunctionFindsTheMinimumPrecisely) {
    const KFit fit = fitK([](double k) { return 0.1 + (k - 1.2345678) * (k - 1.2345678); });
    EXPECT_NEAR(fit.k, 1.2345678, 1e-6);
    EXPECT_NEAR(fit.error, 0.1, 1e-12);
}

}  // namespace
}  // namespace mf::dataset
