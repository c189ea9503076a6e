#include "evolution/ga/genome.h"

#include "evolution/ga/spsa_lines.h"
#include "evolution/ga/text_fields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace mf::ga {

int windowLow(int defaultValue, int bits, int floor, std::optional<int> ceiling) {
    const long long size = 1LL << bits;
    long long lo = std::max<long long>(floor, static_cast<long long>(defaultValue) - size / 2);
    if (ceiling && lo + size - 1 > *ceiling)
        lo = std::max<long long>(floor, static_cast<long long>(*ceiling) - size + 1);
    return static_cast<int>(lo);
}

int Term::low() const {
    return windowLow(defaultValue, bits, floor, ceiling);
}

int Term::high() const {
    return valueAt((std::uint64_t{1} << bits) - 1);
}

long long Term::valueCount() const {
    const long long size = 1LL << bits;
    if (!ceiling)
        return size;
    return std::clamp<long long>(static_cast<long long>(*ceiling) - low() + 1, 1, size);
}

int Term::valueAt(std::uint64_t index) const {
    // Spread mapping: the 2^bits codes share the window's w values evenly, value = low +
    // floor(index * w / 2^bits). With w = 2^bits (no ceiling inside the window) it is low + index.
    const long long size = 1LL << bits;
    const long long i = std::min<long long>(static_cast<long long>(index), size - 1);
    const long long v = static_cast<long long>(low()) + i * valueCount() / size;
    return static_cast<int>(std::min<long long>(v, INT_MAX));
}

std::uint64_t Term::indexOf(int value) const {
    // The first code of the value's run: the smallest i with floor(i * w / 2^bits) = value - low,
    // i.e. ceil((value - low) * 2^bits / w).
    const long long size = 1LL << bits;
    const long long w = valueCount();
    const long long offset = std::clamp<long long>(static_cast<long long>(value) - low(), 0, w - 1);
    return static_cast<std::uint64_t>((offset * size + w - 1) / w);
}

int Term::valueAtClampedMapping(std::uint64_t index) const {
    long long v = static_cast<long long>(low()) + static_cast<long long>(index);
    if (ceiling)
        v = std::min<long long>(v, *ceiling);
    return static_cast<int>(std::min<long long>(v, INT_MAX));
}

Genome::Genome(std::vector<Term> terms) : terms_(std::move(terms)) {
    offsets_.reserve(terms_.size());
    for (const Term& t : terms_) {
        offsets_.push_back(length_);
        length_ += static_cast<std::size_t>(std::max(t.bits, 0));
    }
}

std::vector<int> Genome::defaults() const {
    std::vector<int> out;
    for (const Term& t : terms_)
        out.push_back(t.defaultValue);
    return out;
}

std::optional<Error> validateTerm(const Term& t, std::size_t index) {
    const std::string at = "terms[" + std::to_string(index) + "].";
    if (t.name.empty())
        return errorAt({}, 0, at + "name", "must not be empty");
    if (t.option.empty())
        return errorAt({}, 0, at + "option", "must not be empty");
    if (t.bits < kMinBits || t.bits > kMaxBits)
        return errorAt({}, 0, at + "bits",
                     "must be an integer from " + std::to_string(kMinBits) + " to " + std::to_string(kMaxBits) +
                         ", got " + std::to_string(t.bits));
    if (t.ceiling && *t.ceiling < t.floor)
        return errorAt({}, 0, at + "ceiling",
                     "must be at least floor (" + std::to_string(t.floor) + "), got " + std::to_string(*t.ceiling));
    if (t.defaultValue < t.floor || (t.ceiling && t.defaultValue > *t.ceiling))
        return errorAt({}, 0, at + "default",
                     "must lie in [floor, ceiling] = [" + std::to_string(t.floor) + ", " +
                         (t.ceiling ? std::to_string(*t.ceiling) : std::string("unbounded")) + "], got " +
                         std::to_string(t.defaultValue));
    if (static_cast<long long>(t.low()) + (1LL << t.bits) - 1 > INT_MAX)
        return errorAt({}, 0, at + "default", "window would exceed the largest int");
    if (t.spsa) {
        for (const auto& [key, value] : {std::pair{"c_end", t.spsa->cEnd}, std::pair{"r_end", t.spsa->rEnd}})
            if (!std::isfinite(value) || value <= 0)
                return errorAt({}, 0, at + key, "must be a number greater than 0, got " + formatDouble(value));
    }
    return std::nullopt;
}

std::optional<Error> validateGenome(const Genome& genome) {
    if (genome.size() == 0)
        return errorAt({}, 0, "terms", "must list at least one term");
    std::set<std::string> names;
    std::set<std::string> options;
    for (std::size_t i = 0; i < genome.size(); ++i) {
        if (auto e = validateTerm(genome[i], i))
            return e;
        if (!names.insert(genome[i].name).second)
            return errorAt({}, 0, "terms[" + std::to_string(i) + "].name", "duplicate name '" + genome[i].name + "'");
        if (!options.insert(genome[i].option).second)
            return errorAt({}, 0, "terms[" + std::to_string(i) + "].option",
                         "duplicate option '" + genome[i].option + "'");
    }
    return std::nullopt;
}

namespace {

using nlohmann::json;

int lineOfByte(std::string_view text, std::size_t byte) {
    const std::size_t end = std::min(byte, text.size());
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
}

std::optional<Error> readInt(const json& object, const std::string& key, const std::string& path, int& out) {
    const json& v = object.at(key);
    if (!v.is_number_integer())
        return errorAt({}, 0, path + "." + key, "must be an integer");
    const auto n = v.get<long long>();
    if (n < INT_MIN || n > INT_MAX)
        return errorAt({}, 0, path + "." + key, "out of the int range");
    out = static_cast<int>(n);
    return std::nullopt;
}

std::optional<Error> readNumber(const json& object, const std::string& key, const std::string& path, double& out) {
    const json& v = object.at(key);
    if (!v.is_number())
        return errorAt({}, 0, path + "." + key, "must be a number");
    out = v.get<double>();
    return std::nullopt;
}

std::optional<Error> readString(const json& object, const std::string& key, const std::string& path,
                                std::string& out) {
    const json& v = object.at(key);
    if (!v.is_string())
        return errorAt({}, 0, path + "." + key, "must be a string");
    out = v.get<std::string>();
    return std::nullopt;
}

Result<Genome> parseGenome(std::string_view text) {
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // nlohmann's message starts with "[json.exception.parse_error.101] parse error at line..".
        std::string what = e.what();
        if (auto p = what.find("] "); p != std::string::npos)
            what = what.substr(p + 2);
        return errorAt({}, lineOfByte(text, e.byte), {}, "invalid JSON: " + what);
    } catch (const json::exception& e) {
        // Valid syntax the library still refuses, e.g. a number too large for a double
        // ("number overflow parsing '7770...'", found by fuzz_genome): an error, not a crash.
        std::string what = e.what();
        if (auto p = what.find("] "); p != std::string::npos)
            what = what.substr(p + 2);
        return errorAt({}, 0, {}, "invalid JSON: " + what);
    }
    if (!doc.is_object())
        return errorAt({}, 0, "(top level)", "must be an object");
    if (!doc.contains("format") || doc["format"] != "matefind-genome")
        return errorAt({}, 0, "format", "must be \"matefind-genome\"");
    if (!doc.contains("version") || !doc["version"].is_number_integer() || doc["version"].get<long long>() != 1)
        return errorAt({}, 0, "version", "must be 1 (the only version this program reads)");
    if (!doc.contains("terms") || !doc["terms"].is_array())
        return errorAt({}, 0, "terms", "must be an array of terms");
    static const std::set<std::string> known = {"name", "option", "default", "bits", "floor", "ceiling", "c_end", "r_end", "group"};
    std::vector<Term> terms;
    const json& list = doc["terms"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "terms[" + std::to_string(i) + "]";
        const json& t = list[i];
        if (!t.is_object())
            return errorAt({}, 0, path, "must be an object");
        for (const auto& [key, value] : t.items())
            if (!known.count(key))
                return errorAt({}, 0, path + "." + key,
                             "unknown field (known: name, option, default, bits, floor, ceiling, c_end, r_end, group)");
        for (const char* required : {"name", "option", "default", "bits"})
            if (!t.contains(required))
                return errorAt({}, 0, path + "." + required, "missing");
        Term term;
        if (auto e = readString(t, "name", path, term.name))
            return *e;
        if (auto e = readString(t, "option", path, term.option))
            return *e;
        if (auto e = readInt(t, "default", path, term.defaultValue))
            return *e;
        if (auto e = readInt(t, "bits", path, term.bits))
            return *e;
        if (t.contains("floor"))
            if (auto e = readInt(t, "floor", path, term.floor))
                return *e;
        if (t.contains("ceiling")) {
            int c = 0;
            if (auto e = readInt(t, "ceiling", path, c))
                return *e;
            term.ceiling = c;
        }
        if (t.contains("group"))
            if (auto e = readString(t, "group", path, term.group))
                return *e;
        if (t.contains("c_end") != t.contains("r_end"))
            return errorAt({}, 0, path + (t.contains("c_end") ? ".r_end" : ".c_end"),
                         "missing (c_end and r_end, the SPSA step sizes, come together)");
        if (t.contains("c_end")) {
            SpsaSteps steps;
            if (auto e = readNumber(t, "c_end", path, steps.cEnd))
                return *e;
            if (auto e = readNumber(t, "r_end", path, steps.rEnd))
                return *e;
            term.spsa = steps;
        }
        terms.push_back(std::move(term));
    }
    Genome genome(std::move(terms));
    if (auto e = validateGenome(genome))
        return *e;
    return genome;
}

} // namespace

Result<Genome> genomeFromJson(std::string_view text, const std::string& fileName) {
    Result<Genome> r = parseGenome(text);
    if (!r.ok()) {
        const Error& e = r.error();
        return errorAt(fileName, e.line, e.field, e.reason);
    }
    return r;
}

Result<Genome> genomeFromText(std::string_view text, const std::string& fileName) {
    std::string_view rest = text;
    if (rest.substr(0, 3) == "\xEF\xBB\xBF")  // a UTF-8 byte order mark, as some editors write
        rest.remove_prefix(3);
    const std::size_t first = rest.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (rest[first] == '{' || rest[first] == '['))
        return genomeFromJson(text, fileName);
    return genomeFromSpsaLines(text, fileName);
}

Result<Genome> loadGenome(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return errorAt(file.string(), 0, {}, "cannot open for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return genomeFromText(buffer.str(), file.string());
}

std::string genomeToJson(const Genome& genome) {
    json terms = json::array();
    for (const Term& t : genome.terms()) {
        json j = {{"name", t.name}, {"option", t.option}, {"default", t.defaultValue}, {"bits", t.bits}};
        if (t.floor != 0)
            j["floor"] = t.floor;
        if (t.ceiling)
            j["ceiling"] = *t.ceiling;
        if (t.spsa) {
            j["c_end"] = t.spsa->cEnd;
            j["r_end"] = t.spsa->rEnd;
        }
        if (!t.group.empty())
            j["group"] = t.group;
        terms.push_back(std::move(j));
    }
    json doc = {{"format", "matefind-genome"}, {"version", 1}, {"terms", std::move(terms)}};
    return doc.dump(2) + "\n";
}

std::optional<Error> saveGenome(const Genome& genome, const std::filesystem::path& file) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << genomeToJson(genome);
    out.close();
    if (!out)
        return errorAt(file.string(), 0, {}, "cannot write");
    return std::nullopt;
}

std::string optionGroup(std::string_view optionName) {
    const std::size_t dot = optionName.find('.');
    return dot == std::string_view::npos ? std::string() : std::string(optionName.substr(0, dot));
}

int bitsCovering(int min, int max) {
    const long long width = static_cast<long long>(max) - min + 1;
    int bits = kMinBits;
    while (bits < kMaxBits && (1LL << bits) < width)
        ++bits;
    return bits;
}

Genome fromSpinOptions(const std::vector<SpinOption>& options) {
    std::vector<Term> terms;
    for (const SpinOption& o : options) {
        Term t;
        t.name = o.name;
        t.option = o.name;
        t.floor = o.min;
        t.ceiling = o.max;
        t.defaultValue = std::clamp(o.defaultValue, o.min, std::max(o.min, o.max));
        t.bits = bitsCovering(o.min, o.max);
        t.group = optionGroup(o.name);
        terms.push_back(std::move(t));
    }
    return Genome(std::move(terms));
}

} // namespace mf::ga
