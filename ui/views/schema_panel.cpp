#include "ui/views/schema_panel.h"

#include "evolution/ga/schema.h"
#include "ui/fields/input_validators.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTableWidget>
#include <QTextCursor>
#include <QVBoxLayout>

namespace mf::ui {

namespace {

QString number(double v) { return QString::number(v, 'f', 4); }

// One character the schema editor keeps: whatever validators::schema() (the parameter panel's
// pattern for schemas) accepts as a whole, so the editor and the pattern cannot drift apart.
bool schemaChar(QChar c) {
    static const QRegularExpression allowed(QRegularExpression::anchoredPattern(validators::schema().pattern()));
    return allowed.match(QString(c)).hasMatch();
}

const QColor kTermShades[] = {QColor(0xe3, 0xee, 0xfa), QColor(0xfb, 0xf0, 0xd9)};
const QColor kTooLong(0xf4, 0xc7, 0xc3);

} // namespace

// Shades each term's bits in turn (spaces are not bits) and bits beyond m in red, so the user sees
// where every term starts however the text wraps.
class SchemaHighlighter : public QSyntaxHighlighter {
public:
    explicit SchemaHighlighter(QTextDocument* doc) : QSyntaxHighlighter(doc) {}
    void setTerms(std::vector<int> bits, std::size_t m) {
        bits_ = std::move(bits);
        m_ = m;
        rehighlight();
    }

protected:
    void highlightBlock(const QString& text) override {
        // One block: the editor keeps no line breaks (wrapping is visual only).
        std::size_t bit = 0, term = 0;
        int termEnd = bits_.empty() ? int(m_) : bits_.front();
        for (int i = 0; i < text.size(); ++i) {
            if (text[i] == QLatin1Char(' '))
                continue;
            while (!bits_.empty() && term + 1 < bits_.size() && int(bit) >= termEnd)
                termEnd += bits_[++term];
            QTextCharFormat f;
            f.setBackground(bit >= m_ ? kTooLong : kTermShades[term % 2]);
            setFormat(i, 1, f);
            ++bit;
        }
    }

private:
    std::vector<int> bits_;
    std::size_t m_ = 0;
};

SchemaPanel::SchemaPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Type a schema over {0, 1, *}; * = any bit. Bits you leave off at the end are *, so "
                                "\"1\" fixes the first bit alone. Spaces are ignored, so you can group it per term; the "
                                "shading shows where each term's bits are. Or type a term's part in the table below "
                                "(double-click its Schema part). Everything follows each keystroke and each generation."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    edit_ = new QPlainTextEdit(this);
    edit_->setObjectName(QStringLiteral("schema"));
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    edit_->setFont(fixed);
    edit_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    edit_->setWordWrapMode(QTextOption::WrapAnywhere);
    edit_->setTabChangesFocus(true);
    edit_->setPlaceholderText(tr("e.g. 1: the first term's first bit set, every other bit free"));
    // Room for a 106-bit schema with term spaces in two or three lines of a narrow centre.
    const int lineHeight = QFontMetrics(fixed).lineSpacing();
    edit_->setFixedHeight(lineHeight * 4 + 2 * edit_->frameWidth() + 8);
    highlighter_ = new SchemaHighlighter(edit_->document());
    layout->addWidget(edit_);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("schemaError"));
    error_->setStyleSheet(QStringLiteral("color: #b00000;"));
    error_->setWordWrap(true);
    layout->addWidget(error_);

    auto* row = new QHBoxLayout;
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
    row->addLayout(form, 1);
    layout->addLayout(row);

    terms_ = new QTableWidget(0, 3, this);
    terms_->setObjectName(QStringLiteral("schemaTerms"));
    terms_->setHorizontalHeaderLabels({tr("Term"), tr("Bits"), tr("Schema part")});
    terms_->verticalHeader()->hide();
    terms_->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 6);
    terms_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    terms_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    terms_->horizontalHeader()->setStretchLastSection(true);
    terms_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    terms_->setSelectionMode(QAbstractItemView::SingleSelection);
    terms_->setToolTip(tr("Which bits of the schema belong to which term (Gray-coded, most significant bit first). "
                          "Type a term's part in its Schema part: what you leave off is *. · = not typed: *."));
    connect(terms_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (!fillingTable_ && item->column() == 2)
            setTermPart(item->row(), item->text());
    });
    layout->addWidget(terms_, 1);

    connect(edit_, &QPlainTextEdit::textChanged, this, [this] {
        filterInput();
        recompute();
    });
    recompute();
}

void SchemaPanel::filterInput() {
    // What the line edit's validator did: only 0, 1, * and spaces (a paste keeps its good part).
    if (filtering_)
        return;
    const QString text = edit_->toPlainText();
    QString kept;
    kept.reserve(text.size());
    int removedBeforeCursor = 0;
    const int cursor = edit_->textCursor().position();
    for (int i = 0; i < text.size(); ++i) {
        if (schemaChar(text[i]))
            kept += text[i];
        else if (i < cursor)
            ++removedBeforeCursor;
    }
    if (kept.size() == text.size())
        return;
    filtering_ = true;
    edit_->setPlainText(kept);
    QTextCursor c = edit_->textCursor();
    c.setPosition(std::clamp(cursor - removedBeforeCursor, 0, int(kept.size())));
    edit_->setTextCursor(c);
    filtering_ = false;
}

QString SchemaPanel::schemaText() const { return edit_->toPlainText(); }

void SchemaPanel::setSchemaText(const QString& text) { edit_->setPlainText(text); }

void SchemaPanel::setGenome(const ga::Genome& genome, double pk, double pm) {
    std::vector<std::pair<QString, int>> terms;
    for (const ga::Term& t : genome.terms())
        terms.emplace_back(QString::fromStdString(t.name), t.bits);
    const bool sameTerms = terms == termBits_;
    termBits_ = std::move(terms);
    if (!sameTerms) {
        std::vector<int> bits;
        for (const auto& [name, b] : termBits_)
            bits.push_back(b);
        highlighter_->setTerms(std::move(bits), genome.length());
        m_ = genome.length();
        pk_ = pk;
        pm_ = pm;
        recompute();
        return;
    }
    setParameters(genome.length(), pk, pm);
}

void SchemaPanel::setParameters(std::size_t m, double pk, double pm) {
    if (m == m_ && pk == pk_ && pm == pm_)
        return;
    if (m != m_) {
        std::vector<int> bits;
        for (const auto& [name, b] : termBits_)
            bits.push_back(b);
        highlighter_->setTerms(std::move(bits), m);
    }
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

std::vector<std::pair<QString, int>> SchemaPanel::termGroups() const {
    int total = 0;
    for (const auto& [name, b] : termBits_)
        total += b;
    if (termBits_.empty() || total != int(m_))
        return {{tr("chromosome"), int(m_)}};
    return termBits_;
}

void SchemaPanel::setTermPart(int row, const QString& text) {
    const auto groups = termGroups();
    if (row < 0 || row >= int(groups.size()))
        return;
    QString bits = schemaText();
    bits.remove(QLatin1Char(' '));
    if (bits.size() < int(m_))
        bits += QString(int(m_) - bits.size(), QLatin1Char('*'));
    QString part;
    for (QChar c : text)
        if (c == QLatin1Char('0') || c == QLatin1Char('1') || c == QLatin1Char('*'))
            part += c;
    int first = 0;
    for (int r = 0; r < row; ++r)
        first += groups[std::size_t(r)].second;
    const int count = groups[std::size_t(row)].second;
    // A term's part shorter than its bits ends in *, as the whole schema does; a longer one is cut.
    part = part.left(count);
    part += QString(count - part.size(), QLatin1Char('*'));
    bits.replace(first, count, part);
    // Grouped per term, the trailing groups of * left off (they are implied).
    QStringList parts;
    int at = 0;
    for (const auto& [name, n] : groups) {
        parts << bits.mid(at, n);
        at += n;
    }
    while (!parts.isEmpty() && parts.back().count(QLatin1Char('*')) == parts.back().size())
        parts.removeLast();
    const QString schema = parts.join(QLatin1Char(' '));
    if (schema == schemaText())
        recompute();  // no keystroke to follow: the cell still shows what was typed, not the padded part
    else
        setSchemaText(schema);
}

void SchemaPanel::fillTermTable(const QString& bits) {
    const bool was = std::exchange(fillingTable_, true);
    const std::vector<std::pair<QString, int>> groups = termGroups();
    terms_->setRowCount(int(groups.size()));
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    int first = 0;
    for (std::size_t row = 0; row < groups.size(); ++row) {
        const auto& [name, count] = groups[row];
        QString part = bits.mid(first, count);
        if (part.size() < count)
            part += QString(count - part.size(), QChar(0x00b7));  // · = not typed yet
        const QString range = count == 1 ? QString::number(first + 1)
                                         : QStringLiteral("%1–%2").arg(first + 1).arg(first + count);
        // The items are kept and rewritten, not replaced: this runs while the user's edit of a
        // part is being committed (itemChanged), and that item must outlive it.
        const QColor shade = kTermShades[row % 2];
        const QString texts[] = {name, range, part};
        for (int col = 0; col < 3; ++col) {
            QTableWidgetItem* item = terms_->item(int(row), col);
            if (!item) {
                item = new QTableWidgetItem;
                if (col < 2)
                    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
                if (col == 1)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (col == 2)
                    item->setFont(fixed);
                terms_->setItem(int(row), col, item);
            }
            item->setText(texts[col]);
            item->setBackground(shade);
        }
        terms_->item(int(row), 2)->setToolTip(tr("%1's bits: type 0, 1 or *; what you leave off is *").arg(name));
        first += count;
    }
    fillingTable_ = was;
}

void SchemaPanel::recompute() {
    for (QLabel* l : labels_)
        l->setText(QStringLiteral("–"));
    const QString text = edit_->toPlainText();
    QString typed = text;
    typed.remove(QLatin1Char(' '));
    fillTermTable(typed);
    const int implied = int(m_) - int(typed.size());
    label(QStringLiteral("length"))
        ->setText(implied > 0 && !typed.isEmpty() ? tr("%1 / %2 (the last %3 bits: *)").arg(typed.size()).arg(m_).arg(implied)
                              : tr("%1 / %2").arg(typed.size()).arg(m_));
    if (typed.isEmpty()) {
        error_->clear();
        return;
    }
    // Bits left off at the end are *: a user fixes the terms that matter and stops typing.
    if (implied > 0)
        typed += QString(implied, QLatin1Char('*'));
    const auto schema = ga::Schema::parse(typed.toStdString(), m_);
    if (!schema) {
        error_->setText(QString::fromStdString(schema.error().message));
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
