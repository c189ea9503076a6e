#include "evolution/ga/population_file.h"

#include "evolution/ga/gray.h"
#include "evolution/ga/legacy_population.h"
#include "evolution/ga/population_keys.h"
#include "evolution/ga/text_fields.h"

#include "evolution/ga/atomic_file.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace mf::ga {

namespace {

bool validExtraKey(std::string_view key) {
    if (key.empty())
        return false;
    for (char c : key)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'))
            return false;
    return true;
}

std::string utcTimestamp() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

} // namespace

namespace {

template <class Target>
void writeKeys(std::ostream& out, const std::vector<KeyRule<Target>>& keys, const Target& target) {
    for (const KeyRule<Target>& key : keys) {
        out << key.name << " = " << key.write(target) << "\n";
        if (key.note)
            out << "# " << key.note(target) << "\n";
    }
}

void writeGenome(std::ostream& out, const Genome& genome) {
    out << "[genome]\n"
        << "# m = " << genome.length() << " bits\n";
    for (const Term& t : genome.terms()) {
        out << "term = " << t.name << "\n"
            << "option = " << t.option << "\n"
            << "default = " << t.defaultValue << "\n"
            << "bits = " << t.bits << "\n"
            << "floor = " << t.floor << "\n";
        if (t.ceiling)
            out << "ceiling = " << *t.ceiling << "\n";
        if (t.spsa)
            out << "c_end = " << formatDouble(t.spsa->cEnd) << "\n"
                << "r_end = " << formatDouble(t.spsa->rEnd) << "\n";
        if (!t.group.empty())
            out << "group = " << t.group << "\n";
        out << "# window " << t.low() << ".." << t.high() << "\n";
    }
}

void writeMembers(std::ostream& out, const RunState& s) {
    out << "[population]\n"
        << "# bits | fitness (- = not evaluated) | values:";
    for (const Term& t : s.genome.terms())
        out << " " << t.option;
    out << "\n";
    for (const Member& m : s.population) {
        out << "member = " << m.chromosome.toString() << " | "
            << (m.fitness ? formatDouble(*m.fitness) : std::string("-")) << " |";
        if (m.chromosome.size() == s.genome.length())
            for (int v : decode(s.genome, m.chromosome))
                out << " " << v;
        out << "\n";
    }
}

} // namespace

std::string populationToText(const RunState& s, std::string_view comment) {
    std::ostringstream out;
    out << "# MateFind population file\n";
    if (!comment.empty())
        out << "# " << comment << "\n";
    writeKeys(out, headerKeys(), FileHeader{kPopulationFormatVersion});
    out << "\n[parameters]\n";
    writeKeys(out, parameterKeys(), s.parameters);
    out << "\n";
    writeGenome(out, s.genome);
    out << "\n[state]\n";
    writeKeys(out, stateKeys(), s);
    out << "\n[extras]\n";
    for (const auto& [key, value] : s.extras)
        out << key << " = " << value << "\n";
    out << "\n";
    // Only an optimiser other than the GA has this section; a GA run's file is as it always was.
    if (!s.optimizer.empty()) {
        out << "[optimizer]\n";
        for (const auto& [key, value] : s.optimizer)
            out << key << " = " << value << "\n";
        out << "\n";
    }
    writeMembers(out, s);
    return out.str();
}

namespace {

// Reads the text section by section; every error carries the line it was found on.
class PopulationReader {
public:
    PopulationReader(std::string_view text, std::string fileName) : text_(text), file_(std::move(fileName)) {}

    Result<RunState> read();

private:
    Error fail(int line, std::string field, std::string reason) const {
        return errorAt(file_, line, std::move(field), std::move(reason));
    }
    template <class Target>
    std::optional<Error> keyLine(int line, const std::vector<KeyRule<Target>>& keys, const std::string& key,
                                 const std::string& value, Target& target, const char* unknown);
    std::optional<Error> sectionHeader(int line, const std::string& text);
    std::optional<Error> keyValue(int line, const std::string& text);
    std::optional<Error> genomeLine(int line, const std::string& key, const std::string& value);
    std::optional<Error> memberLine(int line, const std::string& key, const std::string& value);
    std::optional<Error> missingKey() const;
    std::optional<Error> finish(int lastLine);

    std::string_view text_;
    std::string file_;
    RunState state_;
    std::string section_;
    std::set<std::string> seen_;             // "section.key" for keys that may appear once
    std::map<std::string, int> sectionLine_;
    std::vector<Term> terms_;
    std::vector<int> termLines_;
    // Each term's c_end and r_end as read: it has both or neither.
    struct PendingSteps {
        std::optional<double> cEnd;
        std::optional<double> rEnd;
        int line = 0;
    };
    std::vector<PendingSteps> pendingSteps_;
    struct PendingMember {
        int line;
        Chromosome chromosome;
        std::optional<double> fitness;
        std::vector<int> values;
    };
    std::vector<PendingMember> members_;
    FileHeader header_{kPopulationFormatVersion};
};

// The values a chromosome stood for in a version-1 file (codes past a ceiling gave the ceiling).
std::vector<int> decodeClampedMapping(const Genome& genome, const Chromosome& c) {
    std::vector<int> values;
    for (std::size_t t = 0; t < genome.size(); ++t) {
        std::uint64_t gray = 0;
        for (int b = 0; b < genome[t].bits; ++b)
            gray = (gray << 1) | static_cast<std::uint64_t>(c[genome.offset(t) + static_cast<std::size_t>(b)]);
        values.push_back(genome[t].valueAtClampedMapping(grayToBinary(gray)));
    }
    return values;
}

template <class Target>
std::optional<Error> PopulationReader::keyLine(int line, const std::vector<KeyRule<Target>>& keys, const std::string& key,
                                               const std::string& value, Target& target, const char* unknown) {
    const KeyRule<Target>* rule = findKey(keys, key);
    if (!rule)
        return fail(line, key, unknown);
    if (auto why = rule->read(value, target))
        return fail(line, key, *why);
    return std::nullopt;
}

std::optional<Error> PopulationReader::genomeLine(int line, const std::string& key, const std::string& value) {
    if (key == "term") {
        terms_.push_back(Term{});
        termLines_.push_back(line);
        pendingSteps_.push_back({});
        terms_.back().name = value;
        return std::nullopt;
    }
    if (terms_.empty())
        return fail(line, key, "comes before the first 'term = <name>' line");
    Term& t = terms_.back();
    const std::string field = "term '" + t.name + "' " + key;
    if (key == "option") {
        t.option = value;
    } else if (key == "default") {
        if (!parseInt(value, t.defaultValue)) return fail(line, field, "expected an integer, got '" + value + "'");
    } else if (key == "bits") {
        if (!parseInt(value, t.bits)) return fail(line, field, "expected an integer, got '" + value + "'");
    } else if (key == "floor") {
        if (!parseInt(value, t.floor)) return fail(line, field, "expected an integer, got '" + value + "'");
    } else if (key == "ceiling") {
        int c = 0;
        if (!parseInt(value, c)) return fail(line, field, "expected an integer, got '" + value + "'");
        t.ceiling = c;
    } else if (key == "group") {
        t.group = value;
    } else if (key == "c_end" || key == "r_end") {
        double v = 0;
        if (!parseDouble(value, v)) return fail(line, field, "expected a number, got '" + value + "'");
        PendingSteps& steps = pendingSteps_.back();
        (key == "c_end" ? steps.cEnd : steps.rEnd) = v;
        steps.line = line;
    } else {
        return fail(line, key, "unknown genome key (term, option, default, bits, floor, ceiling, c_end, r_end, group)");
    }
    return std::nullopt;
}

std::optional<Error> PopulationReader::memberLine(int line, const std::string& key, const std::string& value) {
    if (key != "member")
        return fail(line, key, "unknown key; population lines are 'member = <bits> | <fitness> | <values>'");
    const std::vector<std::string> parts = split(value, '|');
    if (parts.size() != 3)
        return fail(line, "member", "expected '<bits> | <fitness or -> | <values>', found " +
                                        std::to_string(parts.size()) + " part(s)");
    PendingMember m{line, {}, std::nullopt, {}};
    const auto chromosome = Chromosome::fromString(parts[0]);
    if (!chromosome || parts[0].empty())
        return fail(line, "member bits", "must be a string of 0 and 1, got '" + parts[0] + "'");
    m.chromosome = *chromosome;
    if (parts[1] != "-") {
        double f = 0;
        if (!parseDouble(parts[1], f))
            return fail(line, "member fitness", "expected a number or -, got '" + parts[1] + "'");
        m.fitness = f;
    }
    for (const std::string& word : split(parts[2], ' ')) {
        if (word.empty())
            continue;
        int v = 0;
        if (!parseInt(word, v))
            return fail(line, "member values", "expected integers, got '" + word + "'");
        m.values.push_back(v);
    }
    members_.push_back(std::move(m));
    return std::nullopt;
}

// The first key of the header, [parameters] or [state] that the text did not give, in the order
// the writer writes them.
std::optional<Error> PopulationReader::missingKey() const {
    const auto check = [&](const std::string& section, const auto& keys) -> std::optional<Error> {
        for (const auto& key : keys)
            if (!seen_.count(section + "." + std::string(key.name))) {
                const bool header = section == "header";
                return fail(header ? 1 : sectionLine_.at(section), std::string(key.name),
                            "missing in " + (header ? std::string("the header") : "[" + section + "]"));
            }
        return std::nullopt;
    };
    if (auto e = check("header", headerKeys()))
        return e;
    if (auto e = check("parameters", parameterKeys()))
        return e;
    return check("state", stateKeys());
}

std::optional<Error> PopulationReader::finish(int lastLine) {
    for (const char* section : {"parameters", "genome", "state", "population"})
        if (!sectionLine_.count(section))
            return fail(lastLine, {}, std::string("section [") + section + "] is missing");
    if (auto e = missingKey())
        return e;
    const std::vector<FieldError> errors = validate(state_.parameters);
    if (!errors.empty())
        return fail(sectionLine_["parameters"], std::string(fieldName(errors.front().field)), errors.front().message);

    for (std::size_t i = 0; i < terms_.size(); ++i) {
        const PendingSteps& steps = pendingSteps_[i];
        if (steps.cEnd.has_value() != steps.rEnd.has_value())
            return fail(steps.line, "term '" + terms_[i].name + "' " + (steps.cEnd ? "r_end" : "c_end"),
                        "missing (c_end and r_end, the SPSA step sizes, come together)");
        if (steps.cEnd)
            terms_[i].spsa = SpsaSteps{*steps.cEnd, *steps.rEnd};
    }
    Genome genome(terms_);
    if (auto e = validateGenome(genome)) {
        // validateGenome names "terms[i].key"; point at that term's line.
        int line = sectionLine_["genome"];
        if (const auto open = e->field.find('['); open != std::string::npos) {
            const std::size_t index = std::stoul(e->field.substr(open + 1));
            if (index < termLines_.size())
                line = termLines_[index];
        }
        return fail(line, e->field, e->reason);
    }
    state_.genome = genome;

    if (members_.size() != static_cast<std::size_t>(state_.parameters.populationSize))
        return fail(sectionLine_["population"], "population",
                    "has " + std::to_string(members_.size()) + " members but population_size is " +
                        std::to_string(state_.parameters.populationSize));
    for (PendingMember& m : members_) {
        if (m.chromosome.size() != genome.length())
            return fail(m.line, "member bits",
                        "has " + std::to_string(m.chromosome.size()) + " bits; the genome has m = " +
                            std::to_string(genome.length()));
        const std::vector<int> decoded =
            header_.version == 1 ? decodeClampedMapping(genome, m.chromosome) : decode(genome, m.chromosome);
        if (m.values.size() != decoded.size())
            return fail(m.line, "member values",
                        "lists " + std::to_string(m.values.size()) + " values; the genome has " +
                            std::to_string(decoded.size()) + " terms");
        for (std::size_t i = 0; i < decoded.size(); ++i)
            if (decoded[i] != m.values[i])
                return fail(m.line, "member values",
                            genome[i].option + " is " + std::to_string(m.values[i]) + " but the bits decode to " +
                                std::to_string(decoded[i]));
        // A version-1 member keeps its values (and so its fitness): its bits are re-encoded under
        // the spread mapping. Where no window is cut by a ceiling the bits do not change.
        if (header_.version == 1)
            m.chromosome = encode(genome, decoded);
        state_.population.push_back(Member{std::move(m.chromosome), m.fitness});
    }
    return std::nullopt;
}

std::optional<Error> PopulationReader::sectionHeader(int line, const std::string& text) {
    if (text.back() != ']')
        return fail(line, {}, "section header must end with ']': '" + text + "'");
    section_ = text.substr(1, text.size() - 2);
    static const std::set<std::string> sections = {"parameters", "genome", "state", "extras", "optimizer",
                                                   "population"};
    if (!sections.count(section_))
        return fail(line, {}, "unknown section [" + section_ + "]");
    if (!sectionLine_.emplace(section_, line).second)
        return fail(line, {}, "section [" + section_ + "] appears twice");
    return std::nullopt;
}

std::optional<Error> PopulationReader::keyValue(int line, const std::string& text) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos)
        return fail(line, {}, "expected 'key = value', got '" + text + "'");
    const std::string key = trim(std::string_view(text).substr(0, eq));
    const std::string value = trim(std::string_view(text).substr(eq + 1));
    if (key.empty())
        return fail(line, {}, "empty key before '='");
    const bool repeatable = section_ == "genome" || section_ == "population";
    if (!repeatable && !seen_.insert(section_ + "." + key).second)
        return fail(line, key, "appears twice in " + (section_ == "header" ? std::string("the header") : "[" + section_ + "]"));
    if (section_ == "header")
        return keyLine(line, headerKeys(), key, value, header_,
                       "unknown key before the first section (expected format or version)");
    if (section_ == "parameters")
        return keyLine(line, parameterKeys(), key, value, state_.parameters, "unknown parameter");
    if (section_ == "genome")
        return genomeLine(line, key, value);
    if (section_ == "state")
        return keyLine(line, stateKeys(), key, value, state_, "unknown state key (generation, evaluations, rng)");
    if (section_ == "extras") {
        if (!validExtraKey(key))
            return fail(line, key, "extra keys use only letters, digits, '_', '.' and '-'");
        state_.extras.emplace_back(key, value);
        return std::nullopt;
    }
    if (section_ == "optimizer") {
        if (!validExtraKey(key))
            return fail(line, key, "optimizer keys use only letters, digits, '_', '.' and '-'");
        state_.optimizer.emplace_back(key, value);
        return std::nullopt;
    }
    return memberLine(line, key, value);
}

Result<RunState> PopulationReader::read() {
    section_ = "header";
    for (const NumberedLine& line : nonBlankLines(text_)) {
        if (line.text.front() == '#')
            continue;
        const auto e = line.text.front() == '[' ? sectionHeader(line.number, line.text) : keyValue(line.number, line.text);
        if (e)
            return *e;
    }
    // Errors about the whole text (a missing section or key) point at its last line.
    const int lastLine = static_cast<int>(std::count(text_.begin(), text_.end(), '\n')) + 1;
    if (auto e = finish(lastLine))
        return *e;
    return std::move(state_);
}

} // namespace

Result<RunState> populationFromText(std::string_view text, const std::string& fileName) {
    if (looksLikeLegacyPopulation(text))
        return legacyPopulationFromText(text, fileName);
    return PopulationReader(text, fileName).read();
}

std::optional<Error> savePopulation(const RunState& state, const std::filesystem::path& file,
                                    std::chrono::milliseconds pauseHalfWay) {
    for (const auto& [key, value] : state.extras)
        if (!validExtraKey(key) || value.find('\n') != std::string::npos || value != trim(value))
            return errorAt(file.string(), 0, "extras." + key,
                         "keys use letters, digits, '_', '.', '-'; values are one line without surrounding spaces");
    for (const auto& [key, value] : state.optimizer)
        if (!validExtraKey(key) || value.find('\n') != std::string::npos || value != trim(value))
            return errorAt(file.string(), 0, "optimizer." + key,
                         "keys use letters, digits, '_', '.', '-'; values are one line without surrounding spaces");
    if (auto error = writeFileAtomically(file, populationToText(state, "saved " + utcTimestamp()), pauseHalfWay))
        return errorAt(file.string(), 0, {}, *error);
    return std::nullopt;
}

Result<RunState> loadPopulation(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return errorAt(file.string(), 0, {}, "cannot open for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return populationFromText(buffer.str(), file.string());
}

} // namespace mf::ga
