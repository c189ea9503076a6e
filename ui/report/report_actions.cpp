#include "ui/report/report_actions.h"

#include "evolution/ga/spsa_lines.h"

#include "ui/dialogs/user_prompts.h"

#include "ui/views/engine_log_view.h"
#include "ui/report/evaluation_report.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_document.h"
#include "ui/views/status_line.h"

#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/measures/evalfit/polish_history.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QPrintDialog>
#include <QPrintPreviewDialog>
#include <QPrinter>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace mf::ui {

ReportActions::ReportActions(const Parts& parts, QObject* parent) : QObject(parent), p_(parts) {
    connect(p_.job, &ReportJob::progress, this, [this](qint64 done, qint64 total) {
        p_.status->showNote(tr("Scoring chromosomes for the report: %1 / %2 positions").arg(done).arg(total));
    });
    connect(p_.job, &ReportJob::finished, this, [this](const QString& report) {
        p_.status->showNote({});
        const auto target = std::exchange(target_, std::nullopt);
        emit changed();
        emit reportReady(report);
        if (target)
            deliver(report, *target);
    });
    connect(p_.job, &ReportJob::failed, this, [this](const QString& why) {
        target_.reset();
        p_.status->showNote(tr("Report failed: %1").arg(why), 10000);
        p_.log->appendNote(tr("report failed: %1").arg(why));
        emit changed();
    });
}

bool ReportActions::isRunning() const { return p_.job->isRunning(); }
void ReportActions::cancel() { p_.job->cancel(); }

void ReportActions::makeReport(Target target) {
    const auto& state = p_.document->state();
    if (!state || p_.job->isRunning())
        return;
    target_ = target;
    state_ = state;
    p_.job->start(*state, p_.panel->settings());
    p_.status->showNote(tr("Scoring %1 chromosomes for the report…").arg(state->population.size()));
    emit changed();
}

void ReportActions::deliver(const QString& report, Target target) {
    const QString file = p_.document->filePath();
    const QString title = tr("MateFind evaluations — %1").arg(p_.document->displayName());
    // The console gets the plain report (as `matefind-cli print`); paper gets a titled document.
    // The header says what the report scored with (auto resolved, K and E0 fitted), as its body does.
    const QString document =
        state_ ? reportDocument(title, file, *state_, p_.job->scoredWith(), report, p_.job->pathNote()) : QString();
    const ReportBoards boards = state_ ? reportBoards(*state_) : ReportBoards{};
    switch (target) {
    case Target::Console: {
        const QByteArray bytes = report.toUtf8();
        std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
        std::fflush(stdout);
        p_.status->showNote(tr("Report written to standard output"), 5000);
        break;
    }
    case Target::Printer: {
        QPrinter printer(QPrinter::HighResolution);
        QPrintDialog dialog(&printer, p_.window);  // "Print to File (PDF)" is one of its printers
        dialog.setWindowTitle(tr("Print evaluations"));
        if (dialog.exec() == QDialog::Accepted)
            printReport(document, title, &printer, boards);
        break;
    }
    case Target::Preview: {
        // Window-modal but not exec(): the run's signals and the test/screenshot hooks go on.
        auto printer = std::make_shared<QPrinter>(QPrinter::HighResolution);
        auto* preview = new QPrintPreviewDialog(printer.get(), p_.window);
        preview->setAttribute(Qt::WA_DeleteOnClose);
        preview->setWindowTitle(tr("Print Preview — %1").arg(title));
        preview->resize(std::max(900, p_.window->width() * 3 / 4), std::max(700, p_.window->height() - 60));
        connect(preview, &QPrintPreviewDialog::paintRequested, preview,
                [document, title, printer, boards](QPrinter* p) { printReport(document, title, p, boards); });
        preview->open();
        emit previewShown(preview);
        break;
    }
    }
}

void ReportActions::exportBest() {
    const auto& state = p_.document->state();
    if (!state)
        return;
    // What answers for the run: its pick (never its start values: nothing to export then).
    const auto answer = tuning::runAnswer(*state);
    if (!answer || (answer->pick && answer->pick->isStart()))
        return;
    const QString path = p_.prompts->chooseExportPath();
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix();
    const bool optionsFile = suffix == QStringLiteral("options");
    const std::size_t fixed = tuning::fixedOptionCount(*state);
    // Tune lines carry no comment (neither tool reads one): the lines paste in as they are. They
    // hold the tuned weights only; the status line says so when the run fixed other options.
    if (const auto spsa = ga::parseSpsaFormat(suffix.toStdString())) {
        const QString only = fixed == 0 ? QString()
                                        : tr(": the %1 tuned weights only (the run's %2 fixed options are not tune lines)")
                                              .arg(state->genome.size())
                                              .arg(fixed);
        p_.document->writeFile(path, QByteArray::fromStdString(ga::spsaLines(state->genome, answer->values, *spsa)),
                               tr("Exported the run's pick to %1 as %2 tune lines%3")
                                   .arg(path, QString::fromLatin1(ga::spsaFormatName(*spsa).data()), only));
        return;
    }
    const std::vector<int>& values = answer->values;
    const auto polished = tuning::polishOf(*state, values);
    const std::optional<double> heldOutError = answer->pick ? answer->pick->error
                                               : polished  ? polished->heldOutError
                                                           : std::nullopt;
    // The run's name: its file, or the window's name for an unsaved run.
    const std::string run = p_.document->filePath().isEmpty() ? p_.document->displayName().toStdString() + " (not saved)"
                                                              : p_.document->filePath().toStdString();
    std::string comment = tuning::exportDescription(*state, answer->pick ? answer->generation : state->generation,
                                                    answer->fitness.value_or(0.0), run, heldOutError);
    if (answer->pick) comment = tuning::pickSourceLine(*answer->pick, run) + comment.substr(comment.find('\n'));
    comment += tuning::contentsLine(*state) + "\n";
    const uci::OptionValues engine = tuning::exportedOptions(*state, values);
    const QByteArray text = QByteArray::fromStdString(optionsFile ? tuning::engineOptionsFile(engine, comment)
                                                                  : tuning::commentLines(comment) +
                                                                        tuning::setOptionLines(engine));
    p_.document->writeFile(path, text,
                           tr("Exported the run's pick to %1: %2").arg(path, QString::fromStdString(tuning::contentsLine(*state))));
}

} // namespace mf::ui
