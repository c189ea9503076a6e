#pragma once
// Beside the data file: what a run of the panel's settings would take in memory on the trace path,
// estimated as the run will before it starts (the data indexed, the path resolved, a sample of 512
// positions traced: tuning::estimateRunMemory), and whether the machine has it free. Worked out off
// the GUI thread once the settings stop changing, so a large data file never freezes the form; a
// run that would not fit is refused when it starts, and this says so before.
#include "ui/models/run_types.h"

#include <QLabel>

#include <optional>

class QTimer;

namespace mf::ui {

class BackgroundTask;

class MemoryEstimateLabel : public QLabel {
    Q_OBJECT
public:
    explicit MemoryEstimateLabel(QWidget* parent = nullptr);
    ~MemoryEstimateLabel() override;

    // The settings to estimate for; the work starts once they have not changed for a moment.
    // Settings of another measure clear the text.
    void request(const RunSettings& settings);
    static constexpr int kSettleMs = 500;
    // No estimate (settings a run would refuse): the text cleared, nothing pending.
    void forget();

signals:
    void estimated();  // the text shows an answer (for tests)

private:
    void startNext();
    struct Answer {
        QString text;
        bool refused = false;
    };
    static Answer estimateFor(const RunSettings& settings, std::stop_token stop);
    void show(const Answer& answer);

    QTimer* settle_ = nullptr;
    BackgroundTask* task_ = nullptr;
    std::optional<RunSettings> pending_;
    QString lastKey_;  // what the text answers for: the same files and genome are not estimated again
};

}  // namespace mf::ui
