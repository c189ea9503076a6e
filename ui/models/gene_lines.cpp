#include "ui/models/gene_lines.h"

#include "evolution/ga/term_group.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace mf::ui {

namespace {

bool startsWith(const QStringList& path, const QStringList& prefix) {
    if (path.size() < prefix.size())
        return false;
    for (qsizetype i = 0; i < prefix.size(); ++i)
        if (path[i] != prefix[i])
            return false;
    return true;
}

}  // namespace

QStringList termPath(const ga::Term& term) {
    const QString group = QString::fromStdString(ga::termGroup(term));
    const QString option = QString::fromStdString(term.option.empty() ? term.name : term.option);
    if (group.isEmpty())
        return {option};
    if (option.startsWith(group + QLatin1Char('.')))
        return option.split(QLatin1Char('.'));
    return QStringList{group} + option.split(QLatin1Char('.'));  // a group the JSON names itself
}

std::vector<GeneLineSpec> geneLinesUnder(const ga::Genome& genome, const QStringList& prefix) {
    std::vector<GeneLineSpec> lines;
    std::map<QString, std::size_t> byChild;  // child name -> its line
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const QStringList path = termPath(genome[i]);
        if (!startsWith(path, prefix) || path.size() == prefix.size())
            continue;
        const QString child = path[prefix.size()];
        auto [at, fresh] = byChild.try_emplace(child, lines.size());
        if (fresh)
            lines.push_back({(prefix + QStringList{child}).join(QLatin1Char('.')), child, {}});
        lines[at->second].terms.push_back(i);
    }
    // A child holding one term is that term's line, named with its option as before.
    for (GeneLineSpec& line : lines)
        if (line.single())
            line.name = QString::fromStdString(genome[line.terms.front()].option);
    return lines;
}

std::vector<GeneView> geneViews(const ga::Genome& genome) {
    std::vector<GeneView> views{{{}, QObject::tr("All groups (%1 terms)").arg(genome.size()), int(genome.size())}};
    // Depth first, in the genome's order: each prefix that holds two or more terms is a view.
    auto add = [&](auto& self, const QStringList& prefix) -> void {
        for (const GeneLineSpec& line : geneLinesUnder(genome, prefix)) {
            if (line.single())
                continue;
            const QStringList child = prefix + QStringList{line.child};
            views.push_back({child,
                             QString(2 * int(prefix.size()), QLatin1Char(' ')) +
                                 QObject::tr("%1 (%2 terms)").arg(line.name).arg(line.terms.size()),
                             int(line.terms.size())});
            self(self, child);
        }
    };
    add(add, {});
    return views;
}

double geneLineValue(const ga::Genome& genome, const GeneLineSpec& line, const std::vector<int>& values, bool move) {
    double sum = 0;
    int counted = 0;
    for (std::size_t term : line.terms) {
        if (term >= values.size())
            continue;
        const ga::Term& t = genome[term];
        const double width = std::max(1, t.high() - t.low());
        sum += move ? std::abs(values[term] - t.defaultValue) / width : (values[term] - t.low()) / width;
        ++counted;
    }
    return counted > 0 ? sum / counted : 0.0;
}

}  // namespace mf::ui
