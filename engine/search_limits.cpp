#include "engine/search_limits.h"

#include <sstream>

#include "engine/whole_number.h"

namespace mf {

namespace {

bool isUciMoveText(std::string_view t) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (t.size() == 4 || t.size() == 5) && file(t[0]) && rank(t[1]) && file(t[2]) && rank(t[3]);
}

}  // namespace

ParsedGo parseGo(std::string_view args) {
    ParsedGo out;
    std::vector<std::string> tokens;
    {
        std::istringstream in{std::string(args)};
        for (std::string t; in >> t;) tokens.push_back(t);
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& key = tokens[i];
        // The token after a keyword is its value unless it is itself a keyword ("go movetime
        // infinite" has a missing value, not a value "infinite").
        auto value = [&]() -> std::optional<std::string_view> {
            static constexpr std::string_view Keywords[] = {"depth", "nodes", "movetime", "mate", "wtime", "btime", "winc",
                                                            "binc", "movestogo", "infinite", "ponder", "searchmoves"};
            if (i + 1 >= tokens.size()) return std::nullopt;
            for (std::string_view k : Keywords)
                if (tokens[i + 1] == k) return std::nullopt;
            return std::string_view(tokens[++i]);
        };
        // Reads the next token as a number of type T, warns and returns nullopt if it is not one.
        auto number = [&]<class T>(T minimum) -> std::optional<T> {
            auto text = value();
            if (!text) {
                out.warnings.push_back("go: '" + key + "' needs a value");
                return std::nullopt;
            }
            auto n = parseWholeNumber<T>(*text);
            if (!n || *n < minimum) {
                out.warnings.push_back("go: '" + key + "' value '" + std::string(*text) + "' is not a number >= " +
                                       std::to_string(minimum));
                return std::nullopt;
            }
            return n;
        };
        if (key == "depth") out.limits.depth = number(0);  // 0: quiescence only (see search_uci.cpp)
        else if (key == "nodes") out.limits.nodes = number(std::uint64_t{1});
        else if (key == "movetime") out.limits.movetimeMs = number(std::int64_t{0});
        else if (key == "mate") out.limits.mate = number(1);
        else if (key == "wtime") out.limits.time[0] = number(std::int64_t{-1000000000});
        else if (key == "btime") out.limits.time[1] = number(std::int64_t{-1000000000});
        else if (key == "winc") { if (auto n = number(std::int64_t{0})) out.limits.increment[0] = *n; }
        else if (key == "binc") { if (auto n = number(std::int64_t{0})) out.limits.increment[1] = *n; }
        else if (key == "movestogo") out.limits.movesToGo = number(1);
        else if (key == "infinite") out.limits.infinite = true;
        else if (key == "ponder") out.warnings.push_back("go: 'ponder' is not supported; searching normally");
        else if (key == "searchmoves") {
            while (i + 1 < tokens.size() && isUciMoveText(tokens[i + 1])) out.limits.searchMoves.push_back(tokens[++i]);
        } else out.warnings.push_back("go: unknown token '" + key + "' ignored");
    }
    return out;
}

}  // namespace mf
