#pragma once
// Holland's schema theorem, live: the user types a schema over {0,1,*} (spaces group it and are
// ignored; bits left off at the end are *), or each term's part in the term table; every quantity of mf_ga's schemaReport is recomputed on each keystroke and each
// generation: f(t), f(S,t), order o, defining length d, m(S,t), the growth ratio and the bound
// m(S,t+1) >= m(S,t) f(S,t)/f(t) (1 - p_k d/(m-1) - o p_m).
//
// A chromosome is about a hundred bits, wider than any single-line field: the schema is typed in
// a wrapping monospace editor that always shows the whole string, each term's bits shaded in turn,
// and a table below says which bits belong to which term and what the schema asks of each.
#include "evolution/ga/genome.h"
#include "evolution/ga/population.h"

#include <QHash>
#include <utility>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace mf::ui {

class SchemaHighlighter;

class SchemaPanel : public QWidget {
    Q_OBJECT
public:
    explicit SchemaPanel(QWidget* parent = nullptr);

    // The genome (term names and bits: the term table and shading) with the operator probabilities.
    void setGenome(const ga::Genome& genome, double pk, double pm);
    // Length only (no term names): one group of m bits.
    void setParameters(std::size_t m, double pk, double pm);
    // The population the counts come from (evaluated members only count once fully evaluated).
    void setPopulation(const ga::Population& population);

    QPlainTextEdit* schemaEdit() const { return edit_; }
    QString schemaText() const;
    void setSchemaText(const QString& text);
    QString valueText(const QString& key) const;  // shown text of "order", "predicted", ...
    QString errorText() const;
    QTableWidget* termTable() const { return terms_; }
    // Writes term `row`'s part of the schema (padded with * to its bits) into the schema, as
    // typing it in the term table's Schema part does.
    void setTermPart(int row, const QString& part);

private:
    void filterInput();
    void recompute();
    void fillTermTable(const QString& bits);
    std::vector<std::pair<QString, int>> termGroups() const;  // the terms, or one group of m bits
    QLabel* label(const QString& key) const { return labels_.value(key); }

    QPlainTextEdit* edit_ = nullptr;
    SchemaHighlighter* highlighter_ = nullptr;
    QLabel* error_ = nullptr;
    QTableWidget* terms_ = nullptr;
    QHash<QString, QLabel*> labels_;
    std::size_t m_ = 0;
    double pk_ = 0, pm_ = 0;
    std::vector<std::pair<QString, int>> termBits_;  // name, bits; empty: one unnamed group of m
    ga::Population population_;
    bool filtering_ = false;
    bool fillingTable_ = false;
};

} // namespace mf::ui
