#include "evolution/tuning/setup/weight_set.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "engine/options_file.h"
#include "engine/whole_number.h"

namespace mf::tuning {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

}  // namespace

Result<WeightSet> weightSetFromOptionsText(std::string_view text, const std::string& fileName, const ga::Genome& genome) {
    std::map<std::string, std::size_t> termOf;  // lowered option name -> term index
    for (std::size_t i = 0; i < genome.size(); ++i) termOf.emplace(lowered(genome[i].option), i);
    WeightSet set;
    std::vector<std::optional<int>> given(genome.size());
    std::map<std::string, int> lineOf;  // lowered option name -> the line that set it
    for (const OptionsFileLine& line : parseOptionsText(text)) {
        if (!line.option) return errorAt(fileName, line.number, {}, line.error);
        const std::string& name = line.option->name;
        const std::string key = lowered(name);
        if (auto [at, fresh] = lineOf.emplace(key, line.number); !fresh)
            return errorAt(fileName, line.number, name, "set again (first on line " + std::to_string(at->second) + ")");
        const auto term = termOf.find(key);
        if (term == termOf.end()) {
            set.otherOptions.emplace_back(name, line.option->value);
            continue;
        }
        auto value = parseWholeNumber<int>(line.option->value);
        if (!value)
            return errorAt(fileName, line.number, name,
                           "expected a whole number for the term '" + genome[term->second].name + "', got '" +
                               line.option->value + "'");
        given[term->second] = *value;
    }
    for (std::size_t i = 0; i < genome.size(); ++i) {
        set.values.push_back(given[i].value_or(genome[i].defaultValue));
        if (!given[i]) set.defaulted.push_back(genome[i].option);
    }
    return set;
}

}  // namespace mf::tuning
