#include "ui/views/population_views.h"

#include "ui/views/fitness_charts.h"
#include "ui/models/population_model.h"
#include "ui/psqt/psqt_panel.h"
#include "ui/views/schema_panel.h"
#include "ui/views/statistics_panel.h"

#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::ui {

namespace {

// E0 of an evalfit run's file (its recorded generation, else the fit it saved); none otherwise.
std::optional<double> startErrorOf(const ga::RunState& state, const tuning::RecordedGeneration* recorded) {
    if (recorded && recorded->report.startError)
        return recorded->report.startError;
    tuning::TuningSettings settings;
    if (tuning::applyExtras(state, settings) || settings.measure != tuning::FitnessMeasure::Evalfit)
        return std::nullopt;
    return settings.of<tuning::EvalfitSettings>().startError;
}

} // namespace

void PopulationViews::showBest(const ga::Genome& genome, const ga::GenerationStats& stats) {
    if (!psqt_ || stats.bestValues.size() != genome.size())
        return;
    if (!(psqt_->genome() == genome))
        psqt_->setGenome(genome);
    psqt_->setCurrent(stats.bestValues, QObject::tr("best of generation %1").arg(stats.generation));
}

void PopulationViews::clear(const ga::Genome& genome) {
    charts_->clear(genome);
    if (psqt_)
        psqt_->setGenome(genome);
    stats_->clear();
    table_->clear();
    schema_->setPopulation({});  // the previous run's figures go with it
}

void PopulationViews::showState(const ga::RunState& state) {
    auto history = tuning::recordedGenerations(state);
    const tuning::RecordedGeneration* recorded =
        history && !history->empty() && history->back().report.stats.generation == state.generation ? &history->back()
                                                                                                    : nullptr;
    table_->setPopulation(state.genome, state.population, startErrorOf(state, recorded));
    schema_->setPopulation(state.population);
    if (!ga::fullyEvaluated(state.population) || state.population.empty())
        return;
    // The statistics as the run reported them (E, held-out, costs) when the state records its
    // generation; else what the population alone says.
    if (recorded) {
        tuning::GenerationReport report = recorded->report;
        report.population = state.population;  // the file keeps the last population only: this one
        stats_->showRecorded(state.genome, report, recorded->hasCost);
        showBest(state.genome, recorded->report.stats);
    } else {
        const ga::GenerationStats stats = ga::computeStats(state);
        stats_->showStats(state.genome, stats);
        showBest(state.genome, stats);  // a fight's lane picked, a run stopped: its best on the boards
    }
}

QString PopulationViews::showOpened(const ga::RunState& state) {
    charts_->clear(state.genome);
    if (psqt_)
        psqt_->setGenome(state.genome);
    stats_->clear();
    showState(state);
    const bool evaluated = ga::fullyEvaluated(state.population) && !state.population.empty();
    auto history = tuning::recordedGenerations(state);
    const QString problem = history ? QString() : QString::fromStdString(history.error().message);
    const tuning::RecordedGeneration* last = nullptr;
    if (history)
        for (const tuning::RecordedGeneration& g : *history)
            if (g.report.stats.generation <= state.generation) {
                charts_->addGeneration(g.report);
                showBest(state.genome, g.report.stats);
                last = &g;
            }
    // showState has shown the recorded statistics of the file's generation; without them the
    // charts get that generation from the population.
    if ((!last || last->report.stats.generation != state.generation) && evaluated) {
        tuning::GenerationReport report;
        report.stats = ga::computeStats(state);
        charts_->addGeneration(report);
        showBest(state.genome, report.stats);
    }
    return problem;
}

void PopulationViews::showGeneration(const ga::Genome& genome, const tuning::GenerationReport& report) {
    stats_->showReport(genome, report);
    charts_->addGeneration(report);
    showBest(genome, report.stats);
    table_->setPopulation(genome, report.population, report.startError);
    schema_->setPopulation(report.population);
}

void PopulationViews::showFightRound(const ga::Genome& genome, const tuning::FightRound& round) {
    charts_->addFightRound(round);
    const tuning::GenerationReport* lead = fightLeader(round);
    if (!lead)
        return;
    stats_->showFightRound(genome, round);
    showBest(genome, lead->stats);
    table_->setPopulation(genome, lead->population, lead->startError);
    schema_->setPopulation(lead->population);
}

void PopulationViews::showFight(bool fight) { charts_->showFight(fight); }

} // namespace mf::ui
