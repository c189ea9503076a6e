#include "evolution/tuning/results/engine_export.h"

#include <algorithm>
#include <sstream>

#include "engine/fixed_decimals.h"
#include "evolution/tuning/common/candidate_score.h"
#include "evolution/uci/option_name.h"
#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values) {
    std::ostringstream out;
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        out << "setoption name " << genome[i].option << " value " << values[i] << '\n';
    return out.str();
}

namespace {

// The run's fixed options that no term of `genome` tunes (a tuned value replaces a fixed one).
uci::OptionValues fixedOptionsOf(const ga::RunState& state) {
    TuningSettings settings;
    if (applyExtras(state, settings)) return {};
    uci::OptionValues fixed;
    for (const auto& option : settings.engine.fixedOptions) {
        const bool tuned = std::any_of(state.genome.terms().begin(), state.genome.terms().end(),
                                       [&](const ga::Term& t) { return uci::sameOptionName(t.option, option.first); });
        if (!tuned) fixed.push_back(option);
    }
    return fixed;
}

}  // namespace

uci::OptionValues exportedOptions(const ga::RunState& state, const std::vector<int>& values) {
    uci::OptionValues options = fixedOptionsOf(state);
    for (auto& tuned : makeCandidate(state.genome, values).options) options.push_back(std::move(tuned));
    return options;
}

std::size_t fixedOptionCount(const ga::RunState& state) { return fixedOptionsOf(state).size(); }

std::string setOptionLines(const uci::OptionValues& options) {
    std::ostringstream out;
    for (const auto& [name, value] : options) out << "setoption name " << name << " value " << value << '\n';
    return out.str();
}

std::string pickSourceLine(const RunPick& p, const std::string& run) {
    const std::string on = p.heldOut ? "held-out" : "training";
    const std::string figures = p.error && p.startError
                                    ? " E " + fixedDecimals(*p.error, 6) + " against the start's " + fixedDecimals(*p.startError, 6)
                                    : " score " + fixedDecimals(p.score, 5) + " against the start's " + fixedDecimals(p.startScore, 5);
    return "the pick of " + run + ": generation " + std::to_string(p.generation) + ", " + on + figures;
}

std::string contentsLine(const ga::RunState& state) {
    const std::size_t fixed = fixedOptionCount(state), tuned = state.genome.size();
    if (fixed == 0) return std::to_string(tuned) + " options: the run's tuned weights";
    return std::to_string(fixed + tuned) + " options: the run's " + std::to_string(fixed) + " fixed options and its " +
           std::to_string(tuned) + " tuned weights (the whole engine the run measured)";
}

std::string commentLines(const std::string& text) {
    std::string out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) out += "# " + line + "\n";
    return out;
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
    return engineOptionsFile(makeCandidate(genome, values).options, comment);
}

std::string engineOptionsFile(const uci::OptionValues& options, const std::string& comment) {
    std::ostringstream out;
    // The format is matefind-engine's options file; the values are for whichever engine the run tuned.
    out << "# engine options, Name = Value (matefind-cli match --options1/--options2 reads them)\n";
    out << commentLines(comment);
    for (const auto& [name, value] : options) out << name << " = " << value << '\n';
    return out.str();
}

}  // namespace mf::tuning
