#pragma once
// The games measure's opponent as the user picks it: the engine's own defaults, another engine,
// the run's start values, the members among themselves (partners: SPSA's theta + c against
// theta - c), another engine, or the best member of a population file, each with the path it
// needs and a browse button, so nobody has to know the command line's spelling
// (defaults | start | partners | engine:PATH | FILE), which the tooltip gives.
#include "evolution/tuning/settings/tuning_settings.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QToolButton;

namespace mf::ui {

class BaselinePicker : public QWidget {
    Q_OBJECT
public:
    enum Kind { Defaults, Start, Partners, Engine, Population };
    explicit BaselinePicker(QWidget* parent = nullptr);

    tuning::BaselineChoice baseline() const;
    void setBaseline(const tuning::BaselineChoice& baseline);  // not an edit: no edited()
    QComboBox* kindCombo() const { return kind_; }
    QLineEdit* pathEdit() const { return path_; }
    void setLocked(bool locked);

signals:
    void edited();

private:
    void applyKind();  // the path field's hint, and greyed for defaults

    QComboBox* kind_ = nullptr;
    QLineEdit* path_ = nullptr;
    QToolButton* browse_ = nullptr;
    bool locked_ = false;
    bool writing_ = false;
};

} // namespace mf::ui
