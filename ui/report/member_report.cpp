#include "ui/report/member_report.h"

#include "ui/psqt/psqt_board.h"
#include "ui/psqt/psqt_tables.h"

#include "evolution/ga/term_group.h"

#include <QObject>

#include <algorithm>

namespace mf::ui {

namespace {

// A row of boards: six half boards (files a-d, where every table mirrors its files e-h) or four
// whole ones, the rank numbers left of the first. The columns in per cent of the page's width:
// the rank numbers, each square, the gap between boards; a row fills the width, and the squares
// are alike in every row, wide enough for "-1659" at 5.5 pt.
constexpr double kLabelWidth = 1.4;
constexpr double kGapWidth = 1.4;

struct BoardShape {
    int files = 8;  // 4: files a-d only
    int perRow = 4;
    double squareWidth() const { return (100.0 - kLabelWidth - (perRow - 1) * kGapWidth) / (perRow * files); }
};

// Half boards when no term names a square on files e-h: each value is printed once, as an
// engine with mirrored tables stores it (psqt_tables.h fills e-h from a-d).
BoardShape shapeOf(const ga::Genome& genome) {
    for (const ga::Term& t : genome.terms())
        if (auto square = psqtSquareOf(t); square && square->file >= 4)
            return {8, 4};
    return {4, 6};
}
constexpr int kColumnSets = 3;  // a group table's (term, value, default, change) sets side by side

struct GroupTerms {
    QString name;
    std::vector<std::size_t> terms;
};

// The terms that are no piece-square entry, by group in the genome's order; terms of no group
// together under "Terms".
std::vector<GroupTerms> groupsOf(const ga::Genome& genome) {
    std::vector<GroupTerms> groups;
    for (std::size_t i = 0; i < genome.size(); ++i) {
        if (psqtSquareOf(genome[i]))
            continue;
        const QString group = QString::fromStdString(ga::termGroup(genome[i]));
        const QString name = group.isEmpty() ? QObject::tr("Terms") : group;
        auto at = std::find_if(groups.begin(), groups.end(), [&](const GroupTerms& g) { return g.name == name; });
        if (at == groups.end())
            at = groups.insert(groups.end(), GroupTerms{name, {}});
        at->terms.push_back(i);
    }
    return groups;
}

// "Rook.Eg.7" for Mobility.Rook.Eg.7 under Mobility: the group is the table's caption.
QString shortName(const ga::Term& term, const QString& group) {
    const QString option = QString::fromStdString(term.option);
    if (!group.isEmpty() && option.startsWith(group + QLatin1Char('.')))
        return option.mid(group.size() + 1);
    return QString::fromStdString(term.name);
}

QString change(int value, int start) {
    if (value == start)
        return {};
    return value > start ? QStringLiteral("+%1").arg(value - start) : QStringLiteral("&#8722;%1").arg(start - value);
}

QString groupTable(const ga::Genome& genome, const std::vector<int>& values, const GroupTerms& group) {
    const int n = int(group.terms.size());
    const int sets = std::min(kColumnSets, (n + 3) / 4);
    const int rows = (n + sets - 1) / sets;
    const QString gap = QStringLiteral("<td class='t'>&#160;&#160;&#160;&#160;</td>");
    QString html = QStringLiteral("<p class='grp'><b>%1</b> (%2)</p><table class='vals' cellspacing='0' cellpadding='1'><tr>")
                       .arg(group.name.toHtmlEscaped(), n == 1 ? QObject::tr("1 term") : QObject::tr("%1 terms").arg(n));
    for (int s = 0; s < sets; ++s)
        html += (s > 0 ? gap : QString()) + QStringLiteral("<th class='t'>%1</th><th class='t'>%2&#160;</th><th class='t'>%3&#160;</th><th class='t'>%4</th>")
                                                .arg(QObject::tr("term"), QObject::tr("value"), QObject::tr("default"),
                                                     QObject::tr("change"));
    html += QStringLiteral("</tr>");
    for (int r = 0; r < rows; ++r) {
        html += QStringLiteral("<tr>");
        for (int s = 0; s < sets; ++s) {
            const int k = s * rows + r;  // down, then across
            if (s > 0)
                html += gap;
            if (k >= n) {
                html += QStringLiteral("<td class='t'></td><td class='t'></td><td class='t'></td><td class='t'></td>");
                continue;
            }
            const std::size_t t = group.terms[std::size_t(k)];
            const int start = genome[t].defaultValue;
            const QString shown = group.name == QObject::tr("Terms") ? QString() : group.name;
            html += QStringLiteral("<td class='t'>%1&#160;&#160;</td><td class='n'>%2&#160;</td><td class='n'>%3&#160;</td><td class='n'>%4</td>")
                        .arg(shortName(genome[t], shown).toHtmlEscaped())
                        .arg(values[t])
                        .arg(start)
                        .arg(change(values[t], start));
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

// One board's row of cells for `rank` (7 = the eighth rank, drawn first).
QString boardRank(const PsqtTable& table, const HeatScale& scale, int rank, const BoardShape& shape) {
    QString html;
    for (int file = 0; file < shape.files; ++file) {
        const std::optional<int>& v = table.current[std::size_t(rank * 8 + file)];
        if (!v) {
            html += QStringLiteral("<td class='sq' width='%1%' bgcolor='#d6d6d6'></td>").arg(shape.squareWidth());
            continue;
        }
        // White on the darkest colours (a class of its own: a span would lose the cell's size).
        const QColor colour = scale.colourOf(*v);
        html += QStringLiteral("<td class='%1' width='%2%' bgcolor='%3'>%4</td>")
                    .arg(colour.lightnessF() < 0.45 ? QStringLiteral("sqd") : QStringLiteral("sq"))
                    .arg(shape.squareWidth())
                    .arg(colour.name())
                    .arg(*v);
    }
    return html;
}

QString boardTitle(const PsqtTable& table) {
    return QStringLiteral("%1 %2").arg(pieceName(table.piece), table.phase == 0 ? QStringLiteral("Mg") : QStringLiteral("Eg"));
}

// Boards [first, first + perRow) of `tables`; the file letters under the last row of a member only.
QString boardRow(const std::vector<PsqtTable>& tables, std::size_t first, const BoardShape& shape, bool fileLetters) {
    const std::size_t last = std::min(tables.size(), first + std::size_t(shape.perRow));
    const QString gap = QStringLiteral("<td class='gap' width='%1%'></td>").arg(kGapWidth);
    const double boards = double(last - first);
    const double width = kLabelWidth + boards * shape.files * shape.squareWidth() + (boards - 1) * kGapWidth;
    QString html = QStringLiteral("<table class='brd' width='%1%' cellspacing='0' cellpadding='0'><tr><td class='rk'></td>")
                       .arg(width);
    for (std::size_t b = first; b < last; ++b)
        html += (b > first ? gap : QString()) +
                QStringLiteral("<td class='bt' colspan='%1'>%2</td>").arg(shape.files).arg(boardTitle(tables[b]));
    html += QStringLiteral("</tr>");
    for (int rank = 7; rank >= 0; --rank) {
        html += QStringLiteral("<tr><td class='rk' width='%1%'>%2</td>").arg(kLabelWidth).arg(rank + 1);
        for (std::size_t b = first; b < last; ++b)
            html += (b > first ? gap : QString()) + boardRank(tables[b], HeatScale::of(tables[b]), rank, shape);
        html += QStringLiteral("</tr>");
    }
    if (!fileLetters)
        return html + QStringLiteral("</table>");
    html += QStringLiteral("<tr><td class='rk'></td>");
    for (std::size_t b = first; b < last; ++b) {
        html += b > first ? gap : QString();
        for (int file = 0; file < shape.files; ++file)
            html += QStringLiteral("<td class='fl'>%1</td>").arg(QChar(char16_t('a' + file)));
    }
    return html + QStringLiteral("</tr></table>");
}

} // namespace

bool valuesAsTables(const ga::Genome& genome) { return genome.size() > 24 || ga::hasGroups(genome) || hasPsqt(genome); }

QString memberValuesNote(const ga::Genome& genome) {
    if (!valuesAsTables(genome))
        return {};
    QString note = QObject::tr("Each member's terms by group: value, default and change from it.");
    if (hasPsqt(genome))
        note += QLatin1Char(' ') + (shapeOf(genome).files == 4
                                        ? QObject::tr("Its piece-square tables as boards, rank 8 at the top, files a-d "
                                                      "(files e-h mirror them), one colour scale per table from blue "
                                                      "(lowest) to red (highest).")
                                        : QObject::tr("Its piece-square tables as boards, rank 8 at the top, one colour "
                                                      "scale per table from blue (lowest) to red (highest)."));
    return QStringLiteral("<p>%1</p>").arg(note.toHtmlEscaped());
}

QString memberValuesHtml(const ga::Genome& genome, const std::vector<int>& values) {
    if (values.size() != genome.size())
        return {};
    QString html;
    for (const GroupTerms& group : groupsOf(genome))
        html += groupTable(genome, values, group);
    const std::vector<PsqtTable> tables = psqtTables(genome, values);
    const BoardShape shape = shapeOf(genome);
    for (std::size_t first = 0; first < tables.size(); first += std::size_t(shape.perRow))
        html += boardRow(tables, first, shape, first + std::size_t(shape.perRow) >= tables.size());
    return html;
}

}  // namespace mf::ui
