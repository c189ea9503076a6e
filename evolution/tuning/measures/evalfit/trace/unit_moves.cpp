#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"

#include <algorithm>
#include <cmath>

#include "evolution/tuning/measures/evalfit/trace/row_slices.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

namespace mf::dataset {

void unitMoveChanges(const TraceTable& table, double k, std::span<const double> weights,
                     const std::vector<UnitMoveTerm>& terms, std::size_t threads, std::vector<double>& plus,
                     std::vector<double>& minus) {
    std::vector<int> termOf(table.terms().size(), -1);
    for (std::size_t t = 0; t < terms.size(); ++t) termOf[terms[t].column] = static_cast<int>(t);
    const std::size_t rows = table.size();
    const std::size_t parts = std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(1, rows));
    std::vector<std::vector<double>> partPlus(parts, std::vector<double>(terms.size(), 0.0));
    std::vector<std::vector<double>> partMinus(parts, std::vector<double>(terms.size(), 0.0));
    const double c = logisticScale(k);
    const auto squared = [c](double result, double q) {
        const double d = result - 1.0 / (1.0 + std::exp(-c * q));
        return d * d;
    };
    forSlices(rows, parts, [&](std::size_t first, std::size_t count, std::size_t part) {
        std::vector<double>& up = partPlus[part];
        std::vector<double>& down = partMinus[part];
        for (std::size_t i = first; i < first + count; ++i) {
            const double q = table.score(i, weights);
            const double result = table.result(i);
            const double here = squared(result, q);
            table.forEachCoefficient(i, [&](std::uint16_t column, double a) {
                const int t = termOf[column];
                if (t < 0) return;
                up[t] += squared(result, q + a) - here;
                down[t] += squared(result, q - a) - here;
            });
        }
    });
    plus.assign(terms.size(), 0.0);
    minus.assign(terms.size(), 0.0);
    for (std::size_t p = 0; p < parts; ++p)
        for (std::size_t t = 0; t < terms.size(); ++t) {
            plus[t] += partPlus[p][t];
            minus[t] += partMinus[p][t];
        }
}

UnitMoveResult polishByUnitMoves(const TraceTable& table, double k,
                                 std::vector<double>& weights, const std::vector<UnitMoveTerm>& terms, std::size_t threads,
                                 double& error) {
    UnitMoveResult out;
    std::vector<double> plus, minus;
    struct Move {
        std::size_t term;
        int direction;
        double change;
    };
    std::vector<Move> moves;
    while (true) {
        unitMoveChanges(table, k, weights, terms, threads, plus, minus);
        ++out.sweeps;
        moves.clear();
        for (std::size_t t = 0; t < terms.size(); ++t) {
            const double w = weights[terms[t].column];
            const bool canRise = w + 1 <= terms[t].high, canFall = w - 1 >= terms[t].low;
            const double up = canRise ? plus[t] : 0.0, down = canFall ? minus[t] : 0.0;
            if (std::min(up, down) >= 0.0) continue;
            moves.push_back(up <= down ? Move{t, +1, up} : Move{t, -1, down});
        }
        if (moves.empty()) break;
        // The moves that help most first; when all of them together do not lower E (their
        // interactions add up), the better half, and so on down to the best one alone.
        std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) { return a.change < b.change; });
        const auto apply = [&](std::size_t count, int sign) {
            for (std::size_t i = 0; i < count; ++i) weights[terms[moves[i].term].column] += sign * moves[i].direction;
        };
        std::size_t kept = 0;
        for (std::size_t count = moves.size(); count > 0 && kept == 0; count /= 2) {
            apply(count, +1);
            const double e = traceError(table, weights, k, threads);
            if (e < error) {
                error = e;
                kept = count;
            } else {
                apply(count, -1);
            }
        }
        if (kept == 0) break;  // even the best move alone gains less than the rounding of the sums
        out.moves += kept;
    }
    return out;
}

}  // namespace mf::dataset
