#include "evolution/match/openings.h"

#include <fstream>
#include <sstream>

#include "engine/epd.h"
#include "engine/notation.h"
#include "engine/pgn_reader.h"
#include "engine/random.h"
#include "engine/text.h"
#include "evolution/match/rules.h"

namespace mf::match {
namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
    if (text.size() < suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        char a = text[text.size() - suffix.size() + i];
        if (a >= 'A' && a <= 'Z') a = char(a - 'A' + 'a');
        if (a != suffix[i]) return false;
    }
    return true;
}

// Why the game cannot start from here, or "".
std::string playable(const Position& pos) {
    if (auto verdict = ruleEnding(pos)) return "the game is already over (" + std::string(endingName(verdict->ending)) + ")";
    return "";
}

// The opening of one non-blank, non-comment line, or why it cannot be one. The line is EPD as
// the engine library reads it (a plain FEN is EPD with its two counters); "hmvc" and "fmvn" give
// the counters of a four-field position, "id" names the opening (else `where` does).
Result<Opening> epdOpening(std::string_view line, const std::string& where) {
    auto record = parseEpdLine(line);
    if (!record) return record.error();
    auto pos = record->position();
    if (!pos) return pos.error();
    if (auto why = playable(*pos); !why.empty()) return Error{why};
    Opening opening;
    opening.fen = pos->fen();
    const std::string id = record->id();
    opening.name = id.empty() ? where : id;
    return opening;
}

}  // namespace

OpeningsFile parseEpdOpenings(const std::string& text, const std::string& sourceName) {
    OpeningsFile out;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string_view content = trim(line);
        if (content.empty() || content.front() == '#') continue;
        const std::string where = sourceName + ":" + std::to_string(number);
        auto opening = epdOpening(content, where);
        if (opening) out.openings.push_back(std::move(*opening));
        else out.errors.push_back(where + ": " + opening.error().message);
    }
    return out;
}

OpeningsFile readOpenings(const std::string& path, int pgnPlies) {
    OpeningsFile out;
    if (endsWith(path, ".pgn")) {
        PgnFile file = readPgnFile(path);
        for (const auto& error : file.errors) out.errors.push_back(error.describe());
        for (const auto& game : file.games) {
            const std::string where = path + ":" + std::to_string(game.line);
            if (int(game.moves.size()) < pgnPlies) {
                out.errors.push_back(where + ": the main line has " + std::to_string(game.moves.size()) +
                                     " plies, fewer than the " + std::to_string(pgnPlies) + " asked for");
                continue;
            }
            Opening opening;
            opening.fen = game.start.fen();
            opening.name = where;
            Position pos = game.start;
            for (int i = 0; i < pgnPlies; ++i) {
                opening.moves.push_back(toUci(game.moves[std::size_t(i)]));
                pos.doMove(game.moves[std::size_t(i)]);
            }
            if (auto why = playable(pos); !why.empty()) {
                out.errors.push_back(where + ": " + why);
                continue;
            }
            out.openings.push_back(std::move(opening));
        }
        return out;
    }
    std::ifstream in(path);
    if (!in) {
        out.errors.push_back(path + ": cannot be read");
        return out;
    }
    std::stringstream text;
    text << in.rdbuf();
    return parseEpdOpenings(text.str(), path);
}

std::vector<Opening> shuffledOpenings(std::vector<Opening> openings, std::uint64_t seed) {
    Random rng(seed);
    for (std::size_t i = openings.size(); i > 1; --i) std::swap(openings[i - 1], openings[rng.below(i)]);
    return openings;
}

}  // namespace mf::match
