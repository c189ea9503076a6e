#pragma once
// The run controller's value types, registered with Qt's meta-type system so they travel in
// queued signals from the controller's thread to the GUI thread (registration in run_bridge.cpp).
#include "evolution/ga/evolution.h"
#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"

#include <QMetaType>

#include <cstddef>
#include <limits>

namespace mf::ui {
using RunSettings = tuning::TuningSettings;
// EngineLogLine::worker of a line about the log itself, not one engine (shown with the run messages).
inline constexpr std::size_t kNoWorker = std::numeric_limits<std::size_t>::max();
// EngineLogLine::worker of the Match tab's engines: kMatchWorkerBase + 2w for side A's engine of
// match worker w, + 2w + 1 for side B's (the Engine log names their tabs "Match A1", "Match B1").
inline constexpr std::size_t kMatchWorkerBase = std::size_t(1) << 20;
} // namespace mf::ui

Q_DECLARE_METATYPE(mf::ga::RunState)
Q_DECLARE_METATYPE(mf::tuning::StatusChange)
Q_DECLARE_METATYPE(mf::tuning::RunProgress)
Q_DECLARE_METATYPE(mf::tuning::GenerationReport)
Q_DECLARE_METATYPE(mf::tuning::FightRound)
Q_DECLARE_METATYPE(mf::tuning::EngineLogLine)
