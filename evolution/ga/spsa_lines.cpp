#include "evolution/ga/spsa_lines.h"

#include "evolution/ga/text_fields.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <map>
#include <sstream>

namespace mf::ga {

namespace {

constexpr std::size_t kOpenBenchFields = 7;
constexpr std::size_t kFishtestFields = 6;

std::size_t fieldCount(SpsaFormat format) {
    return format == SpsaFormat::OpenBench ? kOpenBenchFields : kFishtestFields;
}

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// The tune lines: the text's non-blank lines but '#' comments, without a UTF-8 byte order mark
// before the first.
std::vector<NumberedLine> tuneLines(std::string_view text) {
    std::vector<NumberedLine> out;
    for (NumberedLine& line : nonBlankLines(text)) {
        if (line.number == 1 && line.text.rfind("\xEF\xBB\xBF", 0) == 0)
            line.text = trim(std::string_view(line.text).substr(3));
        if (!line.text.empty() && line.text.front() != '#')
            out.push_back(std::move(line));
    }
    return out;
}

// A number as Python's float() reads it (both tools parse every number so), finite.
bool parseNumber(std::string_view s, double& out) {
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    return parseDouble(s, out);
}

class LineReader {
public:
    LineReader(const std::string& file, int line) : file_(file), line_(line) {}

    Error fail(std::string field, std::string reason) const { return errorAt(file_, line_, std::move(field), std::move(reason)); }

    // start, min and max: whole numbers in the int range ("320" or "320.0").
    std::optional<Error> wholeNumber(const std::string& field, const std::string& text, int& out) const {
        double value = 0;
        if (!parseNumber(text, value))
            return fail(field, "expected a number, got '" + text + "'");
        if (value != std::floor(value))
            return fail(field, "expected a whole number, got '" + text + "' (MateFind tunes integer spin options)");
        if (value < INT_MIN || value > INT_MAX)
            return fail(field, "out of the int range, got '" + text + "'");
        out = static_cast<int>(value);
        return std::nullopt;
    }

    std::optional<Error> step(const std::string& field, const std::string& text, double least, bool leastAllowed,
                              double& out) const {
        if (!parseNumber(text, out))
            return fail(field, "expected a number, got '" + text + "'");
        if (out < least || (!leastAllowed && out == least))
            return fail(field, std::string("must be ") + (leastAllowed ? "at least " : "greater than ") +
                                   formatDouble(least) + ", got '" + text + "'");
        return std::nullopt;
    }

private:
    const std::string& file_;
    int line_;
};

std::string shapeText(SpsaFormat format) {
    return std::to_string(fieldCount(format)) + " (" + std::string(format == SpsaFormat::OpenBench ? "OpenBench" : "fishtest") +
           ": " + std::string(spsaLineShape(format)) + ")";
}

Result<Term> readLine(const NumberedLine& line, SpsaFormat format, const std::string& file) {
    const LineReader reader(file, line.number);
    const std::vector<std::string> fields = split(line.text, ',');
    if (fields.size() != fieldCount(format))
        return reader.fail({}, "expected " + shapeText(format) + " comma-separated fields like the first tune line, found " +
                                   std::to_string(fields.size()));
    // Six fields whose second is a type: an OpenBench line with one missing, not a fishtest line.
    if (format == SpsaFormat::Fishtest && (fields[1] == "int" || fields[1] == "float"))
        return reader.fail({}, "expected " + shapeText(SpsaFormat::OpenBench) + " comma-separated fields, found 6 "
                               "(the second field is a type, so this is an OpenBench line with a field missing)");
    Term term;
    term.name = fields[0];
    if (term.name.empty())
        return reader.fail("name", "must not be empty");
    if (std::any_of(term.name.begin(), term.name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        return reader.fail("name", "must not hold control characters");
    // Only the file's first bytes may be a byte order mark; one inside a name (or a second one)
    // would be taken for the file's own when the name heads a written file.
    if (term.name.find("\xEF\xBB\xBF") != std::string::npos)
        return reader.fail("name", "must not hold a byte order mark (U+FEFF)");
    term.option = term.name;
    std::size_t next = 1;
    if (format == SpsaFormat::OpenBench) {
        const std::string& type = fields[next++];
        if (type == "float")
            return reader.fail("type", "float parameters are not read: MateFind searches integer spin options "
                                       "(scale the parameter in the engine, e.g. 1.25 as 125, and declare it int)");
        if (type != "int")
            return reader.fail("type", "must be int, got '" + type + "'");
    }
    int min = 0;
    int max = 0;
    if (auto e = reader.wholeNumber("start", fields[next], term.defaultValue))
        return *e;
    if (auto e = reader.wholeNumber("min", fields[next + 1], min))
        return *e;
    if (auto e = reader.wholeNumber("max", fields[next + 2], max))
        return *e;
    SpsaSteps steps;
    // OpenBench refuses an int c_end below 0.5; fishtest needs c_end > 0. Both read r_end > 0 as
    // the only useful value (fishtest takes 0 too, which never moves the parameter).
    const bool openBench = format == SpsaFormat::OpenBench;
    if (auto e = reader.step("c_end", fields[next + 3], openBench ? 0.5 : 0.0, openBench, steps.cEnd))
        return *e;
    if (auto e = reader.step("r_end", fields[next + 4], 0.0, false, steps.rEnd))
        return *e;
    if (min > max)
        return reader.fail("min", "must not exceed max (" + std::to_string(max) + "), got " + std::to_string(min));
    if (term.defaultValue < min || term.defaultValue > max)
        return reader.fail("start", "must lie in [min, max] = [" + std::to_string(min) + ", " + std::to_string(max) +
                                        "], got " + std::to_string(term.defaultValue));
    term.floor = min;
    term.ceiling = max;
    term.bits = bitsCovering(min, max);
    term.spsa = steps;
    return term;
}

// validateTerm's JSON-style field ("terms[2].default") as the tune line's field ("start").
std::string lineField(const std::string& genomeField) {
    const std::string key = genomeField.substr(genomeField.find('.') + 1);
    if (key == "default")
        return "start";
    if (key == "floor")
        return "min";
    if (key == "ceiling" || key == "bits")
        return "max";
    return key;
}

} // namespace

std::string_view spsaFormatName(SpsaFormat format) {
    return format == SpsaFormat::OpenBench ? "openbench" : "fishtest";
}

std::optional<SpsaFormat> parseSpsaFormat(std::string_view name) {
    if (name == "openbench")
        return SpsaFormat::OpenBench;
    if (name == "fishtest")
        return SpsaFormat::Fishtest;
    return std::nullopt;
}

std::string_view spsaLineShape(SpsaFormat format) {
    return format == SpsaFormat::OpenBench ? "name, int, start, min, max, c_end, r_end" : "name,start,min,max,c_end,r_end";
}

SpsaSteps defaultSpsaSteps(int min, int max) {
    const double range = static_cast<double>(max) - static_cast<double>(min);
    return {std::max(range / 20.0, 0.5), 0.002};
}

std::optional<SpsaFormat> detectSpsaFormat(std::string_view text) {
    const std::vector<NumberedLine> lines = tuneLines(text);
    if (lines.empty())
        return std::nullopt;
    const std::size_t fields = split(lines.front().text, ',').size();
    if (fields == kOpenBenchFields)
        return SpsaFormat::OpenBench;
    if (fields == kFishtestFields)
        return SpsaFormat::Fishtest;
    return std::nullopt;
}

Result<Genome> genomeFromSpsaLines(std::string_view text, const std::string& fileName) {
    const std::vector<NumberedLine> lines = tuneLines(text);
    if (lines.empty())
        return errorAt(fileName, 0, {},
                     "no tune lines: expected a genome as JSON (format matefind-genome), OpenBench lines (" +
                         std::string(spsaLineShape(SpsaFormat::OpenBench)) + ") or fishtest lines (" +
                         std::string(spsaLineShape(SpsaFormat::Fishtest)) + ")");
    const std::optional<SpsaFormat> format = detectSpsaFormat(text);
    if (!format)
        return errorAt(fileName, lines.front().number, {},
                     "expected a tune line of " + shapeText(SpsaFormat::OpenBench) + " or " + shapeText(SpsaFormat::Fishtest) +
                         " comma-separated fields, found " + std::to_string(split(lines.front().text, ',').size()));
    std::vector<Term> terms;
    std::map<std::string, int> lineOfName;  // lower-case name -> its line
    for (const NumberedLine& line : lines) {
        Result<Term> term = readLine(line, *format, fileName);
        if (!term)
            return term.error();
        const auto [seen, fresh] = lineOfName.emplace(lowercase(term->name), line.number);
        if (!fresh)
            return errorAt(fileName, line.number, "name",
                         "'" + term->name + "' is already on line " + std::to_string(seen->second) +
                             " (UCI option names ignore case)");
        terms.push_back(std::move(*term));
    }
    Genome genome(std::move(terms));
    // What the line checks leave to the genome's own rules: a window past the largest int.
    if (auto e = validateGenome(genome)) {
        const std::size_t open = e->field.find('[');
        const std::size_t index = open == std::string::npos ? 0 : std::stoul(e->field.substr(open + 1));
        return errorAt(fileName, lines[std::min(index, lines.size() - 1)].number, lineField(e->field), e->reason);
    }
    return genome;
}

std::string spsaLines(const Genome& genome, const std::vector<int>& values, SpsaFormat format) {
    std::ostringstream out;
    const bool openBench = format == SpsaFormat::OpenBench;
    const char* separator = openBench ? ", " : ",";
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i) {
        const Term& t = genome[i];
        SpsaSteps steps = t.spsa.value_or(defaultSpsaSteps(t.low(), t.high()));
        if (openBench)
            steps.cEnd = std::max(steps.cEnd, 0.5);
        out << t.option << separator;
        if (openBench)
            out << "int" << separator;
        out << values[i] << separator << t.low() << separator << t.high() << separator << formatDouble(steps.cEnd)
            << separator << formatDouble(steps.rEnd) << '\n';
    }
    return out.str();
}

} // namespace mf::ga
