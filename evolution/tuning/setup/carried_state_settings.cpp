#include "evolution/tuning/setup/carried_state_settings.h"

#include "evolution/match/openings.h"

namespace mf::tuning {

Result<uci::CarriedStateSettings> carriedStateSettings(const ga::Genome& genome, const std::filesystem::path& openings,
                                                       std::size_t count) {
    if (genome.size() == 0) return errorAt("", 0, "", "the genome has no terms: there are no weights to change");
    const match::OpeningsFile file = match::readOpenings(openings.string());
    if (!file.errors.empty()) return errorAt("", 0, "", file.errors.front());  // "file:line: why" already
    uci::CarriedStateSettings settings;
    for (const match::Opening& o : file.openings) {
        if (settings.fens.size() == count) break;
        if (o.moves.empty()) settings.fens.push_back(o.fen);
    }
    if (settings.fens.empty()) return errorAt(openings.string(), 0, "", "no position without moves to score");
    for (const ga::Term& t : genome.terms()) {
        const int farEnd = t.high() - t.defaultValue >= t.defaultValue - t.low() ? t.high() : t.low();
        settings.first.emplace_back(t.option, std::to_string(t.defaultValue));
        settings.other.emplace_back(t.option, std::to_string(t.defaultValue + (farEnd - t.defaultValue) / 2));
    }
    return settings;
}

}  // namespace mf::tuning
