#pragma once
// Print, Print Preview and console report of every chromosome's evaluation. Scoring a population
// starts engines and searches every position, so it runs on a worker thread, with the evaluator
// the run's factory makes (a run and its report score the same way); the result is the
// same text `matefind-cli print` writes (mf_tuning formatEvaluationReport), delivered by a queued
// signal. printReport() lays that text out in a monospace font on any QPrinter (PDF included).
#include "ui/psqt/psqt_report.h"
#include "ui/models/run_types.h"

#include "evolution/tuning/run/run_controller.h"

#include <QObject>
#include <QString>

#include <thread>
#include <utility>
#include <vector>

class QPagedPaintDevice;
class QPrinter;

namespace mf::ui {

class ReportJob : public QObject {
    Q_OBJECT
public:
    ReportJob(tuning::EvaluatorFactory factory, QObject* parent = nullptr);
    ~ReportJob() override;  // stops the scoring and joins its thread

    // Scores `state`'s members with the engine and suite of `settings`. Never blocks.
    bool start(const ga::RunState& state, const RunSettings& settings);
    bool isRunning() const { return running_; }
    void cancel();
    // What the last finished report scored with: the settings given, with evalfit's path "auto"
    // resolved and K and E0 fitted; the note says how auto was resolved ("" when it was not).
    const RunSettings& scoredWith() const { return scoredWith_; }
    const QString& pathNote() const { return pathNote_; }

signals:
    void progress(qint64 done, qint64 total);
    void finished(const QString& report);
    void failed(const QString& reason);

private:
    tuning::EvaluatorFactory factory_;
    std::jthread thread_;
    bool running_ = false;
    RunSettings scoredWith_;
    QString pathNote_;
};

// The printed document (HTML for QTextDocument): the title, when it was made and from which file,
// the run's parameters (engine, suites, limit, GA parameters, genome windows) in two columns,
// then the report text in a monospace font, wrapped lines indented under their first. `settings`
// are what the report scored with (ReportJob::scoredWith: the resolved evalfit path, K and E0);
// `pathNote` says how the path was chosen.
QString reportDocument(const QString& title, const QString& file, const ga::RunState& state,
                       const RunSettings& settings, const QString& report, const QString& pathNote = {});

// The report text's lines wrapped at `columns` characters, each continuation indented under the
// first word after the line's own indentation ("  values: a=1 b=2" goes on under "a=1").
// reportDocument wraps at kReportColumns: the monospace report at 7.5 pt across A4 or Letter.
inline constexpr int kReportColumns = 100;
QString wrapReportLines(const QString& report, int columns);

// Lays a reportDocument out on `printer` (PDF included), paginated with page numbers; a
// chromosome's entry that would straddle a page break starts on the next page. With `boards`
// (a genome with piece-square tables: reportBoards), one more page draws them.
void printReport(const QString& document, const QString& title, QPrinter* printer, const ReportBoards& boards = {});

// For tests: how many pages printReport makes of `document` on `device`.
int reportPageCount(const QString& document, QPagedPaintDevice* device);

// For tests: the first and last page of each chromosome's entry as printReport lays them out on
// `device`.
std::vector<std::pair<int, int>> chromosomePages(const QString& document, QPagedPaintDevice* device);

} // namespace mf::ui
