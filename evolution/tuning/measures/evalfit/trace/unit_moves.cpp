#include "evolution/tuning/measures/evalfit/trace/unit_moves.h"

#include <algorithm>
#include <cmath>

#include "evolution/tuning/measures/evalfit/trace/row_slices.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

namespace mf::dataset {

void unitMoveChanges(const TraceRows& table, double k, std::span<const double> weights,
                     const std::vector<UnitMoveTerm>& terms, std::size_t threads, std::vector<double>& plus,
                     std::vector<double>& minus) {
    std::vector<int> termOf(table.terms().size(), -1);
    for (std::size_t t = 0; t < terms.size(); ++t) termOf[terms[t].column] = static_cast<int>(t);
    const std::size_t rows = table.size();
    const std::size_t parts = std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(1, rows));
    // Per part and term: sums of f' a, f'' a^2 and f''' a^3 over the rows that use the term.
    struct Sums {
        std::vector<double> first, second, third;
    };
    const std::vector<double> zeros(terms.size(), 0.0);
    std::vector<Sums> partSums(parts, Sums{zeros, zeros, zeros});
    const double c = logisticScale(k);
    forSlices(rows, parts, [&](std::size_t first, std::size_t count, std::size_t part) {
        Sums& sums = partSums[part];
        table.forRange(first, count, [&](const TraceTable& t, std::size_t i) {
            // f = (R - g)^2 with g = sigmoid(c q), s its value: g1 = c s (1 - s), g2 = g1 c (1 - 2 s),
            // g3 = g1 c^2 (1 - 6 s + 6 s^2) its derivatives, and f's are f1 = -2 (R - g) g1,
            // f2 = 2 g1^2 - 2 (R - g) g2, f3 = 6 g1 g2 - 2 (R - g) g3.
            const double s = 1.0 / (1.0 + std::exp(-c * t.score(i, weights)));
            const double r = t.result(i) - s;
            const double g1 = c * s * (1.0 - s), g2 = g1 * c * (1.0 - 2.0 * s), g3 = g1 * c * c * (1.0 - 6.0 * s + 6.0 * s * s);
            const double f1 = -2.0 * r * g1, f2 = 2.0 * g1 * g1 - 2.0 * r * g2, f3 = 6.0 * g1 * g2 - 2.0 * r * g3;
            t.forEachCoefficient(i, [&](std::uint16_t column, double a) {
                const int term = termOf[column];
                if (term < 0) return;
                const double a2 = a * a;
                sums.first[term] += f1 * a;
                sums.second[term] += f2 * a2;
                sums.third[term] += f3 * a2 * a;
            });
        });
    });
    plus.assign(terms.size(), 0.0);
    minus.assign(terms.size(), 0.0);
    for (std::size_t t = 0; t < terms.size(); ++t) {
        double first = 0.0, second = 0.0, third = 0.0;
        for (const Sums& sums : partSums) {  // in part order: the same sums on every run
            first += sums.first[t];
            second += sums.second[t];
            third += sums.third[t];
        }
        plus[t] = first + second / 2.0 + third / 6.0;
        minus[t] = -first + second / 2.0 - third / 6.0;
    }
}

UnitMoveResult polishByUnitMoves(const TraceRows& table, double k, std::vector<double>& weights,
                                 const std::vector<UnitMoveTerm>& terms, std::size_t threads, double& error,
                                 std::stop_token stop, const UnitMoveProgress& onSweep) {
    UnitMoveResult out;
    std::vector<double> plus, minus;
    struct Move {
        std::size_t term;
        int direction;
        double change;
    };
    std::vector<Move> moves;
    while (true) {
        if (stop.stop_requested()) {
            out.stopped = true;
            break;
        }
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
        for (std::size_t count = moves.size(); count > 0 && kept == 0 && !stop.stop_requested(); count /= 2) {
            apply(count, +1);
            const double e = traceError(table, weights, k, threads);
            if (e < error) {
                error = e;
                kept = count;
            } else {
                apply(count, -1);
            }
        }
        if (kept == 0) {
            out.stopped = stop.stop_requested();
            break;  // even the best move alone gains less than the rounding of the sums
        }
        out.moves += kept;
        if (onSweep) onSweep(out.sweeps, out.moves, error);
    }
    return out;
}

}  // namespace mf::dataset
