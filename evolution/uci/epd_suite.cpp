#include "evolution/uci/epd_suite.h"

#include <algorithm>

#include "engine/notation.h"
#include "engine/text.h"
#include "engine/whole_number.h"

namespace mf::uci {
namespace {

std::vector<std::string> uciMoves(const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (Move m : moves) out.push_back(toUci(m));
    return out;
}

}  // namespace

int SuitePosition::maxPoints() const {
    int most = 0;
    for (const auto& [move, value] : points) most = std::max(most, value);
    return most;
}

bool Suite::hasPoints() const {
    return std::any_of(positions.begin(), positions.end(), [](const SuitePosition& p) { return !p.points.empty(); });
}

Result<std::optional<std::map<std::string, int>>> parsePointsComment(const Position& position, std::string_view c0,
                                                                     std::vector<std::string>* doubtful) {
    // First decide the form: every comma-separated item must be "<word>=<integer>".
    struct Pair {
        std::string move;
        int points;
    };
    std::vector<Pair> pairs;
    std::string_view rest = c0;
    while (!rest.empty()) {
        auto comma = rest.find(',');
        std::string_view item = trim(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        auto equals = item.find('=');
        if (equals == std::string_view::npos || equals == 0) return std::optional<std::map<std::string, int>>{};
        std::string_view move = trim(item.substr(0, equals)), number = trim(item.substr(equals + 1));
        const auto value = parseWholeNumber<int>(number);
        // "e8=Q=10" would split at the first '='; a move never contains spaces.
        if (!value || move.find(' ') != std::string_view::npos) return std::optional<std::map<std::string, int>>{};
        pairs.push_back({std::string(move), *value});
    }
    if (pairs.empty()) return std::optional<std::map<std::string, int>>{};

    std::map<std::string, int> points;
    for (const auto& pair : pairs) {
        auto parsed = parseMoves(position, {pair.move});
        if (!parsed) return Error{"c0 points: " + parsed.error().message};
        std::string uci = toUci(parsed->front());
        auto [it, inserted] = points.emplace(uci, pair.points);
        if (!inserted && it->second != pair.points) {
            // STS lists a few moves twice with different points; the higher value counts.
            if (doubtful)
                doubtful->push_back("c0 lists " + pair.move + " twice (" + std::to_string(it->second) + " and " +
                                    std::to_string(pair.points) + " points): the higher counts");
            it->second = std::max(it->second, pair.points);
        }
    }
    return std::optional<std::map<std::string, int>>{std::move(points)};
}

Suite loadSuite(const std::string& path) {
    EpdFile file = readEpdFile(path);
    Suite suite;
    suite.path = path;
    suite.errors = file.errors;
    suite.warnings = file.warnings;
    for (const auto& entry : file.entries) {
        SuitePosition position;
        position.line = entry.line;
        position.id = entry.record.id().empty() ? "line " + std::to_string(entry.line) : entry.record.id();
        position.fen = entry.position.fen();
        auto reject = [&](std::string message) { suite.errors.push_back({entry.line, std::move(message)}); };

        bool bad = false;
        for (const char* opcode : {"bm", "am"}) {
            const EpdOperation* op = entry.record.find(opcode);
            if (!op) continue;
            auto moves = parseMoves(entry.position, op->operands);
            if (!moves) {  // readEpdFile checks these too; kept so a record never slips through
                reject(std::string(opcode) + ": " + moves.error().message);
                bad = true;
                break;
            }
            (std::string_view(opcode) == "bm" ? position.best : position.avoid) = uciMoves(*moves);
            (std::string_view(opcode) == "bm" ? position.bestSan : position.avoidSan) = op->operands;
        }
        if (bad) continue;
        if (const EpdOperation* c0 = entry.record.find("c0"); c0 && !c0->operands.empty()) {
            std::string text;
            for (const auto& operand : c0->operands) text += (text.empty() ? "" : " ") + operand;
            std::vector<std::string> doubtful;
            auto points = parsePointsComment(entry.position, text, &doubtful);
            if (!points) {
                reject(points.error().message);
                continue;
            }
            if (*points) position.points = std::move(**points);
            for (auto& note : doubtful) suite.warnings.push_back({entry.line, std::move(note)});
        }
        if (position.best.empty() && position.avoid.empty() && position.points.empty()) {
            reject("no bm, am or c0 points: nothing to test");
            continue;
        }
        suite.positions.push_back(std::move(position));
    }
    std::sort(suite.errors.begin(), suite.errors.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
    return suite;
}

}  // namespace mf::uci
