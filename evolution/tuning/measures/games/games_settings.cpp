#include "evolution/tuning/measures/games/games_settings.h"

#include <filesystem>

#include "engine/whole_number.h"
#include "evolution/tuning/common/settings_rules.h"

namespace mf::tuning {

BaselineChoice parseBaseline(std::string_view text) {
    constexpr std::string_view kEngine = "engine:";
    if (text == "defaults") return DefaultsBaseline{};
    if (text == "start") return StartBaseline{};
    if (text == "partners") return PartnerBaseline{};
    if (text.starts_with(kEngine)) return EngineBaseline{std::string(text.substr(kEngine.size()))};
    return PopulationBaseline{std::string(text)};
}

std::string baselineText(const BaselineChoice& baseline) {
    if (std::holds_alternative<DefaultsBaseline>(baseline)) return "defaults";
    if (std::holds_alternative<StartBaseline>(baseline)) return "start";
    if (std::holds_alternative<PartnerBaseline>(baseline)) return "partners";
    if (const auto* engine = std::get_if<EngineBaseline>(&baseline)) return "engine:" + engine->program.string();
    return std::get<PopulationBaseline>(baseline).file.string();
}

std::vector<std::string> validateGames(const GamesSettings& games) {
    std::vector<std::string> problems;
    if (games.pairs < 1 || games.pairs > kMaxGamePairs)
        problems.push_back("pairs: must be from 1 to " + std::to_string(kMaxGamePairs) + ", got " +
                           std::to_string(games.pairs));
    if (games.heldOutPairs < 0 || games.heldOutPairs > kMaxGamePairs)
        problems.push_back("held-out pairs: must be from 0 (none) to " + std::to_string(kMaxGamePairs) + ", got " +
                           std::to_string(games.heldOutPairs));
    if (auto problem = inputFileProblem(games.openings, "openings", false)) problems.push_back(std::move(*problem));
    if (const auto* engine = std::get_if<EngineBaseline>(&games.baseline)) {
        if (auto problem = inputFileProblem(engine->program, "baseline engine", true, true))
            problems.push_back(std::move(*problem));
    } else if (const auto* population = std::get_if<PopulationBaseline>(&games.baseline)) {
        if (population->file.empty())
            problems.push_back("baseline: give defaults, start, partners, engine:PATH or a population file");
        else if (!std::filesystem::is_regular_file(population->file))
            problems.push_back("baseline: " + population->file.string() +
                               " is neither defaults, start, partners, engine:PATH nor an existing population file");
    }
    return problems;
}

bool measureHasHeldOut(const GamesSettings& games) { return games.heldOutPairs > 0; }

double measureResultScale(const GamesSettings& games) {
    return std::holds_alternative<PartnerBaseline>(games.baseline) ? 1.0 : 2.0;
}

std::vector<std::string> measureRunProblems(const GamesSettings& games, const MeasureSetup& run) {
    if (!std::holds_alternative<PartnerBaseline>(games.baseline) || run.parameters.populationSize % 2 == 0) return {};
    return {"population: with baseline partners the members play each other in couples: give an even population "
            "size, not " + std::to_string(run.parameters.populationSize)};
}

std::vector<std::string> measureProblems(const GamesSettings& games) { return validateGames(games); }

void writeMeasureExtras(const GamesSettings& games, ExtraLines& extras) {
    extras.emplace_back("games_pairs", std::to_string(games.pairs));
    extras.emplace_back("games_baseline", baselineText(games.baseline));
    if (!games.openings.empty()) extras.emplace_back("games_openings", games.openings.string());
    extras.emplace_back("games_heldout_pairs", std::to_string(games.heldOutPairs));
}

bool readMeasureExtra(GamesSettings& games, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem) {
    if (key == "games_pairs" || key == "games_heldout_pairs") {
        auto pairs = parseWholeNumber<int>(value);
        if (!pairs) problem = "extras: " + key + ": expected a number of pairs, got '" + value + "'";
        else (key == "games_pairs" ? games.pairs : games.heldOutPairs) = *pairs;
    } else if (key == "games_baseline") {
        games.baseline = parseBaseline(value);
    } else if (key == "games_openings") {
        games.openings = value;
    } else {
        return false;
    }
    return true;
}

}  // namespace mf::tuning
