#pragma once
// The UCI protocol as pure functions over single lines of engine output. Nothing here sees a
// process or a clock: the session feeds lines in, the tests feed rows of real engine output in.
// Parsers are tolerant the way engines need them to be (unknown tokens are skipped, fields come
// in any order) and never throw; a line that is not of the asked kind gives std::nullopt.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::uci {

// What kind of line the engine sent, judged by its first token.
enum class LineKind { Id, Option, UciOk, ReadyOk, Info, BestMove, Other };
LineKind classifyLine(std::string_view line);

struct IdLine {
    std::string field;  // "name" or "author"
    std::string value;
};
std::optional<IdLine> parseIdLine(std::string_view line);

enum class OptionType { Check, Spin, Combo, Button, String };
std::string_view toString(OptionType type);

struct UciOption {
    std::string name;
    OptionType type = OptionType::String;
    std::string defaultValue;  // as announced; "<empty>" is kept verbatim
    std::int64_t min = 0;      // spin only
    std::int64_t max = 0;      // spin only
    std::vector<std::string> vars;  // combo only
};
// "option name <words> type <t> [default <words>] [min n] [max n] [var <words>]...". Names and
// values may contain spaces (Glaurung: "Mobility (Middle Game)"). A spin without a valid
// integer min/max/default, or an unknown type, gives std::nullopt.
std::optional<UciOption> parseOptionLine(std::string_view line);

// Why `value` is not acceptable for `option` (out of range, not a number, not one of the combo
// vars, not true/false), or std::nullopt when it is. Never clamps.
std::optional<std::string> validateOptionValue(const UciOption& option, std::string_view value);

// The "setoption" command for a value (buttons take no value).
std::string setOptionCommand(const UciOption& option, std::string_view value);

enum class ScoreKind { Centipawns, Mate };
enum class ScoreBound { Exact, Lower, Upper };
struct Score {
    ScoreKind kind = ScoreKind::Centipawns;
    int value = 0;  // centipawns, or moves to mate (negative: being mated)
    ScoreBound bound = ScoreBound::Exact;
    friend bool operator==(const Score&, const Score&) = default;
};

struct InfoLine {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<Score> score;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> nps;
    std::optional<std::int64_t> timeMs;
    std::optional<std::int64_t> tbhits;
    std::optional<int> hashfull;
    std::optional<std::string> currmove;
    std::optional<int> currmoveNumber;
    std::vector<std::string> pv;
    std::string text;  // the rest of the line after "info string"
};
// Any "info" line. Unknown keywords are skipped together with the number that follows them.
std::optional<InfoLine> parseInfoLine(std::string_view line);

struct BestMoveLine {
    std::string move;    // as sent: "e2e4", "e7e8q", "(none)" or "0000"
    std::string ponder;  // empty when absent
};
std::optional<BestMoveLine> parseBestMoveLine(std::string_view line);

// True for the shape of a UCI move in long algebraic notation (e2e4, a7a8q); says nothing about
// legality.
bool looksLikeUciMove(std::string_view text);

}  // namespace mf::uci
