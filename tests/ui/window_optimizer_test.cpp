// The optimiser in the window, as `matefind-cli tune --optimizer` (tiny real evalfit runs on the
// bundled engine: three terms, five positions): SPSA chosen in the Optimiser group runs SPSA and
// its file says so; the GA's exploration (start population, creep, restart spread, start values)
// reaches the run and its file; both come back on Open; fields the chosen optimiser does not use
// are greyed with the reason, its own shown; a bad start values file is named with its line; an
// old file without the keys opens as a GA run. Also: evalfit's p_m and k defaults are the CLI's,
// and the progress bar says "finished" after a run.
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include "evolution/tuning/optimizers/registry.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "ui/parameters/fitness_section.h"
#include "ui/parameters/optimizer_section.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"

using namespace mf;
using Status = tuning::RunStatus;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return path;
}

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The value of `key = value` in a population file, or a null string.
QString fileValue(const QString& text, const QString& key) {
    for (const QString& line : text.split(QLatin1Char('\n')))
        if (line.startsWith(key + QStringLiteral(" = ")))
            return line.mid(key.size() + 3);
    return {};
}

void choose(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);  // as a click: currentIndexChanged, an edit
}

// Replaces a line edit's text as typing does (textEdited).
void type(QLineEdit* edit, const QString& text) {
    edit->selectAll();
    QTest::keyClicks(edit, text);
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Delete);
}

}  // namespace

class WindowOptimizerTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;
    QString data_;

    // The panel's settings made tiny: evalfit on five positions, the bundled genome's first
    // three terms, population 4, two generations.
    ui::RunSettings tinyEvalfit(const ui::MainWindow& w) const {
        ui::RunSettings s = ui::test::tinyRunSettings(w, 2, suite_, 3, 2);
        s.measure = tuning::FitnessMeasure::Evalfit;
        s.of<tuning::EvalfitSettings>() = {};
        s.of<tuning::EvalfitSettings>().data = data_.toStdString();
        std::vector<ga::Term> terms = s.genome.terms();
        terms.resize(std::min<std::size_t>(terms.size(), 3));
        s.genome = ga::Genome(std::move(terms));
        return s;
    }

    // Starts the panel's run and waits for its end, then saves it to `file`.
    void runAndSave(ui::MainWindow& w, const QString& file) {
        if (!w.parameters()->isValid())
            qWarning() << w.parameters()->problems();
        QTRY_VERIFY_WITH_TIMEOUT(w.startAction()->isEnabled(), 30000);
        w.startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w.bridge()->status(), Status::Finished, 120000);
        QSignalSpy saved(&w, &ui::MainWindow::fileDone);
        w.saveTo(file);
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 10000);
        QVERIFY(saved.first().first().toBool());
    }

    std::unique_ptr<ui::MainWindow> reopen(const QString& file) {
        auto w = ui::test::makeTestWindow();
        QSignalSpy opened(w.get(), &ui::MainWindow::fileDone);
        w->openFile(file);
        [&] { QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000); }();
        return w;
    }

private slots:
    void initTestCase() {
        ui::test::setUpWindowTests(dir_, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"m1\";\n", suite_);
        data_ = writeFile(dir_, QStringLiteral("train.epd"),
                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";\n"
                          "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n"
                          "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"
                          "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";\n"
                          "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n");
        QVERIFY(!data_.isEmpty());
    }

    // Each optimiser greys what it does not use, saying why, and shows only its own settings.
    void fieldsFollowTheChosenOptimiser() {
        auto w = ui::test::makeTestWindow();
        ui::ParameterPanel* panel = w->parameters();
        ui::OptimizerSection* o = panel->optimizerSection();
        QLineEdit* pm = panel->edit(ga::Field::Pm);
        const QList<QWidget*> gaOnly = {pm, panel->edit(ga::Field::Pk), panel->edit(ga::Field::Elite),
                                        panel->edit(ga::Field::TournamentSize), panel->selectionCombo()};
        const QList<QWidget*> gaOwn = {o->numberEdit(tuning::kGaCreep), o->numberEdit(tuning::kGaCreepShrink),
                                       o->numberEdit(tuning::kGaRestartSpread)};
        for (QWidget* f : gaOnly + gaOwn)
            QVERIFY2(f->isEnabled() && f->isVisibleTo(w.get()), qPrintable(f->objectName()));
        QVERIFY(o->startCombo()->isEnabled());
        QVERIFY(!o->numberEdit(tuning::kSpsaREnd)->isVisibleTo(w.get()) && !o->numberEdit(tuning::kCmaesSigma)->isVisibleTo(w.get()));

        choose(o->optimizerCombo(), QStringLiteral("spsa"));
        for (QWidget* f : gaOnly) {
            QVERIFY2(!f->isEnabled(), qPrintable(f->objectName()));
            QVERIFY2(f->toolTip().contains(QStringLiteral("is a GA option; the optimiser spsa does not use it")),
                     qPrintable(f->toolTip()));
        }
        // The GA's own numbers are shown only while the GA makes a stage of the run.
        for (QWidget* f : gaOwn) {
            QVERIFY2(!f->isEnabled() && !f->isVisibleTo(w.get()), qPrintable(f->objectName()));
            QVERIFY2(f->toolTip().contains(QStringLiteral("needs the optimiser ga")), qPrintable(f->toolTip()));
        }
        QVERIFY(!o->startCombo()->isEnabled());
        QVERIFY(o->startCombo()->toolTip().contains(QStringLiteral("SPSA starts at the defaults")));
        QVERIFY(o->numberEdit(tuning::kSpsaREnd)->isVisibleTo(w.get()) && o->numberEdit(tuning::kSpsaREnd)->isEnabled());
        QVERIFY(o->numberEdit(tuning::kSpsaScale)->isVisibleTo(w.get()) && o->numberEdit(tuning::kSpsaScale)->isEnabled());
        QVERIFY(!o->numberEdit(tuning::kCmaesSigma)->isVisibleTo(w.get()));
        QVERIFY(panel->edit(ga::Field::Generations)->isEnabled() && panel->edit(ga::Field::Seed)->isEnabled());
        QVERIFY(o->startValuesEdit()->isEnabled());
        QVERIFY(!w->fightAction()->isEnabled());
        QVERIFY(w->fightAction()->toolTip().contains(QStringLiteral("GA's selection types")));

        choose(o->optimizerCombo(), QStringLiteral("cmaes"));
        QVERIFY(o->startCombo()->isEnabled());
        QVERIFY(!pm->isEnabled() && !o->numberEdit(tuning::kGaCreep)->isEnabled());
        QVERIFY(pm->toolTip().contains(QStringLiteral("the optimiser cmaes does not use it")));
        QVERIFY(o->numberEdit(tuning::kCmaesSigma)->isVisibleTo(w.get()) && !o->numberEdit(tuning::kSpsaREnd)->isVisibleTo(w.get()));

        choose(o->optimizerCombo(), QStringLiteral("ga"));
        for (QWidget* f : gaOnly + gaOwn)
            QVERIFY2(f->isEnabled() && f->isVisibleTo(w.get()), qPrintable(f->objectName()));
        QVERIFY(!pm->toolTip().contains(QStringLiteral("GA option")));
    }

    // SPSA's rules are the library's: an odd population is marked at N, a bad r_end at its field.
    void spsaRulesMarkTheirFields() {
        auto w = ui::test::makeTestWindow();
        ui::ParameterPanel* panel = w->parameters();
        ui::OptimizerSection* o = panel->optimizerSection();
        choose(o->optimizerCombo(), QStringLiteral("spsa"));
        type(panel->edit(ga::Field::PopulationSize), QStringLiteral("5"));
        QVERIFY(!panel->isValid());
        QVERIFY(panel->edit(ga::Field::PopulationSize)->toolTip().contains(QStringLiteral("even population size")));
        type(panel->edit(ga::Field::PopulationSize), QStringLiteral("6"));
        type(o->numberEdit(tuning::kSpsaREnd), QStringLiteral("0"));
        QVERIFY(o->numberEdit(tuning::kSpsaREnd)->toolTip().contains(QStringLiteral("spsa r_end: must be greater than 0")));
        QVERIFY(!panel->isValid());
        type(o->numberEdit(tuning::kSpsaREnd), QStringLiteral("0.002"));
        QVERIFY2(panel->problems().filter(QStringLiteral("spsa")).isEmpty(), qPrintable(panel->problems().join('\n')));
        // The GA's creep is refused by its own rule only while the GA uses it.
        choose(o->optimizerCombo(), QStringLiteral("ga"));
        type(o->numberEdit(tuning::kGaCreep), QStringLiteral("1.5"));
        QVERIFY(o->numberEdit(tuning::kGaCreep)->toolTip().contains(QStringLiteral("is not a number from 0 to 1")));
    }

    // SPSA chosen in the window runs SPSA: the file says optimizer spsa with its r_end, and holds
    // SPSA's state (theta, the iterations of G x N/2); Open brings the choice back.
    void spsaChosenInTheWindowRunsSpsa() {
        auto w = ui::test::makeTestWindow();
        w->parameters()->setSettings(tinyEvalfit(*w));
        ui::OptimizerSection* o = w->parameters()->optimizerSection();
        choose(o->optimizerCombo(), QStringLiteral("spsa"));
        type(o->numberEdit(tuning::kSpsaREnd), QStringLiteral("0.004"));
        type(o->numberEdit(tuning::kSpsaScale), QStringLiteral("500"));
        QCOMPARE(w->parameters()->settings().optimizer.first(), std::string("spsa"));
        const QString file = dir_.filePath(QStringLiteral("spsa.mfpop"));
        runAndSave(*w, file);
        if (QTest::currentTestFailed())
            return;
        auto* bar = w->findChild<QProgressBar*>(QStringLiteral("positionsProgress"));
        QCOMPARE(bar->format(), QStringLiteral("finished"));
        const QString text = readText(file);
        QCOMPARE(fileValue(text, QStringLiteral("optimizer")), QStringLiteral("spsa"));
        QCOMPARE(fileValue(text, QStringLiteral("spsa_r_end")).toDouble(), 0.004);
        QCOMPARE(fileValue(text, QStringLiteral("spsa_scale")).toDouble(), 500.0);
        QCOMPARE(fileValue(text, QStringLiteral("iterations")), QStringLiteral("4"));  // G 2 x N 4 / 2
        QVERIFY(!fileValue(text, QStringLiteral("theta")).isEmpty());
        QVERIFY(!text.contains(QStringLiteral("ga_creep")));

        auto back = reopen(file);
        ui::OptimizerSection* ob = back->parameters()->optimizerSection();
        QCOMPARE(ob->optimizerCombo()->currentText(), QStringLiteral("SPSA"));
        QCOMPARE(ob->numberEdit(tuning::kSpsaREnd)->text(), QStringLiteral("0.004"));
        QCOMPARE(ob->numberEdit(tuning::kSpsaScale)->text(), QStringLiteral("500"));
        QVERIFY(!back->parameters()->edit(ga::Field::Pm)->isEnabled());
        QCOMPARE(back->parameters()->settings().optimizer, w->parameters()->settings().optimizer);
    }

    // The GA's exploration reaches the run: the start scheme, creep and restart spread in the
    // file's extras, the start value as the saved genome's default; all back on Open.
    void gaExplorationReachesTheRunAndComesBack() {
        auto w = ui::test::makeTestWindow();
        ui::RunSettings s = tinyEvalfit(*w);
        w->parameters()->setSettings(s);
        const ga::Term& first = s.genome[0];
        const int value = first.defaultValue + 3;  // inside any window of a few bits
        const QString values =
            writeFile(dir_, QStringLiteral("start-values.txt"),
                      QStringLiteral("# start here\n%1 = %2\n").arg(QString::fromStdString(first.option)).arg(value).toUtf8());
        ui::OptimizerSection* o = w->parameters()->optimizerSection();
        choose(o->startCombo(), int(ga::StartPopulation::LatinHypercube));
        type(o->numberEdit(tuning::kGaCreep), QStringLiteral("0.25"));
        type(o->numberEdit(tuning::kGaCreepShrink), QStringLiteral("0.6"));
        type(o->numberEdit(tuning::kGaRestartSpread), QStringLiteral("0.1"));
        o->startValuesEdit()->setText(values);  // as the file chooser puts it
        QTRY_VERIFY(w->parameters()->problems().filter(QStringLiteral("Start values")).isEmpty());
        QCOMPARE(w->parameters()->settings().genome[0].defaultValue, value);
        const QString file = dir_.filePath(QStringLiteral("ga.mfpop"));
        runAndSave(*w, file);
        if (QTest::currentTestFailed())
            return;
        const QString text = readText(file);
        QCOMPARE(fileValue(text, QStringLiteral("start")), QStringLiteral("latin-hypercube"));
        QCOMPARE(fileValue(text, QStringLiteral("ga_creep")).toDouble(), 0.25);
        QCOMPARE(fileValue(text, QStringLiteral("ga_restart_spread")).toDouble(), 0.1);
        QCOMPARE(fileValue(text, QStringLiteral("ga_creep_shrink")).toDouble(), 0.6);
        QVERIFY(fileValue(text, QStringLiteral("optimizer")).isNull());  // a GA file as before
        QVERIFY(text.contains(QStringLiteral("default = %1\n").arg(value)));

        auto back = reopen(file);
        ui::OptimizerSection* ob = back->parameters()->optimizerSection();
        QCOMPARE(ob->optimizerCombo()->currentText(), QStringLiteral("GA"));
        QCOMPARE(ob->startCombo()->currentText(), QStringLiteral("latin-hypercube"));
        QCOMPARE(ob->numberEdit(tuning::kGaCreep)->text(), QStringLiteral("0.25"));
        QCOMPARE(ob->numberEdit(tuning::kGaRestartSpread)->text(), QStringLiteral("0.1"));
        QCOMPARE(ob->numberEdit(tuning::kGaCreepShrink)->text(), QStringLiteral("0.6"));
        QCOMPARE(back->parameters()->settings().genome[0].defaultValue, value);

        // A file of a version without these keys opens as the GA without exploration.
        QString old = text;
        for (const QString key :
             {QStringLiteral("ga_creep"), QStringLiteral("ga_creep_shrink"), QStringLiteral("ga_restart_spread")})
            old.remove(QRegularExpression(QStringLiteral("\n%1 = [^\n]*").arg(key)));
        const QString oldFile = writeFile(dir_, QStringLiteral("old.mfpop"), old.toUtf8());
        choose(ob->optimizerCombo(), QStringLiteral("spsa"));  // what the file must replace
        QSignalSpy opened(back.get(), &ui::MainWindow::fileDone);
        back->openFile(oldFile);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
        QVERIFY(opened.first().first().toBool());
        QCOMPARE(ob->optimizerCombo()->currentText(), QStringLiteral("GA"));
        QCOMPARE(ob->numberEdit(tuning::kGaCreep)->text(), QStringLiteral("0"));
        QCOMPARE(ob->numberEdit(tuning::kGaRestartSpread)->text(), QStringLiteral("0"));
        QCOMPARE(ob->numberEdit(tuning::kGaCreepShrink)->text(), QStringLiteral("0.8"));  // the rule before the key
    }

    // A start values line that names no term blocks Start, naming the file and the line.
    void badStartValuesNameTheFileAndLine() {
        auto w = ui::test::makeTestWindow();
        w->parameters()->setSettings(tinyEvalfit(*w));
        const QString bad = writeFile(dir_, QStringLiteral("bad-values.txt"),
                                      "# fine so far\nNoSuchTerm = 5\n");
        ui::OptimizerSection* o = w->parameters()->optimizerSection();
        o->startValuesEdit()->setText(bad);
        const QString expected = bad + QStringLiteral(":2: NoSuchTerm: is not a term of the genome");
        QTRY_VERIFY2(w->parameters()->problems().join('\n').contains(expected), qPrintable(w->parameters()->problems().join('\n')));
        QVERIFY(o->startValuesEdit()->toolTip().contains(expected));
        QVERIFY(!w->parameters()->isValid());
        QVERIFY(w->parameters()->problemLabel()->text().contains(expected));
        o->startValuesEdit()->clear();
        QTRY_VERIFY(w->parameters()->problems().filter(QStringLiteral("Start values")).isEmpty());
    }

    // The choices are the user's next session's too (QSettings), through the same parsing.
    void choicesComeBackNextSession() {
        QSettings stored(dir_.filePath(QStringLiteral("choices.ini")), QSettings::IniFormat);
        {
            auto w = ui::test::makeTestWindow();
            ui::OptimizerSection* o = w->parameters()->optimizerSection();
            choose(o->optimizerCombo(), QStringLiteral("cmaes"));
            choose(o->startCombo(), int(ga::StartPopulation::Uniform));
            type(o->numberEdit(tuning::kCmaesSigma), QStringLiteral("0.15"));
            w->parameters()->saveChoices(stored);
        }
        auto w = ui::test::makeTestWindow();
        w->parameters()->restoreChoices(stored);
        const ui::RunSettings s = w->parameters()->settings();
        QCOMPARE(s.optimizer.first(), std::string("cmaes"));
        QCOMPARE(s.optimizer.number(tuning::kCmaesSigma), 0.15);
        QCOMPARE(s.start, ga::StartPopulation::Uniform);
        QVERIFY(!w->parameters()->edit(ga::Field::Pm)->isEnabled());
    }

    // A fresh window's p_m and k are the CLI's for the measure and genome (tuning::defaultSettings);
    // fields the user did not change follow another measure.
    void evalfitDefaultsAreTheClis() {
        auto w = ui::test::makeTestWindow();
        ui::ParameterPanel* panel = w->parameters();
        const ui::RunSettings s = panel->settings();
        QCOMPARE(s.measure, tuning::FitnessMeasure::Evalfit);
        const ga::Parameters cli = tuning::defaultSettings(s.measure, s.genome).parameters;
        QCOMPARE(s.parameters.pm, cli.pm);
        QCOMPARE(s.parameters.pm, tuning::kEvalfitBitsFlipped / double(s.genome.length()));
        QCOMPARE(s.parameters.selection.tournamentSize, tuning::kEvalfitTournamentSize);
        auto* fitness = w->findChild<ui::FitnessSection*>();
        choose(fitness->measureCombo(), int(tuning::FitnessMeasure::Solved));
        QCOMPARE(panel->settings().parameters.pm, ga::Parameters{}.pm);
        QCOMPARE(panel->settings().parameters.selection.tournamentSize, ga::Parameters{}.selection.tournamentSize);
        // A value the user typed stays.
        type(panel->edit(ga::Field::Pm), QStringLiteral("0.05"));
        choose(fitness->measureCombo(), int(tuning::FitnessMeasure::Evalfit));
        QCOMPARE(panel->settings().parameters.pm, 0.05);
        QCOMPARE(panel->settings().parameters.selection.tournamentSize, tuning::kEvalfitTournamentSize);
    }
};

QTEST_MAIN(WindowOptimizerTest)
#include "window_optimizer_test.moc"
