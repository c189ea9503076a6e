#pragma once
// A run's life as the window sees it: Start (a new run, or continuing the opened file, asking
// when the panel no longer matches it), the multiselection fight, Pause/Resume, Stop, and what
// the controller reports on the way (status, progress, generations, fight rounds), shown in the
// population views, the status line and the engine log. The RunBridge is the controller's side.
#include "ui/models/run_types.h"

#include "evolution/uci/engine_probe.h"

#include <QObject>

#include <filesystem>

#include <chrono>
#include <optional>
#include <tuple>

namespace mf::ui {

class EngineCheck;
class EngineLogView;
class ParameterPanel;
class PopulationDocument;
class PopulationViews;
class RunBridge;
class StatusLine;
class UserPrompts;

class RunSession : public QObject {
    Q_OBJECT
public:
    struct Parts {
        RunBridge* bridge;
        ParameterPanel* panel;
        PopulationDocument* document;
        PopulationViews* views;
        StatusLine* status;
        EngineLogView* log;
        UserPrompts* prompts;
        EngineCheck* check;
        std::filesystem::path bundledEngine;  // what made data files whose header names no engine
    };
    RunSession(const Parts& parts, QObject* parent);

    void startRun();
    void startFight();
    void togglePause();
    void stop();  // also cancels a start that waits for the engine check
    // Between Start and the run: the engine check of these settings has not answered yet. The
    // panel stays locked, Start disabled, Stop enabled (it cancels).
    bool isCheckingEngine() const { return checking_; }

signals:
    void changed();  // the run's status changed (or a start was refused): actions follow

private:
    bool confirmContinue();  // false: the user cancelled
    // Waits for the engine check of the panel's settings, then calls `launch` unless the engine
    // cannot run them, or the limit is not honoured and the user does not want to go on.
    void checkEngineThen(void (RunSession::*launch)());
    // Asks `question`; No: "not started: <message>" in the log and the status; Yes: the warning
    // and `goingOn` in the log. True when the run may start.
    bool startAnyway(const QString& title, const QString& question, const QString& message, const QString& goingOn);
    // Held-out data another engine made: says so and asks whether to start all the same.
    bool goOnDespiteHeldOut(const RunSettings& settings);
    bool goOnDespiteLimit(const uci::LimitCheck& check);
    RunSettings settingsToRun() const;  // the panel's, with the checked engine's measured speed
    void launchRun();
    void launchFight();
    void dropPopulation();   // a new run or fight replaces the shown population
    bool prepareAutosave(const RunSettings& settings);  // false: its folder cannot be made
    bool isAutosaveFile(const QString& path) const;
    void onStatus(const tuning::StatusChange& change);
    void onProgress(const tuning::RunProgress& progress);
    void onGeneration(const tuning::GenerationReport& report);
    void onFightRound(const tuning::FightRound& round);

    Parts p_;
    bool checking_ = false;
    unsigned starts_ = 0;  // which Start an engine check answers (Stop moves it on)
    std::optional<std::tuple<bool, bool, int>> lastPass_;  // fit, held-out, generation of the last progress
    std::chrono::seconds loggedWait_{0};                    // the wait the run messages last told of
};

} // namespace mf::ui
