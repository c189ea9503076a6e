#include "evolution/tuning/measures/games/games_settings.h"

#include <algorithm>
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

Result<match::GameLimits> runGameLimits(const ga::Parameters& parameters, const GamesSettings& games) {
    if (!games.timeControl.empty()) {
        auto clock = match::parseTimeControl(games.timeControl);
        if (!clock) return Error{"tc: expected [MOVES/]SECONDS[+INCREMENT] (10+0.1, 40/10+0.1), got '" + games.timeControl + "'"};
        return *clock;
    }
    switch (parameters.limitKind) {
    case ga::LimitKind::Time: return match::GameLimits::moveTime(parameters.limitValue);
    case ga::LimitKind::Depth: return match::GameLimits::depth(parameters.limitValue);
    case ga::LimitKind::Nodes: return match::GameLimits::nodes(parameters.limitValue);
    }
    return match::GameLimits::nodes(parameters.limitValue);
}

void takeClockAsLimit(const GamesSettings& games, ga::Parameters& parameters) {
    if (games.timeControl.empty()) return;
    const auto clock = match::parseTimeControl(games.timeControl);
    if (!clock) return;
    const int moves = clock->movesPerPeriod > 0 ? clock->movesPerPeriod : 40;
    parameters.limitKind = ga::LimitKind::Time;
    parameters.limitValue = std::max<std::int64_t>(1, clock->baseMs / moves + clock->incMs);
}

Result<match::GameLimits> parseConfirmLimit(std::string_view text) {
    const std::string wanted = "confirm at: expected 'tc [MOVES/]SECONDS[+INCREMENT]' or 'movetime MS', got '" +
                               std::string(text) + "'";
    if (text.starts_with("tc ")) {
        auto clock = match::parseTimeControl(text.substr(3));
        if (!clock) return Error{wanted};
        return *clock;
    }
    if (text.starts_with("movetime ")) {
        auto ms = parseWholeNumber<std::int64_t>(text.substr(9));
        if (!ms || *ms < 1) return Error{wanted};
        return match::GameLimits::moveTime(*ms);
    }
    return Error{wanted};
}

Result<match::GameLimits> confirmGameLimits(const ga::Parameters& parameters, const GamesSettings& games) {
    if (!games.confirmLimit.empty()) return parseConfirmLimit(games.confirmLimit);
    auto run = runGameLimits(parameters, games);
    if (!run || run->kind == match::GameLimits::Kind::Clock || run->kind == match::GameLimits::Kind::MoveTime) return run;
    return match::GameLimits::moveTime(kConfirmMoveTimeMs);
}

std::vector<std::string> validateGames(const GamesSettings& games) {
    std::vector<std::string> problems;
    ga::Parameters anyLimit;
    if (auto limits = runGameLimits(anyLimit, games); !limits) problems.push_back(limits.error().message);
    if (games.confirmPairs != 0 && (games.confirmPairs < kFewestConfirmPairs || games.confirmPairs > kMaxGamePairs))
        problems.push_back("confirm: must be 0 (none) or from " + std::to_string(kFewestConfirmPairs) + " to " +
                           std::to_string(kMaxGamePairs) + " pairs (fewer give no interval), got " +
                           std::to_string(games.confirmPairs));
    if (!games.confirmLimit.empty())
        if (auto limits = parseConfirmLimit(games.confirmLimit); !limits) problems.push_back(limits.error().message);
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
    std::vector<std::string> problems;
    if (std::holds_alternative<PartnerBaseline>(games.baseline) && run.parameters.populationSize % 2 != 0)
        problems.push_back("population: with baseline partners the members play each other in couples: give an even "
                           "population size, not " + std::to_string(run.parameters.populationSize));
    // The confirmation plays the start values on the baseline's engine: another program's engine
    // cannot take the tuned engine's options.
    if (games.confirmPairs > 0 && std::holds_alternative<EngineBaseline>(games.baseline))
        problems.push_back("confirm: the answer is confirmed against the start values on the tuned engine; with an "
                           "engine:PATH baseline, confirm with `matefind-cli match` instead");
    // A clock already charges a candidate's speed; a depth gives every side the same plies
    // whatever a node costs, so nothing there is charged in nodes.
    if (games.chargeSpeed && (!games.timeControl.empty() || run.parameters.limitKind != ga::LimitKind::Nodes))
        problems.push_back("charge speed: charges a side's speed in nodes, so it needs a node limit (--nodes); at a "
                           "clock or a time a move the clock charges it already");
    return problems;
}

std::vector<std::string> measureProblems(const GamesSettings& games) { return validateGames(games); }

void writeMeasureExtras(const GamesSettings& games, ExtraLines& extras) {
    extras.emplace_back("games_pairs", std::to_string(games.pairs));
    extras.emplace_back("games_baseline", baselineText(games.baseline));
    if (!games.openings.empty()) extras.emplace_back("games_openings", games.openings.string());
    extras.emplace_back("games_heldout_pairs", std::to_string(games.heldOutPairs));
    if (!games.timeControl.empty()) extras.emplace_back("games_tc", games.timeControl);
    if (games.confirmPairs > 0) extras.emplace_back("games_confirm_pairs", std::to_string(games.confirmPairs));
    if (!games.confirmLimit.empty()) extras.emplace_back("games_confirm_at", games.confirmLimit);
    if (games.chargeSpeed) extras.emplace_back("games_charge_speed", "1");
}

bool readMeasureExtra(GamesSettings& games, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem) {
    if (key == "games_pairs" || key == "games_heldout_pairs" || key == "games_confirm_pairs") {
        auto pairs = parseWholeNumber<int>(value);
        if (!pairs) problem = "extras: " + key + ": expected a number of pairs, got '" + value + "'";
        else (key == "games_pairs" ? games.pairs : key == "games_heldout_pairs" ? games.heldOutPairs : games.confirmPairs) = *pairs;
    } else if (key == "games_charge_speed") {
        if (value != "0" && value != "1") problem = "extras: games_charge_speed: expected 0 or 1, got '" + value + "'";
        else games.chargeSpeed = value == "1";
    } else if (key == "games_tc") {
        games.timeControl = value;
    } else if (key == "games_confirm_at") {
        games.confirmLimit = value;
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
