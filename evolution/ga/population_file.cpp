#include "evolution/ga/population_file.h"

#include "evolution/ga/gray.h"
#include "evolution/ga/legacy_population.h"
#include "evolution/ga/text_fields.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

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

std::string populationToText(const RunState& s, std::string_view comment) {
    const Parameters& p = s.parameters;
    std::ostringstream out;
    out << "# MateFind population file\n";
    if (!comment.empty())
        out << "# " << comment << "\n";
    out << "format = matefind-population\n"
        << "version = " << kPopulationFormatVersion << "\n\n"
        << "[parameters]\n"
        << "generations = " << p.generations << "\n"
        << "population_size = " << p.populationSize << "\n"
        << "p_k = " << formatDouble(p.pk) << "\n"
        << "p_m = " << formatDouble(p.pm) << "\n"
        << "elite = " << p.elite << "\n"
        << "selection = " << selectionName(p.selection.type) << "\n"
        << "max = " << formatDouble(p.selection.linearMax) << "\n"
        << "# q_lin = max / population_size = " << formatDouble(p.qLin()) << "\n"
        << "q_nolin = " << formatDouble(p.selection.qNolin) << "\n"
        << "k = " << p.selection.tournamentSize << "\n"
        << "seed = " << p.seed << "\n"
        << "limit = " << limitKindName(p.limitKind) << "\n"
        << "limit_value = " << p.limitValue << "\n"
        << "prize = " << formatDouble(p.prize) << "\n\n"
        << "[genome]\n"
        << "# m = " << s.genome.length() << " bits\n";
    for (const Term& t : s.genome.terms()) {
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
        out << "# window " << t.low() << ".." << t.high() << "\n";
    }
    out << "\n[state]\n"
        << "generation = " << s.generation << "\n"
        << "evaluations = " << s.evaluations << "\n"
        << "rng = " << s.rng.state() << "\n\n"
        << "[extras]\n";
    for (const auto& [key, value] : s.extras)
        out << key << " = " << value << "\n";
    out << "\n[population]\n"
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
        return Error{file_, line, std::move(field), std::move(reason)};
    }
    std::optional<Error> header(int line, const std::string& key, const std::string& value);
    std::optional<Error> parameter(int line, const std::string& key, const std::string& value);
    std::optional<Error> genomeLine(int line, const std::string& key, const std::string& value);
    std::optional<Error> stateLine(int line, const std::string& key, const std::string& value);
    std::optional<Error> memberLine(int line, const std::string& key, const std::string& value);
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
    int version_ = kPopulationFormatVersion;
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

std::optional<Error> PopulationReader::header(int line, const std::string& key, const std::string& value) {
    if (key == "format") {
        if (value != "matefind-population")
            return fail(line, key, "must be matefind-population, got '" + value + "'");
    } else if (key == "version") {
        if (value == "1")
            version_ = 1;  // the clamped mapping: members are re-encoded by value in finish()
        else if (value == std::to_string(kPopulationFormatVersion))
            version_ = kPopulationFormatVersion;
        else
            return fail(line, key, "this program reads versions 1 to " + std::to_string(kPopulationFormatVersion) +
                                       ", the file has '" + value + "'");
    } else {
        return fail(line, key, "unknown key before the first section (expected format or version)");
    }
    return std::nullopt;
}

std::optional<Error> PopulationReader::parameter(int line, const std::string& key, const std::string& value) {
    Parameters& p = state_.parameters;
    auto bad = [&](const char* what) { return fail(line, key, std::string("expected ") + what + ", got '" + value + "'"); };
    if (key == "generations") {
        if (!parseInt(value, p.generations)) return bad("an integer");
    } else if (key == "population_size") {
        if (!parseInt(value, p.populationSize)) return bad("an integer");
    } else if (key == "p_k") {
        if (!parseDouble(value, p.pk)) return bad("a number");
    } else if (key == "p_m") {
        if (!parseDouble(value, p.pm)) return bad("a number");
    } else if (key == "elite") {
        if (!parseInt(value, p.elite)) return bad("an integer");
    } else if (key == "selection") {
        const auto t = parseSelectionType(value);
        if (!t) return bad("proportional, baker, linear, nonlinear or tournament");
        p.selection.type = *t;
    } else if (key == "max") {
        if (!parseDouble(value, p.selection.linearMax)) return bad("a number");
    } else if (key == "q_nolin") {
        if (!parseDouble(value, p.selection.qNolin)) return bad("a number");
    } else if (key == "k") {
        if (!parseInt(value, p.selection.tournamentSize)) return bad("an integer");
    } else if (key == "seed") {
        if (!parseUnsigned(value, p.seed)) return bad("an unsigned 64-bit integer");
    } else if (key == "limit") {
        const auto k = parseLimitKind(value);
        if (!k) return bad("time, depth or nodes");
        p.limitKind = *k;
    } else if (key == "limit_value") {
        if (!parseInt64(value, p.limitValue)) return bad("an integer");
    } else if (key == "prize") {
        if (!parseDouble(value, p.prize)) return bad("a number");
    } else {
        return fail(line, key, "unknown parameter");
    }
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
    } else if (key == "c_end" || key == "r_end") {
        double v = 0;
        if (!parseDouble(value, v)) return fail(line, field, "expected a number, got '" + value + "'");
        PendingSteps& steps = pendingSteps_.back();
        (key == "c_end" ? steps.cEnd : steps.rEnd) = v;
        steps.line = line;
    } else {
        return fail(line, key, "unknown genome key (term, option, default, bits, floor, ceiling, c_end, r_end)");
    }
    return std::nullopt;
}

std::optional<Error> PopulationReader::stateLine(int line, const std::string& key, const std::string& value) {
    if (key == "generation") {
        if (!parseInt(value, state_.generation) || state_.generation < 0)
            return fail(line, key, "expected a non-negative integer, got '" + value + "'");
    } else if (key == "evaluations") {
        if (!parseUnsigned(value, state_.evaluations))
            return fail(line, key, "expected a non-negative integer, got '" + value + "'");
    } else if (key == "rng") {
        std::string why;
        const auto rng = Rng::fromState(value, &why);
        if (!rng)
            return fail(line, key, why + (value.size() <= 80 ? ", got '" + value + "'" : std::string()));
        state_.rng = *rng;
    } else {
        return fail(line, key, "unknown state key (generation, evaluations, rng)");
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

std::optional<Error> PopulationReader::finish(int lastLine) {
    for (const char* section : {"parameters", "genome", "state", "population"})
        if (!sectionLine_.count(section))
            return fail(lastLine, {}, std::string("section [") + section + "] is missing");
    static const char* required[] = {
        "header.format", "header.version", "parameters.generations", "parameters.population_size",
        "parameters.p_k", "parameters.p_m", "parameters.elite", "parameters.selection", "parameters.max",
        "parameters.q_nolin", "parameters.k", "parameters.seed", "parameters.limit", "parameters.limit_value",
        "parameters.prize", "state.generation", "state.evaluations", "state.rng"};
    for (const char* key : required) {
        if (!seen_.count(key)) {
            const std::string k = key;
            const std::string section = k.substr(0, k.find('.'));
            const int line = section == "header" ? 1 : sectionLine_[section];
            return fail(line, k.substr(k.find('.') + 1), "missing in " + (section == "header" ? std::string("the header") : "[" + section + "]"));
        }
    }
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
            version_ == 1 ? decodeClampedMapping(genome, m.chromosome) : decode(genome, m.chromosome);
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
        if (version_ == 1)
            m.chromosome = encode(genome, decoded);
        state_.population.push_back(Member{std::move(m.chromosome), m.fitness});
    }
    return std::nullopt;
}

Result<RunState> PopulationReader::read() {
    section_ = "header";
    int lineNumber = 0;
    std::size_t pos = 0;
    while (pos <= text_.size()) {
        const std::size_t end = std::min(text_.find('\n', pos), text_.size());
        std::string_view raw = text_.substr(pos, end - pos);
        pos = end + 1;
        ++lineNumber;
        if (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
        const std::string line = trim(raw);
        if (line.empty() || line.front() == '#')
            continue;
        if (line.front() == '[') {
            if (line.back() != ']')
                return fail(lineNumber, {}, "section header must end with ']': '" + line + "'");
            section_ = line.substr(1, line.size() - 2);
            static const std::set<std::string> sections = {"parameters", "genome", "state", "extras", "population"};
            if (!sections.count(section_))
                return fail(lineNumber, {}, "unknown section [" + section_ + "]");
            if (!sectionLine_.emplace(section_, lineNumber).second)
                return fail(lineNumber, {}, "section [" + section_ + "] appears twice");
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string::npos)
            return fail(lineNumber, {}, "expected 'key = value', got '" + line + "'");
        const std::string key = trim(std::string_view(line).substr(0, eq));
        const std::string value = trim(std::string_view(line).substr(eq + 1));
        if (key.empty())
            return fail(lineNumber, {}, "empty key before '='");
        const bool repeatable = section_ == "genome" || section_ == "population";
        if (!repeatable && !seen_.insert(section_ + "." + key).second)
            return fail(lineNumber, key, "appears twice in " + (section_ == "header" ? std::string("the header") : "[" + section_ + "]"));
        std::optional<Error> e;
        if (section_ == "header")
            e = header(lineNumber, key, value);
        else if (section_ == "parameters")
            e = parameter(lineNumber, key, value);
        else if (section_ == "genome")
            e = genomeLine(lineNumber, key, value);
        else if (section_ == "state")
            e = stateLine(lineNumber, key, value);
        else if (section_ == "extras") {
            if (!validExtraKey(key))
                e = fail(lineNumber, key, "extra keys use only letters, digits, '_', '.' and '-'");
            else
                state_.extras.emplace_back(key, value);
        } else
            e = memberLine(lineNumber, key, value);
        if (e)
            return *e;
    }
    if (auto e = finish(lineNumber))
        return *e;
    return std::move(state_);
}

} // namespace

Result<RunState> populationFromText(std::string_view text, const std::string& fileName) {
    if (looksLikeLegacyPopulation(text))
        return legacyPopulationFromText(text, fileName);
    return PopulationReader(text, fileName).read();
}

std::optional<Error> savePopulation(const RunState& state, const std::filesystem::path& file) {
    for (const auto& [key, value] : state.extras)
        if (!validExtraKey(key) || value.find('\n') != std::string::npos || value != trim(value))
            return Error{file.string(), 0, "extras." + key,
                         "keys use letters, digits, '_', '.', '-'; values are one line without surrounding spaces"};
    const std::string text = populationToText(state, "saved " + utcTimestamp());
    // Write a temporary file beside the target, flush it to disk, then rename it over the target:
    // rename is atomic, so a crash leaves either the old file or the new one, never half of one.
    // The temporary name is unique per call (mkostemp), not just per process: the window may save
    // to the very file a run is autosaving to, from another thread.
    std::string temporary = file.string() + ".tmp-XXXXXX";
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd >= 0) ::fchmod(fd, 0644);  // mkostemp creates 0600; a population file is an ordinary file
    if (fd < 0)
        return Error{file.string(), 0, {}, std::string("cannot create temporary file: ") + std::strerror(errno)};
    // Test hook (the kill-and-resume tests): with MATEFIND_TEST_SAVE_PAUSE_MS set, the write
    // stops half-way for that long, so a test can kill the process in the middle of a save.
    static const long pauseMs = [] {
        const char* text = std::getenv("MATEFIND_TEST_SAVE_PAUSE_MS");
        return text ? std::atol(text) : 0L;
    }();
    std::size_t written = 0;
    bool paused = pauseMs <= 0;
    while (written < text.size()) {
        if (!paused && written >= text.size() / 2) {
            paused = true;
            ::fsync(fd);
            std::this_thread::sleep_for(std::chrono::milliseconds(pauseMs));
        }
        const std::size_t chunk = paused ? text.size() - written : text.size() / 2 - written;
        const ssize_t n = ::write(fd, text.data() + written, chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int err = errno;
            ::close(fd);
            ::unlink(temporary.c_str());
            return Error{file.string(), 0, {}, std::string("cannot write: ") + std::strerror(err)};
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(temporary.c_str());
        return Error{file.string(), 0, {}, std::string("cannot flush: ") + std::strerror(err)};
    }
    if (::rename(temporary.c_str(), file.c_str()) != 0) {
        const int err = errno;
        ::unlink(temporary.c_str());
        return Error{file.string(), 0, {}, std::string("cannot replace the file: ") + std::strerror(err)};
    }
    return std::nullopt;
}

Result<RunState> loadPopulation(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error{file.string(), 0, {}, "cannot open for reading"};
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return populationFromText(buffer.str(), file.string());
}

} // namespace mf::ga
