#include "evolution/tuning/settings/start_values.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "engine/options_file.h"

namespace mf::tuning {

namespace {

bool sameName(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<std::size_t> termNamed(const ga::Genome& genome, std::string_view name) {
    for (std::size_t i = 0; i < genome.size(); ++i)
        if (sameName(genome[i].option, name)) return i;
    for (std::size_t i = 0; i < genome.size(); ++i)
        if (genome[i].name == name) return i;
    return std::nullopt;
}

std::optional<int> parseValue(std::string_view text) {
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

Result<ga::Genome> withStartValues(const ga::Genome& genome, std::string_view text, const std::string& fileName) {
    std::vector<ga::Term> terms = genome.terms();
    std::set<std::size_t> named;
    for (const OptionsFileLine& line : parseOptionsText(text)) {
        if (!line.option) return errorAt(fileName, line.number, {}, line.error);
        const std::string& name = line.option->name;
        const auto index = termNamed(genome, name);
        if (!index) return errorAt(fileName, line.number, name, "is not a term of the genome (give its UCI option name)");
        if (!named.insert(*index).second) return errorAt(fileName, line.number, name, "is named twice");
        const auto value = parseValue(line.option->value);
        if (!value)
            return errorAt(fileName, line.number, name, "expected an integer value, got '" + line.option->value + "'");
        ga::Term& term = terms[*index];
        if (*value < term.floor || (term.ceiling && *value > *term.ceiling))
            return errorAt(fileName, line.number, name,
                           std::to_string(*value) + " is outside the term's range " + std::to_string(term.floor) + ".." +
                               (term.ceiling ? std::to_string(*term.ceiling) : std::string("")));
        term.defaultValue = *value;
    }
    ga::Genome result(std::move(terms));
    if (auto error = ga::validateGenome(result)) return errorAt(fileName, 0, error->field, error->reason);
    return result;
}

Result<ga::Genome> loadStartValues(const ga::Genome& genome, const std::filesystem::path& file) {
    const OptionsFileText read = readOptionsFileText(file);
    if (read.openError) return errorAt(file.string(), 0, {}, *read.openError);
    return withStartValues(genome, read.text, file.string());
}

}  // namespace mf::tuning
