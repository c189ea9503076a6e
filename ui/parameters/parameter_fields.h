#pragma once
// The GA parameters as form fields: one line edit per ga::Field plus the selection and limit-kind
// combos, and the conversion between their texts and ga::Parameters. Typing parses at once (the
// validators keep the shape); MAX and q_lin are one value shown two ways (q_lin = MAX / N). What a
// text cannot be (empty, an incomplete number) is said by textProblem(); what a value may be is
// the library's ga::validateField, asked by the panel.
#include "evolution/ga/parameters.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"

#include <QHash>
#include <QObject>

class QComboBox;
class QFormLayout;
class QLineEdit;
class QRegularExpression;

namespace mf::ui {

class ParameterFields : public QObject {
    Q_OBJECT
public:
    explicit ParameterFields(QObject* parent = nullptr);

    // Rows for the form of a section (the section lays them out, this object owns their meaning).
    QLineEdit* addEdit(QFormLayout* form, ga::Field field, const QString& label, const QRegularExpression& re,
                       const QString& tip);
    QComboBox* addSelectionCombo(QFormLayout* form);
    QComboBox* addLimitKindCombo(QFormLayout* form);

    const ga::Parameters& parameters() const { return params_; }
    void setParameters(const ga::Parameters& p);  // writes every field; no changed()
    // Sets a field's text as if typed (restored choices): parsed, changed() emitted.
    void setFieldText(ga::Field field, const QString& text);
    void selectByText(QComboBox* combo, const QString& text);  // a restored combo choice, no changed()

    QLineEdit* edit(ga::Field field) const { return edits_.value(field, nullptr); }
    const QHash<ga::Field, QLineEdit*>& edits() const { return edits_; }
    QComboBox* selectionCombo() const { return selectionCombo_; }
    QComboBox* limitKindCombo() const { return limitKindCombo_; }

    // Why the field's text is not a value, in the panel's words ("Crossover p_k: \"1.5\" is not a
    // number from 0 to 1"), or empty when it parsed.
    QString textProblem(ga::Field field) const;
    // A library message about `field` in the panel's words: its label for its code name, N for
    // the population size ("Elitism e must be from 0 to N - 1 = 4, not 20").
    QString inUserWords(ga::Field field, const std::string& message) const;
    QString label(ga::Field field) const;  // "Crossover p_k"
    void setLocked(bool locked);
    // The measure's use of the limit per position and of the prize; unused ones are greyed
    // with `why` as the combo's tool tip.
    void setSearchLimitUsed(bool used, bool prizeUsed, const QString& why);
    // The chosen optimiser: the GA's breeding fields (selection and its fields, p_k, p_m, e) are
    // greyed for another, each tip saying why (optimizer_uses.h); a marked one stays enabled.
    void setOptimizer(const tuning::OptimizerSettings& optimizer);

    // How the window words the library's reasons why an optimiser does not use a field.
    static tuning::OptimizerWords optimizerWords() { return {"the optimiser ", "Start values"}; }

    static QString number(double v);  // as the fields show decimals
    static QString exact(double v);   // the shortest text that reads back as the same value
    // p_m as its field shows it when set, not typed: four significant digits, never in exponent
    // form (1/m = 0.00037055335968379444 for m = 2,699 is wider than the field).
    static QString significant(double v);
    // The text that stands for the field's value when the choices are saved: the exact value
    // where the field shows it shortened (p_m), else the text as typed.
    QString savedText(ga::Field field) const;

signals:
    void changed();  // a user edit changed parameters()

private:
    void onEdited(ga::Field field);
    void showQLin();  // q_lin follows MAX and N
    void showPm();    // p_m's field: params_.pm shortened (significant), the exact value in its tip

    void applyEnabled();
    // Why the chosen optimiser does not use `field` ("Mutation p_m is a GA option; ..."), or empty.
    QString optimizerUnusedWhy(ga::Field field, const QString& label) const;

    ga::Parameters params_;
    QHash<ga::Field, QLineEdit*> edits_;
    QHash<ga::Field, QString> labels_;
    QString pmHelp_;  // p_m's tip without its exact value
    bool locked_ = false;
    bool limitUsed_ = true;
    bool prizeUsed_ = true;
    QString unusedWhy_;
    tuning::OptimizerSettings optimizer_;
    QComboBox* selectionCombo_ = nullptr;
    QComboBox* limitKindCombo_ = nullptr;
    bool updating_ = false;  // writing fields programmatically: not user edits
};

} // namespace mf::ui
