#pragma once
// The panel's "Evolution" group: G, N, p_k, p_m, e, the selection type with its own fields
// (MAX/q_lin, q_nolin, k: only the chosen type's rows are shown) and the seed.
#include "evolution/ga/selection.h"

#include <QGroupBox>

class QFormLayout;

namespace mf::ui {

class ParameterFields;

class EvolutionSection : public QGroupBox {
    Q_OBJECT
public:
    EvolutionSection(ParameterFields* fields, QWidget* parent = nullptr);
    void showSelectionFields(ga::SelectionType type);

private:
    ParameterFields* fields_;
    QFormLayout* form_;
};

} // namespace mf::ui
