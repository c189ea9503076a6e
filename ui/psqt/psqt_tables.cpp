#include "ui/psqt/psqt_tables.h"

#include <QObject>
#include <QStringList>

namespace mf::ui {

namespace {

constexpr const char* kPieces[] = {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

int indexIn(const QString& word, const QStringList& names) {
    for (int i = 0; i < names.size(); ++i)
        if (word.compare(names[i], Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

std::optional<PsqtSquare> squareOfName(const QString& name) {
    const QStringList parts = name.split(QLatin1Char('.'));
    if (parts.size() != 4 || parts[0].compare(QStringLiteral("Psqt"), Qt::CaseInsensitive) != 0)
        return std::nullopt;
    QStringList pieces;
    for (const char* p : kPieces)
        pieces << QString::fromLatin1(p);
    const int piece = indexIn(parts[1], pieces);
    const int phase = indexIn(parts[2], {QStringLiteral("Mg"), QStringLiteral("Eg")});
    const QString square = parts[3].toLower();
    if (piece < 0 || phase < 0 || square.size() != 2)
        return std::nullopt;
    const int file = square[0].unicode() - 'a';
    const int rank = square[1].unicode() - '1';
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return std::nullopt;
    return PsqtSquare{piece, phase, file, rank};
}

}  // namespace

QString pieceName(int piece) { return QString::fromLatin1(kPieces[piece]); }

QString PsqtTable::title() const {
    return phase == 0 ? QObject::tr("%1, middle game").arg(pieceName(piece))
                      : QObject::tr("%1, end game").arg(pieceName(piece));
}

std::optional<PsqtSquare> psqtSquareOf(const ga::Term& term) {
    // The option is the engine's name; a genome may also name its terms after it.
    if (auto square = squareOfName(QString::fromStdString(term.option)))
        return square;
    return squareOfName(QString::fromStdString(term.name));
}

bool hasPsqt(const ga::Genome& genome) {
    for (const ga::Term& t : genome.terms())
        if (psqtSquareOf(t))
            return true;
    return false;
}

std::vector<PsqtTable> psqtTables(const ga::Genome& genome, const std::vector<int>& current) {
    std::array<std::optional<PsqtTable>, 12> tables;
    auto tableOf = [&tables](const PsqtSquare& s) -> PsqtTable& {
        auto& slot = tables[std::size_t(s.piece * 2 + s.phase)];
        if (!slot)
            slot = PsqtTable{s.piece, s.phase, {}, {}};
        return *slot;
    };
    // The entries first, then their mirror images where no entry of its own names the square.
    std::vector<std::pair<PsqtSquare, std::pair<int, int>>> entries;
    for (std::size_t i = 0; i < genome.size(); ++i)
        if (auto s = psqtSquareOf(genome[i])) {
            const int value = i < current.size() ? current[i] : genome[i].defaultValue;
            entries.push_back({*s, {genome[i].defaultValue, value}});
            PsqtTable& t = tableOf(*s);
            t.start[std::size_t(s->rank * 8 + s->file)] = genome[i].defaultValue;
            t.current[std::size_t(s->rank * 8 + s->file)] = value;
        }
    for (const auto& [s, values] : entries) {
        PsqtTable& t = tableOf(s);
        const std::size_t mirror = std::size_t(s.rank * 8 + 7 - s.file);
        if (!t.start[mirror]) {
            t.start[mirror] = values.first;
            t.current[mirror] = values.second;
        }
    }
    std::vector<PsqtTable> out;
    for (auto& t : tables)
        if (t)
            out.push_back(*t);
    return out;
}

}  // namespace mf::ui
