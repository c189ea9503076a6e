#include "ui/window/window_settings.h"

#include "ui/parameters/parameter_panel.h"

#include <QMainWindow>
#include <QSettings>
#include <QTabWidget>

namespace mf::ui {

bool WindowSettings::restore() const {
    QSettings settings;
    panel_->restoreChoices(settings);
    const bool geometry = window_->restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    const bool state = window_->restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // A tab hidden now (the piece-square tables of a genome no longer shown) gives way to the first.
    const int tab = settings.value(QStringLiteral("window/centreTab"), 0).toInt();
    centre_->setCurrentIndex(tab >= 0 && tab < centre_->count() && centre_->isTabVisible(tab) ? tab : 0);
    return geometry && state;
}

void WindowSettings::save() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), window_->saveGeometry());
    settings.setValue(QStringLiteral("window/state"), window_->saveState());
    settings.setValue(QStringLiteral("window/centreTab"), centre_->currentIndex());
    panel_->saveChoices(settings);
}

} // namespace mf::ui
