#include "ui/window/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace mf::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* const kKey = "recentFiles";
} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {
    files_ = QSettings().value(QLatin1String(kKey)).toStringList();
    rebuild();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files_.removeAll(absolute);
    files_.prepend(absolute);
    while (files_.size() > kMaxRecent)
        files_.removeLast();
    QSettings().setValue(QLatin1String(kKey), files_);
    rebuild();
}

void RecentFiles::rebuild() {
    menu_->clear();
    int n = 0;
    for (const QString& f : files_) {
        ++n;
        QAction* a = menu_->addAction(QStringLiteral("&%1 %2").arg(n).arg(QDir::toNativeSeparators(f)));
        a->setEnabled(QFileInfo::exists(f));
        connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
    }
    menu_->setEnabled(!files_.isEmpty());
}

} // namespace mf::ui
