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

Error lineError(const std::string& fileName, int line, std::string field, std::string reason) {
    return errorAt(fileName, line, std::move(field), std::move(reason));
}

// The header: seven numbers, of which only the third (the population size) has a known meaning.
Result<std::vector<std::string>> readHeader(const NumberedLine& line, const std::string& fileName) {
    std::vector<std::string> header = words(line.text);
    if (header.size() != kHeaderFields)
        return lineError(fileName, line.number, "header",
                         "expected seven numbers, found " + std::to_string(header.size()) + " fields");
    for (const std::string& f : header) {
        double x = 0;
        if (!parseDouble(f, x))
            return lineError(fileName, line.number, "header", "expected seven numbers, got '" + f + "'");
    }
    return header;
}

// One chromosome line: the pawn's 100, then one value per term of `genome`. A value outside its
// term's window is kept (encode clamps it) and noted in `clamped`.
Result<std::vector<int>> readChromosome(const NumberedLine& line, const Genome& genome, const std::string& fileName,
                                        std::vector<std::string>& clamped) {
    const std::vector<std::string> fields = words(line.text);
    if (fields.size() != genome.size() + 1)
        return lineError(fileName, line.number, "values",
                         "expected the pawn's 100 and " + std::to_string(genome.size()) + " term values (" +
                             std::to_string(genome.size() + 1) + " integers), found " + std::to_string(fields.size()));
    std::vector<int> values;
    for (const std::string& f : fields) {
        int v = 0;
        if (!parseInt(f, v))
            return lineError(fileName, line.number, "values", "expected integers, got '" + f + "'");
        values.push_back(v);
    }
    if (values.front() != kPawn)
        return lineError(fileName, line.number, "pawn",
                         "expected 100 (the fixed pawn value) first, got " + std::to_string(values.front()));
    values.erase(values.begin());
    for (std::size_t t = 0; t < genome.size(); ++t) {
        const Term& term = genome[t];
        if (values[t] < term.low() || values[t] > term.high())
            clamped.push_back("line " + std::to_string(line.number) + " " + term.option + " " + std::to_string(values[t]) +
                              " -> " + std::to_string(std::clamp(values[t], term.low(), term.high())));
    }
    return values;
}

// The notes an imported run carries: where it came from, what of the header was used and what
// not, and the values that were clamped.
std::vector<std::pair<std::string, std::string>> importExtras(const std::vector<std::string>& header, std::size_t count,
                                                              const std::vector<std::string>& clamped) {
    std::string headerText;
    std::string unmapped;
    for (std::size_t f = 0; f < header.size(); ++f) {
        headerText += (f ? " " : "") + header[f];
        if (f != kPopulationField)
            unmapped += (unmapped.empty() ? "" : ", ") + std::to_string(f + 1) + ": " + header[f];
    }
    std::vector<std::pair<std::string, std::string>> extras = {
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
        extras.emplace_back("import.clamped", "values outside their window, clamped: " + list);
    }
    return extras;
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
    const std::vector<NumberedLine> lines = nonBlankLines(text);
    if (lines.empty())
        return lineError(fileName, 0, "header", "the file is empty");
    const auto header = readHeader(lines[0], fileName);
    if (!header)
        return header.error();

    const Genome genome = mateFind2006Genome();
    RunState state;
    std::vector<std::string> clamped;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto values = readChromosome(lines[i], genome, fileName, clamped);
        if (!values)
            return values.error();
        state.population.push_back(Member{encode(genome, *values), std::nullopt});
    }

    const std::size_t count = state.population.size();
    const std::string& declared = (*header)[kPopulationField];
    int size = 0;
    if (!parseInt(declared, size) || size < 0 || static_cast<std::size_t>(size) != count)
        return lineError(fileName, lines[0].number, "header",
                         "its third number (the population size) is " + declared + " but the file has " +
                             std::to_string(count) + " chromosome lines");
    state.parameters.populationSize = static_cast<int>(count);
    if (auto errors = validate(state.parameters); !errors.empty())
        return lineError(fileName, lines[0].number, std::string(fieldName(errors.front().field)), errors.front().message);
    state.genome = genome;
    state.rng = Rng(state.parameters.seed);
    state.extras = importExtras(*header, count, clamped);
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
