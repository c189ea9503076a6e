#include "evolution/tuning/setup/option_units.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

#include "evolution/ga/term_group.h"

namespace mf::tuning {

namespace {

// An engine's resources and playing settings, as engines name them (Stockfish, Toga II, Glaurung,
// Ethereal, ours), compared without case, spaces, underscores or dashes: a name holding one of
// the first words, starting with one of the prefixes, or equal to one of the names. None of them
// changes how the engine judges a position.
constexpr std::array kResourceWords = {"hash", "thread", "overhead", "cache", "syzygy", "multipv", "book",
                                       "tablebase", "split", "nodestime"};
constexpr std::array kResourcePrefixes = {"uci"};
constexpr std::array kResourceNames = {"skilllevel", "slowmover", "minimumthinkingtime", "searchtime",
                                       "searchdepth", "randomness", "ponder"};

std::string squeezed(std::string_view name) {
    std::string out;
    for (char c : name)
        if (c != ' ' && c != '_' && c != '-') out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// At least this many values for an option of no group: a window of a quarter of a small range
// would leave too few steps to search.
constexpr int kLeastUngroupedBits = 5;

}  // namespace

const std::vector<UnitRule>& evaluationUnitRules() {
    static const std::vector<UnitRule> rules = {
        {R"(^Material\.)", 9, "centipawns", "Material.*"},
        {R"(^Psqt\.)", 11, "1/30 cp", "Psqt.*"},
        {R"(^Passed\.(Their|Own)King\.)", 12, "1/30 cp per square of king distance", "Passed.TheirKing/OwnKing.*"},
        {R"(^(Passed|KingAttack)\.)", 8, "centipawns", "Passed.* and KingAttack.*"},
        // The bundled engine's search constants: their ranges were chosen as tuning windows.
        {R"(^Search\.)", ga::kMaxBits, "plies, centipawns, percent or hundredths: the option's whole range", "Search.*"},
    };
    return rules;
}

bool isTunableSpinName(std::string_view name) {
    if (!ga::groupOfName(name).empty()) return true;
    const std::string s = squeezed(name);
    auto holds = [&s](const char* word) { return s.find(word) != std::string::npos; };
    auto startsWith = [&s](const char* prefix) { return s.rfind(prefix, 0) == 0; };
    return std::none_of(kResourceWords.begin(), kResourceWords.end(), holds) &&
           std::none_of(kResourcePrefixes.begin(), kResourcePrefixes.end(), startsWith) &&
           std::find(kResourceNames.begin(), kResourceNames.end(), s) == kResourceNames.end();
}

bool isTunableOption(const uci::UciOption& option) {
    return option.type == uci::OptionType::Spin && isTunableSpinName(option.name);
}

namespace {

// The rule that applies to `option` (nullptr: none of the evaluation groups').
const UnitRule* ruleFor(const ga::SpinOption& option) {
    static const std::vector<std::regex> compiled = [] {
        std::vector<std::regex> out;
        for (const UnitRule& r : evaluationUnitRules()) out.emplace_back(std::string(r.pattern), std::regex::ECMAScript);
        return out;
    }();
    for (std::size_t i = 0; i < compiled.size(); ++i)
        if (std::regex_search(option.name, compiled[i])) return &evaluationUnitRules()[i];
    return nullptr;
}

}  // namespace

int unitBits(const ga::SpinOption& option) {
    const int covering = ga::bitsCovering(option.min, option.max);
    if (const UnitRule* rule = ruleFor(option)) return std::min(rule->bits, covering);
    if (!ga::groupOfName(option.name).empty()) return std::min(kGroupTermBits, covering);
    // A quarter of the range: two bits fewer than cover it.
    return std::max(covering - 2, std::min(covering, kLeastUngroupedBits));
}

std::string unitBitsReason(const ga::SpinOption& option) {
    const int bits = unitBits(option);
    const std::string shown = std::to_string(bits) + " bits";
    const bool whole = bits == ga::bitsCovering(option.min, option.max);
    if (const UnitRule* rule = ruleFor(option))
        return std::string(ga::groupOfName(option.name)) + ": " + std::string(rule->unit) + ", " + shown +
               (whole ? " (the whole range)" : "");
    if (!ga::groupOfName(option.name).empty())
        return std::string(ga::groupOfName(option.name)) + ": " + shown + (whole ? " (the whole range)" : "");
    return whole ? shown + ": the whole range" : shown + ": about a quarter of the range";
}

std::string unitRulesText() {
    std::string out;
    for (const UnitRule& r : evaluationUnitRules())
        out += "  " + std::string(r.names) + ": " + std::to_string(r.bits) + " bits (" + std::string(r.unit) + ")\n";
    return out + "  any other Group.Name: " + std::to_string(kGroupTermBits) +
           " bits\n  an option of no group: about a quarter of its range (at least " +
           std::to_string(1 << kLeastUngroupedBits) + " values)\n  never more bits than cover the option's range\n";
}

}  // namespace mf::tuning
