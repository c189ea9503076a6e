#include "evolution/tuning/setup/engine_genome.h"

#include <algorithm>
#include <climits>
#include <regex>

#include "evolution/tuning/setup/option_units.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/uci_tokens.h"

namespace mf::tuning {

std::vector<ga::SpinOption> spinOptions(const std::vector<uci::UciOption>& announced) {
    std::vector<ga::SpinOption> out;
    for (const uci::UciOption& o : announced) {
        if (o.type != uci::OptionType::Spin) continue;
        // The GA works in int; an engine's 64-bit range is cut to it (Hash-like sizes only).
        auto toInt = [](std::int64_t v) { return static_cast<int>(std::clamp<std::int64_t>(v, INT_MIN, INT_MAX)); };
        // Read by the rule that accepted the option line ("+5" included), so it always is a number;
        // the minimum stands in should that ever change.
        const std::int64_t defaultValue = uci::detail::parseInteger<std::int64_t>(o.defaultValue).value_or(o.min);
        out.push_back({o.name, toInt(o.min), toInt(o.max), toInt(defaultValue)});
    }
    return out;
}

Result<ga::Genome> genomeFromEngineOptions(const std::vector<uci::UciOption>& announced, const GenomeChoice& choice) {
    std::optional<std::regex> include;
    std::optional<std::regex> exclude;
    try {
        if (!choice.include.empty()) include.emplace(choice.include, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        return Error{"include: not a regular expression: '" + choice.include + "' (" + e.what() + ")"};
    }
    try {
        if (!choice.exclude.empty()) exclude.emplace(choice.exclude, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        return Error{"exclude: not a regular expression: '" + choice.exclude + "' (" + e.what() + ")"};
    }
    if (choice.bits != 0 && (choice.bits < ga::kMinBits || choice.bits > ga::kMaxBits))
        return Error{"bits: must be from " + std::to_string(ga::kMinBits) + " to " + std::to_string(ga::kMaxBits) +
                     ", got " + std::to_string(choice.bits)};
    std::vector<std::pair<std::regex, int>> bitsRules;
    for (const auto& [pattern, bits] : choice.bitsFor) {
        try {
            bitsRules.emplace_back(std::regex(pattern, std::regex::ECMAScript), bits);
        } catch (const std::regex_error& e) {
            return Error{"bits-for: not a regular expression: '" + pattern + "' (" + e.what() + ")"};
        }
        if (bits < ga::kMinBits || bits > ga::kMaxBits)
            return Error{"bits-for " + pattern + ": bits must be from " + std::to_string(ga::kMinBits) + " to " +
                         std::to_string(ga::kMaxBits) + ", got " + std::to_string(bits)};
    }
    std::vector<ChosenOption> chosen;
    std::size_t leftOut = 0;  // matched, but not tunable
    for (const ga::SpinOption& o : spinOptions(announced)) {
        if (include && !std::regex_search(o.name, *include)) continue;
        if (exclude && std::regex_search(o.name, *exclude)) continue;
        if (!choice.allOptions && !isTunableSpinName(o.name)) {
            ++leftOut;
            continue;
        }
        int bits = choice.bits != 0 ? choice.bits : unitBits(o);
        for (const auto& [rule, ruleBits] : bitsRules)
            if (std::regex_search(o.name, rule)) {
                bits = ruleBits;
                break;
            }
        chosen.push_back({o.name, bits});
    }
    if (chosen.empty())
        return Error{"no spin option of the engine is chosen (" + std::to_string(spinOptions(announced).size()) +
                     " spin options; check --include/--exclude" +
                     (leftOut > 0 ? "; left out as not evaluation terms: " + std::to_string(leftOut) +
                                        ", --all-options keeps them"
                                  : std::string()) +
                     ")"};
    return genomeFromChosenOptions(announced, chosen);
}

Result<ga::Genome> genomeFromChosenOptions(const std::vector<uci::UciOption>& announced,
                                           const std::vector<ChosenOption>& chosen) {
    if (chosen.empty()) return Error{"no spin option of the engine is chosen"};
    const std::vector<ga::SpinOption> spins = spinOptions(announced);
    std::vector<ga::SpinOption> picked;
    for (const ChosenOption& c : chosen) {
        if (c.bits != 0 && (c.bits < ga::kMinBits || c.bits > ga::kMaxBits))
            return Error{"bits of " + c.name + ": must be from " + std::to_string(ga::kMinBits) + " to " +
                         std::to_string(ga::kMaxBits) + ", got " + std::to_string(c.bits)};
        auto it = std::find_if(spins.begin(), spins.end(), [&](const ga::SpinOption& o) { return o.name == c.name; });
        if (it == spins.end()) return Error{"option " + c.name + ": the engine announces no such spin option"};
        picked.push_back(*it);
    }
    std::vector<ga::Term> terms = ga::fromSpinOptions(picked).terms();
    for (std::size_t i = 0; i < terms.size(); ++i)
        if (chosen[i].bits != 0) terms[i].bits = chosen[i].bits;
    ga::Genome genome(std::move(terms));
    if (auto e = ga::validateGenome(genome)) return Error{e->message};
    return genome;
}

std::optional<std::string> checkGenomeAgainstEngine(const ga::Genome& genome,
                                                    const std::vector<uci::UciOption>& announced) {
    uci::EngineIdentity identity;
    identity.options = announced;
    for (const ga::Term& t : genome.terms()) {
        const std::string term = "genome term '" + t.name + "' (option " + t.option + "): ";
        const uci::UciOption* o = identity.findOption(t.option);
        if (!o) return term + "the engine announces no such option";
        if (o->type != uci::OptionType::Spin)
            return term + "the engine's option is of type " + std::string(uci::toString(o->type)) + ", not spin";
        if (t.low() < o->min || t.high() > o->max)
            return term + "its window " + std::to_string(t.low()) + ".." + std::to_string(t.high()) +
                   " does not fit the option's range " + std::to_string(o->min) + ".." + std::to_string(o->max) +
                   " (set floor/ceiling or fewer bits in the genome, or make it with `matefind-cli genome`)";
    }
    return std::nullopt;
}

Result<std::vector<uci::UciOption>> announcedOptions(const EngineSpec& engine, std::stop_token stop) {
    uci::EngineSession session(engineConfigOf(engine));
    if (auto error = session.start(stop)) return Error{engine.program.string() + ": " + *error};
    std::vector<uci::UciOption> options = session.identity().options;
    session.shutdown();
    return options;
}

}  // namespace mf::tuning
