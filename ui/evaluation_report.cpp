#include "ui/evaluation_report.h"

#include "evolution/tuning/evaluation_report.h"
#include "evolution/tuning/local_evaluator.h"

#include <QFontDatabase>
#include <QMetaObject>
#include <QPainter>
#include <QPrinter>
#include <QTextDocument>

namespace mf::ui {

ReportJob::ReportJob(QObject* parent) : QObject(parent) {}

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
        const uci::Suite suite = uci::loadSuite(settings.suite.string());
        if (suite.positions.empty()) {
            fail(tr("%1: no usable positions").arg(QString::fromStdString(settings.suite.string())));
            return;
        }
        auto evaluator = tuning::LocalEvaluator::create(settings.engine, settings.workers);
        if (!evaluator) {
            fail(QString::fromStdString(evaluator.error().message));
            return;
        }
        tuning::ScoringRule rule;
        rule.limit = tuning::searchLimit(state.parameters);
        rule.prize = state.parameters.prize;
        rule.measure = settings.measure;
        const auto evaluations = tuning::evaluatePopulation(
            **evaluator, suite, state, rule, stop, [&](const tuning::EvaluationProgress& p) {
                post([this, p] { emit progress(qint64(p.positionsDone), qint64(p.positionsTotal)); });
            });
        if (stop.stop_requested()) {
            fail(tr("report cancelled"));
            return;
        }
        const QString text = QString::fromStdString(tuning::formatEvaluationReport(state, suite, rule, evaluations));
        post([this, text] {
            running_ = false;
            emit finished(text);
        });
    });
    return true;
}

void printReport(const QString& report, const QString& title, QPrinter* printer) {
    QTextDocument doc;
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSize(8);
    doc.setDefaultFont(mono);
    doc.setMetaInformation(QTextDocument::DocumentTitle, title);
    doc.setPlainText(report);
    printer->setDocName(title);
    doc.print(printer);  // paginates and numbers pages
}

} // namespace mf::ui
