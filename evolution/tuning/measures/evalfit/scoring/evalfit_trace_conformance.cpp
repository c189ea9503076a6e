#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_conformance.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"
#include "evolution/ga/rng.h"

namespace mf::dataset {
namespace {

// At most this many disagreements of one comparison are listed one by one; the rest are counted.
constexpr std::size_t kListedMismatches = 5;

struct TermOption {
    std::string name;
    long long defaultValue = 0;
    long long min = 0;
    long long max = 0;
};

const char* kindName(PositionScoreKind kind) { return kind == PositionScoreKind::Static ? "static" : "quiescence"; }

// One trace at the defaults, read strictly. Empty when there is none (check.trace says why when
// the engine simply has no trace; a fault is added when the answer is broken).
std::optional<TraceTable> readTrace(ExtensionEngine& engine, PositionScoreKind kind, ExtensionCheck& check,
                                    std::stop_token stop) {
    EvalfitTraceReader reader(check.positions);
    const TraceAnswer answer = engine.traceOnce({}, kind, reader, stop);
    const std::string command = std::string("evalfit trace ") + kindName(kind);
    if (answer.kind == TraceAnswer::Kind::NoTrace) {
        check.trace = "no evalfit trace (" + answer.detail + ")";
        return std::nullopt;
    }
    check.traced = true;
    if (answer.kind == TraceAnswer::Kind::Failed) {
        std::string text = command + ": " + answer.detail;
        if (reader.faultPosition() && *reader.faultPosition() < check.positions)
            text += "; " + conformancePositionName(*reader.faultPosition());
        check.faults.push_back(text);
        return std::nullopt;
    }
    return reader.takeTable();
}

// Every term must be a spin option the engine announces (a tuner sets it by that name).
std::optional<std::vector<TermOption>> termOptions(const TraceTable& table, const uci::EngineIdentity& identity,
                                                   ExtensionCheck& check) {
    std::vector<TermOption> options;
    for (std::size_t i = 0; i < table.terms().size(); ++i) {
        const std::string& name = table.terms()[i];
        const uci::UciOption* option = identity.findOption(name);
        const std::optional<long long> value =
            option ? parseWholeNumber<long long>(option->defaultValue) : std::optional<long long>();
        if (!option || option->type != uci::OptionType::Spin || !value) {
            check.faults.push_back("evalfit trace: term " + std::to_string(i) + " '" + name +
                                   "' is not a spin option of the engine (its `option name ... type spin` lines)");
            continue;
        }
        options.push_back({name, *value, option->min, option->max});
    }
    if (options.size() != table.terms().size()) return std::nullopt;
    return options;
}

std::vector<double> defaultWeights(const std::vector<TermOption>& options) {
    std::vector<double> weights;
    for (const TermOption& option : options) weights.push_back(double(option.defaultValue));
    return weights;
}

// A weight set: each weight within +-25% of its default (at least +-1), inside min..max.
std::vector<double> randomWeights(const std::vector<TermOption>& options, ga::Rng& rng) {
    std::vector<double> weights;
    for (const TermOption& option : options) {
        const long long span = std::max<long long>(1, std::llround(0.25 * std::fabs(double(option.defaultValue))));
        const long long low = std::max(option.min, option.defaultValue - span);
        const long long high = std::min(option.max, option.defaultValue + span);
        const long long value = high <= low ? low : low + static_cast<long long>(rng.below(std::uint64_t(high - low + 1)));
        weights.push_back(double(value));
    }
    return weights;
}

// The rounding of row i's constant and coefficients as the table keeps them (floats, or whole
// multiples of a float scale to 2.5e-7: trace_table.h), at `weights`: 2^-21 x (|C| + sum |V x w|).
double floatRounding(const TraceTable& table, std::size_t i, const std::vector<double>& weights) {
    double sum = std::fabs(table.constant(i));
    table.forEachCoefficient(i, [&](std::uint16_t column, double v) { sum += std::fabs(v * weights[column]); });
    return sum * 0x1p-21;
}

// Compares the trace's q at `weights` with the engine's scores; `tolerance` per position.
void compare(const TraceTable& table, const std::vector<double>& weights, const std::vector<int>& scores,
             const std::function<double(std::size_t, int)>& tolerance, const std::string& what, ExtensionCheck& check) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < scores.size() && i < table.size(); ++i) {
        const double q = table.score(i, weights);
        const double allowed = tolerance(i, scores[i]);
        if (std::fabs(q - scores[i]) <= allowed) continue;
        if (++mismatches <= kListedMismatches)
            check.faults.push_back(conformancePositionName(i) + ": " + what + " gives " + fixedDecimals(q, 6) + ", " +
                                   std::to_string(scores[i]) + " expected (tolerance " + fixedDecimals(allowed, 6) + ")");
    }
    if (mismatches > kListedMismatches)
        check.faults.push_back("... and " + std::to_string(mismatches - kListedMismatches) + " more positions where " + what +
                               " differs");
}

uci::OptionValues optionValues(const std::vector<TermOption>& options, const std::vector<double>& weights) {
    uci::OptionValues values;
    for (std::size_t i = 0; i < options.size(); ++i)
        values.emplace_back(options[i].name, std::to_string(static_cast<long long>(weights[i])));
    return values;
}

// Step 3: the static trace at random weight sets against `evalfit scores static` there.
void checkRandomWeights(ExtensionEngine& engine, const TraceTable& table, const std::vector<TermOption>& options,
                        ExtensionCheck& check, std::uint64_t seed, std::stop_token stop) {
    ga::Rng rng(seed);
    for (int set = 1; set <= kRandomWeightSets && !stop.stop_requested(); ++set) {
        const std::vector<double> weights = randomWeights(options, rng);
        EvalfitScoresReader reader(check.positions);
        if (auto fault = engine.scoresOnce(optionValues(options, weights), PositionScoreKind::Static, reader, stop)) {
            check.faults.push_back("evalfit scores static at random weight set " + std::to_string(set) + ": " + *fault);
            return;
        }
        const auto rounding = [](std::size_t, int score) {
            return std::max(kRoundingCentipawns, kRoundingFraction * std::abs(score));
        };
        compare(table, weights, reader.scores(), rounding,
                "at random weight set " + std::to_string(set) + " (seed " + std::to_string(seed) +
                    "), `evalfit trace static` taken at the defaults",
                check);
    }
}

std::function<double(std::size_t, int)> exactTolerance(const TraceTable& table, const std::vector<double>& weights) {
    return [&table, &weights](std::size_t i, int) { return kExactTolerance + floatRounding(table, i, weights); };
}

}  // namespace

void checkEvalfitTrace(ExtensionEngine& engine, const std::vector<int>& staticScores,
                       const std::vector<int>& quiescenceScores, ExtensionCheck& check, std::uint64_t seed,
                       std::stop_token stop) {
    const std::size_t faultsBefore = check.faults.size();
    const auto summary = [&](std::size_t terms) {
        const std::size_t faults = check.faults.size() - faultsBefore;
        if (faults > 0) {
            check.trace = "evalfit trace does not conform (" + std::to_string(faults) + (faults == 1 ? " fault)" : " faults)");
            return;
        }
        check.trace = "evalfit trace conforms: " + std::to_string(terms) + " terms; the static and quiescence traces give " +
                      "the scores at the defaults, the static one those at " + std::to_string(kRandomWeightSets) +
                      " random weight sets within max(" + fixedDecimals(kRoundingCentipawns, 0) + " cp, " +
                      fixedDecimals(100 * kRoundingFraction, 0) + "% of the score)";
    };
    const std::optional<TraceTable> statics = readTrace(engine, PositionScoreKind::Static, check, stop);
    if (!statics) {
        if (check.traced) summary(0);
        return;
    }
    const auto options = termOptions(*statics, engine.session().identity(), check);
    if (!options) return summary(statics->terms().size());
    const std::vector<double> defaults = defaultWeights(*options);
    compare(*statics, defaults, staticScores, exactTolerance(*statics, defaults),
            "`evalfit trace static` at the defaults", check);
    checkRandomWeights(engine, *statics, *options, check, seed, stop);

    const std::optional<TraceTable> quiescence = readTrace(engine, PositionScoreKind::Quiescence, check, stop);
    if (quiescence && quiescence->terms() != statics->terms())
        check.faults.push_back("evalfit trace quiescence: its terms differ from those of `evalfit trace static`");
    else if (quiescence)
        compare(*quiescence, defaults, quiescenceScores, exactTolerance(*quiescence, defaults),
                "`evalfit trace quiescence` at the defaults", check);
    summary(statics->terms().size());
}

}  // namespace mf::dataset
