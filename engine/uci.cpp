#include "engine/uci.h"

#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/text.h"
#include "engine/whole_number.h"

#include <istream>
#include <ostream>
#include <sstream>
#include <vector>

namespace mf {

namespace {

// Splits off the first word: returns it and leaves the trimmed rest in `rest`.
std::string_view firstWord(std::string_view text, std::string_view& rest) {
    text = trim(text);
    const auto space = text.find_first_of(" \t");
    const std::string_view word = text.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view() : trim(text.substr(space));
    return word;
}

} // namespace

UciEngine::UciEngine(std::istream& in, std::ostream& out) : in_(in), out_(out) {
    // std::cin is tied to std::cout: every read of a command would flush std::cout from the input
    // thread, outside outputMutex_, while the search thread writes `bestmove`. That race printed
    // lines twice (a GUI then reads the previous search's move). Every write here ends in
    // std::endl under the mutex, so the tie is not needed.
    in_.tie(nullptr);
    registerDefaults();
}

void UciEngine::setCommand(const std::string& name, Handler handler) { commands_[name] = std::move(handler); }

void UciEngine::registerDefaults() {
    setCommand("uci", [this](std::string_view) {
        const std::lock_guard lock(outputMutex_);
        out_ << "id name " << kName << "\nid author " << kAuthor << '\n';
        if (optionLines_) out_ << optionLines_();
        out_ << "uciok" << std::endl;
    });
    setCommand("isready", [this](std::string_view) { print("readyok"); });
    setCommand("ucinewgame", [this](std::string_view) { position_ = Position::startPosition(); });
    setCommand("position", [this](std::string_view args) {
        if (const std::string error = setPosition(args); !error.empty())
            print("info string error: " + error);
    });
    setCommand("go", [this](std::string_view args) { go(args); });
    setCommand("d", [this](std::string_view) { print("Fen: " + position_.fen()); });
    setCommand("quit", [this](std::string_view) { quit_ = true; });
}

std::string UciEngine::setPosition(std::string_view arguments) {
    std::string_view rest;
    const std::string_view kind = firstWord(arguments, rest);
    std::string_view fenText, movesText;
    const auto movesAt = rest.find("moves");
    if (kind == "startpos") {
        movesText = movesAt == std::string_view::npos ? std::string_view() : rest.substr(movesAt);
    } else if (kind == "fen") {
        fenText = trim(rest.substr(0, movesAt));
        movesText = movesAt == std::string_view::npos ? std::string_view() : rest.substr(movesAt);
    } else {
        return "position: expected 'startpos' or 'fen', found '" + std::string(kind) + "'";
    }

    auto parsed = kind == "startpos" ? Result<Position>(Position::startPosition()) : Position::fromFen(fenText);
    if (!parsed) return "position: " + parsed.error().message;
    Position pos = std::move(*parsed);
    std::string_view moveList;
    if (!movesText.empty()) firstWord(movesText, moveList); // drop the word "moves"
    std::istringstream moves{std::string(moveList)};
    for (std::string text; moves >> text;) {
        auto m = parseUciMove(pos, text);
        if (!m) return "position: " + m.error().message;
        pos.doMove(*m);
    }
    position_ = std::move(pos);
    return {};
}

std::uint64_t UciEngine::goPerft(int depth) {
    std::uint64_t total = 0;
    const std::lock_guard lock(outputMutex_);
    for (const auto& [move, nodes] : divide(position_, depth)) {
        out_ << toUci(move) << ": " << nodes << '\n';
        total += nodes;
    }
    out_ << "\nNodes searched: " << total << "\n" << std::endl;
    return total;
}

void UciEngine::go(std::string_view arguments) {
    std::string_view rest;
    const std::string_view sub = firstWord(arguments, rest);
    if (sub == "perft") {
        const int depth = parseWholeNumber<int>(rest).value_or(0);
        if (depth < 1) {
            out_ << "info string error: go perft needs a depth of at least 1" << std::endl;
            return;
        }
        goPerft(depth);
        return;
    }
    out_ << "info string error: this engine build has no search yet; only 'go perft N' is supported" << std::endl;
}

void UciEngine::print(std::string_view line) {
    const std::lock_guard lock(outputMutex_);
    out_ << line << std::endl;
}

bool UciEngine::execute(std::string_view line) {
    std::string_view rest;
    const std::string_view word = firstWord(line, rest);
    if (word.empty()) return !quit_;
    const auto it = commands_.find(word);
    if (it == commands_.end()) print("info string unknown command: " + std::string(word));
    else it->second(rest);
    return !quit_;
}

void UciEngine::run() {
    for (std::string line; !quit_ && std::getline(in_, line);) execute(line);
}

} // namespace mf
