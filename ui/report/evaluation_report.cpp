#include "ui/report/evaluation_report.h"

#include "ui/fields/evalfit_path.h"
#include "ui/report/member_report.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/term_group.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/results/evaluation_report.h"
#include "evolution/tuning/settings/fitness_plan.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QMetaObject>
#include <QPainter>
#include <QPrinter>
#include <QAbstractTextDocumentLayout>
#include <QPagedPaintDevice>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>

#include <algorithm>
#include <memory>
#include <optional>

namespace mf::ui {

ReportJob::ReportJob(tuning::EvaluatorFactory factory, QObject* parent)
    : QObject(parent), factory_(std::move(factory)) {}

ReportJob::~ReportJob() {
    if (thread_.joinable()) {
        thread_.request_stop();
        thread_.join();
    }
}

void ReportJob::cancel() {
    if (thread_.joinable())
        thread_.request_stop();
}

bool ReportJob::start(const ga::RunState& state, const RunSettings& settings) {
    if (running_)
        return false;
    if (thread_.joinable())
        thread_.join();  // the previous job has finished (running_ is false): returns at once
    running_ = true;
    thread_ = std::jthread([this, state, settings](std::stop_token stop) {
        auto post = [this](auto fn) { QMetaObject::invokeMethod(this, fn, Qt::QueuedConnection); };
        auto fail = [&](const QString& why) {
            post([this, why] {
                running_ = false;
                emit failed(why);
            });
        };
        // Only the work the members were scored on: the held-out check is not part of the report.
        tuning::TuningSettings scored = settings;
        scored.of<tuning::SuiteSettings>().heldOutSuite.clear();
        // K and E0 the panel kept from an opened file hold only for what they were fitted on.
        tuning::ruleOnSavedFit(scored, tuning::FitUse::NewRun);
        std::vector<std::string> warnings;
        auto plan = tuning::FitnessPlan::load(scored, warnings);
        if (!plan) {
            fail(QString::fromStdString(plan.error().message));
            return;
        }
        auto evaluator = factory_(scored, {}, stop);  // the run's factory: the report scores as the run did
        if (!evaluator) {
            fail(QString::fromStdString(evaluator.error().message));
            return;
        }
        // evalfit without the run's K and E0 (the panel does not keep them): fit them as the run did.
        const auto fit = tuning::fitEvalfit(*plan, scored, **evaluator, stop, {});
        if (fit.stopped) {
            fail(tr("report cancelled"));
            return;
        }
        if (fit.failure) {
            fail(QString::fromStdString(*fit.failure));
            return;
        }
        const QString note = QString::fromStdString(fit.pathNote);
        const tuning::FitnessWork& work = plan->mainWork(state.generation);
        const auto evaluations = tuning::evaluatePopulation(
            **evaluator, work, state, stop, [&](const tuning::EvaluationProgress& p) {
                post([this, p] { emit progress(qint64(p.unitsDone), qint64(p.unitsTotal)); });
            });
        if (stop.stop_requested()) {
            fail(tr("report cancelled"));
            return;
        }
        const QString text = QString::fromStdString(tuning::formatEvaluationReport(state, work, evaluations));
        // The settings as scored: the path auto resolved to (the plan's), K and E0 as fitted.
        if (const auto* data = std::get_if<tuning::DatasetWork>(&work))
            scored.of<tuning::EvalfitSettings>().path = data->path;
        scored.of<tuning::SuiteSettings>().heldOutSuite = settings.of<tuning::SuiteSettings>().heldOutSuite;  // left out of the scoring, not of the header
        post([this, text, scored, note] {
            running_ = false;
            scoredWith_ = scored;
            pathNote_ = note;
            emit finished(text);
        });
    });
    return true;
}

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString esc(const QString& s) { return s.toHtmlEscaped(); }

using Rows = std::vector<std::pair<QString, QString>>;

// The scoring path as the report scored (auto resolved by the job), and on the uci path its search.
QString evalfitPathText(const tuning::EvalfitSettings& e) {
    const QString path = evalfitPathName(e);
    if (e.path == dataset::EvalfitPath::Fast)
        return QObject::tr("%1 (the engine's evalfit extension)").arg(path);
    const QString search = QStringLiteral("%1 %2")
                               .arg(e.uciLimit.kind == uci::SearchLimit::Kind::Nodes ? QObject::tr("nodes")
                                                                                      : QObject::tr("depth"))
                               .arg(e.uciLimit.value);
    if (e.path == dataset::EvalfitPath::Uci)
        return QObject::tr("%1 (one search per position: %2)").arg(path, search);
    return QObject::tr("%1 (fast with the evalfit extension, else uci, %2 per position)").arg(path, search);
}

QString selectionText(const ga::Parameters& p) {
    const QString name = q(ga::selectionName(p.selection.type));
    switch (p.selection.type) {
    case ga::SelectionType::Linear:
        return QStringLiteral("%1 (MAX %2, q_lin %3)").arg(name).arg(p.selection.linearMax).arg(p.qLin(), 0, 'g', 4);
    case ga::SelectionType::Nonlinear:
        return QStringLiteral("%1 (q_nolin %2)").arg(name).arg(p.selection.qNolin);
    case ga::SelectionType::Tournament:
        return QStringLiteral("%1 (k %2)").arg(name).arg(p.selection.tournamentSize);
    default:
        return name;
    }
}

// What the measure scored on and how; fields it does not use are left out.
void addMeasureRows(Rows& rows, const RunSettings& settings, const ga::Parameters& p, const QString& pathNote) {
    using M = tuning::FitnessMeasure;
    rows.emplace_back(QObject::tr("fitness by"), q(tuning::fitnessMeasureName(settings.measure)));
    const QString limit = QStringLiteral("%1 %2").arg(q(ga::limitKindName(p.limitKind))).arg(p.limitValue);
    if (settings.measure == M::Evalfit) {
        const tuning::EvalfitSettings& e = settings.of<tuning::EvalfitSettings>();
        rows.emplace_back(QObject::tr("data"), QString::fromStdString(e.data.string()));
        if (!e.heldOutData.empty())
            rows.emplace_back(QObject::tr("held-out data"), QString::fromStdString(e.heldOutData.string()));
        rows.emplace_back(QObject::tr("scoring path"), evalfitPathText(e));
        if (!pathNote.isEmpty())
            rows.emplace_back(QObject::tr("path chosen"), pathNote);
        if (e.k && e.startError)
            rows.emplace_back(QObject::tr("K, E0"), QObject::tr("K %1, E0 %2 (the defaults' E; fitness = E0 / E)")
                                                        .arg(*e.k, 0, 'f', 4)
                                                        .arg(*e.startError, 0, 'f', 6));
    } else if (settings.measure == M::Games) {
        const tuning::GamesSettings& g = settings.of<tuning::GamesSettings>();
        rows.emplace_back(QObject::tr("game pairs per member"), QString::number(g.pairs));
        rows.emplace_back(QObject::tr("baseline"), QString::fromStdString(tuning::baselineText(g.baseline)));
        rows.emplace_back(QObject::tr("openings"), g.openings.empty() ? QObject::tr("the bundled openings")
                                                                     : QString::fromStdString(g.openings.string()));
        if (g.heldOutPairs > 0)
            rows.emplace_back(QObject::tr("held-out pairs"), QString::number(g.heldOutPairs));
        if (g.timeControl.empty())
            rows.emplace_back(QObject::tr("limit per move"),
                              g.chargeSpeed ? QObject::tr("%1, charged by each side's speed").arg(limit) : limit);
        else
            rows.emplace_back(QObject::tr("clock"), QString::fromStdString(g.timeControl));
        if (g.confirmPairs > 0) {
            const auto at = tuning::confirmGameLimits(p, g);
            rows.emplace_back(QObject::tr("confirmation"),
                              QObject::tr("%1 pairs against the start at %2")
                                  .arg(g.confirmPairs)
                                  .arg(at ? QString::fromStdString(at->describe()) : QString::fromStdString(g.confirmLimit)));
        }
    } else {
        rows.emplace_back(QObject::tr("suite"), QString::fromStdString(settings.of<tuning::SuiteSettings>().suite.string()));
        if (!settings.of<tuning::SuiteSettings>().heldOutSuite.empty())
            rows.emplace_back(QObject::tr("held-out suite"), QString::fromStdString(settings.of<tuning::SuiteSettings>().heldOutSuite.string()));
        rows.emplace_back(QObject::tr("limit per position"), limit);
        rows.emplace_back(QObject::tr("answer-speed prize"), QString::number(p.prize));
    }
}

Rows runRows(const ga::RunState& state, const RunSettings& settings, const QString& pathNote) {
    const ga::Parameters& p = state.parameters;
    Rows rows;
    rows.emplace_back(QObject::tr("engine"), QString::fromStdString(settings.engine.program.string()));
    QStringList words;
    for (const std::string& a : settings.engine.arguments)
        words << QString::fromStdString(a);
    if (!words.isEmpty())
        rows.emplace_back(QObject::tr("engine arguments"), words.join(QLatin1Char(' ')));
    // A preset fixes hundreds of terms: the header names a few and counts the rest (two pages of
    // them came before the first figure); Export writes them all.
    constexpr std::size_t kNamedOptions = 6;
    const auto& fixed = settings.engine.fixedOptions;
    QStringList options;
    for (std::size_t i = 0; i < fixed.size() && i < kNamedOptions; ++i)
        options << QString::fromStdString(fixed[i].first + "=" + fixed[i].second);
    if (fixed.size() > kNamedOptions)
        options << QObject::tr("and %1 more (Export writes every one)").arg(fixed.size() - kNamedOptions);
    if (!options.isEmpty())
        rows.emplace_back(fixed.size() > kNamedOptions ? QObject::tr("engine options (%1 fixed)").arg(fixed.size())
                                                       : QObject::tr("engine options"),
                          options.join(QStringLiteral(", ")));
    addMeasureRows(rows, settings, p, pathNote);
    // Generations count from 0: the last of G = 3 is generation 2.
    rows.emplace_back(QObject::tr("generation"),
                      QObject::tr("%1 (0 … %2 planned)").arg(state.generation).arg(p.generations - 1));
    rows.emplace_back(QObject::tr("population N"), QString::number(p.populationSize));
    rows.emplace_back(QObject::tr("p_k / p_m"), QStringLiteral("%1 / %2").arg(p.pk).arg(p.pm));
    rows.emplace_back(QObject::tr("elitism"), QString::number(p.elite));
    rows.emplace_back(QObject::tr("selection"), selectionText(p));
    rows.emplace_back(QObject::tr("seed"), QString::number(p.seed));
    return rows;
}

// Long values (paths, notes) take a table row; short ones go two to a row. Cells end in three
// no-break spaces: the document's layout ignores a cell's CSS padding.
QString runTable(const Rows& rows) {
    constexpr int kShort = 34;
    QString html = QStringLiteral("<table cellspacing='0'>");
    std::optional<std::pair<QString, QString>> pending;
    auto cells = [](const std::pair<QString, QString>& r) {
        return QStringLiteral("<td class='k'>%1&#160;&#160;&#160;</td><td>%2&#160;&#160;&#160;</td>").arg(esc(r.first), esc(r.second));
    };
    for (const auto& r : rows) {
        if (r.second.size() > kShort) {
            html += QStringLiteral("<tr><td class='k'>%1&#160;&#160;&#160;</td><td colspan='3'>%2&#160;&#160;&#160;</td></tr>").arg(esc(r.first), esc(r.second));
            continue;
        }
        if (!pending) {
            pending = r;
            continue;
        }
        html += QStringLiteral("<tr>%1%2</tr>").arg(cells(*pending), cells(r));
        pending.reset();
    }
    if (pending)
        html += QStringLiteral("<tr>%1</tr>").arg(cells(*pending));
    return html + QStringLiteral("</table>");
}

// A genome of hundreds of terms by group, one row each (the terms are in the genome file): its
// terms, bits and the range of their defaults, so the header stays a page, not ten.
QString groupTable(const ga::Genome& genome) {
    struct Group {
        QString name;
        int terms = 0, fewestBits = ga::kMaxBits, mostBits = ga::kMinBits, lowest = 0, highest = 0;
        std::size_t bits = 0;
    };
    std::vector<Group> groups;
    for (const ga::Term& t : genome.terms()) {
        const std::string g = ga::termGroup(t);
        const QString name = g.empty() ? QString::fromStdString(t.option) : QString::fromStdString(g);
        auto at = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.name == name; });
        if (at == groups.end())
            at = groups.insert(groups.end(), Group{name, 0, ga::kMaxBits, ga::kMinBits, t.defaultValue, t.defaultValue, 0});
        ++at->terms;
        at->fewestBits = std::min(at->fewestBits, t.bits);
        at->mostBits = std::max(at->mostBits, t.bits);
        at->lowest = std::min(at->lowest, t.defaultValue);
        at->highest = std::max(at->highest, t.defaultValue);
        at->bits += std::size_t(t.bits);
    }
    const QString gap = QStringLiteral("&#160;&#160;&#160;</td><td>");
    QString html = QStringLiteral("<h2>%1</h2><table cellspacing='0'><tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
                       .arg(QObject::tr("Genome (%1 terms, m = %2 bits), by group").arg(genome.size()).arg(genome.length()),
                            QObject::tr("group&#160;&#160;&#160;"), QObject::tr("terms&#160;&#160;&#160;"),
                            QObject::tr("defaults&#160;&#160;&#160;"), QObject::tr("bits each&#160;&#160;&#160;"),
                            QObject::tr("bits"));
    for (const Group& g : groups)
        html += QStringLiteral("<tr><td>") + esc(g.name) + gap + QString::number(g.terms) + gap +
                QStringLiteral("%1 … %2").arg(g.lowest).arg(g.highest) + gap +
                (g.fewestBits == g.mostBits ? QString::number(g.mostBits) : QStringLiteral("%1–%2").arg(g.fewestBits).arg(g.mostBits)) +
                gap + QString::number(g.bits) + QStringLiteral("</td></tr>");
    return html + QStringLiteral("</table>");
}

QString genomeTable(const ga::Genome& genome) {
    if (genome.size() > 60 && ga::hasGroups(genome))
        return groupTable(genome);
    QString html = QStringLiteral("<h2>%1</h2><table cellspacing='0'><tr><th>%2&#160;&#160;&#160;</th><th>%3&#160;&#160;&#160;</th><th>%4&#160;&#160;&#160;</th><th>%5&#160;&#160;&#160;</th><th>%6&#160;&#160;&#160;</th></tr>")
                       .arg(QObject::tr("Genome (m = %1 bits)").arg(genome.length()), QObject::tr("term"),
                            QObject::tr("option"), QObject::tr("default"), QObject::tr("bits"), QObject::tr("window"));
    for (const ga::Term& t : genome.terms())
        html += QStringLiteral("<tr><td>%1&#160;&#160;&#160;</td><td>%2&#160;&#160;&#160;</td><td>%3&#160;&#160;&#160;</td><td>%4&#160;&#160;&#160;</td><td>%5 … %6&#160;&#160;&#160;</td></tr>")
                    .arg(esc(QString::fromStdString(t.name)), esc(QString::fromStdString(t.option)))
                    .arg(t.defaultValue)
                    .arg(t.bits)
                    .arg(t.low())
                    .arg(t.high());
    return html + QStringLiteral("</table>");
}

// The report's text in monospace, each member's values line (wrapping over a page for hundreds
// of terms) replaced by its group tables and boards (member_report.h) where the genome reads
// better so: the member's values are the state's, decoded, as the report's line lists them.
QString evaluationsHtml(const ga::RunState& state, const QString& report) {
    const bool tables = valuesAsTables(state.genome);
    QString html;
    QStringList pending;
    auto flush = [&] {
        // An entry's blank line before it is a margin: a <pre> drops a leading newline.
        const bool entry = !pending.isEmpty() && pending.front().isEmpty();
        if (entry)
            pending.removeFirst();
        if (!pending.isEmpty())
            html += (entry ? QStringLiteral("<p style='font-size: 4pt'>&#160;</p>") : QString()) +
                    QStringLiteral("<pre>%1</pre>").arg(esc(wrapReportLines(pending.join(QLatin1Char('\n')), kReportColumns)));
        pending.clear();
    };
    std::optional<std::size_t> member;
    for (const QString& line : report.split(QLatin1Char('\n'))) {
        if (line.isEmpty() || line.startsWith(QStringLiteral("chromosome "))) {
            if (line.isEmpty())
                flush();
            bool ok = false;
            const qulonglong n = line.section(QLatin1Char(' '), 1, 1).toULongLong(&ok);
            member = ok && n < state.population.size() ? std::optional<std::size_t>(n) : std::nullopt;
        }
        if (tables && member && line.startsWith(QStringLiteral("  values:"))) {
            flush();
            html += memberValuesHtml(state.genome, ga::decode(state.genome, state.population[*member].chromosome));
            continue;
        }
        pending << line;
    }
    flush();
    return html;
}

} // namespace

QString wrapReportLines(const QString& report, int columns) {
    QStringList out;
    for (const QString& line : report.split(QLatin1Char('\n'))) {
        if (line.size() <= columns) {
            out << line;
            continue;
        }
        // A wrapped line goes on under the first word after its indentation ("  values: " → under
        // the first value), so where an entry's line ends reads at a glance.
        int lead = 0;
        while (lead < line.size() && line[lead] == QLatin1Char(' '))
            ++lead;
        const int firstSpace = int(line.indexOf(QLatin1Char(' '), lead));
        const int hang = std::min(firstSpace > 0 ? firstSpace + 1 : lead + 2, columns / 2);
        QString current = line.left(lead);
        for (const QString& word : line.mid(lead).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const bool fresh = current.trimmed().isEmpty();
            if (!fresh && current.size() + 1 + word.size() > columns) {
                out << current;
                current = QString(hang, QLatin1Char(' '));
                current += word;
            } else {
                current += (fresh ? QString() : QStringLiteral(" ")) + word;
            }
        }
        out << current;
    }
    return out.join(QLatin1Char('\n'));
}

QString reportDocument(const QString& title, const QString& file, const ga::RunState& state,
                       const RunSettings& settings, const QString& report, const QString& pathNote) {
    QString html = QStringLiteral(
        "<html><head><style>"
        "h1 { font-size: 13pt; margin-bottom: 0pt; } h2 { font-size: 10pt; margin-top: 6pt; margin-bottom: 2pt; }"
        "p { font-size: 8pt; margin-top: 0pt; }"
        "td { padding-right: 10pt; font-size: 8pt; } td.k { font-weight: bold; }"
        "th { text-align: left; padding-right: 10pt; font-size: 8pt; }"
        "pre { font-family: '%1'; font-size: 7.5pt; white-space: pre-wrap; margin-top: 0pt; margin-bottom: 0pt; }"
        // A member's values (member_report.h): group tables and piece-square boards.
        "p.grp { font-size: 7pt; margin-top: 3pt; margin-bottom: 1pt; }"
        "td.t, th.t { font-size: 6.5pt; } td.n { font-size: 6.5pt; text-align: right; }"
        "td.sq { font-size: 5.5pt; text-align: center; } td.sqd { font-size: 5.5pt; text-align: center; color: #ffffff; }"
        "td.rk, td.fl { font-size: 5pt; color: #555555; text-align: center; } td.gap { font-size: 5pt; }"
        "td.bt { font-size: 6pt; font-weight: bold; }"
        "</style></head><body>").arg(QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    html += QStringLiteral("<h1>%1</h1>").arg(esc(title));
    html += QStringLiteral("<p>%1 — %2</p>")
                .arg(esc(file.isEmpty() ? QObject::tr("population not saved to a file") : file),
                     esc(QDateTime::currentDateTime().toString(Qt::ISODate).replace(QLatin1Char('T'), QLatin1Char(' '))));
    html += QStringLiteral("<h2>%1</h2>").arg(QObject::tr("Run")) + runTable(runRows(state, settings, pathNote));
    html += genomeTable(state.genome);
    html += QStringLiteral("<h2>%1</h2>").arg(QObject::tr("Evaluations (best first)")) + memberValuesNote(state.genome) +
            evaluationsHtml(state, report);
    return html + QStringLiteral("</body></html>");
}

namespace {

// The text's margin inside the printer's page: 2 cm, in points.
constexpr qreal marginPoints() { return 2.0 / 2.54 * 72.0; }

// The layout counts frame margins at 96 dots per inch and draws them at the device's.
qreal deviceScale(QTextDocument& laid) {
    QPaintDevice* device = laid.documentLayout()->paintDevice();
    return device ? device->logicalDpiY() / 96.0 : 1.0;
}

// Each chromosome's entry: the report's blocks from a "chromosome N" line to its last non-empty one.
std::vector<std::pair<int, int>> chromosomeEntries(const QTextDocument& doc) {
    std::vector<std::pair<int, int>> entries;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (b.text().startsWith(QStringLiteral("chromosome ")))
            entries.emplace_back(b.blockNumber(), b.blockNumber());
        else if (!entries.empty() && !b.text().trimmed().isEmpty())
            entries.back().second = b.blockNumber();
    }
    return entries;
}

// The pages of the first and the last line of an entry in the laid-out report. A line is printed
// on a page only if it ends above the page's bottom margin (else it goes to the next page), so
// the last line counts with the margin below it.
std::pair<int, int> pagesOf(QTextDocument& laid, const std::pair<int, int>& entry) {
    const qreal pageHeight = laid.pageSize().height();
    const qreal margin = laid.rootFrame()->frameFormat().bottomMargin() * deviceScale(laid);
    QAbstractTextDocumentLayout* layout = laid.documentLayout();
    const QRectF top = layout->blockBoundingRect(laid.findBlockByNumber(entry.first));
    const QRectF bottom = layout->blockBoundingRect(laid.findBlockByNumber(entry.second));
    return {int(top.top() / pageHeight), int((bottom.bottom() + margin - 1) / pageHeight)};
}

// The report laid out for `device`: its pages (the device's page less its margins), a 2 cm margin
// inside them, each chromosome's entry that would straddle a page break moved to the next page
// (one longer than most of a page is left to break).
// printReport paints this very layout, so the breaks measured here are the printed ones. (Measuring
// a copy laid out "as QTextDocument::print does" missed by a line now and then.)
std::unique_ptr<QTextDocument> paginatedReport(const QString& document, QPagedPaintDevice* device) {
    std::unique_ptr<QTextDocument> laid(new QTextDocument);
    laid->setDefaultFont(QFontDatabase::systemFont(QFontDatabase::GeneralFont));
    laid->setHtml(document);
    laid->documentLayout()->setPaintDevice(device);
    QTextFrameFormat frame = laid->rootFrame()->frameFormat();
    frame.setMargin(marginPoints() * 96.0 / 72.0);  // the layout counts frame margins at 96 dots per inch
    laid->rootFrame()->setFrameFormat(frame);
    laid->setPageSize(QSizeF(device->width(), device->height()));
    const qreal pageHeight = laid->pageSize().height();
    QAbstractTextDocumentLayout* layout = laid->documentLayout();
    laid->pageCount();  // lays the whole document out (the layout is otherwise lazy)
    for (const auto& entry : chromosomeEntries(*laid)) {
        const auto [first, last] = pagesOf(*laid, entry);
        const qreal height = layout->blockBoundingRect(laid->findBlockByNumber(entry.second)).bottom() -
                             layout->blockBoundingRect(laid->findBlockByNumber(entry.first)).top();
        if (first == last || height > pageHeight * 0.8)
            continue;
        QTextBlockFormat breakBefore;
        breakBefore.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(laid->findBlockByNumber(entry.first)).mergeBlockFormat(breakBefore);
        laid->pageCount();  // the entries after it moved: lay them out again before measuring
    }
    return laid;
}

} // namespace

std::vector<std::pair<int, int>> chromosomePages(const QString& document, QPagedPaintDevice* device) {
    std::unique_ptr<QTextDocument> laid = paginatedReport(document, device);
    std::vector<std::pair<int, int>> pages;
    for (const auto& entry : chromosomeEntries(*laid))
        pages.push_back(pagesOf(*laid, entry));
    return pages;
}

int reportPageCount(const QString& document, QPagedPaintDevice* device) {
    return paginatedReport(document, device)->pageCount();
}

void printReport(const QString& document, const QString& title, QPrinter* printer, const ReportBoards& boards) {
    printer->setDocName(title);
    // Laid out once printing has begun: a printer may measure its fonts differently before.
    QPainter painter(printer);
    if (!painter.isActive())
        return;
    std::unique_ptr<QTextDocument> laid = paginatedReport(document, printer);
    const QSizeF page = laid->pageSize();
    // The page number in the bottom margin, right-aligned with the text.
    const qreal margin = marginPoints() * printer->logicalDpiY() / 72.0;
    painter.setFont(laid->defaultFont());
    const qreal numberY = page.height() - margin / 2;
    for (int index = 0; index < laid->pageCount(); ++index) {
        if (index > 0 && !printer->newPage())
            return;
        painter.save();
        painter.translate(0, -index * page.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, index * page.height(), page.width(), page.height());
        context.palette.setColor(QPalette::Text, Qt::black);  // not the system palette's text colour
        painter.setClipRect(context.clip);
        laid->documentLayout()->draw(&painter, context);
        painter.restore();
        const QString number = QString::number(index + 1);
        painter.drawText(QPointF(page.width() - margin - painter.fontMetrics().horizontalAdvance(number), numberY), number);
    }
    if (boards.tables.empty() || !printer->newPage())
        return;
    paintBoardsPage(painter, QRectF(margin, margin, page.width() - 2 * margin, page.height() - 2 * margin), boards);
    painter.setFont(laid->defaultFont());
    const QString number = QString::number(laid->pageCount() + 1);
    painter.drawText(QPointF(page.width() - margin - painter.fontMetrics().horizontalAdvance(number), numberY), number);
}

} // namespace mf::ui
