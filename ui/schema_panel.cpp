#include "ui/schema_panel.h"

#include "ui/input_validators.h"

#include "evolution/ga/schema.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace mf::ui {

namespace {
QString number(double v) { return QString::number(v, 'f', 4); }
}

SchemaPanel::SchemaPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Type a schema over {0, 1, *} of the chromosome's length m (spaces are ignored, "
                                "so you can group it per term). Everything below follows each keystroke and "
                                "each generation."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    edit_ = new QLineEdit(this);
    edit_->setObjectName(QStringLiteral("schema"));
    edit_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit_->setValidator(validators::make(validators::schema(), edit_));
    edit_->setPlaceholderText(tr("e.g. 1** ***** for the first bits; * = any bit"));
    layout->addWidget(edit_);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("schemaError"));
    error_->setStyleSheet(QStringLiteral("color: #b00000;"));
    error_->setWordWrap(true);
    layout->addWidget(error_);
    auto* form = new QFormLayout;
    const std::pair<const char*, QString> rows[] = {
        {"length", tr("Length typed / m")},
        {"order", tr("Order o(S)")},
        {"definingLength", tr("Defining length δ(S)")},
        {"matching", tr("Matching members m(S,t)")},
        {"schemaFitness", tr("Schema fitness f(S,t)")},
        {"populationMean", tr("Mean fitness f̄(t)")},
        {"ratio", tr("Growth ratio f(S,t)/f̄(t)")},
        {"survival", tr("Survival factor 1 − p_k·δ/(m−1) − o·p_m")},
        {"predicted", tr("Predicted m(S,t+1) ≥")},
    };
    for (const auto& [key, text] : rows) {
        auto* l = new QLabel(QStringLiteral("–"), this);
        l->setObjectName(QStringLiteral("schema_") + QString::fromLatin1(key));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        labels_.insert(QString::fromLatin1(key), l);
        form->addRow(text, l);
    }
    layout->addLayout(form);
    layout->addStretch(1);
    connect(edit_, &QLineEdit::textChanged, this, &SchemaPanel::recompute);
    recompute();
}

void SchemaPanel::setParameters(std::size_t m, double pk, double pm) {
    if (m == m_ && pk == pk_ && pm == pm_)
        return;
    m_ = m;
    pk_ = pk;
    pm_ = pm;
    recompute();
}

void SchemaPanel::setPopulation(const ga::Population& population) {
    population_ = population;
    recompute();
}

QString SchemaPanel::valueText(const QString& key) const {
    QLabel* l = labels_.value(key);
    return l ? l->text() : QString();
}

QString SchemaPanel::errorText() const { return error_->text(); }

void SchemaPanel::recompute() {
    for (QLabel* l : labels_)
        l->setText(QStringLiteral("–"));
    QString typed = edit_->text();
    typed.remove(QLatin1Char(' '));
    label(QStringLiteral("length"))->setText(tr("%1 / %2").arg(typed.size()).arg(m_));
    if (typed.isEmpty()) {
        error_->clear();
        return;
    }
    const auto schema = ga::Schema::parse(edit_->text().toStdString(), m_);
    if (!schema) {
        error_->setText(QString::fromStdString(schema.error().message()));
        return;
    }
    error_->clear();
    label(QStringLiteral("order"))->setText(QString::number(schema->order()));
    label(QStringLiteral("definingLength"))->setText(QString::number(schema->definingLength()));
    const double survival =
        1.0 - (m_ > 1 ? pk_ * double(schema->definingLength()) / double(m_ - 1) : 0.0) - double(schema->order()) * pm_;
    label(QStringLiteral("survival"))->setText(number(survival));

    const bool usable = !population_.empty() && ga::fullyEvaluated(population_) &&
                        population_.front().chromosome.size() == m_;
    if (!usable) {
        label(QStringLiteral("matching"))->setText(tr("no evaluated population yet"));
        return;
    }
    const ga::SchemaReport r = ga::schemaReport(*schema, population_, pk_, pm_);
    label(QStringLiteral("matching"))->setText(tr("%1 of %2").arg(r.matching).arg(population_.size()));
    label(QStringLiteral("populationMean"))->setText(number(r.populationMean));
    label(QStringLiteral("schemaFitness"))->setText(r.schemaFitness ? number(*r.schemaFitness) : tr("none match"));
    label(QStringLiteral("ratio"))->setText(r.ratio ? number(*r.ratio) : tr("undefined"));
    label(QStringLiteral("predicted"))
        ->setText(r.predicted ? (number(*r.predicted) + (*r.predicted < 0 ? tr("  (negative: the bound says nothing)")
                                                                          : QString()))
                              : tr("undefined"));
}

} // namespace mf::ui
