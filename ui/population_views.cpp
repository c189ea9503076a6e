#include "ui/population_views.h"

#include "ui/fitness_charts.h"
#include "ui/population_model.h"
#include "ui/schema_panel.h"
#include "ui/statistics_panel.h"

namespace mf::ui {

void PopulationViews::clear(const ga::Genome& genome) {
    charts_->clear(genome);
    stats_->clear();
    table_->clear();
    schema_->setPopulation({});  // the previous run's figures go with it
}

void PopulationViews::showState(const ga::RunState& state) {
    table_->setPopulation(state.genome, state.population);
    schema_->setPopulation(state.population);
    if (ga::fullyEvaluated(state.population) && !state.population.empty())
        stats_->showStats(state.genome, ga::computeStats(state));
}

void PopulationViews::showOpened(const ga::RunState& state) {
    charts_->clear(state.genome);
    stats_->clear();
    showState(state);
    if (ga::fullyEvaluated(state.population) && !state.population.empty())
        charts_->addGeneration(ga::computeStats(state));
}

void PopulationViews::showGeneration(const ga::Genome& genome, const tuning::GenerationReport& report) {
    stats_->showReport(genome, report);
    charts_->addGeneration(report.stats);
    table_->setPopulation(genome, report.population);
    schema_->setPopulation(report.population);
}

void PopulationViews::showFightRound(const ga::Genome& genome, const tuning::FightRound& round) {
    charts_->addFightRound(round);
    const tuning::GenerationReport* lead = fightLeader(round);
    if (!lead)
        return;
    stats_->showFightRound(genome, round);
    table_->setPopulation(genome, lead->population);
    schema_->setPopulation(lead->population);
}

void PopulationViews::showFight(bool fight) { charts_->showFight(fight); }

} // namespace mf::ui
