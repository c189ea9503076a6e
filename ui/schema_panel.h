#pragma once
// Holland's schema theorem, live: the user types a schema over {0,1,*} (spaces group it and are
// ignored); every quantity of mf_ga's schemaReport is recomputed on each keystroke and each
// generation: f(t), f(S,t), order o, defining length d, m(S,t), the growth ratio and the bound
// m(S,t+1) >= m(S,t) f(S,t)/f(t) (1 - p_k d/(m-1) - o p_m).
#include "evolution/ga/population.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QLineEdit;

namespace mf::ui {

class SchemaPanel : public QWidget {
    Q_OBJECT
public:
    explicit SchemaPanel(QWidget* parent = nullptr);

    // The chromosome length and operator probabilities the schema is judged against.
    void setParameters(std::size_t m, double pk, double pm);
    // The population the counts come from (evaluated members only count once fully evaluated).
    void setPopulation(const ga::Population& population);

    QLineEdit* schemaEdit() const { return edit_; }
    QString valueText(const QString& key) const;  // shown text of "order", "predicted", ...
    QString errorText() const;

private:
    void recompute();
    QLabel* label(const QString& key) const { return labels_.value(key); }

    QLineEdit* edit_ = nullptr;
    QLabel* error_ = nullptr;
    QHash<QString, QLabel*> labels_;
    std::size_t m_ = 0;
    double pk_ = 0, pm_ = 0;
    ga::Population population_;
};

} // namespace mf::ui
