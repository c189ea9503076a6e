#include "app/cli/make_options/self_play_options.h"

#include "app/cli/make_options/option_reading.h"

namespace mf::cli {

namespace {

std::string withDefault(const std::string& help, int value) { return help + " (default " + std::to_string(value) + ")"; }

void take(const boost::program_options::variables_map& values, const std::string& name, std::int64_t lo,
          std::int64_t hi, int& target) {
    if (auto n = integerOption(values, name, lo, hi)) target = static_cast<int>(*n);
}

}  // namespace

void addSelfPlayGameOptions(boost::program_options::options_description& options, const suite::SelfPlayConfig& defaults,
                            const std::string& gamesHelp) {
    // The descriptions copy their help text, so the temporaries' c_str() need only last this line.
    options.add_options()
        ("games", textValue("N"), withDefault(gamesHelp, defaults.games).c_str())
        ("random-plies", textValue("N"), withDefault("random half-moves opening each game", defaults.randomPlies).c_str())
        ("opening-window", textValue("CP"),
         withDefault("drop a game whose first score after the opening exceeds CP", defaults.openingWindow).c_str())
        ("max-game-plies", textValue("N"),
         withDefault("a game still running after N half-moves ends there, without a result", defaults.maxPlies).c_str());
}

void readSelfPlayGames(const boost::program_options::variables_map& values, suite::SelfPlayConfig& games) {
    take(values, "games", 1, 10000000, games.games);
    take(values, "random-plies", 0, 100, games.randomPlies);
    take(values, "opening-window", 0, 100000, games.openingWindow);
    take(values, "max-game-plies", 1, 10000, games.maxPlies);
}

}  // namespace mf::cli
