#include "evolution/tuning/optimizers/optimizer_extras.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"

namespace mf::tuning {

namespace {

std::optional<double> parseNumber(const std::string& text) {
    double x = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(x)) return std::nullopt;
    return x;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return text;
}

// The numbers of every optimiser of the stages, each once, in stage order.
void addNumbers(const OptimizerSettings& settings, std::vector<std::pair<std::string, std::string>>& extras) {
    std::vector<const OptimizerInfo*> done;
    for (const Stage& stage : settings.stages) {
        const OptimizerInfo* info = findOptimizer(stage.optimizer);
        if (!info || std::find(done.begin(), done.end(), info) != done.end()) continue;
        done.push_back(info);
        for (const NumberSetting& setting : info->settings) {
            const double value = settings.number(setting);
            if (setting.savedAtDefault || value != setting.defaultValue) extras.emplace_back(std::string(setting.key), exactDecimal(value));
        }
    }
}

}  // namespace

std::string stagesText(const std::vector<Stage>& stages) {
    std::string text;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        if (i > 0) text += ", ";
        text += stages[i].optimizer;
        if (i + 1 < stages.size()) text += " " + std::to_string(stages[i].generations);
    }
    return text;
}

std::optional<std::string> parseStages(std::string_view text, std::vector<Stage>& stages) {
    std::vector<Stage> read;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view part = trimmed(text.substr(start, comma - start));
        const std::size_t space = part.find(' ');
        Stage stage;
        stage.optimizer = std::string(part.substr(0, space));
        if (!findOptimizer(stage.optimizer))
            return "'" + stage.optimizer + "' is no optimiser (expected " + optimizerNames() + ")";
        const bool last = comma == text.size();
        if (space != std::string_view::npos) {
            auto count = parseWholeNumber<int>(trimmed(part.substr(space + 1)));
            if (!count || *count < 1) return "stage " + stage.optimizer + ": expected a number of generations (1 or more)";
            stage.generations = *count;
        } else if (!last) {
            return "stage " + stage.optimizer + ": every stage but the last needs its number of generations";
        }
        read.push_back(std::move(stage));
        start = comma + 1;
    }
    stages = std::move(read);
    return std::nullopt;
}

std::optional<std::string> parseLaterStages(std::string_view text, std::vector<Stage>& stages) {
    if (trimmed(text).empty()) {
        stages.clear();
        return std::nullopt;
    }
    std::vector<Stage> read;
    // Every stage here has its count: read the text as if a last stage without one followed.
    if (auto problem = parseStages(std::string(text) + ", ga", read)) return problem;
    read.pop_back();
    stages = std::move(read);
    return std::nullopt;
}

std::string laterStagesText(const std::vector<Stage>& stages) {
    std::string text;
    for (const Stage& stage : stages) text += (text.empty() ? "" : ", ") + stage.optimizer + " " + std::to_string(stage.generations);
    return text;
}

void joinStages(OptimizerSettings& optimizer, int& generations, const std::vector<Stage>& later) {
    optimizer.stages.resize(1);
    // A single stage runs the whole run: its count is not used (0, as the CLI leaves it).
    optimizer.stages.front().generations = later.empty() ? 0 : generations;
    for (const Stage& stage : later) {
        optimizer.stages.push_back(stage);
        generations += stage.generations;
    }
}

std::vector<Stage> laterStagesOf(const OptimizerSettings& optimizer, int generations, int& firstGenerations) {
    std::vector<Stage> later(optimizer.stages.begin() + 1, optimizer.stages.end());
    firstGenerations = generations;
    if (later.empty()) return later;
    int before = 0;
    for (std::size_t i = 0; i + 1 < optimizer.stages.size(); ++i) before += optimizer.stages[i].generations;
    later.back().generations = generations - before;  // the last stage runs to the end
    firstGenerations = optimizer.stages.front().generations;
    return later;
}

void addOptimizerExtras(const OptimizerSettings& settings, std::vector<std::pair<std::string, std::string>>& extras) {
    if (settings.stages.size() > 1) extras.emplace_back("stages", stagesText(settings.stages));
    else if (settings.first() != "ga") extras.emplace_back("optimizer", settings.first());
    addNumbers(settings, extras);
}

std::optional<std::string> readOptimizerExtras(const std::vector<std::pair<std::string, std::string>>& extras,
                                               OptimizerSettings& settings) {
    settings = OptimizerSettings{};
    for (const auto& [key, value] : extras) {
        if (key == "optimizer") {
            if (!findOptimizer(value)) return "extras: optimizer: expected " + optimizerNames() + ", got '" + value + "'";
            settings.only(value);
        } else if (key == "stages") {
            if (auto problem = parseStages(value, settings.stages)) return "extras: stages: " + *problem;
        } else {
            const auto all = allNumberSettings();
            const auto it = std::find_if(all.begin(), all.end(), [&](const NumberSetting* s) { return s->key == key; });
            if (it == all.end()) continue;
            auto number = parseNumber(value);
            if (!number) return "extras: " + key + ": expected a number, got '" + value + "'";
            settings.set(**it, *number);
        }
    }
    return std::nullopt;
}

}  // namespace mf::tuning
