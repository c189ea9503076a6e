#include "evolution/suite/candidate.h"

#include <algorithm>

#include "engine/bitboard.h"
#include "engine/random.h"

namespace mf::suite {

std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

GameRecord toGameRecord(const PgnGame& game, const std::string& file) {
    GameRecord record;
    record.name = file + ":" + std::to_string(game.line);
    record.start = game.start;
    record.moves = game.moves;
    const std::string tagged = game.tag("Result");
    record.result = tagged.empty() ? (game.result.empty() ? "*" : game.result) : tagged;
    return record;
}

namespace {
bool piecesInRange(const Position& pos, const SampleRules& rules) {
    const int men = popcount(pos.pieces());
    return men >= rules.minPieces && men <= rules.maxPieces;
}
}  // namespace

std::vector<Candidate> sampleGame(const GameRecord& game, int gameIndex, const SampleRules& rules, std::uint64_t seed) {
    std::vector<Candidate> eligible;
    Position pos = game.start;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        pos.doMove(game.moves[i]);
        const int ply = int(i) + 1;
        if (ply < rules.minPly || !piecesInRange(pos, rules)) continue;
        eligible.push_back({pos, game.moves[i], game.name + " ply " + std::to_string(ply)});
    }
    if (rules.perGame <= 0 || eligible.size() <= std::size_t(rules.perGame)) return eligible;

    // Partial Fisher-Yates over indices with the game's own generator, then back to game order.
    Random rng(mixSeed(seed, std::uint64_t(gameIndex)));
    std::vector<std::size_t> index(eligible.size());
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
    for (std::size_t i = 0; i < std::size_t(rules.perGame); ++i)
        std::swap(index[i], index[i + rng.below(index.size() - i)]);
    index.resize(std::size_t(rules.perGame));
    std::sort(index.begin(), index.end());
    std::vector<Candidate> chosen;
    for (std::size_t i : index) chosen.push_back(std::move(eligible[i]));
    return chosen;
}

std::vector<Candidate> candidatesFromEpd(const EpdFile& file, const SampleRules& rules) {
    std::vector<Candidate> out;
    for (const EpdEntry& entry : file.entries) {
        if (!piecesInRange(entry.position, rules)) continue;
        out.push_back({entry.position, Move::none(), file.path + ":" + std::to_string(entry.line)});
    }
    return out;
}

std::vector<Candidate> removeDuplicates(std::vector<Candidate> candidates, PositionKeySet& seen) {
    std::vector<Candidate> out;
    for (Candidate& c : candidates)
        if (seen.insert(positionKey(c.position)).second) out.push_back(std::move(c));
    return out;
}

}  // namespace mf::suite
