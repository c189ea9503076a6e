// The UCI loop of matefind-engine: reads commands line by line, dispatches them through a table
// of handlers. Other parts (search, options) add or replace commands with setCommand(), so the
// loop itself never changes. Streams are injected: tests drive it with string streams.
#pragma once

#include "engine/position.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace mf {

class UciEngine {
public:
    // Handler of one command; receives the text after the command word (trimmed).
    using Handler = std::function<void(std::string_view arguments)>;

    UciEngine(std::istream& in, std::ostream& out);

    // Reads until "quit" or end of input.
    void run();
    // Executes one line; returns false when the line asks to quit.
    bool execute(std::string_view line);

    void setCommand(const std::string& name, Handler handler);

    // Lines printed by "uci" between the id lines and "uciok" (e.g. "option name ...").
    void setOptionLines(std::function<std::string()> optionLines) { optionLines_ = std::move(optionLines); }

    // Writes one line and flushes, serialised with every other line the loop writes: the search
    // thread prints `info`/`bestmove` through here while this thread answers commands.
    void print(std::string_view line);

    Position& position() { return position_; }
    const Position& position() const { return position_; }
    std::ostream& out() { return out_; }

    // "go perft N": one line per root move, a blank line, then "Nodes searched: N".
    std::uint64_t goPerft(int depth);
    // Sets the position from "startpos|fen <fields> [moves ...]"; returns an error message or "".
    std::string setPosition(std::string_view arguments);

private:
    void registerDefaults();
    void go(std::string_view arguments);

    std::istream& in_;
    std::ostream& out_;
    std::mutex outputMutex_;
    std::map<std::string, Handler, std::less<>> commands_;
    // Reported by "uci" as id name / id author.
    static constexpr std::string_view kName = "MateFind";
    static constexpr std::string_view kAuthor = "the MateFind developers";
    std::function<std::string()> optionLines_;
    Position position_ = Position::startPosition();
    bool quit_ = false;
};

} // namespace mf
