#include "ui/parameters/evaluation_section.h"

#include "ui/fields/input_validators.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/fields/validation_display.h"

#include "evolution/tuning/common/settings_rules.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QThread>

namespace mf::ui {

EvaluationSection::EvaluationSection(ParameterFields* fields, QWidget* parent)
    : QGroupBox(tr("Evaluation"), parent) {
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    fields->addLimitKindCombo(form);
    QLineEdit* limit = fields->addEdit(form, ga::Field::LimitValue, tr("Limit value"), validators::count(13),
                                       tr("Milliseconds, plies or nodes per EPD position"));
    // The unit beside the value: the plain row becomes an edit+unit row.
    const QFormLayout::TakeRowResult taken = form->takeRow(form->rowCount() - 1);
    if (taken.labelItem) {
        delete taken.labelItem->widget();  // the plain row's label: the new row has its own
        delete taken.labelItem;
    }
    delete taken.fieldItem;  // the layout item only; the edit moves into the new row
    unit_ = new QLabel(this);
    auto* box = new QWidget(this);
    auto* h = new QHBoxLayout(box);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(limit, 1);
    h->addWidget(unit_);
    form->addRow(tr("Limit value"), box);
    fields->addEdit(form, ga::Field::Prize, tr("Answer-speed prize"), validators::decimal(3),
                    tr("Extra score for a position solved early: 1 + prize * (1 - s/L); 0 = off"));

    workers_ = new QLineEdit(this);
    workers_->setObjectName(QStringLiteral("workers"));
    workers_->setValidator(validators::make(validators::count(4), workers_));
    ValidationDisplay::setHelp(workers_, tr("Engine processes searching at the same time (1..%1; 0: one per core)")
                                             .arg(tuning::kMaxWorkers));
    workers_->setText(QString::number(std::max(1, QThread::idealThreadCount())));
    form->addRow(tr("Workers"), workers_);
    connect(workers_, &QLineEdit::textEdited, this, &EvaluationSection::edited);
}

void EvaluationSection::showLimitUnit(ga::LimitKind kind) {
    unit_->setText(kind == ga::LimitKind::Time    ? tr("ms")
                   : kind == ga::LimitKind::Depth ? tr("plies")
                                                  : tr("nodes"));
}

} // namespace mf::ui
