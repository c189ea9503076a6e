// matefind: the workbench window.
//   matefind [population.mfpop]          open the window (and a population file)
//   matefind --engine P --suite F        another UCI engine / EPD suite than the bundled ones
//   matefind --screenshot DIR --start    start at once and save window grabs to DIR while it runs
//                                        (documentation and visual checks under Xvfb)
#include "ui/views/gray_converter.h"
#include "ui/window/main_window.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/schema_panel.h"

#include "evolution/tuning/common/installed_paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTabWidget>
#include <QTimer>

namespace {

// The command line: a population file to open, other engine and suite, and the switches for
// screenshots and checks under Xvfb.
struct GuiCommandLine {
    QCommandLineParser parser;
    const QCommandLineOption start{QStringLiteral("start"), QStringLiteral("Start a run at once")};
    const QCommandLineOption fight{QStringLiteral("fight"), QStringLiteral("Start a multiselection fight at once")};
    const QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                        QStringLiteral("Save window grabs to <dir> every <interval> seconds"),
                                        QStringLiteral("dir")};
    const QCommandLineOption interval{QStringLiteral("interval"), QStringLiteral("Seconds between grabs (default 10)"),
                                      QStringLiteral("seconds"), QStringLiteral("10")};
    const QCommandLineOption shots{QStringLiteral("shots"), QStringLiteral("Grabs before quitting (default 3)"),
                                   QStringLiteral("count"), QStringLiteral("3")};
    const QCommandLineOption fresh{QStringLiteral("fresh"),
                                   QStringLiteral("Ignore saved layout and last choices (first-run view)")};
    const QCommandLineOption engine{QStringLiteral("engine"), QStringLiteral("UCI engine to tune (default: the bundled one)"),
                                    QStringLiteral("program")};
    const QCommandLineOption suite{QStringLiteral("suite"), QStringLiteral("EPD suite to score on"), QStringLiteral("file")};
    const QCommandLineOption schema{QStringLiteral("schema"), QStringLiteral("Schema to type into the schema panel"),
                                    QStringLiteral("pattern")};
    // Checking the printed report under Xvfb: once the run finishes, open Print Preview, grab it
    // to <file>, then quit. Not for users, so not in --help.
    QCommandLineOption previewShot{QStringLiteral("preview-shot"), QStringLiteral("Grab Print Preview to <file>"),
                                   QStringLiteral("file")};

    explicit GuiCommandLine(const QApplication& app) {
        parser.setApplicationDescription(QStringLiteral("MateFind: tune a chess engine's evaluation with a genetic algorithm"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("population"), QStringLiteral("A population file to open"));
        previewShot.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOptions({start, fight, screenshot, interval, shots, fresh, engine, suite, schema, previewShot});
        parser.process(app);
    }
};

// The fields the command line fills, the file it opens, and the run it starts.
void applyCommandLine(mf::ui::MainWindow* window, const GuiCommandLine& line) {
    const QCommandLineParser& parser = line.parser;
    if (parser.isSet(line.engine))
        window->parameters()->engineEdit()->setText(QFileInfo(parser.value(line.engine)).absoluteFilePath());
    if (parser.isSet(line.suite))
        window->parameters()->suiteEdit()->setText(QFileInfo(parser.value(line.suite)).absoluteFilePath());
    if (parser.isSet(line.schema))
        window->schemaPanel()->setSchemaText(parser.value(line.schema));
    if (!parser.positionalArguments().isEmpty())
        window->openFile(parser.positionalArguments().constFirst());
    if (parser.isSet(line.start))
        QTimer::singleShot(300, window, [window] { window->startAction()->trigger(); });
    else if (parser.isSet(line.fight))
        QTimer::singleShot(300, window, [window] { window->fightAction()->trigger(); });
}

// When the run finishes: Print Preview, grabbed to `file`, then the window closes.
void grabPreviewWhenFinished(mf::ui::MainWindow* window, const QString& file) {
    QObject::connect(window->bridge(), &mf::ui::RunBridge::statusChanged, window,
                     [window](const mf::tuning::StatusChange& c) {
                         if (c.status == mf::tuning::RunStatus::Finished)
                             QTimer::singleShot(200, window, [window] { window->previewAction()->trigger(); });
                     });
    QObject::connect(window, &mf::ui::MainWindow::previewShown, window, [window, file](QWidget* dialog) {
        // Give the preview time to lay out its pages.
        QTimer::singleShot(1500, dialog, [window, dialog, file] {
            dialog->grab().save(file);
            dialog->close();
            window->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) {
                return QMessageBox::Discard;
            });
            window->close();
        });
    });
}

// Every other page of a tab widget as a full-window grab, then back to the page shown.
void grabOtherPages(mf::ui::MainWindow* window, QTabWidget* pages, const QString& prefix, const QString& kind) {
    const int shown = pages->currentIndex();
    for (int t = 0; t < pages->count(); ++t) {
        if (t == shown || !pages->isTabVisible(t))  // a hidden tab (no PST terms) has nothing to show
            continue;
        pages->setCurrentIndex(t);
        window->grab().save(QStringLiteral("%1-%2%3.png").arg(prefix, kind).arg(t));
    }
    pages->setCurrentIndex(shown);
}

// One round of grabs, files named `prefix`...: the window, its other centre tabs, the chart
// sub-tabs (on the first centre tab), the first engine's log and the Gray converter.
void grabAllViews(mf::ui::MainWindow* window, const QString& prefix) {
    window->grab().save(prefix + QStringLiteral(".png"));
    auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
    grabOtherPages(window, tabs, prefix, QStringLiteral("tab"));
    const int shown = tabs->currentIndex();
    tabs->setCurrentIndex(0);
    grabOtherPages(window, window->findChild<QTabWidget*>(QStringLiteral("chartTabs")), prefix, QStringLiteral("chart"));
    tabs->setCurrentIndex(shown);
    auto* logTabs = window->findChild<QTabWidget*>(QStringLiteral("engineLogTabs"));
    const int logShown = logTabs->currentIndex();
    if (logTabs->count() > 1) {
        logTabs->setCurrentIndex(1);
        window->grab().save(prefix + QStringLiteral("-log.png"));
        logTabs->setCurrentIndex(logShown);
    }
    window->grayConverter()->show();
    QLineEdit* decimal = window->grayConverter()->decimalEdit();
    decimal->setText(QStringLiteral("300"));
    emit decimal->textEdited(decimal->text());
    window->grayConverter()->grab().save(prefix + QStringLiteral("-gray.png"));
    window->grayConverter()->hide();
}

// `count` rounds of grabs into `dir`, `everyMs` apart, then the window closes (stopping a run).
void takeScreenshots(mf::ui::MainWindow* window, const QString& dir, int everyMs, int count) {
    QDir().mkpath(dir);
    auto* timer = new QTimer(window);
    auto taken = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, window, [=] {
        ++*taken;
        grabAllViews(window, QStringLiteral("%1/matefind-%2").arg(dir).arg(*taken));
        if (*taken >= count) {
            timer->stop();
            // Answer the "run in progress" question with yes: stop, then close.
            window->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons b) {
                return b.testFlag(QMessageBox::Yes) ? QMessageBox::Yes : QMessageBox::Discard;
            });
            window->close();
        }
    });
    timer->start(everyMs);
}

} // namespace

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("MateFind"));
    QApplication::setApplicationName(QStringLiteral("matefind"));
    QApplication::setApplicationVersion(QStringLiteral(MATEFIND_VERSION));
    const GuiCommandLine line(app);

    mf::ui::WindowOptions options;
    options.binDir = QString::fromStdString(mf::tuning::executableDir().string());
    options.restoreSettings = !line.parser.isSet(line.fresh);
    auto* window = new mf::ui::MainWindow(options);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();  // the saved size, or on a first run one that fits the screen
    applyCommandLine(window, line);
    if (line.parser.isSet(line.previewShot))
        grabPreviewWhenFinished(window, QFileInfo(line.parser.value(line.previewShot)).absoluteFilePath());
    if (line.parser.isSet(line.screenshot))
        takeScreenshots(window, line.parser.value(line.screenshot), std::max(1, line.parser.value(line.interval).toInt()) * 1000,
                        std::max(1, line.parser.value(line.shots).toInt()));
    return app.exec();
}
