// The Data tab: a few self-play games of the bundled engine at few nodes make the very file, byte
// for byte, that `matefind-cli make-dataset` makes with the tab's command line; Stop part-way
// leaves a readable file holding the ended games' positions, fewer games than asked; "Use as the
// run's data" and "Use as held-out data" put the file into the Fitness section and choose evalfit;
// an engine that breaks the limit is asked about and played anyway; Start says why it is
// disabled, and the window's Start waits while data is made.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include <filesystem>

#include "evolution/dataset/dataset_reader.h"
#include "tests/test_time.h"
#include "tests/tuning/cli_test_support.h"
#include "ui/data/data_panel.h"
#include "ui/parameters/fitness_section.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"

using mf::ui::DataPanel;

namespace {

// The tab of a fresh test window on the engine under test: `games` games at `nodes` nodes, the
// seed and two workers, written to `output`.
DataPanel* preparedTab(mf::ui::MainWindow& w, int games, int nodes, int seed, const QString& output) {
    mf::ui::RunSettings s = w.parameters()->settings();
    s.engine.program = mf::ui::test::engineUnderTest().toStdString();
    w.parameters()->setSettings(s);
    DataPanel* d = w.dataPanel();
    w.findChild<QTabWidget*>(QStringLiteral("centreTabs"))->setCurrentWidget(d);
    d->gamesSpin()->setValue(games);
    d->limitKindCombo()->setCurrentIndex(DataPanel::Nodes);
    d->limitSpin()->setValue(nodes);
    d->seedSpin()->setValue(seed);
    d->workersSpin()->setValue(2);
    d->outputEdit()->setText(output);
    return d;
}

// The header's "stopped early: N games had ended" count, or -1.
int endedGamesInHeader(const mf::dataset::Dataset& file) {
    for (const std::string& line : file.header)
        if (line.starts_with("stopped early: ")) return std::stoi(line.substr(15));
    return -1;
}

}  // namespace

class DataTabTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() { mf::ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_); }

    // Four games at 200 nodes, seed 7: the tab's file is the CLI's for the command line it shows
    // (run from the test once the tab's file is moved aside, so both write the same path, which
    // the header names). Then "Use as the run's data" puts it into the Fitness section.
    void aFewGamesMakeTheFileTheCommandLineMakes() {
        auto w = mf::ui::test::makeTestWindow();
        const QString output = dir_.filePath(QStringLiteral("made/train.epd"));  // its folder is made at Start
        DataPanel* d = preparedTab(*w, 4, 200, 7, output);
        const QString command = d->commandEdit()->text();
        for (const char* part : {"matefind-cli make-dataset --self-play --engine ", " --nodes 200 --games 4 --workers 2 --seed 7 --output "})
            QVERIFY2(command.contains(QLatin1String(part)), qPrintable(command));
        QVERIFY(!d->useAsDataButton()->isEnabled());  // nothing made yet
        QVERIFY2(d->startButton()->isEnabled(), qPrintable(d->startButton()->toolTip()));
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        QVERIFY(d->busy());
        QVERIFY(d->stopButton()->isEnabled());
        QVERIFY(!d->settingsArea()->isEnabled());
        QVERIFY(!w->startAction()->isEnabled());  // the tuning run waits for the data
        QVERIFY2(w->startAction()->toolTip().contains(QStringLiteral("Data tab")), qPrintable(w->startAction()->toolTip()));
        QTRY_VERIFY_WITH_TIMEOUT(!d->busy(), mf::test_time::scaledMs(120000));
        QVERIFY2(d->statusLabel()->text().startsWith(QStringLiteral("Done: ")), qPrintable(d->statusLabel()->text()));
        QCOMPARE(d->madeFile(), output);
        QCOMPARE(d->progressBar()->value(), 4);
        QCOMPARE(d->progressBar()->maximum(), 4);
        QVERIFY(w->startAction()->isEnabled());

        const mf::dataset::Dataset made = mf::dataset::readDataset(output.toStdString());
        QVERIFY(made.errors.empty());
        QVERIFY(!made.positions.empty());
        QVERIFY2(d->readoutLabel()->text().startsWith(QStringLiteral("%1 positions").arg(made.positions.size())),
                 qPrintable(d->readoutLabel()->text()));
        QVERIFY2(d->statusLabel()->text().contains(QStringLiteral("%1 positions of 4 games").arg(made.positions.size())),
                 qPrintable(d->statusLabel()->text()));
        const std::string tabFile = mf::tuning::test::readFile(output.toStdString());
        QVERIFY(QFile::rename(output, dir_.filePath(QStringLiteral("tab.epd"))));
        QVERIFY(command.startsWith(QStringLiteral("matefind-cli ")));
        const auto cli = mf::tuning::test::cli(command.mid(QStringLiteral("matefind-cli ").size()).toStdString());
        QVERIFY2(cli.exitCode == 0, cli.out.c_str());
        QVERIFY(tabFile == mf::tuning::test::readFile(output.toStdString()));

        // Into the Fitness section, from another measure: evalfit chosen, the path in the data field.
        mf::ui::RunSettings s = w->parameters()->settings();
        s.measure = mf::tuning::FitnessMeasure::Solved;
        w->parameters()->setSettings(s);
        QVERIFY2(d->useAsDataButton()->isEnabled(), qPrintable(d->useAsDataButton()->toolTip()));
        QTest::mouseClick(d->useAsDataButton(), Qt::LeftButton);
        mf::ui::FitnessSection* fitness = w->parameters()->fitnessSection();
        QCOMPARE(fitness->dataEdit()->text(), output);
        QCOMPARE(w->parameters()->settings().measure, mf::tuning::FitnessMeasure::Evalfit);
        QCOMPARE(QString::fromStdString(w->parameters()->settings().of<mf::tuning::EvalfitSettings>().data.string()), output);
        QVERIFY2(d->statusLabel()->text().contains(QStringLiteral("data file is now")), qPrintable(d->statusLabel()->text()));
    }

    // Held-out games: after the data a second file with the next seed, the same engine; "Use as
    // the run's data" puts both into the Fitness section.
    void theHeldOutFileFollowsWithTheNextSeed() {
        auto w = mf::ui::test::makeTestWindow();
        const QString output = dir_.filePath(QStringLiteral("pair/own.epd"));
        DataPanel* d = preparedTab(*w, 2, 200, 11, output);
        d->heldOutGamesSpin()->setValue(2);
        QCOMPARE(d->heldOutOutput(), dir_.filePath(QStringLiteral("pair/own-heldout.epd")));
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d->madeHeldOutFile().isEmpty(), mf::test_time::scaledMs(120000));
        QTRY_VERIFY_WITH_TIMEOUT(!d->busy(), mf::test_time::scaledMs(10000));
        QCOMPARE(d->madeFile(), output);
        const mf::dataset::Dataset held = mf::dataset::readDataset(d->madeHeldOutFile().toStdString());
        QVERIFY(held.errors.empty() && !held.positions.empty());
        QVERIFY2(held.header.size() > 1 && held.header[1].find("--seed 12") != std::string::npos,
                 held.header.size() > 1 ? held.header[1].c_str() : "no header");
        QVERIFY2(d->statusLabel()->text().contains(QStringLiteral("held-out, the next seed")),
                 qPrintable(d->statusLabel()->text()));
        QTest::mouseClick(d->useAsDataButton(), Qt::LeftButton);
        const mf::ui::RunSettings used = w->parameters()->settings();
        const auto& e = used.of<mf::tuning::EvalfitSettings>();
        QCOMPARE(QString::fromStdString(e.data.string()), output);
        QCOMPARE(QString::fromStdString(e.heldOutData.string()), d->madeHeldOutFile());
    }

    // A run on an engine whose held-out data another engine made says so before it starts, and
    // does not start when told not to.
    void heldOutDataOfAnotherEngineIsSaidBeforeTheRunStarts() {
        auto w = mf::ui::test::makeTestWindow();
        const QString held = dir_.filePath(QStringLiteral("glaurung-held.epd"));
        QFile f(held);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# MateFind labelled positions (Texel tuning) made by matefind-cli make-dataset; rebuild with:\n"
                "# matefind-cli make-dataset --self-play --engine /usr/games/glaurung --depth 6 --seed 2\n"
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 \"1-0\";\n"
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - c9 \"0-1\";\n");
        f.close();
        mf::ui::RunSettings s = w->parameters()->settings();
        s.measure = mf::tuning::FitnessMeasure::Evalfit;
        s.engine.program = mf::ui::test::engineUnderTest().toStdString();
        s.of<mf::tuning::EvalfitSettings>().heldOutData = held.toStdString();
        w->parameters()->setSettings(s);
        QString asked;
        w->setAsker([&](const QString& title, const QString& text, QMessageBox::StandardButtons) {
            asked = title + QLatin1Char('\n') + text;
            return QMessageBox::No;
        });
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), mf::test_time::scaledMs(60000));
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), mf::test_time::scaledMs(60000));
        QVERIFY2(asked.contains(QStringLiteral("was made by glaurung, the run tunes matefind-engine")), qPrintable(asked));
        QTest::qWait(200);
        QVERIFY(!w->bridge()->isActive());
        QVERIFY2(w->noteText().contains(QStringLiteral("Not started")), qPrintable(w->noteText()));
    }

    // Stop after two games of 200 kept: the file is written at once with the positions of the
    // games that had ended (its header says how many), fewer than asked; it is readable and
    // usable, here as held-out data.
    void stopKeepsTheGamesThatEnded() {
        auto w = mf::ui::test::makeTestWindow();
        const QString output = dir_.filePath(QStringLiteral("stopped.epd"));
        DataPanel* d = preparedTab(*w, 200, 200, 3, output);
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(d->progressBar()->value() >= 2, mf::test_time::scaledMs(60000));
        QVERIFY2(d->readoutLabel()->text().contains(QStringLiteral("positions")), qPrintable(d->readoutLabel()->text()));
        QTest::mouseClick(d->stopButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d->busy(), mf::test_time::scaledMs(15000));
        QVERIFY2(d->statusLabel()->text().startsWith(QStringLiteral("Stopped: ")), qPrintable(d->statusLabel()->text()));
        const mf::dataset::Dataset file = mf::dataset::readDataset(output.toStdString());
        QVERIFY(file.errors.empty());
        QVERIFY(!file.positions.empty());
        const int ended = endedGamesInHeader(file);
        QVERIFY2(ended >= 2 && ended < 200, qPrintable(QString::number(ended)));
        QVERIFY2(d->statusLabel()->text().contains(QStringLiteral("the %1 positions").arg(file.positions.size())),
                 qPrintable(d->statusLabel()->text()));
        QVERIFY(d->progressBar()->value() < 200);
        QCOMPARE(d->madeFile(), output);
        QVERIFY(d->useAsHeldOutButton()->isEnabled());
        QTest::mouseClick(d->useAsHeldOutButton(), Qt::LeftButton);
        QCOMPARE(w->parameters()->fitnessSection()->heldOutDataEdit()->text(), output);
        QCOMPARE(w->parameters()->settings().measure, mf::tuning::FitnessMeasure::Evalfit);
    }

    // The fake engine stops at depth 1 under `go nodes`: the tab asks (the test answers Yes) and
    // plays anyway, with --override-limit-check in the file's command line.
    void anEngineThatBreaksTheLimitIsAskedAbout() {
        auto w = mf::ui::test::makeTestWindow();
        QStringList asked;
        w->setAsker([&](const QString& title, const QString&, QMessageBox::StandardButtons) {
            asked << title;
            return QMessageBox::Yes;
        });
        const QString output = dir_.filePath(QStringLiteral("override.epd"));
        DataPanel* d = preparedTab(*w, 1, 3000, 1, output);
        mf::ui::RunSettings s = w->parameters()->settings();
        s.engine.program = MATEFIND_FAKE_ENGINE;
        s.engine.arguments = {"--nodes=depth-one"};
        s.engine.fixedOptions = {{"Script", "f2f3 e7e5 g2g4 d8h4"}};
        w->parameters()->setSettings(s);
        QTest::mouseClick(d->startButton(), Qt::LeftButton);
        // Yes starts the run again at once, so the tab is idle only once the games are played.
        QTRY_VERIFY_WITH_TIMEOUT(!d->busy() && !asked.isEmpty(), mf::test_time::scaledMs(60000));
        QCOMPARE(asked, QStringList{QStringLiteral("Limit not honoured")});
        QVERIFY2(d->statusLabel()->text().startsWith(QStringLiteral("Done: ")), qPrintable(d->statusLabel()->text()));
        const std::string file = mf::tuning::test::readFile(output.toStdString());
        QVERIFY2(file.find("--engine-arg=--nodes=depth-one --option 'Script=f2f3 e7e5 g2g4 d8h4' --nodes 3000 "
                           "--override-limit-check --games 1") != std::string::npos,
                 file.c_str());
    }

    // Start's reasons; fixed options that make-dataset sets itself; the window's engine shown.
    void startSaysWhyAndFixedOptionsAreMadeDatasets() {
        auto w = mf::ui::test::makeTestWindow();
        DataPanel* d = preparedTab(*w, 10, 300, 1, QString());
        QVERIFY(!d->startButton()->isEnabled());
        QCOMPARE(d->startButton()->toolTip(), QStringLiteral("Output: choose the file to write"));
        QFile plain(dir_.filePath(QStringLiteral("plain")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        d->outputEdit()->setText(dir_.filePath(QStringLiteral("plain/data.epd")));  // under a file
        QVERIFY(!d->startButton()->isEnabled());
        QVERIFY2(d->startButton()->toolTip().startsWith(QStringLiteral("Output")), qPrintable(d->startButton()->toolTip()));
        d->outputEdit()->setText(dir_.filePath(QStringLiteral("data.epd")));
        QVERIFY2(d->startButton()->isEnabled(), qPrintable(d->startButton()->toolTip()));

        mf::ui::RunSettings s = w->parameters()->settings();
        s.engine.arguments = {"-x"};
        s.engine.fixedOptions = {{"Threads", "4"}, {"Hash", "16"}, {"KnightValue", "310"}};
        w->parameters()->setSettings(s);
        const QString command = d->commandEdit()->text();
        QVERIFY2(command.contains(QStringLiteral("--engine-arg=-x --option KnightValue=310 --nodes 300")), qPrintable(command));
        QVERIFY2(command.contains(QStringLiteral("--hash 16")) && !command.contains(QStringLiteral("Threads")), qPrintable(command));
        auto setup = d->setup();
        QVERIFY(setup.ok());
        QCOMPARE(setup->notes.size(), 2);
        QVERIFY2(setup->notes.front().contains(QStringLiteral("one search thread")), qPrintable(setup->notes.front()));
        s.engine.fixedOptions = {{"Hash", "lots"}};
        w->parameters()->setSettings(s);
        QVERIFY2(d->startButton()->toolTip().contains(QStringLiteral("Hash=lots")), qPrintable(d->startButton()->toolTip()));
        s.engine.fixedOptions.clear();
        w->parameters()->setSettings(s);
        w->parameters()->engineEdit()->clear();  // as typed: settings without an engine keep the form's
        QCOMPARE(d->startButton()->toolTip(), QStringLiteral("Choose an engine in the Parameters panel"));
    }
};

QTEST_MAIN(DataTabTest)
#include "data_tab_test.moc"
