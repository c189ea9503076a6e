#include "evolution/ga/population_keys.h"

#include "evolution/ga/population_file.h"
#include "evolution/ga/text_fields.h"

namespace mf::ga {

namespace {

std::optional<std::string> expect(bool parsed, const char* what, const std::string& value) {
    if (parsed)
        return std::nullopt;
    return std::string("expected ") + what + ", got '" + value + "'";
}

} // namespace

const std::vector<KeyRule<FileHeader>>& headerKeys() {
    static const std::vector<KeyRule<FileHeader>> keys = {
        {"format", [](const FileHeader&) { return std::string("matefind-population"); },
         [](const std::string& v, FileHeader&) -> std::optional<std::string> {
             if (v == "matefind-population")
                 return std::nullopt;
             return "must be matefind-population, got '" + v + "'";
         }},
        {"version", [](const FileHeader& h) { return std::to_string(h.version); },
         [](const std::string& v, FileHeader& h) -> std::optional<std::string> {
             // Version 1 (the clamped mapping) still loads: its members are re-encoded by value.
             for (int version = 1; version <= kPopulationFormatVersion; ++version)
                 if (v == std::to_string(version)) {
                     h.version = version;
                     return std::nullopt;
                 }
             return "this program reads versions 1 to " + std::to_string(kPopulationFormatVersion) + ", the file has '" +
                    v + "'";
         }},
    };
    return keys;
}

const std::vector<KeyRule<Parameters>>& parameterKeys() {
    using P = Parameters;
    using R = std::optional<std::string>;
    static const std::vector<KeyRule<Parameters>> keys = {
        {"generations", [](const P& p) { return std::to_string(p.generations); },
         [](const std::string& v, P& p) { return expect(parseInt(v, p.generations), "an integer", v); }},
        {"population_size", [](const P& p) { return std::to_string(p.populationSize); },
         [](const std::string& v, P& p) { return expect(parseInt(v, p.populationSize), "an integer", v); }},
        {"p_k", [](const P& p) { return formatDouble(p.pk); },
         [](const std::string& v, P& p) { return expect(parseDouble(v, p.pk), "a number", v); }},
        {"p_m", [](const P& p) { return formatDouble(p.pm); },
         [](const std::string& v, P& p) { return expect(parseDouble(v, p.pm), "a number", v); }},
        {"elite", [](const P& p) { return std::to_string(p.elite); },
         [](const std::string& v, P& p) { return expect(parseInt(v, p.elite), "an integer", v); }},
        {"selection", [](const P& p) { return std::string(selectionName(p.selection.type)); },
         [](const std::string& v, P& p) -> R {
             const auto type = parseSelectionType(v);
             if (type)
                 p.selection.type = *type;
             return expect(type.has_value(), "proportional, baker, linear, nonlinear or tournament", v);
         }},
        {"max", [](const P& p) { return formatDouble(p.selection.linearMax); },
         [](const std::string& v, P& p) { return expect(parseDouble(v, p.selection.linearMax), "a number", v); },
         [](const P& p) { return "q_lin = max / population_size = " + formatDouble(p.qLin()); }},
        {"q_nolin", [](const P& p) { return formatDouble(p.selection.qNolin); },
         [](const std::string& v, P& p) { return expect(parseDouble(v, p.selection.qNolin), "a number", v); }},
        {"k", [](const P& p) { return std::to_string(p.selection.tournamentSize); },
         [](const std::string& v, P& p) { return expect(parseInt(v, p.selection.tournamentSize), "an integer", v); }},
        {"seed", [](const P& p) { return std::to_string(p.seed); },
         [](const std::string& v, P& p) { return expect(parseUnsigned(v, p.seed), "an unsigned 64-bit integer", v); }},
        {"limit", [](const P& p) { return std::string(limitKindName(p.limitKind)); },
         [](const std::string& v, P& p) -> R {
             const auto kind = parseLimitKind(v);
             if (kind)
                 p.limitKind = *kind;
             return expect(kind.has_value(), "time, depth or nodes", v);
         }},
        {"limit_value", [](const P& p) { return std::to_string(p.limitValue); },
         [](const std::string& v, P& p) { return expect(parseInt64(v, p.limitValue), "an integer", v); }},
        {"prize", [](const P& p) { return formatDouble(p.prize); },
         [](const std::string& v, P& p) { return expect(parseDouble(v, p.prize), "a number", v); }},
    };
    return keys;
}

const std::vector<KeyRule<RunState>>& stateKeys() {
    using S = RunState;
    static const std::vector<KeyRule<RunState>> keys = {
        {"generation", [](const S& s) { return std::to_string(s.generation); },
         [](const std::string& v, S& s) {
             return expect(parseInt(v, s.generation) && s.generation >= 0, "a non-negative integer", v);
         }},
        {"evaluations", [](const S& s) { return std::to_string(s.evaluations); },
         [](const std::string& v, S& s) { return expect(parseUnsigned(v, s.evaluations), "a non-negative integer", v); }},
        {"rng", [](const S& s) { return s.rng.state(); },
         [](const std::string& v, S& s) -> std::optional<std::string> {
             std::string why;
             const auto rng = Rng::fromState(v, &why);
             if (!rng)
                 return why + (v.size() <= 80 ? ", got '" + v + "'" : std::string());
             s.rng = *rng;
             return std::nullopt;
         }},
    };
    return keys;
}

} // namespace mf::ga
