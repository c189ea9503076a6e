#pragma once
// The evalfit scoring path of a run's settings as its name ("auto", "fast", "uci") and back.
// EvalfitSettings::path is a name today and may become dataset::EvalfitPath; the window reads and
// writes it only through these two, which compile either way.
#include "evolution/dataset/evalfit_scoring.h"
#include "evolution/tuning/tuning_settings.h"

#include <QString>

#include <string>
#include <type_traits>

namespace mf::ui {

namespace detail {

template <class Path>
QString pathName(const Path& path) {
    if constexpr (std::is_same_v<Path, std::string>) {
        return QString::fromStdString(path);
    } else {
        const std::string_view n = dataset::evalfitPathName(path);
        return QString::fromUtf8(n.data(), qsizetype(n.size()));
    }
}

template <class Path>
void setPath(Path& path, const QString& name, dataset::EvalfitPath parsed) {
    if constexpr (std::is_same_v<Path, std::string>)
        path = name.toStdString();
    else
        path = parsed;
}

} // namespace detail

inline QString evalfitPathName(const tuning::EvalfitSettings& evalfit) { return detail::pathName(evalfit.path); }

// False (nothing changed) when `name` is no path.
inline bool setEvalfitPath(tuning::EvalfitSettings& evalfit, const QString& name) {
    const auto parsed = dataset::parseEvalfitPath(name.toStdString());
    if (!parsed)
        return false;
    detail::setPath(evalfit.path, name, *parsed);
    return true;
}

} // namespace mf::ui
