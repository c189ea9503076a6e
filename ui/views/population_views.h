#pragma once
// The views of one population, kept in step: the fitness charts, the statistics, the population
// table and the schema panel. A run's generations, a fight's rounds and an opened file all show
// through here.
#include "ui/models/run_types.h"

namespace mf::ui {

class FitnessCharts;
class PopulationModel;
class PsqtPanel;
class SchemaPanel;
class StatisticsPanel;

class PopulationViews {
public:
    // `psqt` (may be null): the piece-square tables, the defaults beside the best.
    PopulationViews(FitnessCharts* charts, StatisticsPanel* stats, PopulationModel* table, SchemaPanel* schema,
                    PsqtPanel* psqt = nullptr)
        : charts_(charts), stats_(stats), table_(table), schema_(schema), psqt_(psqt) {}

    void clear(const ga::Genome& genome);                  // a new run or fight: empty charts, tables, schema figures
    void showState(const ga::RunState& state);             // table, schema and (evaluated) statistics
    // An opened file: its state, and every generation its history keeps (run_history.h) in the
    // charts and the statistics, as the run showed them. Returns why the history could not be
    // read ("" when it could, or there is none: then the charts get the file's generation alone).
    QString showOpened(const ga::RunState& state);
    void showGeneration(const ga::Genome& genome, const tuning::GenerationReport& report);
    // The statistics and the table follow the lane with the best chromosome so far.
    void showFightRound(const ga::Genome& genome, const tuning::FightRound& round);
    void showFight(bool fight);  // the charts bring the fight chart forward, or the run's

private:
    FitnessCharts* charts_;
    StatisticsPanel* stats_;
    PopulationModel* table_;
    SchemaPanel* schema_;
    PsqtPanel* psqt_;
    void showBest(const ga::Genome& genome, const ga::GenerationStats& stats);  // the PST boards' right side
};

} // namespace mf::ui
