#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <optional>
#include <thread>

#include "engine/whole_number.h"
#include "evolution/tuning/measures/evalfit/trace/row_slices.h"
#include "evolution/uci/option_name.h"

namespace mf::dataset {

namespace {

std::optional<double> valueOf(const uci::OptionValues& options, std::string_view name) {
    for (const auto& [option, value] : options)
        if (uci::sameOptionName(option, name))
            if (auto number = parseWholeNumber<long long>(value)) return double(*number);
    return std::nullopt;
}

}  // namespace

TraceWeights traceWeights(const TraceTable& table, const uci::OptionValues& options, const uci::OptionValues& base) {
    TraceWeights out;
    out.values.reserve(table.terms().size());
    for (const std::string& term : table.terms()) {
        std::optional<double> value = valueOf(options, term);
        if (!value) value = valueOf(base, term);
        if (!value) {
            out.missing = term;
            out.values.clear();
            return out;
        }
        out.values.push_back(*value);
    }
    return out;
}

TraceTable foldFixedColumns(const TraceTable& table, const std::vector<std::string>& kept, const uci::OptionValues& base,
                            std::string& missing) {
    const std::vector<std::string>& terms = table.terms();
    std::vector<long> newColumn(terms.size(), -1);  // -1: folded
    std::vector<double> fixedValue(terms.size(), 0.0);
    std::vector<std::string> keptNames;
    for (std::size_t c = 0; c < terms.size(); ++c) {
        if (std::any_of(kept.begin(), kept.end(), [&](const std::string& name) { return uci::sameOptionName(name, terms[c]); })) {
            newColumn[c] = static_cast<long>(keptNames.size());
            keptNames.push_back(terms[c]);
            continue;
        }
        const std::optional<double> value = valueOf(base, terms[c]);
        if (!value) {
            missing = terms[c];
            return table;
        }
        fixedValue[c] = *value;
    }
    TraceTable folded;
    folded.setTerms(std::move(keptNames));
    std::vector<TraceEntry> row;
    std::vector<double> results;
    results.reserve(table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        double constant = table.constant(i);
        row.clear();
        table.forEachCoefficient(i, [&](std::uint16_t c, double coefficient) {
            if (newColumn[c] < 0) constant += coefficient * fixedValue[c];
            else row.push_back({static_cast<std::uint32_t>(newColumn[c]), coefficient});
        });
        folded.addPosition(constant, row);
        results.push_back(table.result(i));
    }
    folded.setResults(results);
    return folded;
}

namespace {

// (R - sigmoid(c q))^2 of one row.
double squaredError(const TraceTable& table, std::size_t i, const double* weights, double c) {
    const double q = table.constant(i) + table.dot(i, weights);
    const double d = table.result(i) - 1.0 / (1.0 + std::exp(-c * q));
    return d * d;
}

}  // namespace

double squaredErrorSum(const TraceTable& table, std::size_t first, std::size_t count, std::span<const double> weights,
                       double k) {
    const double c = logisticScale(k);
    double sum = 0.0;
    for (std::size_t i = first; i < first + count; ++i) sum += squaredError(table, i, weights.data(), c);
    return sum;
}

double traceError(const TraceRows& table, std::span<const double> weights, double k, std::size_t threads) {
    const std::size_t rows = table.size();
    if (rows == 0) return 0.0;
    const double c = logisticScale(k);
    std::vector<double> sums(std::clamp<std::size_t>(threads, 1, rows), 0.0);
    forSlices(rows, sums.size(), [&](std::size_t first, std::size_t count, std::size_t part) {
        double sum = 0.0;
        table.forRange(first, count, [&](const TraceTable& t, std::size_t i) { sum += squaredError(t, i, weights.data(), c); });
        sums[part] = sum;
    });
    double total = 0.0;
    for (double s : sums) total += s;
    return total / double(rows);
}

std::vector<int> traceScores(const TraceTable& table, std::size_t first, std::size_t count,
                             std::span<const double> weights) {
    std::vector<int> q;
    q.reserve(count);
    for (std::size_t i = first; i < first + count; ++i) q.push_back(static_cast<int>(std::lround(table.score(i, weights))));
    return q;
}

double traceErrorGradient(const TraceRows& table, std::span<const double> weights, double k,
                          std::vector<double>& gradient, std::size_t threads, const RowBatch& batch) {
    const std::size_t rows = table.size(), columns = table.terms().size();
    gradient.assign(columns, 0.0);
    if (rows == 0) return 0.0;
    const std::size_t count = batch.count == 0 ? rows : batch.count;
    const double c = logisticScale(k);
    const std::size_t parts = std::clamp<std::size_t>(threads, 1, count);
    std::vector<std::vector<double>> partGradients(parts, std::vector<double>(columns, 0.0));
    std::vector<double> sums(parts, 0.0);
    forSlices(count, parts, [&](std::size_t first, std::size_t n, std::size_t part) {
        std::vector<double>& g = partGradients[part];
        double sum = 0.0;
        const auto row = [&](const TraceTable& t, std::size_t i) {
            const double q = t.score(i, weights);
            const double s = 1.0 / (1.0 + std::exp(-c * q));
            const double d = t.result(i) - s;
            sum += d * d;
            // d/dw (R - s)^2 = -2 (R - s) s (1 - s) c dq/dw, dq/dw = the row's coefficient.
            const double factor = -2.0 * d * s * (1.0 - s) * c;
            t.forEachCoefficient(i, [&](std::uint16_t column, double coefficient) { g[column] += factor * coefficient; });
        };
        if (batch.count == 0) table.forRange(first, n, row);
        else
            for (std::size_t j = first; j < first + n; ++j) table.forRow(batch.row(j, rows), row);
        sums[part] = sum;
    });
    double total = 0.0;
    for (std::size_t p = 0; p < parts; ++p) {
        total += sums[p];
        for (std::size_t j = 0; j < columns; ++j) gradient[j] += partGradients[p][j];
    }
    for (double& g : gradient) g /= double(count);
    return total / double(count);
}

}  // namespace mf::dataset
