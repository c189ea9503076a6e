#include "evolution/tuning/run_history.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>

namespace mf::tuning {

namespace {

constexpr std::string_view kHistory = "history.";
constexpr std::string_view kCost = "cost.";

std::string exact(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

template <class T>
std::optional<T> parse(std::string_view text) {
    T value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

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
        if (key.substr(0, prefix.size()) == prefix) return parse<int>(key.substr(prefix.size()));
    return std::nullopt;
}

std::string historyValue(const GenerationReport& r) {
    const ga::GenerationStats& s = r.stats;
    std::string v = "best=" + exact(s.best) + " mean=" + exact(s.mean) + " worst=" + exact(s.worst) +
                    " sum=" + exact(s.sum) + " evaluations=" + std::to_string(s.evaluations) +
                    " diversity=" + exact(s.diversity) + " values=";
    for (std::size_t i = 0; i < s.bestValues.size(); ++i) v += (i ? "," : "") + std::to_string(s.bestValues[i]);
    if (r.bestError) v += " error=" + exact(*r.bestError);
    if (r.startError) v += " e0=" + exact(*r.startError);
    if (r.evalfitK) v += " k=" + exact(*r.evalfitK);
    if (r.heldOut) {
        const HeldOutResult& h = *r.heldOut;
        v += " heldout=" + exact(h.fitness) + "," + std::to_string(h.solved) + "," + std::to_string(h.scored) + "," +
             std::to_string(h.failed) + "," + std::to_string(h.positions) + "," + std::string(workUnitName(h.unit));
        if (h.error) v += "," + exact(*h.error);
    }
    return v;
}

std::string costValue(const GenerationReport& r) {
    return "searched=" + std::to_string(r.cost.searchedCandidates) + " cached=" + std::to_string(r.cost.cachedCandidates) +
           " failed=" + std::to_string(r.cost.failedSearches) + " failed_total=" + std::to_string(r.failedSearchesTotal) +
           " limits=" + std::to_string(r.cost.limitBreakingSearches) +
           " limits_total=" + std::to_string(r.limitBreakingSearchesTotal) + " hit_rate=" + exact(r.cacheHitRate) +
           " wall_ns=" + std::to_string(r.cost.wallTime.count()) + " think_ns=" + std::to_string(r.cost.thinkTime.count()) +
           " noisy=" + (r.noisyFitness ? "1" : "0");
}

// Reads "name=value name=value ..." into a map; an error names the token that is not name=value.
Result<std::map<std::string, std::string, std::less<>>> fields(std::string_view value) {
    std::map<std::string, std::string, std::less<>> out;
    for (std::string_view token : split(value, ' ')) {
        if (token.empty()) continue;
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0)
            return Error{"'" + std::string(token) + "' is not name=value"};
        out.emplace(std::string(token.substr(0, equals)), std::string(token.substr(equals + 1)));
    }
    return out;
}

// Reads the fields of one line into `report`; an error names the field.
class LineReader {
public:
    explicit LineReader(std::map<std::string, std::string, std::less<>> fields) : fields_(std::move(fields)) {}
    std::optional<std::string> error;

    template <class T>
    void number(std::string_view name, T& out, bool required = true) {
        auto it = fields_.find(name);
        if (it == fields_.end()) {
            if (required) fail(name, "missing");
            return;
        }
        if (auto v = parse<T>(it->second)) out = *v;
        else fail(name, "expected a number, got '" + it->second + "'");
    }
    void optionalNumber(std::string_view name, std::optional<double>& out) {
        if (!fields_.contains(name)) return;
        double v = 0;
        number(name, v);
        out = v;
    }
    const std::string* text(std::string_view name) const {
        auto it = fields_.find(name);
        return it == fields_.end() ? nullptr : &it->second;
    }
    void fail(std::string_view name, const std::string& why) {
        if (!error) error = "'" + std::string(name) + "': " + why;
    }

private:
    std::map<std::string, std::string, std::less<>> fields_;
};

std::optional<std::string> readHistory(std::string_view value, GenerationReport& r) {
    auto parsed = fields(value);
    if (!parsed) return parsed.error().message;
    LineReader in(std::move(*parsed));
    ga::GenerationStats& s = r.stats;
    in.number("best", s.best);
    in.number("mean", s.mean);
    in.number("worst", s.worst);
    in.number("sum", s.sum);
    in.number("evaluations", s.evaluations);
    in.number("diversity", s.diversity);
    if (const std::string* values = in.text("values"); !values) {
        in.fail("values", "missing");
    } else if (!values->empty()) {
        for (std::string_view part : split(*values, ',')) {
            if (auto v = parse<int>(part)) s.bestValues.push_back(*v);
            else in.fail("values", "expected whole numbers separated by ',', got '" + *values + "'");
        }
    }
    in.optionalNumber("error", r.bestError);
    in.optionalNumber("e0", r.startError);
    in.optionalNumber("k", r.evalfitK);
    if (const std::string* held = in.text("heldout")) {
        const auto parts = split(*held, ',');
        HeldOutResult h;
        const auto fitness = parts.size() >= 6 ? parse<double>(parts[0]) : std::nullopt;
        const auto solved = parts.size() >= 6 ? parse<int>(parts[1]) : std::nullopt;
        const auto scored = parts.size() >= 6 ? parse<int>(parts[2]) : std::nullopt;
        const auto failed = parts.size() >= 6 ? parse<int>(parts[3]) : std::nullopt;
        const auto positions = parts.size() >= 6 ? parse<std::size_t>(parts[4]) : std::nullopt;
        const bool games = parts.size() >= 6 && parts[5] == workUnitName(WorkUnit::Games);
        const bool unitKnown = games || (parts.size() >= 6 && parts[5] == workUnitName(WorkUnit::Positions));
        const auto error = parts.size() == 7 ? parse<double>(parts[6]) : std::nullopt;
        if (!fitness || !solved || !scored || !failed || !positions || !unitKnown || parts.size() > 7 ||
            (parts.size() == 7 && !error)) {
            in.fail("heldout", "expected fitness,solved,scored,failed,positions,unit[,E], got '" + *held + "'");
        } else {
            h.fitness = *fitness;
            h.solved = *solved;
            h.scored = *scored;
            h.failed = *failed;
            h.positions = *positions;
            h.unit = games ? WorkUnit::Games : WorkUnit::Positions;
            h.error = error;
            r.heldOut = h;
        }
    }
    return in.error;
}

std::optional<std::string> readCost(std::string_view value, GenerationReport& r) {
    auto parsed = fields(value);
    if (!parsed) return parsed.error().message;
    LineReader in(std::move(*parsed));
    in.number("searched", r.cost.searchedCandidates);
    in.number("cached", r.cost.cachedCandidates);
    in.number("failed", r.cost.failedSearches);
    in.number("failed_total", r.failedSearchesTotal);
    in.number("limits", r.cost.limitBreakingSearches);
    in.number("limits_total", r.limitBreakingSearchesTotal);
    in.number("hit_rate", r.cacheHitRate);
    long long wall = 0, think = 0;
    int noisy = 0;
    in.number("wall_ns", wall);
    in.number("think_ns", think);
    in.number("noisy", noisy);
    r.cost.wallTime = std::chrono::nanoseconds(wall);
    r.cost.thinkTime = std::chrono::nanoseconds(think);
    r.noisyFitness = noisy != 0;
    return in.error;
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
    setExtra(state, std::string(kHistory) + generation, historyValue(report));
    if (withCost) setExtra(state, std::string(kCost) + generation, costValue(report));
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
        if (auto why = readHistory(value, g.report)) return Error{"extras: " + key + ": " + *why};
    }
    for (const auto& [generation, value] : costs) {
        auto it = byGeneration.find(generation);
        if (it == byGeneration.end()) continue;  // a cost without its statistics shows nothing
        if (auto why = readCost(value, it->second.report))
            return Error{"extras: cost." + std::to_string(generation) + ": " + *why};
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
