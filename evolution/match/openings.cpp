#include "evolution/match/openings.h"

#include <fstream>
#include <sstream>

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

// The value of EPD opcode `op` in the operations after the four position fields ("" if absent).
std::string epdOperand(const std::string& operations, const std::string& op) {
    std::istringstream in(operations);
    std::string word;
    while (in >> word) {
        if (word != op) continue;
        std::string rest;
        std::getline(in, rest, ';');
        std::string value(trim(rest));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        return value;
    }
    return "";
}

}  // namespace

OpeningsFile parseEpdOpenings(const std::string& text, const std::string& sourceName) {
    OpeningsFile out;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string content(trim(line));
        if (content.empty() || content.front() == '#') continue;
        const std::string where = sourceName + ":" + std::to_string(number);
        std::istringstream words(content);
        std::vector<std::string> fields;
        for (std::string w; fields.size() < 6 && words >> w;) fields.push_back(w);
        if (fields.size() < 4) {
            out.errors.push_back(where + ": expected a FEN or EPD position (4 to 6 fields), found '" + content + "'");
            continue;
        }
        // A FEN's fifth and sixth fields are counters; an EPD's are operations.
        auto isNumber = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
        std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
        std::string operations;
        if (fields.size() >= 6 && isNumber(fields[4]) && isNumber(fields[5])) {
            fen += " " + fields[4] + " " + fields[5];
        } else {
            // Everything after the fourth field is operations.
            std::size_t pos = 0;
            for (int f = 0; f < 4; ++f) {
                pos = content.find_first_not_of(" \t", pos);
                pos = content.find_first_of(" \t", pos);
            }
            operations = pos == std::string::npos ? "" : content.substr(pos);
            const std::string hmvc = epdOperand(operations, "hmvc"), fmvn = epdOperand(operations, "fmvn");
            fen += " " + (isNumber(hmvc) ? hmvc : "0") + " " + (isNumber(fmvn) ? fmvn : "1");
        }
        auto pos = Position::fromFen(fen);
        if (!pos) {
            out.errors.push_back(where + ": " + pos.error().message);
            continue;
        }
        if (auto why = playable(*pos); !why.empty()) {
            out.errors.push_back(where + ": " + why);
            continue;
        }
        Opening opening;
        opening.fen = pos->fen();
        const std::string id = epdOperand(operations, "id");
        opening.name = id.empty() ? where : id;
        out.openings.push_back(std::move(opening));
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
