#include "evolution/tuning/measures/fitness_measure.h"

#include "evolution/tuning/measures/registry.h"

#include <string>

namespace mf::tuning {

namespace {

// Each value belongs to one measure and each text to one value, so that a run's measure reads
// back as it was written.
constexpr bool namesAreDistinct() {
    const auto& names = Measures::names;
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j)
            if (names[i].measure == names[j].measure || names[i].text == names[j].text) return false;
    return true;
}
static_assert(namesAreDistinct(), "two measures serve the same FitnessMeasure value or text");

}  // namespace

std::string_view fitnessMeasureName(FitnessMeasure measure) {
    for (const MeasureName& name : Measures::names)
        if (name.measure == measure) return name.text;
    return "solved";  // a value no measure serves; the settings never hold one
}

std::optional<FitnessMeasure> parseFitnessMeasure(std::string_view name) {
    for (const MeasureName& entry : Measures::names)
        if (entry.text == name) return entry.measure;
    return std::nullopt;
}

std::string measureNameList() {
    std::string list;
    const auto& names = Measures::names;
    for (std::size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i].text);
    return list;
}

}  // namespace mf::tuning
