#pragma once
// The window's look at the run's engine before Start (tuning::checkEngineReadiness): does it start,
// does the genome fit the options it announces, does it honour the limit mode. Asked in the
// background once the panel's engine, genome or limit stop changing, so a genome that does not fit
// disables Start with the term's name before the user presses it (a run would otherwise score
// every chromosome 0); Start itself waits for the answer of its settings and asks when the limit
// is not honoured (an engine that ignores `go nodes` makes the run's figures meaningless). One check
// runs at a time; the newest question waits for it. The answer is kept in its two costly parts:
// the options an engine announces (they depend on the engine alone) and the limit verdict (the
// engine and the limit), so an edit of the genome is answered at once, without starting anything.
#include "ui/models/run_types.h"

#include "evolution/tuning/setup/engine_readiness.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QTimer;

namespace mf::ui {

class BackgroundTask;

class EngineCheck : public QObject {
    Q_OBJECT
public:
    static constexpr int kSettleMs = 400;
    explicit EngineCheck(QObject* parent = nullptr);
    ~EngineCheck() override;

    // Looks at `settings` once they have not changed for kSettleMs (no engine starts per keystroke).
    void request(const RunSettings& settings);
    // Calls `then` on the GUI thread with the answer for `settings`: at once when it is known,
    // else when its check ends (started now).
    using Answered = std::function<void(const tuning::EngineReadiness&)>;
    void whenChecked(const RunSettings& settings, Answered then);
    // Why Start cannot go on with `settings`, when that is known (empty: nothing known against it).
    QString blockingReason(const RunSettings& settings) const;
    // The speed the limit check measured for `settings`' engine (0: none known), for the run's
    // search deadlines (EngineSpec::knownNodesPerSecond), as the CLI passes it on.
    double nodesPerSecond(const RunSettings& settings) const;

    // Background checks started so far (each starts the engine once or twice): for tests.
    int checksStarted() const { return checksStarted_; }

signals:
    void answered();  // a new answer: Start's state may change

private:
    void runWanted();
    // The answer for `inputs` from what is known, or nothing when an engine must be asked.
    std::optional<tuning::EngineReadiness> answerFor(const tuning::ReadinessInputs& inputs) const;

    struct LimitKey {
        tuning::EngineSpec engine;
        ga::LimitKind kind = ga::LimitKind::Nodes;
        std::int64_t value = 0;
        friend bool operator==(const LimitKey&, const LimitKey&) = default;
    };
    static LimitKey limitKeyOf(const tuning::ReadinessInputs& inputs);
    struct Announced {                           // what an engine announced, or why it did not start
        tuning::EngineSpec engine;
        std::optional<std::string> startError;
        std::vector<uci::UciOption> options;
    };
    struct Limit {
        LimitKey key;
        uci::LimitCheck check;
    };
    struct Found {                               // what one background check learnt
        std::optional<Announced> announced;
        std::optional<Limit> limit;
    };
    std::optional<Announced> announced_;         // the latest engine's options
    std::optional<Limit> limit_;                 // the latest limit verdict
    int checksStarted_ = 0;
    std::optional<tuning::ReadinessInputs> wanted_;   // the newest question, not asked yet
    std::optional<tuning::ReadinessInputs> asking_;   // the question being checked now
    std::vector<std::pair<tuning::ReadinessInputs, Answered>> waiting_;
    QTimer* settle_ = nullptr;
    BackgroundTask* task_ = nullptr;
};

} // namespace mf::ui
