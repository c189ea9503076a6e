#include "evolution/tuning/engine_export.h"

#include <sstream>

#include "engine/fixed_decimals.h"
#include "evolution/tuning/run_history.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values) {
    std::ostringstream out;
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        out << "setoption name " << genome[i].option << " value " << values[i] << '\n';
    return out.str();
}

namespace {

// What the run scored on, in one line: "measure evalfit on data/train.epd (held-out data/held.epd)".
std::string scoredOn(const TuningSettings& s) {
    std::string line = "measure " + std::string(fitnessMeasureName(s.measure));
    if (s.measure == FitnessMeasure::Evalfit) {
        line += " on " + s.of<tuning::EvalfitSettings>().data.string();
        if (!s.of<tuning::EvalfitSettings>().heldOutData.empty()) line += " (held-out " + s.of<tuning::EvalfitSettings>().heldOutData.string() + ")";
    } else if (s.measure == FitnessMeasure::Games) {
        line += " against " + baselineText(s.of<tuning::GamesSettings>().baseline);
    } else if (!s.of<tuning::SuiteSettings>().suite.empty()) {
        line += " on " + s.of<tuning::SuiteSettings>().suite.string();
    }
    return line;
}

// The recorded report of `generation`, when the file keeps it.
std::optional<GenerationReport> recorded(const ga::RunState& state, int generation) {
    auto history = recordedGenerations(state);
    if (!history) return std::nullopt;
    for (const RecordedGeneration& g : *history)
        if (g.report.stats.generation == generation) return g.report;
    return std::nullopt;
}

std::string errorLines(const TuningSettings& s, const std::optional<GenerationReport>& report, double fitness,
                       std::optional<double> heldOutError) {
    const std::optional<double> e0 = report && report->startError ? report->startError : s.of<tuning::EvalfitSettings>().startError;
    if (!e0 || !(*e0 > 0)) return "fitness " + fixedDecimals(fitness, 5) + " (E0 / E; the file keeps no E0)\n";
    std::string lines = "E " + fixedDecimals(fitness > 0 ? *e0 / fitness : *e0, 6) + " against the defaults' E0 " +
                        fixedDecimals(*e0, 6) + " (fitness E0/E " + fixedDecimals(fitness, 5) + ")";
    const std::optional<double> k = report && report->evalfitK ? report->evalfitK : s.of<tuning::EvalfitSettings>().k;
    if (k) lines += ", K " + fixedDecimals(*k, 4);
    lines += "\n";
    std::optional<double> heldE0 = s.of<tuning::EvalfitSettings>().heldOutStartError;
    if (report && report->heldOut && report->heldOut->error) {
        const HeldOutResult& h = *report->heldOut;
        heldE0 = *h.error > 0 ? *h.error * h.fitness : h.fitness;
        if (!heldOutError) heldOutError = h.error;
    }
    if (heldOutError) {
        lines += "held-out E " + fixedDecimals(*heldOutError, 6);
        if (heldE0) lines += " against the defaults' E0 " + fixedDecimals(*heldE0, 6) + " there";
        lines += "\n";
    } else if (!s.of<tuning::EvalfitSettings>().heldOutData.empty()) {
        lines += "held-out E not measured in this generation (measured every " + std::to_string(s.heldOutEvery) +
                 " generations from 0, and in the last)\n";
    }
    return lines;
}

} // namespace

std::string exportDescription(const ga::RunState& state, int generation, double fitness, const std::string& file,
                              std::optional<double> heldOutError) {
    TuningSettings settings;
    const bool known = !applyExtras(state, settings);
    std::ostringstream out;
    out << "best of generation " << generation << " of " << (file.empty() ? std::string("an unsaved run") : file) << '\n';
    if (!known) {
        out << "fitness " << fixedDecimals(fitness, 5) << '\n';
        return out.str();
    }
    out << "engine " << (settings.engine.program.empty() ? std::string("(not recorded)") : settings.engine.program.string());
    for (const std::string& a : settings.engine.arguments) out << ' ' << a;
    out << '\n' << scoredOn(settings) << '\n';
    if (settings.measure == FitnessMeasure::Evalfit)
        out << errorLines(settings, recorded(state, generation), fitness, heldOutError);
    else
        out << "fitness " << fixedDecimals(fitness, 5) << '\n';
    return out.str();
}

std::string engineOptionsFile(const ga::Genome& genome, const std::vector<int>& values, const std::string& comment) {
    std::ostringstream out;
    // The format is matefind-engine's options file; the values are for whichever engine the run tuned.
    out << "# engine options, Name = Value (matefind-cli match --options1/--options2 reads them)\n";
    std::istringstream lines(comment);
    for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        out << genome[i].option << " = " << values[i] << '\n';
    return out.str();
}

}  // namespace mf::tuning
