#pragma once
// The games measure's settings: how many game pairs a member plays, against which baseline, from
// which openings, and the held-out pairs. The measure owns them, their rules and their keys in a
// population file; the run's settings hold them (TuningSettings::of<GamesSettings>()).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/parameters.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/measures/measure_types.h"

namespace mf::tuning {

// The opponent of the games measure. Written in a population file and on the command line as
// text (baselineText, parseBaseline): "defaults", "start", "partners", "engine:PATH", or the
// population file's name.
struct DefaultsBaseline {  // the tuned engine with its own defaults
    friend bool operator==(const DefaultsBaseline&, const DefaultsBaseline&) = default;
};
struct StartBaseline {  // the tuned engine with the run's start values (the genome's defaults, --start-values)
    friend bool operator==(const StartBaseline&, const StartBaseline&) = default;
};
struct EngineBaseline {  // another engine with its own defaults
    std::filesystem::path program;
    friend bool operator==(const EngineBaseline&, const EngineBaseline&) = default;
};
struct PopulationBaseline {  // the pick of a population file, played by the tuned engine
    std::filesystem::path file;
    friend bool operator==(const PopulationBaseline&, const PopulationBaseline&) = default;
};
// No baseline: the members play each other in couples, member 2j against 2j + 1 (SPSA's theta+
// against theta-, as fishtest and OpenBench play them), on the tuned engine; the held-out pairs
// are played against the start values.
struct PartnerBaseline {
    friend bool operator==(const PartnerBaseline&, const PartnerBaseline&) = default;
};
using BaselineChoice = std::variant<DefaultsBaseline, StartBaseline, EngineBaseline, PopulationBaseline, PartnerBaseline>;

// Every text is some baseline: "defaults", "start", "engine:PATH", else a population file's name. Empty
// text gives a PopulationBaseline without a file, which validateGames reports, so that front ends
// parse without judging.
BaselineChoice parseBaseline(std::string_view text);
std::string baselineText(const BaselineChoice& baseline);  // parseBaseline's inverse

// Every member of a generation plays `pairs` game pairs (each opening twice, colours reversed)
// against the baseline, from the same openings, at the run's limit per move or at a clock.
struct GamesSettings {
    int pairs = 2;                          // K game pairs per member and generation
    BaselineChoice baseline = DefaultsBaseline{};
    std::filesystem::path openings;         // EPD/FEN or PGN; empty: the bundled openings
    int heldOutPairs = 0;                   // > 0: the best plays this many pairs on openings kept apart
    // A clock with increment in cutechess's form ("10+0.1", "40/10+0.1"); empty: the run's limit
    // per move. Engines that ignore node limits (Toga II) and pruning constants, which a fixed
    // depth cannot measure, are tuned at a clock, as fishtest and OpenBench tune.
    std::string timeControl;
    // > 0: the run's answer plays this many pairs against the start values, at `confirmLimit`, on
    // openings no generation played; it stays the pick only when the pentanomial interval's lower
    // bound is above 0, else the start answers ("no better than the start at a clock").
    int confirmPairs = 0;
    // "tc 10+0.1" or "movetime 40"; empty: the run's clock, or its movetime, else movetime 40
    // (a node limit lets a candidate buy dearer nodes for free: the check is at a clock).
    std::string confirmLimit;
    // At a node limit, each side plays the limit times its speed ratio (nodes a second with its
    // values over the start's, speed_probe.h): a candidate that buys dearer nodes gets fewer of
    // them, as a clock would give it. Only with a node limit: a clock charges speed itself.
    bool chargeSpeed = false;

    friend bool operator==(const GamesSettings&, const GamesSettings&) = default;
};

// Game pairs per member (and for the held-out check) are at most this many.
inline constexpr int kMaxGamePairs = 100'000;
// A confirmation of fewer pairs gives no interval worth a verdict (match::kFewestSamplesForInterval).
inline constexpr int kFewestConfirmPairs = 10;
// The confirmation's limit when the run plays at a node limit or a depth.
inline constexpr std::int64_t kConfirmMoveTimeMs = 40;

// The games' limit: the run's clock when it has one (an error naming the field when it does not
// read), else its limit per move.
Result<match::GameLimits> runGameLimits(const ga::Parameters& parameters, const GamesSettings& games);
// A run whose games play at a clock: its limit per move becomes the clock's share of one move
// (the base over its moves, or over 40, plus the increment), which is what the engine check and
// the noisy-fitness rule read. Nothing changes without a clock (or with one that does not read).
void takeClockAsLimit(const GamesSettings& games, ga::Parameters& parameters);
// The confirmation's limit (GamesSettings::confirmLimit, its default said there).
Result<match::GameLimits> confirmGameLimits(const ga::Parameters& parameters, const GamesSettings& games);
// "tc 10+0.1" / "movetime 40" as a limit; an error saying what reads.
Result<match::GameLimits> parseConfirmLimit(std::string_view text);

// The games measure's fields: pairs, held-out pairs, openings, baseline (each problem names it).
std::vector<std::string> validateGames(const GamesSettings& games);

// The measure's part of a run's settings, as the run core asks every measure for it
// (measures/measure_types.h).
bool measureHasHeldOut(const GamesSettings& games);
// What a fitness difference of 1 is worth in fishtest's result (wins - losses of theta+ against
// theta-): 1 when the members play each other (their points' difference is it), 2 against a
// baseline (each member's points against it: twice the difference is about the same).
double measureResultScale(const GamesSettings& games);
// The members play each other in couples: the population must be even.
std::vector<std::string> measureRunProblems(const GamesSettings& games, const MeasureSetup& run);
std::vector<std::string> measureProblems(const GamesSettings& games);
// Its keys in a population file's extras: games_pairs, games_baseline, games_openings (when
// given), games_heldout_pairs, and when given games_tc, games_confirm_pairs, games_confirm_at,
// games_charge_speed.
void writeMeasureExtras(const GamesSettings& games, ExtraLines& extras);
// Reads `key` when it is one of the measure's: true when taken; `problem` names a key that does not read.
bool readMeasureExtra(GamesSettings& games, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem);

}  // namespace mf::tuning
