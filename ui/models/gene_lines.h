#pragma once
// Which lines the genes chart draws for a genome with hundreds of terms. Each term has a path: its
// group (ga::termGroup) and the rest of its option name split at the dots ("Psqt.Knight.Mg.d4" ->
// Psqt / Knight / Mg / d4); a term without a group is a path of its own name alone. A view is a
// path prefix: the chart draws one line per child of the prefix, a child holding one term as
// that term's line, a child holding more as one line for all of them. The whole genome's view is
// one line per group (and one per term without a group); a genome without groups is one line per
// term, as before.
#include "evolution/ga/genome.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <vector>

namespace mf::ui {

struct GeneLineSpec {
    QString name;                     // the term's option, or the child's whole prefix ("Psqt.Knight")
    QString child;                    // the path part after the view's prefix ("Knight")
    std::vector<std::size_t> terms;   // the terms it stands for
    bool single() const { return terms.size() == 1; }
};

// A view the genes chart can show: the prefix, its label ("Psqt.Knight (64 terms)", indented by
// depth) and how many terms it holds. The first is the whole genome.
struct GeneView {
    QStringList prefix;
    QString label;
    int terms = 0;
};

QStringList termPath(const ga::Term& term);
std::vector<GeneView> geneViews(const ga::Genome& genome);
std::vector<GeneLineSpec> geneLinesUnder(const ga::Genome& genome, const QStringList& prefix);

// What a line's point is in generation's `values` (one per term): with `move` false the mean
// place of its terms in their windows (0 lowest, 1 highest); with `move` true the mean distance
// from their defaults as a share of their windows (0: all at the defaults).
double geneLineValue(const ga::Genome& genome, const GeneLineSpec& line, const std::vector<int>& values, bool move);

}  // namespace mf::ui
