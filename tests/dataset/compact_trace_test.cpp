// The compact trace table against the engine's coefficients as written: on the bundled data set
// (34k positions, the engine's 654 terms), Texel's E and its gradient from the table equal, to
// 1e-6 relative, E and the gradient computed in doubles straight from the lines of the bundled
// engine's `evalfit trace`.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include "engine/eval_params.h"
#include "evolution/dataset/dataset_index.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_reader.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

namespace mf::dataset {
namespace {

struct ExactRow {
    double constant = 0.0;
    std::vector<std::pair<std::size_t, double>> coefficients;
};

// An `evalfit t C I:V ...` line as doubles.
ExactRow exactRow(const std::string& line) {
    ExactRow row;
    const char* at = line.c_str() + 10;
    char* end = nullptr;
    row.constant = std::strtod(at, &end);
    for (at = end; *at == ' ';) {
        const std::size_t term = std::strtoul(at + 1, &end, 10);
        const double value = std::strtod(end + 1, &end);
        row.coefficients.emplace_back(term, value);
        at = end;
    }
    return row;
}

TEST(CompactTraceTable, GivesTheEnginesEAndGradientOnTheBundledData) {
    const std::filesystem::path bin(MATEFIND_BIN_DIR);
    const std::filesystem::path engine = bin / "matefind-engine";
    const std::filesystem::path data = bin.parent_path() / "share/matefind/data/matefind-selfplay.epd";
    if (!std::filesystem::exists(engine) || !std::filesystem::exists(data))
        GTEST_SKIP() << "needs the built engine and its bundled data (" << engine << ", " << data << ")";
    std::vector<DatasetLineError> errors;
    const DatasetIndex index = DatasetIndex::read(data.string(), errors);
    ASSERT_GT(index.size(), 30000u);
    const auto fens = index.fens(0, index.size());
    ASSERT_TRUE(fens.ok()) << fens.error().message;
    PositionsFile positions(*fens);
    const std::string command = "printf 'uci\\nevalfit load " + positions.path() + "\\nevalfit trace quiescence\\nquit\\n' | " +
                                engine.string();
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    EvalfitTraceReader reader(index.size());
    std::vector<ExactRow> exact;
    std::string line;
    bool answer = false;  // from `evalfit terms` on (before it: the handshake and `evalfit loaded`)
    for (int c = std::fgetc(pipe); c != EOF; c = std::fgetc(pipe)) {
        if (c != '\n') {
            line += static_cast<char>(c);
            continue;
        }
        answer = answer || line.rfind("evalfit terms ", 0) == 0;
        if (answer) reader.feed(line);
        if (line.rfind("evalfit t ", 0) == 0) exact.push_back(exactRow(line));
        line.clear();
    }
    ::pclose(pipe);
    ASSERT_EQ(reader.status(), EvalfitTraceReader::Status::Done) << reader.fault();
    TraceTable table = reader.takeTable();
    table.setResults(index.results(0, index.size()));
    ASSERT_EQ(exact.size(), table.size());
    EXPECT_LT(table.wideRows(), table.size() / 100) << "the engine's fractions should fit a scale";

    std::vector<double> weights;
    for (const EvalTerm& term : evalTerms()) weights.push_back(term.defaultValue);
    ASSERT_EQ(weights.size(), table.terms().size());
    const double k = 1.1, c = k * std::numbers::ln10 / 400.0;
    double exactError = 0.0;
    std::vector<double> exactGradient(weights.size(), 0.0);
    for (std::size_t i = 0; i < exact.size(); ++i) {
        double q = exact[i].constant;
        for (const auto& [term, v] : exact[i].coefficients) q += v * weights[term];
        const double s = 1.0 / (1.0 + std::exp(-c * q)), d = index.result(i) - s;
        exactError += d * d;
        for (const auto& [term, v] : exact[i].coefficients) exactGradient[term] += -2.0 * d * s * (1.0 - s) * c * v;
    }
    exactError /= double(exact.size());
    double largest = 0.0;
    for (double& g : exactGradient) largest = std::max(largest, std::abs(g /= double(exact.size())));

    std::vector<double> gradient;
    const double error = traceErrorGradient(table, weights, k, gradient, 2);
    EXPECT_NEAR(error, exactError, 1e-6 * exactError);
    EXPECT_NEAR(traceError(table, weights, k, 2), exactError, 1e-6 * exactError);
    // The gradient as a vector: its distance from the exact one, relative to its length; and each
    // large term (a tenth of the largest) on its own. A small term is a sum of terms that cancel,
    // where the floats' rounding of q weighs more.
    double distance = 0.0, length = 0.0;
    for (std::size_t t = 0; t < weights.size(); ++t) {
        distance += (gradient[t] - exactGradient[t]) * (gradient[t] - exactGradient[t]);
        length += exactGradient[t] * exactGradient[t];
        if (std::abs(exactGradient[t]) >= 0.1 * largest)
            EXPECT_NEAR(gradient[t], exactGradient[t], 1e-6 * std::abs(exactGradient[t])) << table.terms()[t];
    }
    EXPECT_LT(std::sqrt(distance / length), 1e-6);
    std::printf("%zu positions, %.1f non-zeros a row, %zu wide rows, %.1f bytes a row; E %.12f (exact %.12f)\n",
                table.size(), double(table.cellCount()) / double(table.size()), table.wideRows(),
                double(table.bytes()) / double(table.size()), error, exactError);
}

}  // namespace
}  // namespace mf::dataset
