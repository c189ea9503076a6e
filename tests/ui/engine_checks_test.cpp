// The window's look at the engine before Start, and its two engine dialogs:
// - a genome that does not fit the engine's options disables Start with the term's name,
//   before Start is pressed; "Genome from engine…" makes a genome from a checklist of the engine's
//   spin options with bits per term, by the options' units as `matefind-cli genome --engine`;
// - Start asks when the engine does not honour the run's limit (No: nothing starts;
//   Yes: the run goes on), Stop cancels a start that waits for the check, and Tools > Engine…
//   shows what `matefind-cli probe` says, and its Check weight changes what `probe --genome` says.
#include <QCheckBox>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "ui/bridges/engine_check.h"
#include "ui/views/engine_log_view.h"
#include "ui/dialogs/engine_probe_dialog.h"
#include "ui/dialogs/genome_from_engine_dialog.h"
#include "ui/models/genome_model.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"
#include "tests/test_time.h"

using mf::tuning::RunStatus;
namespace ui = mf::ui;

namespace {

// The fake engine answers e2e4: a suite of the start position lets it "solve".
constexpr const char* kSuite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";\n";

// Records the questions and answers each with `answer`.
struct Asker {
    QStringList titles;
    QStringList texts;
    QMessageBox::StandardButton answer = QMessageBox::No;
    void install(ui::MainWindow& w) {
        w.setAsker([this](const QString& title, const QString& text, QMessageBox::StandardButtons) {
            titles << title;
            texts << text;
            return answer;
        });
    }
};

// With MATEFIND_ENGINE_DIALOG_SCREENSHOT=DIR set, a dialog is saved there as NAME.png to look at.
void maybeGrab(QWidget* dialog, const char* name) {
    const QByteArray dir = qgetenv("MATEFIND_ENGINE_DIALOG_SCREENSHOT");
    if (!dir.isEmpty())
        dialog->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/") + QLatin1String(name) + QStringLiteral(".png"));
}

}  // namespace

class EngineChecksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

    // A tiny run on the fake engine (its spin option Material), nodes 3000.
    ui::RunSettings fakeRun(const ui::MainWindow& w, std::vector<std::string> arguments) {
        ui::RunSettings s = ui::test::tinyRunSettings(w, 2, suite_, 5, 1);
        s.engine.program = MATEFIND_FAKE_ENGINE;
        s.engine.arguments = std::move(arguments);
        s.engine.fixedOptions.clear();
        s.genome = mf::ga::Genome({mf::ga::Term("material", "Material", 100, 8, 0, 400)});
        s.parameters.limitKind = mf::ga::LimitKind::Nodes;
        s.parameters.limitValue = 3000;
        return s;
    }

private slots:
    void initTestCase() { ui::test::setUpWindowTests(dir_, kSuite, suite_); }

    // Issue 12: Start is disabled, with the term's name, once the check has seen the engine; a
    // genome that fits enables it again. Nothing was started to find out.
    void aGenomeThatDoesNotFitDisablesStartWithTheTerm() {
        auto w = ui::test::makeTestWindow();
        ui::RunSettings s = fakeRun(*w, {});
        s.genome = mf::ga::Genome({mf::ga::Term("knight value", "KnightValue", 250, 9)});
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        QTRY_VERIFY_WITH_TIMEOUT(!w->startAction()->isEnabled(), mf::test_time::scaledMs(10000));
        QVERIFY(!w->fightAction()->isEnabled());
        const QString tip = w->startAction()->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("genome term 'knight value' (option KnightValue): the engine announces no "
                                             "such option")),
                 qPrintable(tip));
        QVERIFY2(w->noteText().contains(QStringLiteral("KnightValue")), qPrintable(w->noteText()));
        QCOMPARE(w->bridge()->status(), RunStatus::Idle);

        w->parameters()->setSettings(fakeRun(*w, {}));
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), mf::test_time::scaledMs(10000));
        QVERIFY(w->engineCheck()->blockingReason(w->parameters()->settings()).isEmpty());
    }

    // The engine's options and its limit verdict are kept apart from the genome: editing a term
    // is answered from them at once, a genome that does not fit included, and nothing starts.
    void aGenomeEditIsAnsweredWithoutStartingTheEngineAgain() {
        auto w = ui::test::makeTestWindow();
        w->parameters()->setSettings(fakeRun(*w, {}));
        bool first = false;
        w->engineCheck()->whenChecked(fakeRun(*w, {}), [&](const mf::tuning::EngineReadiness&) { first = true; });
        QTRY_VERIFY_WITH_TIMEOUT(first, mf::test_time::scaledMs(10000));
        const int checks = w->engineCheck()->checksStarted();
        ui::RunSettings wider = fakeRun(*w, {});
        wider.genome = mf::ga::Genome({mf::ga::Term("material", "Material", 120, 7, 0, 400)});
        w->parameters()->setSettings(wider);
        bool answered = false;
        w->engineCheck()->whenChecked(wider, [&](const mf::tuning::EngineReadiness& r) {
            answered = true;
            QVERIFY(!r.blocking);
            QVERIFY(r.limit && r.limit->honoured);  // the verdict of the same engine and limit
        });
        QVERIFY(answered);  // at once, not after a check
        ui::RunSettings unfit = fakeRun(*w, {});
        unfit.genome = mf::ga::Genome({mf::ga::Term("knight value", "KnightValue", 250, 9)});
        w->parameters()->setSettings(unfit);
        QTRY_VERIFY_WITH_TIMEOUT(!w->startAction()->isEnabled(), mf::test_time::scaledMs(2000));
        QVERIFY(w->engineCheck()->blockingReason(unfit).contains(QStringLiteral("KnightValue")));
        QCOMPARE(w->engineCheck()->checksStarted(), checks);
        // Another limit is another verdict: that needs the engine again.
        ui::RunSettings deeper = fakeRun(*w, {});
        deeper.parameters.limitValue = 5000;
        w->parameters()->setSettings(deeper);
        QTRY_VERIFY_WITH_TIMEOUT(w->engineCheck()->checksStarted() == checks + 1, mf::test_time::scaledMs(5000));
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), mf::test_time::scaledMs(10000));
    }

    // Issue 19: an engine that ignores `go nodes` (as Toga II does) makes Start ask. No: nothing
    // starts and the log says why. Yes: the run starts (and is stopped here).
    void aLimitTheEngineIgnoresIsAskedAbout() {
        auto w = ui::test::makeTestWindow();
        Asker asker;
        asker.install(*w);
        w->parameters()->setSettings(fakeRun(*w, {"--nodes=ignore"}));
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(asker.titles.size(), 1, mf::test_time::scaledMs(15000));
        QCOMPARE(asker.titles.at(0), QStringLiteral("Limit not honoured"));
        QVERIFY2(asker.texts.at(0).contains(QStringLiteral("ignores `go nodes`")), qPrintable(asker.texts.at(0)));
        QVERIFY2(asker.texts.at(0).contains(QStringLiteral("--depth")), qPrintable(asker.texts.at(0)));
        QTest::qWait(300);
        QVERIFY(!w->bridge()->isActive());
        QVERIFY(w->startAction()->isEnabled());
        QVERIFY(!w->parameters()->isLocked());
        QVERIFY(w->engineLog()->notesText().contains(QStringLiteral("not started: ")));

        // The answer is kept for these settings: Start asks again at once, without a new probe.
        asker.answer = QMessageBox::Yes;
        w->startAction()->trigger();
        QCOMPARE(asker.titles.size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->isActive(), mf::test_time::scaledMs(10000));
        QVERIFY(w->engineLog()->notesText().contains(QStringLiteral("going on (confirmed)")));
        w->stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!w->bridge()->isActive(), mf::test_time::scaledMs(30000));
    }

    // An honoured limit asks nothing and runs.
    void anHonouredLimitStartsWithoutAQuestion() {
        auto w = ui::test::makeTestWindow();
        Asker asker;
        asker.install(*w);
        w->parameters()->setSettings(fakeRun(*w, {}));
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), RunStatus::Finished, mf::test_time::scaledMs(60000));
        QVERIFY2(asker.titles.isEmpty(), qPrintable(asker.titles.join(", ")));
    }

    // While Start waits for the check, the panel is locked and Stop cancels the start.
    void stopCancelsAStartWaitingForTheCheck() {
        auto w = ui::test::makeTestWindow();
        w->parameters()->setSettings(fakeRun(*w, {"--uciok-delay=1500"}));
        w->startAction()->trigger();
        QVERIFY(!w->startAction()->isEnabled());
        QVERIFY(w->stopAction()->isEnabled());
        QVERIFY(w->parameters()->isLocked());
        w->stopAction()->trigger();
        QVERIFY(!w->parameters()->isLocked());
        QVERIFY(w->engineLog()->notesText().contains(QStringLiteral("start cancelled")));
        QTest::qWait(3000);  // the check answers meanwhile: no run begins
        QVERIFY(!w->bridge()->isActive());
        QCOMPARE(w->bridge()->status(), RunStatus::Idle);
        QVERIFY(w->startAction()->isEnabled());
    }

    // "Genome from engine…": the bundled engine's spin options as a checklist; the panel's terms
    // start ticked with their bits; the ticked ones with their bits become the panel's genome.
    void genomeFromEngineMakesThePanelsGenome() {
        auto w = ui::test::makeTestWindow();
        const mf::ga::Genome before = w->parameters()->settings().genome;
        QVERIFY(before.size() > 2);
        ui::GenomeFromEngineDialog* d = w->openGenomeFromEngine();
        QVERIFY(d);
        QTRY_VERIFY_WITH_TIMEOUT(d->optionsRead(), mf::test_time::scaledMs(10000));
        QTableWidget* t = d->table();
        QVERIFY2(t->rowCount() >= int(before.size()), qPrintable(d->statusText()));
        QCOMPARE(d->genome().size(), before.size());  // the panel's terms start ticked
        int knight = -1, queen = -1;
        for (int r = 0; r < t->rowCount(); ++r) {
            const QString name = t->item(r, ui::GenomeFromEngineDialog::Option)->text();
            if (name == QStringLiteral("KnightValue")) knight = r;
            if (name == QStringLiteral("QueenValue")) queen = r;
            t->item(r, ui::GenomeFromEngineDialog::Use)->setCheckState(Qt::Unchecked);
        }
        QVERIFY(knight >= 0 && queen >= 0);
        QCOMPARE(d->genome().size(), std::size_t(0));
        t->item(queen, ui::GenomeFromEngineDialog::Use)->setCheckState(Qt::Checked);
        t->item(knight, ui::GenomeFromEngineDialog::Use)->setCheckState(Qt::Checked);
        static_cast<QSpinBox*>(t->cellWidget(knight, ui::GenomeFromEngineDialog::Bits))->setValue(6);
        maybeGrab(d, "genome-from-engine");
        const mf::ga::Genome made = d->genome();
        QCOMPARE(made.size(), std::size_t(2));
        QCOMPARE(made[std::size_t(knight < queen ? 0 : 1)].option, std::string("KnightValue"));
        QCOMPARE(made[std::size_t(knight < queen ? 0 : 1)].bits, 6);
        const QString saved = dir_.filePath(QStringLiteral("made.json"));
        QVERIFY(d->saveTo(saved).isEmpty());
        auto reloaded = mf::ga::loadGenome(saved.toStdString());
        QVERIFY(reloaded && *reloaded == made);
        d->accept();
        QCOMPARE(w->parameters()->settings().genome, made);
        QVERIFY(w->engineLog()->notesText().contains(QStringLiteral("genome made from the engine's options: 2 terms")));
    }

    // The dialog's rule is the genome command's: every evaluation term of the bundled engine ticked,
    // each with the bits of its unit (the piece-square entries 11), is the genome `matefind-cli
    // genome --engine` writes. Hash, Threads and Move Overhead are listed only with Show all
    // options; the bits of the options shown change at once.
    void genomeFromEngineByUnitsIsTheGenomeCommands() {
        const QString cliProgram = QStringLiteral(MATEFIND_BIN_DIR "/matefind-cli");
        if (!QFileInfo(cliProgram).isExecutable())
            QSKIP("no matefind-cli beside the tests");
        mf::tuning::EngineSpec engine;
        engine.program = ui::test::engineUnderTest().toStdString();
        ui::GenomeFromEngineDialog d(engine, {});
        QTRY_VERIFY_WITH_TIMEOUT(d.optionsRead(), mf::test_time::scaledMs(10000));
        for (const char* resource : {"Hash", "Threads", "Move Overhead"}) {
            const int r = d.rowOf(QLatin1String(resource));
            QVERIFY2(r >= 0 && d.table()->isRowHidden(r), resource);
        }
        const int a2 = d.rowOf(QStringLiteral("Psqt.Pawn.Mg.a2"));
        QVERIFY(a2 >= 0);
        QCOMPARE(d.bitsAt(a2), 11);
        const int a2Default = d.table()->item(a2, ui::GenomeFromEngineDialog::Default)->text().toInt();
        QCOMPARE(d.table()->item(a2, ui::GenomeFromEngineDialog::Window)->text(),
                 QStringLiteral("%1..%2").arg(a2Default - 1024).arg(a2Default + 1023));
        QVERIFY(d.table()->cellWidget(a2, ui::GenomeFromEngineDialog::Bits)->toolTip().contains(QStringLiteral("Psqt: 1/30 cp, 11 bits")));
        d.tickShown(true);
        const mf::ga::Genome made = d.genome();
        const QString written = dir_.filePath(QStringLiteral("by-units.json"));
        QProcess cli;
        cli.start(cliProgram, {QStringLiteral("genome"), QStringLiteral("--engine"), QString::fromStdString(engine.program.string()),
                               QStringLiteral("--out"), written});
        QVERIFY(cli.waitForFinished(mf::test_time::scaledMs(20000)));
        QCOMPARE(cli.exitCode(), 0);
        auto fromCli = mf::ga::loadGenome(written.toStdString());
        QVERIFY(fromCli);
        QCOMPARE(made.size(), fromCli->size());
        QVERIFY(made == *fromCli);
        maybeGrab(&d, "genome-from-engine-units");

        d.showAllBox()->setChecked(true);
        const int hash = d.rowOf(QStringLiteral("Hash"));
        QVERIFY(!d.table()->isRowHidden(hash));
        QVERIFY(!d.table()->isRowHidden(a2));
        d.filterEdit()->setText(QStringLiteral("^Psqt\\.Knight\\."));
        QCOMPARE(d.shownRows(), 64);
        d.setBitsOfShown(9);
        const mf::ga::Genome reset = d.genome();
        QCOMPARE(reset.size(), made.size());
        for (std::size_t i = 0; i < reset.size(); ++i)
            QCOMPARE(reset[i].bits, reset[i].option.rfind("Psqt.Knight.", 0) == 0 ? 9 : made[i].bits);
        QCOMPARE(d.bitsAt(a2), 11);
    }

    // An engine that cannot start: the dialog says so, nothing can be used.
    void genomeFromEngineSaysWhenTheEngineDoesNotStart() {
        mf::tuning::EngineSpec engine;
        engine.program = "/nonexistent/engine";
        ui::GenomeFromEngineDialog d(engine, {});
        QTRY_VERIFY_WITH_TIMEOUT(d.optionsRead(), mf::test_time::scaledMs(10000));
        QVERIFY2(d.statusText().startsWith(QStringLiteral("Cannot read the engine's options: /nonexistent/engine")),
                 qPrintable(d.statusText()));
        QCOMPARE(d.table()->rowCount(), 0);
        QCOMPARE(d.genome().size(), std::size_t(0));
    }

    // The dialog's own engine field: a missing engine is read from there, another program's options
    // are listed (Glaurung's extensions and margins are "search and evaluation options", never
    // "evaluation terms"), and using its genome makes it the panel's engine.
    void genomeFromEngineReadsTheEngineOfItsOwnField() {
        const QString glaurung = QStringLiteral("/usr/games/glaurung");
        if (!QFileInfo(glaurung).isExecutable()) QSKIP("no /usr/games/glaurung");
        auto w = ui::test::makeTestWindow();
        ui::RunSettings s = w->parameters()->settings();
        s.engine.program = "/nonexistent/engine";
        w->parameters()->setSettings(s);
        ui::GenomeFromEngineDialog* d = w->openGenomeFromEngine();
        QTRY_VERIFY_WITH_TIMEOUT(d->optionsRead(), mf::test_time::scaledMs(10000));
        QCOMPARE(d->engineEdit()->text(), QStringLiteral("/nonexistent/engine"));
        QCOMPARE(d->table()->rowCount(), 0);
        d->readEngine(glaurung);
        QTRY_VERIFY_WITH_TIMEOUT(d->optionsRead() && d->table()->rowCount() > 0, mf::test_time::scaledMs(20000));
        QVERIFY2(d->statusText().contains(QStringLiteral("search and evaluation options")), qPrintable(d->statusText()));
        QVERIFY2(!d->statusText().contains(QStringLiteral("evaluation terms")), qPrintable(d->statusText()));
        QCOMPARE(d->engine().program.string(), glaurung.toStdString());
        const int row = d->rowOf(QStringLiteral("Futility Margin 0"));
        if (row >= 0) d->table()->item(row, ui::GenomeFromEngineDialog::Use)->setCheckState(Qt::Checked);
        QVERIFY(d->genome().size() > 0);
        maybeGrab(d, "genome-from-engine-glaurung");
        d->accept();
        QCOMPARE(w->parameters()->settings().engine.program.string(), glaurung.toStdString());
        QCOMPARE(w->parameters()->settings().genome, d->genome());
    }

    // Tools > Engine…: the probe of the panel's engine, as `matefind-cli probe` prints it.
    void theEngineDialogShowsTheModesItHonours() {
        auto w = ui::test::makeTestWindow();
        ui::EngineProbeDialog* d = w->openEngineProbe();
        QSignalSpy probed(d, &ui::EngineProbeDialog::probed);
        QTRY_COMPARE_WITH_TIMEOUT(probed.count(), 1, mf::test_time::scaledMs(20000));
        QVERIFY2(d->summaryText().contains(QStringLiteral("Honours: <b>depth, movetime, nodes</b>")),
                 qPrintable(d->summaryText()));
        QCOMPARE(d->limitsTable()->rowCount(), 3);
        // The bundled engine speaks the evalfit extension: the dialog says so.
        QVERIFY2(d->summaryText().contains(QStringLiteral("Evalfit extension: <b>yes</b>")), qPrintable(d->summaryText()));
        maybeGrab(d, "engine-probe");
        QVERIFY(d->optionsTable()->rowCount() >= 12);
        d->close();

        // The fake engine that ignores nodes: its nodes row says so, and nodes is not among the modes.
        w->parameters()->setSettings(fakeRun(*w, {"--nodes=ignore"}));
        ui::EngineProbeDialog* fake = w->openEngineProbe();
        QSignalSpy fakeProbed(fake, &ui::EngineProbeDialog::probed);
        QTRY_COMPARE_WITH_TIMEOUT(fakeProbed.count(), 1, mf::test_time::scaledMs(30000));
        QStringList verdicts;
        for (int r = 0; r < fake->limitsTable()->rowCount(); ++r)
            verdicts << fake->limitsTable()->item(r, 0)->text() + QStringLiteral(": ") + fake->limitsTable()->item(r, 1)->text();
        QVERIFY2(verdicts.contains(QStringLiteral("go nodes 20000: ignored")), qPrintable(verdicts.join("; ")));
        QVERIFY2(fake->summaryText().contains(QStringLiteral("Honours: <b>depth, movetime</b>")),
                 qPrintable(fake->summaryText()));
        QVERIFY2(fake->summaryText().contains(QStringLiteral("Evalfit extension: <b>no</b>")),
                 qPrintable(fake->summaryText()));
        maybeGrab(fake, "engine-probe-ignores-nodes");
    }

    // Tools > Engine… > Check weight changes: `probe --genome`'s check with the panel's genome. The
    // bundled engine carries nothing; the fake engine that keeps its first Material carries state;
    // without a genome the button is disabled and says why.
    void theEngineDialogChecksWhetherWeightChangesCarryOver() {
        auto w = ui::test::makeTestWindow();
        ui::EngineProbeDialog* d = w->openEngineProbe();
        QSignalSpy checked(d, &ui::EngineProbeDialog::weightChangesChecked);
        QVERIFY(d->weightChangesButton()->isEnabled());
        QTest::mouseClick(d->weightChangesButton(), Qt::LeftButton);
        QVERIFY(d->isCheckingWeightChanges());
        QVERIFY(!d->weightChangesButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(checked.count(), 1, mf::test_time::scaledMs(60000));
        QVERIFY2(d->weightChangesText().startsWith(QStringLiteral("<b>Carries nothing</b> across weight changes (250 "
                                                                  "positions at depth 1")),
                 qPrintable(d->weightChangesText()));
        QVERIFY(d->weightChangesButton()->isEnabled());
        maybeGrab(d, "engine-probe-carries-nothing");
        d->close();

        // Closed in the middle of a check: the check is stopped and its answer never arrives.
        auto* closing = new ui::EngineProbeDialog(mf::tuning::engineConfigOf(w->parameters()->settings().engine),
                                                  w->parameters()->settings().genome, QString::fromStdString(
                                                      mf::tuning::bundledOpenings(MATEFIND_BIN_DIR).string()));
        QTest::mouseClick(closing->weightChangesButton(), Qt::LeftButton);
        QVERIFY(closing->isCheckingWeightChanges());
        delete closing;  // waits for the stopped check; a late answer would reach a destroyed dialog
        QTest::qWait(50);

        // The fake engine answers e2e4 everywhere: positions where that is legal, in an openings file.
        const QString openings = dir_.filePath(QStringLiteral("e2e4-openings.epd"));
        {
            QFile f(openings);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
                    "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -\n"
                    "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -\n");
        }
        const ui::RunSettings fake = fakeRun(*w, {"--by-position", "--stale-cache"});
        ui::EngineProbeDialog stale(mf::tuning::engineConfigOf(fake.engine), fake.genome, openings);
        QSignalSpy staleChecked(&stale, &ui::EngineProbeDialog::weightChangesChecked);
        QTest::mouseClick(stale.weightChangesButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(staleChecked.count(), 1, mf::test_time::scaledMs(60000));
        QVERIFY2(stale.weightChangesText().contains(QStringLiteral("<b>Carries state</b></span> across weight changes: "
                                                                   "on one process 3 scores at the other weights")),
                 qPrintable(stale.weightChangesText()));
        maybeGrab(&stale, "engine-probe-carries-state");

        // On the bundled openings the fake's e2e4 is illegal somewhere: the check says it could not judge.
        w->parameters()->setSettings(fake);
        ui::EngineProbeDialog* illegal = w->openEngineProbe();
        QSignalSpy illegalChecked(illegal, &ui::EngineProbeDialog::weightChangesChecked);
        QTest::mouseClick(illegal->weightChangesButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(illegalChecked.count(), 1, mf::test_time::scaledMs(60000));
        QVERIFY2(illegal->weightChangesText().startsWith(QStringLiteral("Not checked: ")) &&
                     illegal->weightChangesText().contains(QStringLiteral("illegal bestmove")),
                 qPrintable(illegal->weightChangesText()));
        illegal->close();

        // Enter closes the dialog: Close is its default button, not the check of five passes.
        ui::EngineProbeDialog enter(mf::tuning::engineConfigOf(fake.engine), fake.genome, openings);
        enter.show();
        QVERIFY(QTest::qWaitForWindowExposed(&enter));
        QTest::keyClick(&enter, Qt::Key_Return);
        QVERIFY(!enter.isVisible());
        QVERIFY(!enter.isCheckingWeightChanges());

        ui::EngineProbeDialog none(mf::tuning::engineConfigOf(fake.engine), mf::ga::Genome(), openings);
        QVERIFY(!none.weightChangesButton()->isEnabled());
        QVERIFY2(none.weightChangesText().contains(QStringLiteral("needs a genome")), qPrintable(none.weightChangesText()));
        none.checkWeightChanges();  // refused: nothing starts
        QVERIFY(!none.isCheckingWeightChanges());
    }
};

QTEST_MAIN(EngineChecksTest)
#include "engine_checks_test.moc"
