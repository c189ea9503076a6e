#pragma once
// The panel's "Fitness measure" group: what a searched position is worth (tuning::FitnessMeasure).
#include "evolution/tuning/tuning_settings.h"

#include <QGroupBox>

class QComboBox;

namespace mf::ui {

class FitnessSection : public QGroupBox {
    Q_OBJECT
public:
    explicit FitnessSection(QWidget* parent = nullptr);

    tuning::FitnessMeasure measure() const;
    void setMeasure(tuning::FitnessMeasure measure);  // not an edit: no edited()
    QComboBox* measureCombo() const { return measure_; }
    void setLocked(bool locked);

signals:
    void edited();

private:
    QComboBox* measure_ = nullptr;
    bool writing_ = false;
};

} // namespace mf::ui
