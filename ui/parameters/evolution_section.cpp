#include "ui/parameters/evolution_section.h"

#include "ui/fields/input_validators.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/fields/validation_display.h"

#include <QFormLayout>
#include <QLineEdit>

namespace mf::ui {

EvolutionSection::EvolutionSection(ParameterFields* fields, QWidget* parent)
    : QGroupBox(tr("Evolution"), parent), fields_(fields), form_(new QFormLayout(this)) {
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    using ga::Field;
    fields->addEdit(form_, Field::Generations, tr("Generations G"), validators::count(7),
                    tr("Generations in the run, counting the first (generation 0): the run ends after "
                       "generation G-1 (1..1000000)"));
    fields->addEdit(form_, Field::PopulationSize, tr("Population size N"), validators::count(6),
                    tr("Chromosomes per generation (2..100000)"));
    fields->addEdit(form_, Field::Pk, tr("Crossover p_k"), validators::probability(),
                    tr("Probability that a pair of parents is crossed (one point), 0..1"));
    fields->addEdit(form_, Field::Pm, tr("Mutation p_m"), validators::probability(),
                    tr("Probability that a bit flips, 0..1"));
    fields->addEdit(form_, Field::Elite, tr("Elitism e"), validators::count(6),
                    tr("The e best survive unchanged (0..N-1)"));
    fields->addSelectionCombo(form_);
    fields->addEdit(form_, Field::LinearMax, tr("MAX"), validators::decimal(1),
                    tr("Linear ranking: expected copies of the best, 1..2 (MAX = q_lin * N)"));
    fields->addEdit(form_, Field::QLin, tr("q_lin"), validators::decimal(1),
                    tr("Linear ranking: probability of the best, 1/N..2/N (q_lin = MAX / N)"));
    fields->addEdit(form_, Field::QNolin, tr("q_nolin"), validators::probability(),
                    tr("Nonlinear ranking: p(i) = q(1-q)^(i-1), 0 < q < 1"));
    fields->addEdit(form_, Field::TournamentSize, tr("Tournament k"), validators::count(6),
                    tr("Tournament: members drawn per selection, 1..N"));
    fields->addEdit(form_, Field::Seed, tr("Seed"), validators::seed(),
                    tr("Seed of the run's random generator (0..2^64-1): same seed, same evolution"));
}

void EvolutionSection::showSelectionFields(ga::SelectionType type) {
    // The chosen type's rows, and any other type's row whose value is marked invalid: a fight runs
    // every type, so such a value blocks it and must be in sight to be fixed.
    using ga::Field;
    using T = ga::SelectionType;
    auto show = [this](Field f, bool used) {
        QLineEdit* e = fields_->edit(f);
        form_->setRowVisible(e, used || ValidationDisplay::isMarked(e));
    };
    show(Field::LinearMax, type == T::Linear);
    show(Field::QLin, type == T::Linear);
    show(Field::QNolin, type == T::Nonlinear);
    show(Field::TournamentSize, type == T::Tournament);
}

} // namespace mf::ui
