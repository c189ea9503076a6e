#include "ui/fitness_section.h"

#include <QComboBox>
#include <QFormLayout>

namespace mf::ui {

FitnessSection::FitnessSection(QWidget* parent) : QGroupBox(tr("Fitness measure"), parent) {
    auto* form = new QFormLayout(this);
    measure_ = new QComboBox(this);
    measure_->setObjectName(QStringLiteral("measure"));
    for (tuning::FitnessMeasure m : {tuning::FitnessMeasure::Solved, tuning::FitnessMeasure::Points}) {
        const std::string_view n = tuning::fitnessMeasureName(m);
        measure_->addItem(QString::fromUtf8(n.data(), qsizetype(n.size())), static_cast<int>(m));
    }
    measure_->setToolTip(tr("solved: 1 per solved position; points: the STS points of the move played "
                            "(suites with c0 points only)"));
    form->addRow(tr("Fitness measure"), measure_);
    connect(measure_, &QComboBox::currentIndexChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
}

tuning::FitnessMeasure FitnessSection::measure() const {
    return static_cast<tuning::FitnessMeasure>(measure_->currentData().toInt());
}

void FitnessSection::setMeasure(tuning::FitnessMeasure measure) {
    const bool was = std::exchange(writing_, true);
    measure_->setCurrentIndex(measure_->findData(static_cast<int>(measure)));
    writing_ = was;
}

void FitnessSection::setLocked(bool locked) { measure_->setEnabled(!locked); }

} // namespace mf::ui
