#include "ui/evaluation_report.h"

#include "ui/evalfit_path.h"

#include "evolution/tuning/evalfit_fit.h"
#include "evolution/tuning/fit_rule.h"
#include "evolution/tuning/evaluation_report.h"
#include "evolution/tuning/fitness_plan.h"

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

#include <memory>

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
        scored.heldOutSuite.clear();
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
        post([this, text] {
            running_ = false;
            emit finished(text);
        });
    });
    return true;
}

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString esc(const QString& s) { return s.toHtmlEscaped(); }

QString row(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td class='k'>%1</td><td>%2</td></tr>").arg(esc(name), esc(value));
}

// The scoring path, and the uci path's search when it may be taken.
QString evalfitPathText(const tuning::EvalfitSettings& e) {
    const QString path = evalfitPathName(e);
    if (e.path == dataset::EvalfitPath::Fast)
        return path;
    return QObject::tr("%1 (uci search: %2 %3)")
        .arg(path, e.uciLimit.kind == uci::SearchLimit::Kind::Nodes ? QObject::tr("nodes") : QObject::tr("depth"))
        .arg(e.uciLimit.value);
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

} // namespace

QString reportDocument(const QString& title, const QString& file, const ga::RunState& state,
                       const RunSettings& settings, const QString& report) {
    const ga::Parameters& p = state.parameters;
    QString html = QStringLiteral(
        "<html><head><style>"
        "h1 { font-size: 14pt; margin-bottom: 2pt; } h2 { font-size: 11pt; margin-top: 10pt; }"
        "td { padding-right: 12pt; font-size: 8pt; } td.k { font-weight: bold; }"
        "th { text-align: left; padding-right: 12pt; font-size: 8pt; }"
        "pre { font-family: '%1'; font-size: 7.5pt; white-space: pre-wrap; }"
        "</style></head><body>").arg(QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    html += QStringLiteral("<h1>%1</h1>").arg(esc(title));
    html += QStringLiteral("<p>%1 — %2</p>")
                .arg(esc(file.isEmpty() ? QObject::tr("population not saved to a file") : file),
                     esc(QDateTime::currentDateTime().toString(Qt::ISODate).replace(QLatin1Char('T'), QLatin1Char(' '))));
    html += QStringLiteral("<h2>%1</h2><table>").arg(QObject::tr("Run"));
    html += row(QObject::tr("engine"), QString::fromStdString(settings.engine.program.string()));
    QStringList words;
    for (const std::string& a : settings.engine.arguments)
        words << QString::fromStdString(a);
    if (!words.isEmpty())
        html += row(QObject::tr("engine arguments"), words.join(QLatin1Char(' ')));
    QStringList options;
    for (const auto& [name, value] : settings.engine.fixedOptions)
        options << QString::fromStdString(name + "=" + value);
    if (!options.isEmpty())
        html += row(QObject::tr("engine options"), options.join(QStringLiteral(", ")));
    // What the measure scored on and how; fields it does not use are left out.
    html += row(QObject::tr("fitness by"), q(tuning::fitnessMeasureName(settings.measure)));
    using M = tuning::FitnessMeasure;
    const QString limit = QStringLiteral("%1 %2").arg(q(ga::limitKindName(p.limitKind))).arg(p.limitValue);
    if (settings.measure == M::Evalfit) {
        const tuning::EvalfitSettings& e = settings.evalfit;
        html += row(QObject::tr("data"), QString::fromStdString(e.data.string()));
        if (!e.heldOutData.empty())
            html += row(QObject::tr("held-out data"), QString::fromStdString(e.heldOutData.string()));
        html += row(QObject::tr("scoring path"), evalfitPathText(e));
    } else if (settings.measure == M::Games) {
        const tuning::GamesSettings& g = settings.games;
        html += row(QObject::tr("game pairs per member"), QString::number(g.pairs));
        html += row(QObject::tr("baseline"), QString::fromStdString(tuning::baselineText(g.baseline)));
        html += row(QObject::tr("openings"), g.openings.empty() ? QObject::tr("the bundled openings")
                                                               : QString::fromStdString(g.openings.string()));
        if (g.heldOutPairs > 0)
            html += row(QObject::tr("held-out pairs"), QString::number(g.heldOutPairs));
        html += row(QObject::tr("limit per move"), limit);
    } else {
        html += row(QObject::tr("suite"), QString::fromStdString(settings.suite.string()));
        if (!settings.heldOutSuite.empty())
            html += row(QObject::tr("held-out suite"), QString::fromStdString(settings.heldOutSuite.string()));
        html += row(QObject::tr("limit per position"), limit);
        html += row(QObject::tr("answer-speed prize"), QString::number(p.prize));
    }
    // Generations count from 0: the last of G = 3 is generation 2.
    html += row(QObject::tr("generation"),
                QObject::tr("%1 (generations 0 … %2 planned)").arg(state.generation).arg(p.generations - 1));
    html += row(QObject::tr("population N"), QString::number(p.populationSize));
    html += row(QObject::tr("crossover p_k / mutation p_m"), QStringLiteral("%1 / %2").arg(p.pk).arg(p.pm));
    html += row(QObject::tr("elitism"), QString::number(p.elite));
    html += row(QObject::tr("selection"), selectionText(p));
    html += row(QObject::tr("seed"), QString::number(p.seed));
    html += QStringLiteral("</table><h2>%1</h2><table><tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
                .arg(QObject::tr("Genome (m = %1 bits)").arg(state.genome.length()),
                     QObject::tr("term"), QObject::tr("option"), QObject::tr("default"), QObject::tr("bits"),
                     QObject::tr("window"));
    for (const ga::Term& t : state.genome.terms())
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5 … %6</td></tr>")
                    .arg(esc(QString::fromStdString(t.name)), esc(QString::fromStdString(t.option)))
                    .arg(t.defaultValue)
                    .arg(t.bits)
                    .arg(t.low())
                    .arg(t.high());
    html += QStringLiteral("</table><h2>%1</h2><pre>%2</pre></body></html>")
                .arg(QObject::tr("Evaluations (best first)"), esc(report));
    return html;
}

namespace {

// A copy of `doc` laid out as QTextDocument::print lays out an unpaginated document (it prints
// such a copy): the device's page, 2 cm margins.
std::unique_ptr<QTextDocument> printLayout(const QTextDocument& doc, QPagedPaintDevice* device) {
    std::unique_ptr<QTextDocument> laid(doc.clone());
    laid->documentLayout()->setPaintDevice(device);
    QTextFrameFormat frame = laid->rootFrame()->frameFormat();
    frame.setMargin(int((2 / 2.54) * device->logicalDpiY()));
    laid->rootFrame()->setFrameFormat(frame);
    laid->setPageSize(QSizeF(device->width(), device->height()));
    return laid;
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

// The pages of the first and the last line of an entry in a print layout.
std::pair<int, int> pagesOf(QTextDocument& laid, const std::pair<int, int>& entry) {
    const qreal pageHeight = laid.pageSize().height();
    QAbstractTextDocumentLayout* layout = laid.documentLayout();
    const QRectF top = layout->blockBoundingRect(laid.findBlockByNumber(entry.first));
    const QRectF bottom = layout->blockBoundingRect(laid.findBlockByNumber(entry.second));
    return {int(top.top() / pageHeight), int((bottom.bottom() - 1) / pageHeight)};
}

// Moves each chromosome's entry that would straddle a page break to the top of the next page, in
// `doc` itself, so print() (which lays out a copy the same way) breaks there and still numbers the
// pages. An entry longer than most of a page is left to break.
void keepChromosomesTogether(QTextDocument& doc, QPagedPaintDevice* device) {
    std::unique_ptr<QTextDocument> laid = printLayout(doc, device);
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
        QTextCursor(doc.findBlockByNumber(entry.first)).mergeBlockFormat(breakBefore);
        laid->pageCount();  // the entries after it moved: lay them out again before measuring
    }
}

QTextDocument* newReportDocument(const QString& document, QObject* parent) {
    auto* doc = new QTextDocument(parent);
    doc->setDefaultFont(QFontDatabase::systemFont(QFontDatabase::GeneralFont));
    doc->setHtml(document);
    return doc;
}

} // namespace

std::vector<std::pair<int, int>> chromosomePages(const QString& document, QPagedPaintDevice* device) {
    std::unique_ptr<QTextDocument> doc(newReportDocument(document, nullptr));
    keepChromosomesTogether(*doc, device);
    std::unique_ptr<QTextDocument> laid = printLayout(*doc, device);
    laid->pageCount();
    std::vector<std::pair<int, int>> pages;
    for (const auto& entry : chromosomeEntries(*laid))
        pages.push_back(pagesOf(*laid, entry));
    return pages;
}

void printReport(const QString& document, const QString& title, QPrinter* printer) {
    std::unique_ptr<QTextDocument> doc(newReportDocument(document, nullptr));
    doc->setMetaInformation(QTextDocument::DocumentTitle, title);
    keepChromosomesTogether(*doc, printer);
    printer->setDocName(title);
    doc->print(printer);  // paginates and numbers the pages
}

} // namespace mf::ui
