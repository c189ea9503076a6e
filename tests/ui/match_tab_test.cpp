// The Match tab: sides picked in the tab play a tiny real match with
// the bundled engine; W/D/L, the chart, the games table and the saved PGN agree with the games
// played; a side's own engine, options file and name; clock games without spurious losses on
// time (the fake engine); Stop and closing the window end a running match promptly; an engine
// that breaks the limit is reported and the user decides; Start says why it is disabled.
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include "engine/pgn_reader.h"
#include "ui/views/engine_log_view.h"
#include "ui/match/match_chart.h"
#include "ui/fields/match_limit_field.h"
#include "ui/match/match_panel.h"
#include "ui/match/match_side_dialog.h"
#include "ui/bridges/run_bridge.h"
#include "tests/match/quiet_script.h"
#include "window_test_support.h"
#include "tests/test_time.h"

using mf::ui::MatchBridge;
using mf::ui::MatchPanel;
using mf::ui::MatchSidePicker;

namespace {

// Two balanced openings (1.e4 e5 and 1.d4 d5): two pairs in nodes mode.
const char* kOpenings =
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"e4e5\";\n"
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id \"d4d5\";\n";

// The tab of a fresh test window, on the engine under test, with `openings` and a limit.
MatchPanel* preparedTab(mf::ui::MainWindow& w, const QString& openings, MatchPanel::LimitKind kind, int value,
                        int pairs, int workers) {
    mf::ui::RunSettings s = w.parameters()->settings();
    s.engine.program = mf::ui::test::engineUnderTest().toStdString();
    w.parameters()->setSettings(s);
    MatchPanel* m = w.matchPanel();
    m->side(0)->setKind(MatchSidePicker::GenomeDefaults);  // the tests play the defaults against a change
    m->openingsEdit()->setText(openings);
    m->limitKindCombo()->setCurrentIndex(kind);
    m->limitSpin()->setValue(value);
    m->pairsSpin()->setValue(pairs);
    m->workersSpin()->setValue(workers);
    return m;
}

// Plays the match the tab describes to its end; the final progress.
mf::ui::MatchProgress playToTheEnd(MatchPanel* m) {
    mf::ui::MatchProgress end;
    QObject::connect(m->bridge(), &MatchBridge::finished, m, [&](const mf::ui::MatchProgress& p) { end = p; });
    if (!m->startButton()->isEnabled()) {
        qWarning() << m->startButton()->toolTip();
        return end;
    }
    QTest::mouseClick(m->startButton(), Qt::LeftButton);
    if (!QTest::qWaitFor([m] { return !m->busy(); }, mf::test_time::scaledMs(60000))) qWarning() << "the match did not end";
    return end;
}

// Both sides the fake engine playing the 88-ply quiet game, answering in about ten times `stepMs`.
void fakeSidesPlayTheQuietGame(MatchPanel* m, int stepMs) {
    const QString options = QStringLiteral("Script=%1, DepthStepMs=%2")
                                .arg(QLatin1String(mf::match::testing::kQuietScript))
                                .arg(mf::test_time::scaledMs(stepMs));
    for (int i = 0; i < 2; ++i) {
        m->side(i)->setKind(MatchSidePicker::EngineDefaults);
        m->side(i)->programEdit()->setText(QStringLiteral(MATEFIND_FAKE_ENGINE));
        m->side(i)->optionsEdit()->setText(options);
    }
}

}  // namespace

class MatchTabTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;
    QString openings_;

private slots:
    void initTestCase() {
        mf::ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_);
        openings_ = dir_.filePath(QStringLiteral("openings.epd"));
        QFile f(openings_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kOpenings);
    }

    // Genome defaults against the same with a weak knight: every game is counted in W/D/L, each
    // pair adds a chart point, the table lists every game, and Save PGN writes games the project's
    // PGN reader reads back to the same number, with results that give the same W/D/L.
    void aTinyMatchIsCountedChartedAndSaved() {
        auto w = mf::ui::test::makeTestWindow();
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        QVERIFY(tabs && tabs->indexOf(w->matchPanel()) >= 0);
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 300, 2, 2);
        m->side(1)->optionsEdit()->setText(QStringLiteral("KnightValue=100"));
        m->side(1)->nameEdit()->setText(QStringLiteral("weak knight"));
        QVERIFY(!m->savePgnButton()->isEnabled());  // no games yet
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QVERIFY(m->busy());
        QVERIFY(m->stopButton()->isEnabled());
        QVERIFY(!m->startButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy(), mf::test_time::scaledMs(120000));
        QVERIFY2(m->lastProgress().pairsDone == 2, qPrintable(m->statusLabel()->text()));
        const auto& games = m->lastProgress().games;
        QCOMPARE(games.wins + games.draws + games.losses, 4);
        QCOMPARE(m->bridge()->gamesPlayed(), 4);
        // The match's engines talked in the Engine log, side A's and side B's in their own tabs.
        QVERIFY(w->engineLog()->engineText(mf::ui::kMatchWorkerBase).contains(QStringLiteral("bestmove")));
        QVERIFY(w->engineLog()->engineText(mf::ui::kMatchWorkerBase + 1).contains(QStringLiteral("> go nodes 300")));
        QCOMPARE(m->chart()->llrPoints(), 2);
        QCOMPARE(m->chart()->eloPoints(), 2);
        QCOMPARE(m->gamesTable()->rowCount(), 4);
        QVERIFY(m->scoreLabel()->text().contains(QStringLiteral("W-D-L %1-%2-%3").arg(games.wins).arg(games.draws).arg(games.losses)));
        // The summary in words: an interval as an interval, no "inf", a verdict that fits a match
        // that is over.
        for (const QString& text : {m->scoreLabel()->text(), m->statusLabel()->text()}) {
            QVERIFY2(!text.contains(QStringLiteral("inf")) && !text.contains(QStringLiteral("+-")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("continue")) && !text.contains(QStringLiteral("so far")), qPrintable(text));
        }
        QVERIFY2(m->scoreLabel()->text().contains(QStringLiteral("SPRT LLR")), qPrintable(m->scoreLabel()->text()));

        // Save PGN: a name without a suffix gets .pgn; the match's closing words (its forfeits)
        // stay beside the saved note.
        const QString pgnPath = dir_.filePath(QStringLiteral("match.pgn"));
        m->setPgnPathChooser([&] { return dir_.filePath(QStringLiteral("match")); });
        QVERIFY(m->savePgnButton()->isEnabled());
        QTest::mouseClick(m->savePgnButton(), Qt::LeftButton);
        QVERIFY2(m->statusLabel()->text().contains(QStringLiteral("4 games saved to %1.").arg(pgnPath)),
                 qPrintable(m->statusLabel()->text()));
        QVERIFY2(m->statusLabel()->text().contains(QStringLiteral("forfeits A")), qPrintable(m->statusLabel()->text()));
        const mf::PgnFile pgn = mf::readPgnFile(pgnPath.toStdString());
        QVERIFY2(pgn.errors.empty(), pgn.errors.empty() ? "" : pgn.errors.front().describe().c_str());
        QCOMPARE(int(pgn.games.size()), 4);
        // Side A is White in game 1 of each pair (round "n.1"), Black in game 2.
        std::int64_t wins = 0, draws = 0, losses = 0;
        for (const auto& g : pgn.games) {
            const bool aWhite = g.tag("Round").ends_with(".1");
            QCOMPARE(QString::fromStdString(g.tag(aWhite ? "Black" : "White")), QStringLiteral("weak knight"));
            QCOMPARE(QString::fromStdString(g.tag(aWhite ? "White" : "Black")), QStringLiteral("start values"));
            if (g.result == "1/2-1/2") ++draws;
            else if ((g.result == "1-0") == aWhite) ++wins;
            else ++losses;
        }
        QCOMPARE(wins, games.wins);
        QCOMPARE(draws, games.draws);
        QCOMPARE(losses, games.losses);
        const QByteArray shots = qgetenv("MATEFIND_MATCH_TAB_SCREENSHOT");
        if (!shots.isEmpty()) {
            tabs->setCurrentWidget(m);
            w->resize(1280, 720);  // the laptop the tab is laid out for
            QTest::qWait(200);
            QVERIFY(w->grab().save(QString::fromLocal8Bit(shots)));
        }
    }

    // Clock games as the window plays them (the tab's sides, limit field and bridge): an engine
    // answering in about 10 ms never loses on time at 40/10+0.1 (44 moves a side: the period's
    // time comes back after move 40) nor at 10+0.1. The same engine answering in about 150 ms
    // loses on time at 40/0.5+0 (its fourth move finds 50 ms left), so the check can fail.
    void playsClockWithoutForfeits() {
        const QString start = dir_.filePath(QStringLiteral("start.epd"));
        QFile f(start);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n");
        f.close();
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, start, MatchPanel::Clock, 1, 1, 1);
        fakeSidesPlayTheQuietGame(m, 1);
        for (const char* tc : {"40/10+0.1", "10+0.1"}) {
            m->timeControlEdit()->setText(QLatin1String(tc));
            const mf::ui::MatchProgress end = playToTheEnd(m);
            QVERIFY2(end.pairsDone == 1, qPrintable(m->statusLabel()->text()));
            QVERIFY2(end.forfeitsA == 0 && end.forfeitsB == 0, qPrintable(m->statusLabel()->text()));
            QCOMPARE(end.timeLossesA + end.timeLossesB, 0);
            for (int row = 0; row < 2; ++row) {
                QCOMPARE(m->gamesTable()->item(row, 2)->text(), QString::number(mf::match::testing::kQuietScriptPlies));
                QVERIFY2(m->gamesTable()->item(row, 3)->text().contains(QStringLiteral("repetition")),
                         qPrintable(m->gamesTable()->item(row, 3)->text()));
            }
        }
        fakeSidesPlayTheQuietGame(m, 150);
        m->timeControlEdit()->setText(QStringLiteral("40/%1+0").arg(mf::test_time::scaledMs(500) / 1000.0));
        const mf::ui::MatchProgress slow = playToTheEnd(m);
        QVERIFY2(slow.pairsDone == 1, qPrintable(m->statusLabel()->text()));
        QCOMPARE(slow.timeLossesA, 1);
        QCOMPARE(slow.timeLossesB, 1);
        QVERIFY2(m->gamesTable()->item(0, 3)->text().contains(QStringLiteral("loses on time")),
                 qPrintable(m->gamesTable()->item(0, 3)->text()));
    }

    // A side's own engine, options file and name (its Engine… dialog): an options file of 600
    // options plays on top of the engine's defaults and names the side "matefind-engine tuned.txt"
    // in the games table, the status and the PGN, never by its values; a given name replaces it;
    // a bad line of the file stops Start with the file and the line named.
    void aSideHasItsOwnEngineOptionsFileAndName() {
        const QString tuned = dir_.filePath(QStringLiteral("tuned.txt"));
        QString text;
        for (int i = 0; i < 600; ++i) text += QStringLiteral("KnightValue = %1\n").arg(300 + i % 3);
        QFile f(tuned);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
        f.close();
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 300, 1, 1);
        MatchSidePicker* b = m->side(1);
        b->setKind(MatchSidePicker::EngineDefaults);
        b->programEdit()->setText(mf::ui::test::engineUnderTest());
        b->optionsFileEdit()->setText(dir_.filePath(QStringLiteral("missing.txt")));
        QVERIFY2(m->startButton()->toolTip().contains(QStringLiteral("options file")), qPrintable(m->startButton()->toolTip()));
        b->optionsFileEdit()->setText(tuned);
        QVERIFY2(b->engineButton()->toolTip().contains(tuned), qPrintable(b->engineButton()->toolTip()));
        auto built = b->build();
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());
        QCOMPARE(QString::fromStdString(built->side.name), QStringLiteral("matefind-engine tuned.txt"));
        QCOMPARE(built->side.options, (mf::uci::OptionValues{{"KnightValue", "302"}}));
        b->engineButton()->click();  // the dialog shows the name it would play under
        QVERIFY(b->engineDialog()->isVisible());
        QCOMPARE(b->nameEdit()->placeholderText(), QStringLiteral("matefind-engine tuned.txt"));
        b->engineDialog()->close();

        const mf::ui::MatchProgress end = playToTheEnd(m);
        QVERIFY2(end.pairsDone == 1, qPrintable(m->statusLabel()->text()));
        QCOMPARE(m->gamesTable()->item(0, 5)->text() + m->gamesTable()->item(0, 4)->text(),
                 QStringLiteral("start valuesmatefind-engine tuned.txt"));
        QVERIFY(m->statusLabel()->text().contains(QStringLiteral("start values vs matefind-engine tuned.txt")));
        QVERIFY(m->bridge()->pgn().contains(QStringLiteral("[Black \"matefind-engine tuned.txt\"]")));

        b->nameEdit()->setText(QStringLiteral("tuned"));
        QCOMPARE(QString::fromStdString(b->build()->side.name), QStringLiteral("tuned"));
        QFile bad(tuned);
        QVERIFY(bad.open(QIODevice::Append));
        bad.write("no value on this line\n");
        bad.close();
        QVERIFY(m->startButton()->isEnabled());  // the file is read when the match starts
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QVERIFY(!m->busy());
        QVERIFY2(m->statusLabel()->text().contains(tuned + QStringLiteral(":601:")), qPrintable(m->statusLabel()->text()));
    }

    // At 1280 x 720 after a match whose sides were given long names: the chart's axes whole (its
    // labels and titles inside the chart), the summary lines whole, the games table's names
    // elided in their cells with the whole names as tooltips, the status naming the sides shortly.
    void theTabFitsALaptopAfterAMatchWithLongNames() {
        auto w = mf::ui::test::makeTestWindow();
        w->resize(1280, 720);
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 300, 2, 2);
        tabs->setCurrentWidget(m);
        const QString longA = QStringLiteral("matefind-engine with the weights of the evening run, generation 300");
        const QString longB = QStringLiteral("matefind-engine with its genome's defaults, as the run started from them");
        m->side(0)->nameEdit()->setText(longA);
        m->side(1)->nameEdit()->setText(longB);
        const mf::ui::MatchProgress end = playToTheEnd(m);
        QVERIFY2(end.pairsDone == 2, qPrintable(m->statusLabel()->text()));
        QTest::qWait(200);
        const QString cut = mf::ui::test::matchChartAxesCut(m->chart());
        QVERIFY2(cut.isEmpty(), qPrintable(cut));
        for (QLabel* label : {m->scoreLabel(), m->statusLabel()}) {
            QVERIFY(QRect(label->mapTo(m, QPoint(0, 0)), label->size()).bottom() <= m->height());
            QVERIFY2(label->height() >= label->heightForWidth(label->width()), qPrintable(label->text()));
        }
        QVERIFY2(!m->statusLabel()->text().contains(longA), qPrintable(m->statusLabel()->text()));
        QVERIFY(m->scoreLabel()->toolTip().contains(longA) && m->scoreLabel()->toolTip().contains(longB));
        QTableWidget* games = m->gamesTable();
        for (int row = 0; row < games->rowCount(); ++row)
            for (int column : {4, 5}) {
                const QString name = games->item(row, column)->text();
                QVERIFY(name == longA || name == longB);
                QCOMPARE(games->item(row, column)->toolTip(), name);
            }
        const QByteArray shots = qgetenv("MATEFIND_MATCH_TAB_SCREENSHOT");
        if (!shots.isEmpty()) QVERIFY(w->grab().save(QString::fromLocal8Bit(shots).replace(QStringLiteral(".png"), QStringLiteral("-long.png"))));
    }

    // Closing the window after a match whose games were not saved offers to save them: Save
    // writes the PGN and the window closes; Cancel keeps it open.
    void closingAfterAMatchOffersToSaveItsGames() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 300, 1, 1);
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy(), mf::test_time::scaledMs(120000));
        QCOMPARE(m->bridge()->gamesPlayed(), 2);
        QVERIFY(m->hasUnsavedGames());
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        w->setAsker([&](const QString&, const QString& text, QMessageBox::StandardButtons) {
            asked << text;
            return answer;
        });
        QVERIFY(!w->close());
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].contains(QStringLiteral("2 game(s) are not saved")), qPrintable(asked[0]));
        const QString pgnPath = dir_.filePath(QStringLiteral("on-close.pgn"));
        m->setPgnPathChooser([&] { return pgnPath; });
        answer = QMessageBox::Save;
        QVERIFY(w->close());
        const mf::PgnFile pgn = mf::readPgnFile(pgnPath.toStdString());
        QCOMPARE(int(pgn.games.size()), 2);
    }

    // The clock in cutechess's form: a text that does not read disables Start and says why.
    void aClockIsTypedAsCutechessWritesIt() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Clock, 1, 1, 1);
        QVERIFY(m->timeControlEdit()->isVisibleTo(m));
        QVERIFY(!m->limitSpin()->isVisibleTo(m));
        m->timeControlEdit()->setText(QStringLiteral("40/"));
        QVERIFY(!m->startButton()->isEnabled());
        QVERIFY2(m->startButton()->toolTip().contains(QStringLiteral("Time control '40/'")), qPrintable(m->startButton()->toolTip()));
        m->timeControlEdit()->setText(QStringLiteral("40/10+0.1"));
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        const auto limits = m->limitField()->limits();
        QVERIFY(limits);
        QCOMPARE(limits->movesPerPeriod, 40);
        QCOMPARE(limits->baseMs, 10000);
        QCOMPARE(limits->incMs, 100);
    }

    // Stop ends a running match within seconds: the game in progress is abandoned, the buttons
    // come back, and fewer pairs than planned were played.
    void stopEndsARunningMatch() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::MoveTime, 500, 50, 1);
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(m->bridge()->phase() == MatchBridge::Phase::Playing, mf::test_time::scaledMs(30000));
        QTest::qWait(700);  // inside a search
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(m->stopButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy(), mf::test_time::scaledMs(10000));
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(m->lastProgress().pairsDone < 50);
        QVERIFY(m->startButton()->isEnabled());
        QVERIFY(!m->stopButton()->isEnabled());
    }

    // Closing the window while a match plays stops it: no hang, no crash.
    void closingTheWindowStopsAMatch() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::MoveTime, 500, 50, 2);
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(m->bridge()->phase() == MatchBridge::Phase::Playing, mf::test_time::scaledMs(30000));
        QTest::qWait(300);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(w->close());
        w.reset();
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    }

    // An engine that stops at depth 1 under `go nodes` (as Ethereal does) is named before any game;
    // No leaves the match unplayed, Yes plays it.
    void aLimitTheEngineBreaksIsAskedAbout() {
        const QString wrapper = dir_.filePath(QStringLiteral("depth-one-engine.sh"));
        QFile f(wrapper);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\nexec '" MATEFIND_FAKE_ENGINE "' --nodes=depth-one \"$@\"\n");
        f.close();
        QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
        auto w = mf::ui::test::makeTestWindow();
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::No;
        w->setAsker([&](const QString&, const QString& text, QMessageBox::StandardButtons) {
            asked << text;
            return answer;
        });
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 3000, 1, 1);
        m->side(1)->setKind(MatchSidePicker::EngineDefaults);
        m->side(1)->programEdit()->setText(wrapper);
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy(), mf::test_time::scaledMs(30000));
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].contains(QStringLiteral("Side B")) && asked[0].contains(QStringLiteral("nodes")), qPrintable(asked[0]));
        QVERIFY2(m->statusLabel()->text().startsWith(QStringLiteral("Not started")), qPrintable(m->statusLabel()->text()));
        QCOMPARE(m->bridge()->gamesPlayed(), 0);

        answer = QMessageBox::Yes;
        // Playing seen from the phase signal itself: one pair can start and end between two polls.
        bool played = false;
        QObject::connect(m->bridge(), &MatchBridge::phaseChanged, m,
                         [&] { played = played || m->bridge()->phase() == MatchBridge::Phase::Playing; });
        QTest::mouseClick(m->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(played, mf::test_time::scaledMs(30000));
        QCOMPARE(asked.size(), 2);
        m->stopButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy(), mf::test_time::scaledMs(10000));
    }

    // A fresh tab asks the question a tuning run raises: the run's best against the defaults it
    // started from (never the engine against itself). Before a run there is no best: Start says so.
    void theDefaultSidesDiffer() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = w->matchPanel();
        QCOMPARE(m->side(0)->kindCombo()->currentIndex(), int(MatchSidePicker::CurrentBest));
        QCOMPARE(m->side(1)->kindCombo()->currentIndex(), int(MatchSidePicker::GenomeDefaults));
        QVERIFY(!m->startButton()->isEnabled());
        QVERIFY2(m->startButton()->toolTip().startsWith(QStringLiteral("Side A: there is no current run")),
                 qPrintable(m->startButton()->toolTip()));
    }

    // Start is disabled, its tooltip saying why, for sides that cannot play and while a tuning run
    // is active; the best of the run (current, or saved to a file) is a side once there is one.
    void startSaysWhyItIsDisabled() {
        auto w = mf::ui::test::makeTestWindow();
        MatchPanel* m = preparedTab(*w, openings_, MatchPanel::Nodes, 300, 1, 1);
        QVERIFY(m->startButton()->isEnabled());
        m->side(1)->setKind(MatchSidePicker::PopulationFile);
        QVERIFY(!m->startButton()->isEnabled());
        QVERIFY2(m->startButton()->toolTip().contains(QStringLiteral("Side B: choose a population file")),
                 qPrintable(m->startButton()->toolTip()));
        m->side(1)->setKind(MatchSidePicker::CurrentBest);
        QVERIFY2(m->startButton()->toolTip().contains(QStringLiteral("no current run")), qPrintable(m->startButton()->toolTip()));
        m->side(1)->setKind(MatchSidePicker::GenomeDefaults);
        m->side(0)->optionsEdit()->setText(QStringLiteral("KnightValue"));
        QVERIFY(!m->startButton()->isEnabled());
        QVERIFY2(m->startButton()->toolTip().contains(QStringLiteral("'KnightValue' is not Name=Value")),
                 qPrintable(m->startButton()->toolTip()));
        m->side(0)->optionsEdit()->clear();
        m->openingsEdit()->setText(dir_.filePath(QStringLiteral("missing.epd")));
        QVERIFY(!m->startButton()->isEnabled());
        m->openingsEdit()->setText(openings_);
        QVERIFY(m->startButton()->isEnabled());

        w->parameters()->setSettings(mf::ui::test::tinyRunSettings(*w, 2, suite_, 5, 1));
        // A disabled action ignores trigger(): wait until Start is enabled for these settings (on a
        // loaded machine the window's background checks can keep it disabled for a while).
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), mf::test_time::scaledMs(30000));
        // The Match tab's Start as the run turns Running, seen from the status signal itself: a
        // run this small can start and finish between two polls of a QTRY loop (it did, on a
        // fresh machine), so polling isActive() would miss the moment.
        bool sawRunning = false, matchStartEnabled = true;
        QString matchStartTip;
        QObject::connect(w->bridge(), &mf::ui::RunBridge::statusChanged, m,
                         [&](const mf::tuning::StatusChange& change) {
                             if (change.status != mf::tuning::RunStatus::Running || sawRunning) return;
                             sawRunning = true;
                             matchStartEnabled = m->startButton()->isEnabled();
                             matchStartTip = m->startButton()->toolTip();
                         });
        w->startAction()->trigger();  // the run begins once the engine check answers
        QTRY_VERIFY_WITH_TIMEOUT(sawRunning, mf::test_time::scaledMs(30000));
        QVERIFY(!matchStartEnabled);
        QVERIFY2(matchStartTip.contains(QStringLiteral("tuning run")), qPrintable(matchStartTip));
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(120000));
        QTRY_VERIFY_WITH_TIMEOUT(m->startButton()->isEnabled(), mf::test_time::scaledMs(5000));

        m->side(1)->setKind(MatchSidePicker::CurrentBest);
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        auto current = m->side(1)->build();
        QVERIFY2(current.ok(), current.ok() ? "" : current.error().message.c_str());
        QCOMPARE(current->side.options.size(), w->currentState()->genome.size());
        const QString saved = dir_.filePath(QStringLiteral("run.mfpop"));
        QSignalSpy done(w.get(), &mf::ui::MainWindow::fileDone);
        w->saveTo(saved);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, mf::test_time::scaledMs(5000));
        m->side(1)->setKind(MatchSidePicker::PopulationFile);
        m->side(1)->pathEdit()->setText(saved);
        QVERIFY2(m->startButton()->isEnabled(), qPrintable(m->startButton()->toolTip()));
        auto fromFile = m->side(1)->build();
        QVERIFY2(fromFile.ok(), fromFile.ok() ? "" : fromFile.error().message.c_str());
        QCOMPARE(fromFile->side.options, current->side.options);
        QVERIFY2(fromFile->side.name.find("run.mfpop") != std::string::npos, fromFile->side.name.c_str());
    }
};

QTEST_MAIN(MatchTabTest)
#include "match_tab_test.moc"
