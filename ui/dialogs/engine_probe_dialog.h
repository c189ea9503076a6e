#pragma once
// The engine dialog: what `matefind-cli probe` prints, for the panel's engine: its name
// and author, its spin options with their ranges, its speed, and which limit modes it honours
// (nodes asked vs nodes reported, depth reached), from uci::probeEngine on a fresh process, off
// the GUI thread; and whether it speaks the evalfit extension (measure evalfit's fast path), as
// the path auto finds out. "Probe again" repeats it (after the user changed the engine's options, say).
// "Check weight changes" is `probe --genome`'s check with the panel's genome: whether the engine
// carries anything from one set of weights to the next on one process, so whether a run may keep
// its process (the engine section's "Keep the process across weight changes").
#include "evolution/ga/genome.h"
#include "evolution/uci/carried_state_check.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_probe.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace mf::ui {

class BackgroundTask;

class EngineProbeDialog : public QDialog {
    Q_OBJECT
public:
    // `genome` and `openings` (the bundled openings file) are the weight-change check's; without
    // either its button is disabled and says why.
    EngineProbeDialog(const uci::EngineConfig& engine, ga::Genome genome, QString openings, QWidget* parent = nullptr);
    ~EngineProbeDialog() override;

    void probe();  // starts a probe unless one runs
    bool isProbing() const;
    QString summaryText() const;           // the engine, its speed, the modes it honours
    void checkWeightChanges();  // starts the carried-state check unless one runs
    bool isCheckingWeightChanges() const;
    QString weightChangesText() const;
    QPushButton* weightChangesButton() const { return checkCarried_; }
    QTableWidget* limitsTable() const { return limits_; }
    QTableWidget* optionsTable() const { return options_; }

signals:
    void probed();  // a probe has ended (or could not start the engine: see summaryText)
    void weightChangesChecked();  // the carried-state check has ended (see weightChangesText)

private:
    struct Findings {
        uci::ProbeReport report;
        QString evalfit;  // the summary's line on the evalfit extension
    };
    void showReport(const uci::ProbeReport& report);
    void showWeightChanges(const uci::CarriedStateCheck& check, int depth);

    uci::EngineConfig engine_;
    ga::Genome genome_;
    QString openings_;
    QLabel* summary_ = nullptr;
    QTableWidget* limits_ = nullptr;
    QTableWidget* options_ = nullptr;
    QPushButton* again_ = nullptr;
    QLabel* carried_ = nullptr;
    QPushButton* checkCarried_ = nullptr;
    BackgroundTask* task_ = nullptr;
    BackgroundTask* carriedTask_ = nullptr;  // its own: the probe and the check may run together
};

} // namespace mf::ui
