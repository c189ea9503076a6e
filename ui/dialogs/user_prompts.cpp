#include "ui/dialogs/user_prompts.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace mf::ui {

namespace {
const QString kLastDir = QStringLiteral("lastDir");
} // namespace

const QString& UserPrompts::populationExtension() {
    static const QString ext = QStringLiteral("mfpop");
    return ext;
}

QString UserPrompts::populationFilter() {
    return QObject::tr("Population files (*.%1 *.pop);;All files (*)").arg(populationExtension());
}

QMessageBox::StandardButton UserPrompts::ask(const QString& title, const QString& text,
                                             QMessageBox::StandardButtons buttons) {
    if (asker_)
        return asker_(title, text, buttons);
    if (buttons == QMessageBox::Ok)
        return QMessageBox::warning(parent_, title, text);
    return QMessageBox::question(parent_, title, text, buttons);
}

QString UserPrompts::chooseExportPath() {
    if (exportPathChooser_)
        return exportPathChooser_();
    QString selected;
    QString path = QFileDialog::getSaveFileName(parent_, QObject::tr("Export the run's pick"), QString(),
                                                QObject::tr("UCI setoption lines (*.uci);;MateFind engine options (*.options);;"
                                                            "OpenBench tune lines (*.openbench);;fishtest tune lines (*.fishtest)"),
                                                &selected);
    // The filter names the format; a name typed without a suffix takes the filter's.
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) {
        const int star = selected.indexOf(QStringLiteral("*."));
        path += star >= 0 ? selected.mid(star + 1, selected.indexOf(QLatin1Char(')'), star) - star - 1) : QStringLiteral(".uci");
    }
    return path;
}

QString UserPrompts::chooseSavePath() {
    if (savePathChooser_)
        return savePathChooser_();
    QSettings settings;
    QString path = QFileDialog::getSaveFileName(parent_, QObject::tr("Save population"),
                                                settings.value(kLastDir).toString(),
                                                populationFilter());
    if (path.isEmpty())
        return path;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + populationExtension();
    settings.setValue(kLastDir, QFileInfo(path).absolutePath());
    return path;
}

QString UserPrompts::chooseOpenPath() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(parent_, QObject::tr("Open population"),
                                                      settings.value(kLastDir).toString(),
                                                      populationFilter());
    if (!path.isEmpty())
        settings.setValue(kLastDir, QFileInfo(path).absolutePath());
    return path;
}

} // namespace mf::ui
