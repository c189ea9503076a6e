#include "evolution/ga/legacy_population.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/text_fields.h"

#include <algorithm>

namespace mf::ga {

Genome mateFind2006Genome() {
    return Genome({
        Term("knight value", "KnightValue", 250, 9),
        Term("bishop value", "BishopValue", 300, 9),
        Term("rook value", "RookValue", 500, 9),
        Term("queen value", "QueenValue", 900, 9),
        Term("attacked squares", "AttackedSquares", 0, 8),
        Term("piece placement tables", "PiecePlacement", 30, 8),
        Term("doubled pawns penalty", "DoubledPawns", 50, 9),
        Term("stopped pawns penalty", "StoppedPawns", 30, 9),
        Term("king and rook placement penalty", "KingRookPlacement", 50, 9),
        Term("king edge placement", "KingEdgePlacement", 30, 9),
        Term("attacks on the king's shield", "KingShieldAttacks", 0, 9),
        Term("castled bonus", "CastledBonus", 50, 9),
    });
}

namespace {

constexpr std::size_t kHeaderFields = 7;
constexpr std::size_t kPopulationField = 2;  // 0-based: the third number
constexpr int kPawn = 100;

std::vector<std::string> words(std::string_view line) {
    std::vector<std::string> out;
    for (const std::string& w : split(line, ' '))
        for (const std::string& part : split(w, '\t'))
            if (!part.empty())
                out.push_back(part);
    return out;
}

struct Line {
    int number;
    std::string text;
};

std::vector<Line> meaningfulLines(std::string_view text) {
    std::vector<Line> lines;
    int number = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++number;
        if (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
        std::string line = trim(raw);
        if (!line.empty())
            lines.push_back({number, std::move(line)});
    }
    return lines;
}

} // namespace

bool looksLikeLegacyPopulation(std::string_view text) {
    // Only the first line is looked at, so a large file of another kind costs nothing here.
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (line.empty())
            continue;
        const std::vector<std::string> fields = words(line);
        if (fields.size() != kHeaderFields)
            return false;
        for (const std::string& f : fields) {
            double x = 0;
            if (!parseDouble(f, x))
                return false;
        }
        return true;
    }
    return false;
}

Result<RunState> legacyPopulationFromText(std::string_view text, const std::string& fileName) {
    auto fail = [&](int line, std::string field, std::string reason) {
        return Error{fileName, line, std::move(field), std::move(reason)};
    };
    const std::vector<Line> lines = meaningfulLines(text);
    if (lines.empty())
        return fail(0, "header", "the file is empty");
    const std::vector<std::string> header = words(lines[0].text);
    if (header.size() != kHeaderFields)
        return fail(lines[0].number, "header", "expected seven numbers, found " + std::to_string(header.size()) + " fields");
    for (const std::string& f : header) {
        double x = 0;
        if (!parseDouble(f, x))
            return fail(lines[0].number, "header", "expected seven numbers, got '" + f + "'");
    }

    const Genome genome = mateFind2006Genome();
    RunState state;
    std::vector<std::string> clamped;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::vector<std::string> fields = words(lines[i].text);
        if (fields.size() != genome.size() + 1)
            return fail(lines[i].number, "values",
                        "expected the pawn's 100 and " + std::to_string(genome.size()) + " term values (" +
                            std::to_string(genome.size() + 1) + " integers), found " + std::to_string(fields.size()));
        std::vector<int> values;
        for (const std::string& f : fields) {
            int v = 0;
            if (!parseInt(f, v))
                return fail(lines[i].number, "values", "expected integers, got '" + f + "'");
            values.push_back(v);
        }
        if (values.front() != kPawn)
            return fail(lines[i].number, "pawn",
                        "expected 100 (the fixed pawn value) first, got " + std::to_string(values.front()));
        values.erase(values.begin());
        for (std::size_t t = 0; t < genome.size(); ++t) {
            const Term& term = genome[t];
            if (values[t] < term.low() || values[t] > term.high())
                clamped.push_back("line " + std::to_string(lines[i].number) + " " + term.option + " " +
                                  std::to_string(values[t]) + " -> " +
                                  std::to_string(std::clamp(values[t], term.low(), term.high())));
        }
        state.population.push_back(Member{encode(genome, values), std::nullopt});
    }

    const std::size_t count = state.population.size();
    int declared = 0;
    if (!parseInt(header[kPopulationField], declared) || declared < 0 || static_cast<std::size_t>(declared) != count)
        return fail(lines[0].number, "header",
                    "its third number (the population size) is " + header[kPopulationField] + " but the file has " +
                        std::to_string(count) + " chromosome lines");
    state.parameters.populationSize = static_cast<int>(count);
    if (auto errors = validate(state.parameters); !errors.empty())
        return fail(lines[0].number, std::string(fieldName(errors.front().field)), errors.front().message);
    state.genome = genome;
    state.rng = Rng(state.parameters.seed);

    std::string headerText;
    std::string unmapped;
    for (std::size_t f = 0; f < header.size(); ++f) {
        headerText += (f ? " " : "") + header[f];
        if (f != kPopulationField)
            unmapped += (unmapped.empty() ? "" : ", ") + std::to_string(f + 1) + ": " + header[f];
    }
    state.extras = {
        {"import.source", "MateFind 2006 population file"},
        {"import.header", headerText},
        {"import.mapped", "population_size = " + std::to_string(count) + " (header number 3, equal to the " +
                              std::to_string(count) + " chromosome lines)"},
        {"import.unmapped", "header numbers " + unmapped +
                                " (meaning not known: not used; the parameters are this program's defaults)"},
        {"import.values", "the pawn's 100 and twelve term values per line, encoded into the MateFind genome's "
                          "windows; not evaluated yet"},
    };
    if (!clamped.empty()) {
        std::string list;
        for (const std::string& c : clamped)
            list += (list.empty() ? "" : "; ") + c;
        state.extras.emplace_back("import.clamped", "values outside their window, clamped: " + list);
    }
    return state;
}

bool isImported(const RunState& state) {
    for (const auto& [key, value] : state.extras)
        if (key == "import.source")
            return true;
    return false;
}

std::vector<std::string> importNotes(const RunState& state) {
    std::vector<std::string> notes;
    for (const auto& [key, value] : state.extras)
        if (key.rfind("import.", 0) == 0)
            notes.push_back(key + ": " + value);
    return notes;
}

} // namespace mf::ga
