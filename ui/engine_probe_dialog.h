#pragma once
// The engine dialog: what `matefind-cli probe` prints, for the panel's engine: its name
// and author, its spin options with their ranges, its speed, and which limit modes it honours
// (nodes asked vs nodes reported, depth reached), from uci::probeEngine on a fresh process, off
// the GUI thread; and whether it speaks the evalfit extension (measure evalfit's fast path), as
// the path auto finds out. "Probe again" repeats it (after the user changed the engine's options, say).
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
    EngineProbeDialog(const uci::EngineConfig& engine, QWidget* parent = nullptr);
    ~EngineProbeDialog() override;

    void probe();  // starts a probe unless one runs
    bool isProbing() const;
    QString summaryText() const;           // the engine, its speed, the modes it honours
    QTableWidget* limitsTable() const { return limits_; }
    QTableWidget* optionsTable() const { return options_; }

signals:
    void probed();  // a probe has ended (or could not start the engine: see summaryText)

private:
    struct Findings {
        uci::ProbeReport report;
        QString evalfit;  // the summary's line on the evalfit extension
    };
    void show(const uci::ProbeReport& report);

    uci::EngineConfig engine_;
    QLabel* summary_ = nullptr;
    QTableWidget* limits_ = nullptr;
    QTableWidget* options_ = nullptr;
    QPushButton* again_ = nullptr;
    BackgroundTask* task_ = nullptr;
};

} // namespace mf::ui
