#include "evolution/match/match_config_rules.h"

#include "evolution/match/match_runner.h"

namespace mf::match {

std::optional<std::string> sprtProblem(const SprtConfig& sprt) {
    if (!(sprt.elo1 > sprt.elo0)) return "sprt: elo1 must be greater than elo0";
    if (!(sprt.alpha > 0 && sprt.alpha < 1 && sprt.beta > 0 && sprt.beta < 1))
        return "sprt: alpha and beta must lie between 0 and 1";
    return std::nullopt;
}

std::optional<std::string> pairsProblem(std::int64_t pairs, std::size_t openings, const GameLimits& limits) {
    if (pairs < 0) return "pairs: must not be negative, got " + std::to_string(pairs);
    if (limits.deterministic() && pairs > std::int64_t(openings))
        return "pairs: " + std::to_string(pairs) + " exceeds the " + std::to_string(openings) +
               " openings: with a nodes or depth limit a repeated opening replays the same games; give more "
               "openings or at most that many pairs";
    return std::nullopt;
}

std::vector<std::string> validate(const MatchConfig& config) {
    std::vector<std::string> problems;
    if (config.sprt)
        if (auto problem = sprtProblem(*config.sprt)) problems.push_back(std::move(*problem));
    if (auto problem = pairsProblem(config.pairs, config.openings.size(), config.game.limits))
        problems.push_back(std::move(*problem));
    return problems;
}

}  // namespace mf::match
