#include "evolution/tuning/measures/evalfit/polish_history.h"

#include <algorithm>
#include <map>

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"

namespace mf::tuning {

namespace {

constexpr std::string_view kPolish = "polish.";

std::optional<int> polishNumberOf(std::string_view key) {
    if (key.substr(0, kPolish.size()) != kPolish) return std::nullopt;
    return parseWholeNumber<int>(key.substr(kPolish.size()));
}

std::string valuesText(const std::vector<int>& values) {
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) text += ',';
        text += std::to_string(values[i]);
    }
    return text;
}

std::string lineText(const RecordedPolishPass& r) {
    std::string text = "generation=" + std::to_string(r.generation) + " start=" + exactDecimal(r.startError) +
                       " pass=" + std::to_string(r.pass.pass) + " error=" + exactDecimal(r.pass.error) +
                       " moved=" + std::to_string(r.pass.moved) + " evaluations=" + std::to_string(r.pass.evaluations) +
                       " values=" + valuesText(r.pass.values);
    if (r.heldOutError) text += " heldout=" + exactDecimal(*r.heldOutError);
    return text;
}

template <class T>
bool readNumber(const std::map<std::string, std::string, std::less<>>& fields, const char* name, T& out) {
    const auto it = fields.find(name);
    if (it == fields.end()) return false;
    auto value = parseWholeNumber<T>(it->second);
    if (!value) return false;
    out = *value;
    return true;
}

bool readValues(std::string_view text, std::vector<int>& out) {
    out.clear();
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        auto value = parseWholeNumber<int>(text.substr(at, comma - at));
        if (!value) return false;
        out.push_back(*value);
        at = comma + 1;
    }
    return true;
}

Result<RecordedPolishPass> parseLine(const std::string& key, std::string_view line) {
    std::map<std::string, std::string, std::less<>> fields;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t end = std::min(line.find(' ', at), line.size());
        const std::string_view token = line.substr(at, end - at);
        at = end + 1;
        if (token.empty()) continue;
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0)
            return Error{"extras: " + key + ": '" + std::string(token) + "' is not name=value"};
        fields.emplace(std::string(token.substr(0, equals)), std::string(token.substr(equals + 1)));
    }
    RecordedPolishPass r;
    const auto fail = [&](const char* field) { return Error{"extras: " + key + ": '" + field + "' is missing or unreadable"}; };
    if (!readNumber(fields, "generation", r.generation)) return fail("generation");
    if (!readNumber(fields, "start", r.startError)) return fail("start");
    if (!readNumber(fields, "pass", r.pass.pass)) return fail("pass");
    if (!readNumber(fields, "error", r.pass.error)) return fail("error");
    if (!readNumber(fields, "moved", r.pass.moved)) return fail("moved");
    if (!readNumber(fields, "evaluations", r.pass.evaluations)) return fail("evaluations");
    const auto values = fields.find("values");
    if (values == fields.end() || !readValues(values->second, r.pass.values)) return fail("values");
    if (fields.count("heldout")) {
        double heldOut = 0;
        if (!readNumber(fields, "heldout", heldOut)) return fail("heldout");
        r.heldOutError = heldOut;
    }
    return r;
}

int lastPolishNumber(const ga::RunState& state) {
    int last = 0;
    for (const auto& [key, value] : state.extras)
        if (auto number = polishNumberOf(key)) last = std::max(last, *number);
    return last;
}

}  // namespace

void recordPolishPass(ga::RunState& state, int generation, double startError, const dataset::PolishPass& pass) {
    RecordedPolishPass r;
    r.generation = generation;
    r.startError = startError;
    r.pass = pass;
    state.extras.emplace_back(std::string(kPolish) + std::to_string(lastPolishNumber(state) + 1), lineText(r));
}

void recordPolishHeldOut(ga::RunState& state, double heldOutError) {
    const std::string key = std::string(kPolish) + std::to_string(lastPolishNumber(state));
    for (auto& [k, value] : state.extras) {
        if (k != key) continue;
        auto r = parseLine(k, value);
        if (!r) return;
        r->heldOutError = heldOutError;
        value = lineText(*r);
    }
}

Result<std::vector<RecordedPolishPass>> recordedPolish(const ga::RunState& state) {
    std::map<int, RecordedPolishPass> byNumber;
    for (const auto& [key, value] : state.extras) {
        if (key.substr(0, kPolish.size()) != kPolish) continue;
        const auto number = polishNumberOf(key);
        if (!number) return Error{"extras: " + key + ": expected a pass number after the '.'"};
        auto r = parseLine(key, value);
        if (!r) return r.error();
        byNumber[*number] = std::move(*r);
    }
    std::vector<RecordedPolishPass> out;
    for (auto& [number, r] : byNumber) out.push_back(std::move(r));
    return out;
}

std::optional<RecordedPolishPass> polishOf(const ga::RunState& state, const std::vector<int>& values) {
    auto recorded = recordedPolish(state);
    if (!recorded) return std::nullopt;
    for (auto it = recorded->rbegin(); it != recorded->rend(); ++it)
        if (it->pass.values == values && it->pass.error < it->startError) return *it;
    return std::nullopt;
}

void keepPolish(const ga::RunState& from, ga::RunState& to) {
    for (const auto& [key, value] : from.extras)
        if (polishNumberOf(key)) to.extras.emplace_back(key, value);
}

}  // namespace mf::tuning
