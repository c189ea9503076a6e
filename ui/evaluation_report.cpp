#include "ui/evaluation_report.h"

#include "evolution/tuning/evalfit_fit.h"
#include "evolution/tuning/evaluation_report.h"
#include "evolution/tuning/fitness_plan.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QMetaObject>
#include <QPainter>
#include <QPrinter>
#include <QTextDocument>

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
    html += row(QObject::tr("suite"), QString::fromStdString(settings.suite.string()));
    if (!settings.heldOutSuite.empty())
        html += row(QObject::tr("held-out suite"), QString::fromStdString(settings.heldOutSuite.string()));
    html += row(QObject::tr("limit per position"),
                QStringLiteral("%1 %2").arg(q(ga::limitKindName(p.limitKind))).arg(p.limitValue));
    html += row(QObject::tr("answer-speed prize"), QString::number(p.prize));
    html += row(QObject::tr("fitness by"), q(tuning::fitnessMeasureName(settings.measure)));
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

void printReport(const QString& document, const QString& title, QPrinter* printer) {
    QTextDocument doc;
    doc.setDefaultFont(QFontDatabase::systemFont(QFontDatabase::GeneralFont));
    doc.setMetaInformation(QTextDocument::DocumentTitle, title);
    doc.setHtml(document);
    printer->setDocName(title);
    doc.print(printer);  // paginates and numbers the pages
}

} // namespace mf::ui
