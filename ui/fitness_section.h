#pragma once
// The panel's "Fitness measure" group: what a chromosome's searches or games are worth
// (tuning::FitnessMeasure). The games measure has fields of its own (pairs, baseline, openings,
// held-out pairs), shown only while it is chosen; the suite measures use the engine section's
// suite fields.
#include "evolution/tuning/tuning_settings.h"

#include <QGroupBox>

class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace mf::ui {

class FitnessSection : public QGroupBox {
    Q_OBJECT
public:
    explicit FitnessSection(QWidget* parent = nullptr);

    tuning::FitnessMeasure measure() const;
    void setMeasure(tuning::FitnessMeasure measure);  // not an edit: no edited()
    tuning::GamesSettings games() const;
    void setGames(const tuning::GamesSettings& games);  // not an edit: no edited()
    QComboBox* measureCombo() const { return measure_; }
    QSpinBox* pairsSpin() const { return pairs_; }
    QLineEdit* baselineEdit() const { return baseline_; }
    QLineEdit* openingsEdit() const { return openings_; }
    QSpinBox* heldOutPairsSpin() const { return heldOutPairs_; }
    void setLocked(bool locked);

signals:
    void edited();

private:
    void showFieldsOf(tuning::FitnessMeasure measure);

    QFormLayout* form_ = nullptr;
    QComboBox* measure_ = nullptr;
    QSpinBox* pairs_ = nullptr;
    QLineEdit* baseline_ = nullptr;
    QLineEdit* openings_ = nullptr;
    QSpinBox* heldOutPairs_ = nullptr;
    bool writing_ = false;
};

} // namespace mf::ui
