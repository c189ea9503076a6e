// "option" lines: parsing what the engine announces and validating what we want to set.
#include <algorithm>
#include <array>

#include "evolution/uci/uci_protocol.h"
#include "evolution/uci/uci_tokens.h"

namespace mf::uci {
namespace {

bool isOptionKeyword(std::string_view token) {
    static constexpr std::array<std::string_view, 6> keywords{"name", "type", "default", "min", "max", "var"};
    return std::find(keywords.begin(), keywords.end(), token) != keywords.end();
}

std::optional<OptionType> parseType(std::string_view text) {
    if (text == "check") return OptionType::Check;
    if (text == "spin") return OptionType::Spin;
    if (text == "combo") return OptionType::Combo;
    if (text == "button") return OptionType::Button;
    if (text == "string") return OptionType::String;
    return std::nullopt;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

}  // namespace

std::string_view toString(OptionType type) {
    switch (type) {
        case OptionType::Check: return "check";
        case OptionType::Spin: return "spin";
        case OptionType::Combo: return "combo";
        case OptionType::Button: return "button";
        case OptionType::String: return "string";
    }
    return "?";
}

std::optional<UciOption> parseOptionLine(std::string_view line) {
    auto tokens = detail::tokenize(line);
    if (tokens.size() < 2 || tokens[0] != "option" || tokens[1] != "name") return std::nullopt;

    // The name runs up to the first "type"; everything after is keyword/value groups. Values of
    // "default" and "var" may hold spaces, so a value runs up to the next keyword.
    std::size_t typeAt = 2;
    while (typeAt < tokens.size() && tokens[typeAt] != "type") ++typeAt;
    if (typeAt == 2 || typeAt + 1 >= tokens.size()) return std::nullopt;
    auto type = parseType(tokens[typeAt + 1]);
    if (!type) return std::nullopt;

    UciOption option;
    option.name = detail::joinTokens(tokens, 2, typeAt);
    option.type = *type;
    std::optional<std::string> minText, maxText;
    bool sawDefault = false;
    std::size_t i = typeAt + 2;
    while (i < tokens.size()) {
        std::string_view keyword = tokens[i];
        std::size_t end = i + 1;
        while (end < tokens.size() && !isOptionKeyword(tokens[end])) ++end;
        std::string value = detail::joinTokens(tokens, i + 1, end);
        if (keyword == "default") {
            option.defaultValue = value;
            sawDefault = true;
        } else if (keyword == "min") {
            minText = value;
        } else if (keyword == "max") {
            maxText = value;
        } else if (keyword == "var") {
            option.vars.push_back(value);
        }
        i = end;
    }

    if (option.type == OptionType::Spin) {
        if (!minText || !maxText || !sawDefault) return std::nullopt;
        auto min = detail::parseInteger<std::int64_t>(*minText);
        auto max = detail::parseInteger<std::int64_t>(*maxText);
        auto def = detail::parseInteger<std::int64_t>(option.defaultValue);
        if (!min || !max || !def || *min > *max) return std::nullopt;
        option.min = *min;
        option.max = *max;
    }
    if (option.type == OptionType::Combo && option.vars.empty()) return std::nullopt;
    return option;
}

std::optional<std::string> validateOptionValue(const UciOption& option, std::string_view value) {
    auto quoted = [&] { return "option '" + option.name + "': value '" + std::string(value) + "'"; };
    if (value.find_first_of("\r\n") != std::string_view::npos) return quoted() + " contains a line break";
    switch (option.type) {
        case OptionType::Check:
            if (value == "true" || value == "false") return std::nullopt;
            return quoted() + " is not true or false";
        case OptionType::Spin: {
            auto number = detail::parseInteger<std::int64_t>(value);
            if (!number) return quoted() + " is not an integer";
            if (*number < option.min || *number > option.max)
                return quoted() + " is out of range [" + std::to_string(option.min) + ", " +
                       std::to_string(option.max) + "]";
            return std::nullopt;
        }
        case OptionType::Combo:
            for (const auto& var : option.vars)
                if (equalsIgnoringCase(var, value)) return std::nullopt;
            {
                std::string list;
                for (const auto& var : option.vars) list += (list.empty() ? "" : ", ") + var;
                return quoted() + " is not one of: " + list;
            }
        case OptionType::Button:
            if (value.empty()) return std::nullopt;
            return quoted() + ": a button takes no value";
        case OptionType::String: return std::nullopt;
    }
    return std::nullopt;
}

std::string setOptionCommand(const UciOption& option, std::string_view value) {
    std::string command = "setoption name " + option.name;
    if (option.type != OptionType::Button) {
        command += " value ";
        command += value;
    }
    return command;
}

}  // namespace mf::uci
