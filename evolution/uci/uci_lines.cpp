// Line classification and the small UCI lines: id, bestmove.
#include "evolution/uci/uci_protocol.h"
#include "evolution/uci/uci_tokens.h"

namespace mf::uci {

LineKind classifyLine(std::string_view line) {
    auto tokens = detail::tokenize(line);
    if (tokens.empty()) return LineKind::Other;
    std::string_view first = tokens.front();
    if (first == "id") return LineKind::Id;
    if (first == "option") return LineKind::Option;
    if (first == "uciok") return LineKind::UciOk;
    if (first == "readyok") return LineKind::ReadyOk;
    if (first == "info") return LineKind::Info;
    if (first == "bestmove") return LineKind::BestMove;
    return LineKind::Other;
}

std::optional<IdLine> parseIdLine(std::string_view line) {
    auto tokens = detail::tokenize(line);
    if (tokens.size() < 2 || tokens[0] != "id") return std::nullopt;
    return IdLine{std::string(tokens[1]), detail::joinTokens(tokens, 2, tokens.size())};
}

std::optional<BestMoveLine> parseBestMoveLine(std::string_view line) {
    auto tokens = detail::tokenize(line);
    if (tokens.size() < 2 || tokens[0] != "bestmove") return std::nullopt;
    BestMoveLine result{std::string(tokens[1]), {}};
    if (tokens.size() >= 4 && tokens[2] == "ponder") result.ponder = std::string(tokens[3]);
    return result;
}

bool looksLikeUciMove(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return false;
    auto isFile = [](char c) { return c >= 'a' && c <= 'h'; };
    auto isRank = [](char c) { return c >= '1' && c <= '8'; };
    if (!isFile(text[0]) || !isRank(text[1]) || !isFile(text[2]) || !isRank(text[3])) return false;
    if (text.size() == 5) {
        char p = text[4];
        return p == 'q' || p == 'r' || p == 'b' || p == 'n';
    }
    return true;
}

}  // namespace mf::uci
