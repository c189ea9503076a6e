#include "evolution/tuning/run/run_history.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <tuple>
#include <type_traits>

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"

namespace mf::tuning {

namespace {

constexpr std::string_view kHistory = "history.";
constexpr std::string_view kCost = "cost.";

std::vector<std::string_view> split(std::string_view text, char by) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = text.find(by, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

// The generation of a history or cost key, or nullopt for any other key.
std::optional<int> generationOf(std::string_view key) {
    for (std::string_view prefix : {kHistory, kCost})
        if (key.substr(0, prefix.size()) == prefix) return parseWholeNumber<int>(key.substr(prefix.size()));
    return std::nullopt;
}

// Reads "name=value name=value ..." into a map; an error names the token that is not name=value.
Result<std::map<std::string, std::string, std::less<>>> namedValues(std::string_view line) {
    std::map<std::string, std::string, std::less<>> out;
    for (std::string_view token : split(line, ' ')) {
        if (token.empty()) continue;
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0)
            return Error{"'" + std::string(token) + "' is not name=value"};
        out.emplace(std::string(token.substr(0, equals)), std::string(token.substr(equals + 1)));
    }
    return out;
}

// One name=value field of a line, and where its value lives in a report.
template <class T>
struct Field {
    std::string_view key;
    T& value;
};

template <class T>
Field<T> field(std::string_view key, T& value) {
    return {key, value};
}

// The fields of a history line and of a cost line, in the order they are written. The writer and
// the reader both walk these lists, so each key is named once; the value's type says how it is
// written, and an optional value is left out when empty and may be absent.
template <class Report>
auto historyFields(Report& r) {
    auto& s = r.stats;
    return std::tuple{field("best", s.best),
                      field("mean", s.mean),
                      field("worst", s.worst),
                      field("sum", s.sum),
                      field("evaluations", s.evaluations),
                      field("diversity", s.diversity),
                      field("values", s.bestValues),
                      field("error", r.bestError),
                      field("e0", r.startError),
                      field("k", r.evalfitK),
                      field("heldout", r.heldOut),
                      field("elo", r.pickElo),
                      field("speed", r.speed)};
}

template <class Report>
auto costFields(Report& r) {
    auto& c = r.cost;
    return std::tuple{field("searched", c.searchedCandidates),
                      field("cached", c.cachedCandidates),
                      field("failed", c.failedSearches),
                      field("failed_total", r.failedSearchesTotal),
                      field("limits", c.limitBreakingSearches),
                      field("limits_total", r.limitBreakingSearchesTotal),
                      field("hit_rate", r.cacheHitRate),
                      field("wall_ns", c.wallTime),
                      field("think_ns", c.thinkTime),
                      field("noisy", r.noisyFitness)};
}

// A value as a line holds it; nullopt leaves the field out.
std::optional<std::string> valueText(double v) { return exactDecimal(v); }
std::optional<std::string> valueText(std::size_t v) { return std::to_string(v); }
std::optional<std::string> valueText(bool v) { return v ? "1" : "0"; }
std::optional<std::string> valueText(std::chrono::nanoseconds v) { return std::to_string(v.count()); }

std::optional<std::string> valueText(const std::vector<int>& values) {
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
    return text;
}

std::optional<std::string> valueText(const std::optional<double>& v) {
    if (!v) return std::nullopt;
    return exactDecimal(*v);
}

// "elo,low,high,games": an Elo figure with its interval and the games it rests on.
std::string eloText(const EloFigure& e) {
    return exactDecimal(e.elo) + "," + exactDecimal(e.low) + "," + exactDecimal(e.high) + "," + std::to_string(e.games);
}

std::optional<EloFigure> eloFrom(const std::vector<std::string_view>& parts) {
    if (parts.size() != 4) return std::nullopt;
    const auto elo = parseWholeNumber<double>(parts[0]), low = parseWholeNumber<double>(parts[1]),
               high = parseWholeNumber<double>(parts[2]);
    const auto games = parseWholeNumber<long long>(parts[3]);
    if (!elo || !low || !high || !games) return std::nullopt;
    return EloFigure{*elo, *low, *high, *games};
}

std::optional<std::string> valueText(const std::optional<EloFigure>& e) {
    if (!e) return std::nullopt;
    return eloText(*e);
}

std::optional<std::string> readValue(std::string_view text, std::optional<EloFigure>& out) {
    out = eloFrom(split(text, ','));
    if (!out) return "expected elo,low,high,games, got '" + std::string(text) + "'";
    return std::nullopt;
}

std::optional<std::string> valueText(const std::optional<HeldOutResult>& held) {
    if (!held) return std::nullopt;
    const HeldOutResult& h = *held;
    std::string text = exactDecimal(h.fitness) + "," + std::to_string(h.solved) + "," + std::to_string(h.scored) + "," +
                       std::to_string(h.failed) + "," + std::to_string(h.positions) + "," +
                       std::string(workUnitName(h.unit));
    if (h.error) text += "," + exactDecimal(*h.error);
    if (h.elo) text += "," + eloText(*h.elo);  // games: after the unit (games have no E)
    return text;
}

template <class Fields>
std::string lineText(const Fields& fields) {
    std::string line;
    auto append = [&](const auto& f) {
        if (auto text = valueText(f.value)) line += (line.empty() ? "" : " ") + std::string(f.key) + "=" + *text;
    };
    std::apply([&](const auto&... f) { (append(f), ...); }, fields);
    return line;
}

// Reads a field's text into its value; the reason when it does not read.
template <class T>
std::optional<std::string> readValue(std::string_view text, T& out) {
    if (auto v = parseWholeNumber<T>(text)) {
        out = *v;
        return std::nullopt;
    }
    return "expected a number, got '" + std::string(text) + "'";
}

std::optional<std::string> readValue(std::string_view text, bool& out) {
    int v = 0;
    auto why = readValue(text, v);
    out = v != 0;
    return why;
}

std::optional<std::string> readValue(std::string_view text, std::chrono::nanoseconds& out) {
    std::chrono::nanoseconds::rep count = 0;
    auto why = readValue(text, count);
    out = std::chrono::nanoseconds(count);
    return why;
}

std::optional<std::string> readValue(std::string_view text, std::optional<double>& out) {
    double v = 0;
    auto why = readValue(text, v);
    out = v;
    return why;
}

std::optional<std::string> readValue(std::string_view text, std::vector<int>& out) {
    if (text.empty()) return std::nullopt;
    for (std::string_view part : split(text, ',')) {
        if (auto v = parseWholeNumber<int>(part)) out.push_back(*v);
        else return "expected whole numbers separated by ',', got '" + std::string(text) + "'";
    }
    return std::nullopt;
}

std::optional<std::string> readValue(std::string_view text, std::optional<HeldOutResult>& out) {
    const auto parts = split(text, ',');
    const bool counted = parts.size() == 6 || parts.size() == 7 || parts.size() == 10;
    const auto fitness = counted ? parseWholeNumber<double>(parts[0]) : std::nullopt;
    const auto solved = counted ? parseWholeNumber<int>(parts[1]) : std::nullopt;
    const auto scored = counted ? parseWholeNumber<int>(parts[2]) : std::nullopt;
    const auto failed = counted ? parseWholeNumber<int>(parts[3]) : std::nullopt;
    const auto positions = counted ? parseWholeNumber<std::size_t>(parts[4]) : std::nullopt;
    const bool games = counted && parts[5] == workUnitName(WorkUnit::Games);
    const bool unitKnown = games || (counted && parts[5] == workUnitName(WorkUnit::Positions));
    const auto error = parts.size() == 7 ? parseWholeNumber<double>(parts[6]) : std::nullopt;
    const auto elo = parts.size() == 10 ? eloFrom({parts.begin() + 6, parts.end()}) : std::nullopt;
    if (!fitness || !solved || !scored || !failed || !positions || !unitKnown || (parts.size() == 7 && !error) ||
        (parts.size() == 10 && !elo))
        return "expected fitness,solved,scored,failed,positions,unit[,E | ,elo,low,high,games], got '" + std::string(text) + "'";
    out = HeldOutResult{*fitness, *solved, *scored, *failed, *positions, games ? WorkUnit::Games : WorkUnit::Positions,
                        error, elo};
    return std::nullopt;
}

template <class T>
constexpr bool kMayBeAbsent = false;
template <class T>
constexpr bool kMayBeAbsent<std::optional<T>> = true;

// Reads `line` into `fields`: the first problem, naming its field.
template <class Fields>
std::optional<std::string> readLine(std::string_view line, const Fields& fields) {
    auto found = namedValues(line);
    if (!found) return found.error().message;
    std::optional<std::string> error;
    auto read = [&](const auto& f) {
        if (error) return;
        auto it = found->find(f.key);
        if (it == found->end()) {
            if (!kMayBeAbsent<std::remove_cvref_t<decltype(f.value)>>) error = "'" + std::string(f.key) + "': missing";
        } else if (auto why = readValue(it->second, f.value)) {
            error = "'" + std::string(f.key) + "': " + *why;
        }
    };
    std::apply([&](const auto&... f) { (read(f), ...); }, fields);
    return error;
}

void setExtra(ga::RunState& state, const std::string& key, std::string value) {
    for (auto& [k, v] : state.extras)
        if (k == key) {
            v = std::move(value);
            return;
        }
    state.extras.emplace_back(key, std::move(value));
}

}  // namespace

bool isHistoryKey(std::string_view key) { return generationOf(key).has_value(); }

void recordGeneration(ga::RunState& state, const GenerationReport& report, bool withCost) {
    const std::string generation = std::to_string(report.stats.generation);
    setExtra(state, std::string(kHistory) + generation, lineText(historyFields(report)));
    if (withCost) setExtra(state, std::string(kCost) + generation, lineText(costFields(report)));
}

Result<std::vector<RecordedGeneration>> recordedGenerations(const ga::RunState& state) {
    std::map<int, RecordedGeneration> byGeneration;
    std::map<int, std::string_view> costs;
    for (const auto& [key, value] : state.extras) {
        const auto generation = generationOf(key);
        if (!generation) {
            if (key.rfind(kHistory, 0) == 0 || key.rfind(kCost, 0) == 0)
                return Error{"extras: " + key + ": expected a generation number after the '.'"};
            continue;
        }
        if (key.rfind(kCost, 0) == 0) {
            costs[*generation] = value;
            continue;
        }
        RecordedGeneration& g = byGeneration[*generation];
        g.report.stats.generation = *generation;
        if (auto why = readLine(value, historyFields(g.report))) return Error{"extras: " + key + ": " + *why};
    }
    for (const auto& [generation, value] : costs) {
        auto it = byGeneration.find(generation);
        if (it == byGeneration.end()) continue;  // a cost without its statistics shows nothing
        if (auto why = readLine(value, costFields(it->second.report)))
            return Error{"extras: " + std::string(kCost) + std::to_string(generation) + ": " + *why};
        it->second.hasCost = true;
    }
    std::vector<RecordedGeneration> out;
    out.reserve(byGeneration.size());
    for (auto& [generation, g] : byGeneration) out.push_back(std::move(g));
    return out;
}

void keepHistory(const ga::RunState& from, ga::RunState& to) {
    for (const auto& [key, value] : from.extras) {
        const auto generation = generationOf(key);
        if (generation && *generation <= to.generation) setExtra(to, key, value);
    }
}

}  // namespace mf::tuning
