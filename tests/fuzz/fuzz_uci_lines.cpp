// UCI engine output, one line at a time: id, option, info, bestmove. Besides "never crash": what
// the parsers understood, written back as a UCI line, parses to the same values; a spin option's
// announced range accepts its own ends.
#include <string>

#include "evolution/uci/uci_protocol.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace mf::uci;

std::string writeScore(const Score& score) {
    std::string out = score.kind == ScoreKind::Mate ? "score mate " : "score cp ";
    out += std::to_string(score.value);
    if (score.bound == ScoreBound::Lower) out += " lowerbound";
    if (score.bound == ScoreBound::Upper) out += " upperbound";
    return out;
}

// The fields that a second parse must give back: numbers and the score (the pv and the string
// are free text and may hold tokens that read as keywords).
std::string writeInfo(const InfoLine& info) {
    std::string out = "info";
    auto add = [&](const char* key, auto value) {
        if (value) out += std::string(" ") + key + " " + std::to_string(*value);
    };
    add("depth", info.depth);
    add("seldepth", info.seldepth);
    add("multipv", info.multipv);
    add("nodes", info.nodes);
    add("nps", info.nps);
    add("time", info.timeMs);
    add("tbhits", info.tbhits);
    add("hashfull", info.hashfull);
    if (info.score) out += " " + writeScore(*info.score);
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    for (const auto line : fuzz::lines(fuzz::asText(data, size))) {
        (void)classifyLine(line);
        (void)parseIdLine(line);
        (void)parseBestMoveLine(line);
        (void)looksLikeUciMove(line);
        if (auto option = parseOptionLine(line)) {
            (void)validateOptionValue(*option, option->defaultValue);
            (void)setOptionCommand(*option, option->defaultValue);
            if (option->type == OptionType::Spin && option->min <= option->max) {
                fuzz::require(!validateOptionValue(*option, std::to_string(option->min)), "a spin accepts its minimum",
                              std::string(line));
                fuzz::require(!validateOptionValue(*option, std::to_string(option->max)), "a spin accepts its maximum",
                              std::string(line));
            }
        }
        if (auto info = parseInfoLine(line)) {
            const std::string written = writeInfo(*info);
            auto again = parseInfoLine(written);
            fuzz::require(again.has_value(), "a written info line parses", written);
            fuzz::require(writeInfo(*again) == written, "info fields survive a round trip", std::string(line) + " -> " + written);
        }
    }
    return 0;
}
