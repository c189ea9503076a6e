// "info" lines. Engines order the fields as they like and add their own (wdl, cpuload,
// refutation ...); known fields are read, unknown keywords are skipped with their numbers.
#include "evolution/uci/uci_protocol.h"
#include "evolution/uci/uci_tokens.h"

namespace mf::uci {
namespace {

using detail::parseInteger;

bool isNumber(std::string_view token) { return parseInteger<std::int64_t>(token).has_value(); }

}  // namespace

std::optional<InfoLine> parseInfoLine(std::string_view line) {
    auto tokens = detail::tokenize(line);
    if (tokens.empty() || tokens[0] != "info") return std::nullopt;
    InfoLine info;
    std::size_t i = 1;
    auto nextInt = [&](auto& field) {
        using T = typename std::remove_reference_t<decltype(field)>::value_type;
        if (i + 1 < tokens.size())
            if (auto value = parseInteger<T>(tokens[i + 1])) {
                field = *value;
                i += 2;
                return;
            }
        ++i;  // keyword without a usable number: skip the keyword only
    };
    while (i < tokens.size()) {
        std::string_view key = tokens[i];
        if (key == "depth") nextInt(info.depth);
        else if (key == "seldepth") nextInt(info.seldepth);
        else if (key == "multipv") nextInt(info.multipv);
        else if (key == "nodes") nextInt(info.nodes);
        else if (key == "nps") nextInt(info.nps);
        else if (key == "time") nextInt(info.timeMs);
        else if (key == "tbhits") nextInt(info.tbhits);
        else if (key == "hashfull") nextInt(info.hashfull);
        else if (key == "currmovenumber") nextInt(info.currmoveNumber);
        else if (key == "currmove") {
            if (i + 1 < tokens.size()) info.currmove = std::string(tokens[i + 1]);
            i += 2;
        } else if (key == "score") {
            ++i;
            Score score;
            bool valid = false;
            if (i + 1 < tokens.size() && (tokens[i] == "cp" || tokens[i] == "mate")) {
                if (auto value = parseInteger<int>(tokens[i + 1])) {
                    score.kind = tokens[i] == "cp" ? ScoreKind::Centipawns : ScoreKind::Mate;
                    score.value = *value;
                    valid = true;
                    i += 2;
                }
            }
            if (i < tokens.size() && tokens[i] == "lowerbound") score.bound = ScoreBound::Lower, ++i;
            else if (i < tokens.size() && tokens[i] == "upperbound") score.bound = ScoreBound::Upper, ++i;
            if (valid) info.score = score;
        } else if (key == "pv") {
            ++i;
            info.pv.clear();
            while (i < tokens.size() && (looksLikeUciMove(tokens[i]) || tokens[i] == "0000")) {
                info.pv.emplace_back(tokens[i]);
                ++i;
            }
        } else if (key == "string") {
            // Free text to the end of the line, kept as sent.
            std::size_t offset = static_cast<std::size_t>(tokens[i].data() - line.data()) + key.size();
            std::string_view rest = line.substr(offset);
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
            while (!rest.empty() && (rest.back() == '\r' || rest.back() == '\n')) rest.remove_suffix(1);
            info.text = std::string(rest);
            break;
        } else if (key == "refutation" || key == "currline") {
            break;  // move lists we do not use run to the end of the line
        } else {
            ++i;  // unknown keyword (wdl, cpuload, sbhits, ...) and its numbers
            while (i < tokens.size() && isNumber(tokens[i])) ++i;
        }
    }
    return info;
}

}  // namespace mf::uci
