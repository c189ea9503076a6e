// The make-dataset run: games from self-play or a PGN, quiet positions labelled by result, the file.
#include "evolution/dataset/make_dataset.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <ostream>

#include "engine/eval_params.h"
#include "engine/pgn_reader.h"
#include "engine/random.h"
#include "evolution/dataset/dataset_writer.h"
#include "evolution/dataset/make_dataset_engine.h"
#include "evolution/dataset/quiet_filter.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/suite_entry.h"

namespace mf::dataset {

std::string DatasetTally::describe() const {
    return std::to_string(games) + " games (" + std::to_string(gamesWithoutResult) + " without a result, not used); " +
           std::to_string(positionsSeen) + " positions looked at: " + std::to_string(inCheck) + " in check, " +
           std::to_string(tactical) + " with a capture pending, " +
           (stalemates ? std::to_string(stalemates) + " stalemates, " : std::string()) + std::to_string(duplicates) + " duplicates" +
           (beyondPerGame ? ", " + std::to_string(beyondPerGame) + " beyond --per-game" : std::string()) + "; kept " +
           std::to_string(kept) + " (White won " + std::to_string(wins) + ", drawn " + std::to_string(draws) +
           ", Black won " + std::to_string(losses) + "); not looked at: " + std::to_string(earlyPlies) +
           " early plies, " + std::to_string(adjudicatedTail) + " in adjudicated tails";
}

void labelGames(const std::vector<suite::GameRecord>& games, int minPly, std::vector<LabelledPosition>& out,
                suite::PositionKeySet& seen, DatasetTally& tally, int perGame, std::uint64_t seed) {
    const EvalParams params;  // the bundled engine's defaults judge quietness
    for (std::size_t index = 0; index < games.size(); ++index) {
        const suite::GameRecord& game = games[index];
        ++tally.games;
        const double result = parseResult(game.result);
        if (result < 0) {
            ++tally.gamesWithoutResult;
            continue;
        }
        Position pos = game.start;
        const int plies = int(game.moves.size());
        std::vector<Position> usable;  // quiet, and not in an earlier game
        // Position after `ply` half-moves; the final position (no move from it) counts too.
        for (int ply = 0; ply <= plies; ++ply) {
            if (ply > 0) pos.doMove(game.moves[std::size_t(ply - 1)]);
            if (ply < minPly) {
                ++tally.earlyPlies;
                continue;
            }
            if (game.adjudicatedFromPly >= 0 && ply >= game.adjudicatedFromPly) {
                ++tally.adjudicatedTail;
                continue;
            }
            ++tally.positionsSeen;
            const Quietness q = judgeQuietness(pos, params);
            if (q == Quietness::InCheck) { ++tally.inCheck; continue; }
            if (q == Quietness::Tactical) { ++tally.tactical; continue; }
            if (q == Quietness::NoMove) { ++tally.stalemates; continue; }
            if (seen.contains(suite::positionKey(pos)) ||
                std::any_of(usable.begin(), usable.end(), [&](const Position& u) { return u.key() == pos.key(); })) {
                ++tally.duplicates;
                continue;
            }
            usable.push_back(pos);
        }
        std::vector<std::size_t> taken(usable.size());
        std::iota(taken.begin(), taken.end(), std::size_t{0});
        if (perGame > 0 && usable.size() > std::size_t(perGame)) {
            // A partial Fisher-Yates draw of perGame of them, then back to game order.
            Random random(suite::mixSeed(seed, index));
            for (std::size_t i = 0; i < std::size_t(perGame); ++i)
                std::swap(taken[i], taken[i + random.below(taken.size() - i)]);
            taken.resize(std::size_t(perGame));
            std::sort(taken.begin(), taken.end());
            tally.beyondPerGame += usable.size() - taken.size();
        }
        for (std::size_t t : taken) {
            seen.insert(suite::positionKey(usable[t]));
            LabelledPosition p;
            // Without its game's states (one a ply played, some 13 KB a position: 13 GB for a
            // million kept): the data set needs only the board.
            p.position = usable[t];
            p.position.forgetHistory();
            p.result = result;
            out.push_back(std::move(p));
            ++tally.kept;
            (result == 1.0 ? tally.wins : result == 0.0 ? tally.losses : tally.draws) += 1;
        }
    }
}

int runMakeDataset(const MakeDatasetOptions& o, std::ostream& log, std::stop_token stop,
                   const suite::SelfPlayVenueFactory& venue, const MakeDatasetProgressHandler& progress) {
    std::vector<std::string> header = {"MateFind labelled positions (Texel tuning) made by matefind-cli make-dataset; rebuild with:"};
    std::string command = "matefind-cli make-dataset";
    for (const std::string& a : o.arguments)
        if (a != "--mpi") command += " " + suite::shellQuote(a);  // where the games are played changes nothing
    header.push_back(command);
    header.push_back("result c9 is White's; positions are quiet (not in check; quiescence == static eval or its best move "
                     "is not a capture, judged with the bundled engine's default weights) after ply " +
                     std::to_string(o.minPly) + ", outside adjudicated tails, without duplicates" +
                     (o.perGame > 0 ? ", at most " + std::to_string(o.perGame) + " a game (drawn by the seed)" : std::string()));

    std::vector<suite::GameRecord> games;
    bool stopped = false;
    if (o.source == MakeDatasetOptions::Source::Pgn) {
        PgnFile file = readPgnFile(o.pgnPath);
        for (const PgnError& e : file.errors) log << e.describe() << "\n";
        if (file.games.empty()) {
            log << "make-dataset: no usable game in " << o.pgnPath << "\n";
            return 1;
        }
        for (const PgnGame& g : file.games) games.push_back(suite::toGameRecord(g, o.pgnPath));
        header.push_back("source: " + std::to_string(games.size()) + " games of " + o.pgnPath + ", labelled by their Result tags");
    } else {
        SelfPlayGames played = playSelfPlayGames(o, log, stop, venue, progress);
        if (played.exitCode != 0) return played.exitCode;
        games = std::move(played.games);
        stopped = played.stopped;
        header.insert(header.end(), played.header.begin(), played.header.end());
    }

    std::vector<LabelledPosition> positions;
    suite::PositionKeySet seen;
    DatasetTally tally;
    labelGames(games, o.minPly, positions, seen, tally, o.perGame, std::uint64_t(o.selfPlay.seed));
    header.push_back(tally.describe());
    log << tally.describe() << "\n";

    std::ofstream out(o.output, std::ios::binary | std::ios::trunc);
    if (!out) {
        log << "make-dataset: cannot write " << o.output << "\n";
        return 1;
    }
    out << writeDataset(header, positions);
    if (!out.flush()) {
        log << "make-dataset: error writing " << o.output << "\n";
        return 1;
    }
    log << "wrote " << positions.size() << " positions to " << o.output
        << (stopped ? " (stopped: the positions of the " + std::to_string(games.size()) + " games that had ended)" : "")
        << "\n";
    if (progress)
        progress(MakeDatasetProgress{true, stopped, int(tally.games - tally.gamesWithoutResult),
                                     o.source == MakeDatasetOptions::Source::Pgn ? int(games.size()) : o.selfPlay.games,
                                     positions.size()});
    return positions.empty() || stopped ? 1 : 0;
}

}  // namespace mf::dataset
