#include "evolution/match/pgn_writer.h"

#include <cstdio>
#include <ctime>
#include <sstream>

#include "engine/position.h"

namespace mf::match {
namespace {

// PGN strings escape backslash and quote.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string scoreText(const uci::Score& score) {
    char buffer[32];
    if (score.kind == uci::ScoreKind::Mate)
        std::snprintf(buffer, sizeof buffer, "%sM%d", score.value > 0 ? "+" : "-", score.value > 0 ? score.value : -score.value);
    else
        std::snprintf(buffer, sizeof buffer, "%+.2f", double(score.value) / 100.0);
    return buffer;
}

std::string comment(const MoveRecord& move) {
    if (move.book) return "book";
    char time[32];
    std::snprintf(time, sizeof time, "%.3fs", double(move.timeMs) / 1000.0);
    std::string text = move.score ? scoreText(*move.score) + "/" + std::to_string(move.depth) : "-/" + std::to_string(move.depth);
    return text + " " + time;
}

// Appends words, breaking lines before 80 characters.
class Wrapper {
public:
    void add(const std::string& word) {
        if (!line_.empty() && line_.size() + 1 + word.size() > 79) {
            out_ += line_ + "\n";
            line_.clear();
        }
        if (!line_.empty()) line_ += ' ';
        line_ += word;
    }
    std::string finish() { return out_ + line_ + "\n"; }

private:
    std::string out_, line_;
};

// A comment may be longer than a line: it is split into words like the rest (braces stay on
// the first and last word).
void addComment(Wrapper& wrap, std::string text) {
    for (char& c : text)
        if (c == '{' || c == '}') c = c == '{' ? '(' : ')';  // a brace would end the comment early
    std::istringstream words(text);
    std::vector<std::string> list;
    for (std::string w; words >> w;) list.push_back(w);
    if (list.empty()) return;
    list.front() = "{" + list.front();
    list.back() += "}";
    for (const auto& w : list) wrap.add(w);
}

}  // namespace

std::string pgnDateToday() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
    return buffer;
}

std::string writePgn(const GameRecord& game, const PgnHeader& header) {
    std::string out;
    auto tag = [&](const char* name, const std::string& value) { out += "[" + std::string(name) + " " + quoted(value) + "]\n"; };
    const std::string result(pgnResult(game.result));
    tag("Event", header.event);
    tag("Site", header.site);
    tag("Date", header.date.empty() ? "????.??.??" : header.date);
    tag("Round", header.round.empty() ? "?" : header.round);
    tag("White", game.white);
    tag("Black", game.black);
    tag("Result", result);
    const bool standardStart = game.startFen == Position::StartFen;
    if (!standardStart) {
        tag("SetUp", "1");
        tag("FEN", game.startFen);
    }
    tag("PlyCount", std::to_string(game.moves.size()));
    tag("TimeControl", header.timeControl);
    tag("Termination", std::string(pgnTermination(game.ending)));
    if (!game.openingName.empty()) tag("Opening", game.openingName);
    // A game that went on after an engine fault (a crash, a "bestmove (none)" in a live position
    // answered with a move by a fresh process) says so: its moves were not all played by one process.
    if (game.restarts > 0) tag("EngineRestarts", std::to_string(game.restarts));
    out += "\n";

    // Move numbers follow the FEN's counters.
    int moveNumber = 1;
    bool whiteToMove = true;
    if (auto start = Position::fromFen(game.startFen)) {
        moveNumber = start->fullMoveNumber();
        whiteToMove = start->sideToMove() == White;
    }
    Wrapper wrap;
    bool first = true;
    for (const auto& move : game.moves) {
        if (whiteToMove) wrap.add(std::to_string(moveNumber) + ".");
        else if (first) wrap.add(std::to_string(moveNumber) + "...");
        wrap.add(move.san);
        addComment(wrap, comment(move));
        if (!whiteToMove) ++moveNumber;
        whiteToMove = !whiteToMove;
        first = false;
    }
    if (!game.reason.empty()) addComment(wrap, game.reason);
    wrap.add(result);
    return out + wrap.finish() + "\n";
}

}  // namespace mf::match
