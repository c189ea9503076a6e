#pragma once
// The panel's "Evaluation" group: how each position is searched (limit kind and value, with its
// unit beside it), the answer-speed prize, and how many engines search at once.
#include "evolution/ga/parameters.h"

#include <QGroupBox>

class QLabel;
class QLineEdit;

namespace mf::ui {

class ParameterFields;

class EvaluationSection : public QGroupBox {
    Q_OBJECT
public:
    EvaluationSection(ParameterFields* fields, QWidget* parent = nullptr);
    void showLimitUnit(ga::LimitKind kind);
    QLineEdit* workersEdit() const { return workers_; }

signals:
    void edited();  // the workers field (the GA fields report through ParameterFields)

private:
    QLabel* unit_ = nullptr;
    QLineEdit* workers_ = nullptr;
};

} // namespace mf::ui
