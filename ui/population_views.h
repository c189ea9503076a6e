#pragma once
// The views of one population, kept in step: the fitness charts, the statistics, the population
// table and the schema panel. A run's generations, a fight's rounds and an opened file all show
// through here.
#include "ui/run_types.h"

namespace mf::ui {

class FitnessCharts;
class PopulationModel;
class SchemaPanel;
class StatisticsPanel;

class PopulationViews {
public:
    PopulationViews(FitnessCharts* charts, StatisticsPanel* stats, PopulationModel* table, SchemaPanel* schema)
        : charts_(charts), stats_(stats), table_(table), schema_(schema) {}

    void clear(const ga::Genome& genome);                  // a new run or fight: empty charts and tables
    void showState(const ga::RunState& state);             // table, schema and (evaluated) statistics
    void showOpened(const ga::RunState& state);            // an opened file: its state, its one chart point
    void showGeneration(const ga::Genome& genome, const tuning::GenerationReport& report);
    // The statistics and the table follow the lane with the best chromosome so far.
    void showFightRound(const ga::Genome& genome, const tuning::FightRound& round);
    void showFight(bool fight);  // the charts bring the fight chart forward, or the run's

private:
    FitnessCharts* charts_;
    StatisticsPanel* stats_;
    PopulationModel* table_;
    SchemaPanel* schema_;
};

} // namespace mf::ui
