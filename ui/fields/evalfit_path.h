#pragma once
// The evalfit scoring path of a run's settings as the name the window shows ("auto", "fast",
// "uci") and back, through dataset's own names.
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/settings/tuning_settings.h"

#include <QString>

#include <string_view>

namespace mf::ui {

inline QString evalfitPathName(const tuning::EvalfitSettings& evalfit) {
    const std::string_view name = dataset::evalfitPathName(evalfit.path);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

// False (nothing changed) when `name` is no path.
inline bool setEvalfitPath(tuning::EvalfitSettings& evalfit, const QString& name) {
    const auto parsed = dataset::parseEvalfitPath(name.toStdString());
    if (!parsed)
        return false;
    evalfit.path = *parsed;
    return true;
}

} // namespace mf::ui
