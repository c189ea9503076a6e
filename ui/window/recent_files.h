#pragma once
// The File > Open Recent menu, kept in QSettings (most recent first, at most eight).
#include <QObject>
#include <QStringList>

class QMenu;

namespace mf::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    RecentFiles(QMenu* menu, QObject* parent);
    void add(const QString& path);
    QStringList files() const { return files_; }

signals:
    void openRequested(const QString& path);

private:
    void rebuild();
    QMenu* menu_;
    QStringList files_;
};

} // namespace mf::ui
