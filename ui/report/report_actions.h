#pragma once
// The File menu's reports on the shown population: Print, Print Preview and Evaluations to console
// score every chromosome (a ReportJob, off the GUI thread, with the run's evaluator factory) and
// deliver the text; Export writes the run's pick as engine settings.
#include "ui/models/run_types.h"

#include <QObject>

#include <optional>

class QWidget;

namespace mf::ui {

class EngineLogView;
class UserPrompts;
class ParameterPanel;
class PopulationDocument;
class ReportJob;
class StatusLine;

class ReportActions : public QObject {
    Q_OBJECT
public:
    enum class Target { Printer, Preview, Console };
    struct Parts {
        ReportJob* job;
        PopulationDocument* document;
        ParameterPanel* panel;
        StatusLine* status;
        EngineLogView* log;
        QWidget* window;  // parent of the dialogs
        UserPrompts* prompts;  // where Export writes
    };
    ReportActions(const Parts& parts, QObject* parent);

    void makeReport(Target target);
    bool isRunning() const;
    void cancel();
    void exportBest();

signals:
    void changed();  // a report started or ended
    void reportReady(const QString& report);
    void previewShown(QWidget* dialog);

private:
    void deliver(const QString& report, Target target);

    Parts p_;
    std::optional<Target> target_;
    std::optional<ga::RunState> state_;  // what the report in the making scores
};

} // namespace mf::ui
