// matefind: the workbench window.
//   matefind [population.mfpop]          open the window (and a population file)
//   matefind --engine P --suite F        another UCI engine / EPD suite than the bundled ones
//   matefind --screenshot DIR --start    start at once and save window grabs to DIR while it runs
//                                        (documentation and visual checks under Xvfb)
#include "ui/gray_converter.h"
#include "ui/main_window.h"
#include "ui/parameter_panel.h"
#include "ui/run_bridge.h"
#include "ui/schema_panel.h"

#include "evolution/tuning/installed_paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTabWidget>
#include <QTimer>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("MateFind"));
    QApplication::setApplicationName(QStringLiteral("matefind"));
    QApplication::setApplicationVersion(QStringLiteral(MATEFIND_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("MateFind: tune a chess engine's evaluation with a genetic algorithm"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("population"), QStringLiteral("A population file to open"));
    const QCommandLineOption start(QStringLiteral("start"), QStringLiteral("Start a run at once"));
    const QCommandLineOption fight(QStringLiteral("fight"), QStringLiteral("Start a multiselection fight at once"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save window grabs to <dir> every <interval> seconds"),
                                        QStringLiteral("dir"));
    const QCommandLineOption interval(QStringLiteral("interval"), QStringLiteral("Seconds between grabs (default 10)"),
                                      QStringLiteral("seconds"), QStringLiteral("10"));
    const QCommandLineOption shots(QStringLiteral("shots"), QStringLiteral("Grabs before quitting (default 3)"),
                                   QStringLiteral("count"), QStringLiteral("3"));
    const QCommandLineOption fresh(QStringLiteral("fresh"),
                                   QStringLiteral("Ignore saved layout and last choices (first-run view)"));
    const QCommandLineOption engine(QStringLiteral("engine"), QStringLiteral("UCI engine to tune (default: the bundled one)"),
                                    QStringLiteral("program"));
    const QCommandLineOption suite(QStringLiteral("suite"), QStringLiteral("EPD suite to score on"), QStringLiteral("file"));
    const QCommandLineOption schema(QStringLiteral("schema"), QStringLiteral("Schema to type into the schema panel"),
                                    QStringLiteral("pattern"));
    // Checking the printed report under Xvfb: once the run finishes, open Print Preview, grab it
    // to <file>, then quit. Not for users, so not in --help.
    QCommandLineOption previewShot(QStringLiteral("preview-shot"), QStringLiteral("Grab Print Preview to <file>"),
                                   QStringLiteral("file"));
    previewShot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({start, fight, screenshot, interval, shots, fresh, engine, suite, schema, previewShot});
    parser.process(app);

    mf::ui::WindowOptions options;
    options.binDir = QString::fromStdString(mf::tuning::executableDir().string());
    options.restoreSettings = !parser.isSet(fresh);
    auto* window = new mf::ui::MainWindow(options);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();  // the saved size, or on a first run one that fits the screen

    if (parser.isSet(engine))
        window->parameters()->engineEdit()->setText(QFileInfo(parser.value(engine)).absoluteFilePath());
    if (parser.isSet(suite))
        window->parameters()->suiteEdit()->setText(QFileInfo(parser.value(suite)).absoluteFilePath());
    if (parser.isSet(schema))
        window->schemaPanel()->setSchemaText(parser.value(schema));
    if (!parser.positionalArguments().isEmpty())
        window->openFile(parser.positionalArguments().constFirst());
    if (parser.isSet(start))
        QTimer::singleShot(300, window, [window] { window->startAction()->trigger(); });
    else if (parser.isSet(fight))
        QTimer::singleShot(300, window, [window] { window->fightAction()->trigger(); });

    if (parser.isSet(previewShot)) {
        const QString file = QFileInfo(parser.value(previewShot)).absoluteFilePath();
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

    if (parser.isSet(screenshot)) {
        const QString dir = parser.value(screenshot);
        QDir().mkpath(dir);
        const int every = std::max(1, parser.value(interval).toInt()) * 1000;
        const int count = std::max(1, parser.value(shots).toInt());
        auto* timer = new QTimer(window);
        auto taken = std::make_shared<int>(0);
        QObject::connect(timer, &QTimer::timeout, window, [=] {
            ++*taken;
            window->grab().save(QStringLiteral("%1/matefind-%2.png").arg(dir).arg(*taken));
            // Every other page of a tab widget as a full-window grab, then back to the page shown.
            auto grabOtherPages = [&](QTabWidget* pages, const QString& kind) {
                const int shown = pages->currentIndex();
                for (int t = 0; t < pages->count(); ++t) {
                    if (t == shown)
                        continue;
                    pages->setCurrentIndex(t);
                    window->grab().save(QStringLiteral("%1/matefind-%2-%3%4.png").arg(dir).arg(*taken).arg(kind).arg(t));
                }
                pages->setCurrentIndex(shown);
            };
            auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
            grabOtherPages(tabs, QStringLiteral("tab"));
            // The chart sub-tabs (they live on the first centre tab), the first engine's log and
            // the Gray converter tool window.
            const int shown = tabs->currentIndex();
            tabs->setCurrentIndex(0);
            grabOtherPages(window->findChild<QTabWidget*>(QStringLiteral("chartTabs")), QStringLiteral("chart"));
            tabs->setCurrentIndex(shown);
            auto* logTabs = window->findChild<QTabWidget*>(QStringLiteral("engineLogTabs"));
            const int logShown = logTabs->currentIndex();
            if (logTabs->count() > 1) {
                logTabs->setCurrentIndex(1);
                window->grab().save(QStringLiteral("%1/matefind-%2-log.png").arg(dir).arg(*taken));
                logTabs->setCurrentIndex(logShown);
            }
            window->grayConverter()->show();
            QLineEdit* decimal = window->grayConverter()->decimalEdit();
            decimal->setText(QStringLiteral("300"));
            emit decimal->textEdited(decimal->text());
            window->grayConverter()->grab().save(QStringLiteral("%1/matefind-%2-gray.png").arg(dir).arg(*taken));
            window->grayConverter()->hide();
            if (*taken >= count) {
                timer->stop();
                // Answer the "run in progress" question with yes: stop, then close.
                window->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons b) {
                    return b.testFlag(QMessageBox::Yes) ? QMessageBox::Yes : QMessageBox::Discard;
                });
                window->close();
            }
        });
        timer->start(every);
    }
    return app.exec();
}
