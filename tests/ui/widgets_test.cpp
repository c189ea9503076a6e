// The workbench's widgets without engines: validators, cross-field checks, the MAX/q_lin link,
// selection-specific fields, the genome table's live m, the schema panel against mf_ga, the Gray
// converter and the sortable population table.
#include "ui/views/engine_log_view.h"
#include "ui/report/evaluation_report.h"
#include "ui/models/genome_model.h"
#include "ui/views/gray_converter.h"
#include "ui/fields/input_validators.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_model.h"
#include "ui/models/run_types.h"
#include "ui/views/schema_panel.h"
#include "ui/views/statistics_panel.h"
#include "tests/test_time.h"

#include "evolution/ga/evolution.h"
#include "evolution/ga/schema.h"

#include <QComboBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QPrinter>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace mf;

namespace {

const QString kPreset = QStringLiteral(MATEFIND_SOURCE_DIR "/resources/genomes/matefind.json");

bool accepts(const QRegularExpression& re, const QString& text) {
    QRegularExpressionValidator v(re);
    QString t = text;
    int pos = 0;
    return v.validate(t, pos) == QValidator::Acceptable;
}

bool rejects(const QRegularExpression& re, const QString& text) {
    QRegularExpressionValidator v(re);
    QString t = text;
    int pos = 0;
    return v.validate(t, pos) == QValidator::Invalid;
}

// Measure solved: the suites are the files the panel checks (evalfit reads the data files).
void useSuites(ui::ParameterPanel& panel) {
    auto* measure = panel.findChild<QComboBox*>(QStringLiteral("measure"));
    measure->setCurrentIndex(measure->findText(QStringLiteral("solved")));
}

// Replaces an edit's text the way typing does (validator applies, textEdited fires).
void type(QLineEdit* edit, const QString& text) {
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

ga::Population evaluatedPopulation(const ga::Genome& genome, std::uint64_t seed) {
    ga::Parameters p;
    p.populationSize = 12;
    p.seed = seed;
    ga::RunState state = ga::startRun(p, genome);
    // Fitness: number of ones in the first 20 bits (a deterministic, varied landscape).
    ga::evaluatePending(state, [](const ga::Chromosome& c) {
        double ones = 0;
        for (std::size_t i = 0; i < 20; ++i)
            ones += c[i] ? 1 : 0;
        return ones;
    });
    return state.population;
}

} // namespace

class WidgetsTest : public QObject {
    Q_OBJECT
private slots:
    void statisticsShowLimitBreakingSearches();
    void statisticsShowScoresDroppedAtTheCacheBound();
    void validatorPatterns();
    void restoredChoicesKeepDefaultsForMissingKeys();
    void typingIsFiltered();
    void crossFieldRuleBlocksStart();
    void maxAndQLinAreLinked();
    void selectionFieldsFollowTheType();
    void genomeBitsUpdateLengthLive();
    void genomeLoadsTuneLines();
    void missingFilesAreReported();
    void autosavePathIsCheckedAndKept();
    void lockedPanelIgnoresTyping();
    void typedPathsAreCheckedOnceTypingPauses();
    void schemaPanelShowsLibraryNumbers();
    void schemaPanelRejectsWrongLength();
    void schemaPanelShowsTermBoundaries();
    void schemaPanelTakesATermsPart();
    void grayConverterBothWays();
    void populationTableSortsNumerically();
    void reportPrintsToPdf();
    void engineLogKeepsTheLastLinesPerEngine();
    void engineLogFollowsTheNewestLineUnlessScrolledUp();
};

// The run's count of searches that broke the nodes limit is shown with its statistics,
// a generation's and the run's; in a fight, the round's.
void WidgetsTest::statisticsShowLimitBreakingSearches() {
    ui::StatisticsPanel panel;
    const ga::Genome genome;
    tuning::GenerationReport report;
    report.cost.limitBreakingSearches = 3;
    report.limitBreakingSearchesTotal = 17;
    panel.showReport(genome, report);
    auto* shown = panel.findChild<QLabel*>(QStringLiteral("limits"));
    QVERIFY(shown);
    QCOMPARE(shown->text(), QStringLiteral("3 this generation, 17 in the run"));
    tuning::FightRound round;
    round.generation = 1;
    round.lanes.push_back(report);
    round.lanes.back().cost = {};  // a lane's cost is empty: the round holds it
    round.lanes.back().lane = ga::SelectionType::Tournament;
    round.cost.limitBreakingSearches = 5;
    panel.showFightRound(genome, round);
    QCOMPARE(shown->text(), QStringLiteral("5 this generation, 17 in the run"));
}

// The Cache line names the scores dropped at the score cache's bound once there are any.
void WidgetsTest::statisticsShowScoresDroppedAtTheCacheBound() {
    ui::StatisticsPanel panel;
    const ga::Genome genome;
    tuning::GenerationReport report;
    report.cost.searchedCandidates = 4;
    report.cost.cachedCandidates = 6;
    report.cacheHitRate = 0.6;
    report.cache.capacity = std::size_t{256} << 20;
    panel.showReport(genome, report);
    auto* shown = panel.findChild<QLabel*>(QStringLiteral("cache"));
    QVERIFY(shown);
    QVERIFY2(!shown->text().contains(QStringLiteral("evicted")), qPrintable(shown->text()));
    report.cache.evictions = 1234;
    panel.showReport(genome, report);
    QVERIFY2(shown->text().endsWith(QStringLiteral(", 1234 evicted at the 256 MiB bound")), qPrintable(shown->text()));
}

void WidgetsTest::validatorPatterns() {
    using namespace ui::validators;
    QVERIFY(accepts(probability(), "0.25"));
    QVERIFY(accepts(probability(), "1"));
    QVERIFY(accepts(probability(), ".5"));
    QVERIFY(rejects(probability(), "1.5"));
    QVERIFY(rejects(probability(), "-0.1"));
    QVERIFY(rejects(probability(), "2"));
    QVERIFY(rejects(probability(), "0.1e5"));
    QVERIFY(accepts(count(6), "30"));
    QVERIFY(rejects(count(6), "-3"));
    QVERIFY(rejects(count(6), "3.5"));
    QVERIFY(rejects(count(6), "1234567"));
    QVERIFY(accepts(seed(), "18446744073709551615"));
    QVERIFY(rejects(seed(), "123456789012345678901"));
    QVERIFY(rejects(seed(), "12a"));
    QVERIFY(accepts(schema(), "10** *1"));
    QVERIFY(rejects(schema(), "10x"));
    QVERIFY(accepts(bits(), "16"));
    QVERIFY(rejects(bits(), "17"));
    QVERIFY(rejects(bits(), "0"));
    QVERIFY(accepts(bitString(), "1101"));
    QVERIFY(rejects(bitString(), "1102"));
    QVERIFY(rejects(path(), QStringLiteral("a\nb")));
    QVERIFY(accepts(decimal(3), "12.5"));
    QVERIFY(accepts(probability(), "0.00684931506849315"));  // the CLI's p_m = 1/146, shown whole
    QVERIFY(rejects(decimal(3), "1,5"));
}

void WidgetsTest::typingIsFiltered() {
    // Nothing typed is swallowed: a text that is no value stays in the field, shaded, with the
    // reason in the panel's words; the last good value is kept until it is fixed.
    ui::ParameterPanel panel;
    panel.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, kPreset);
    panel.setDefaultData(kPreset, {});  // any existing file for the default measure's data
    QLineEdit* pm = panel.edit(ga::Field::Pm);
    // A value from a file (the CLI's default p_m is 1/m) shows four significant digits and is
    // valid; the exact value is kept (its tooltip says it): an opened run continues with the very
    // value it was saved with, and the saved choices hold it too.
    ui::RunSettings fromFile = panel.settings();
    fromFile.parameters.pm = 1.0 / 146;
    panel.setSettings(fromFile);
    QVERIFY2(!pm->property("invalid").toBool(), qPrintable(pm->text()));
    QCOMPARE(pm->text(), QStringLiteral("0.006849"));
    QVERIFY2(pm->toolTip().contains(QStringLiteral("0.00684931506849315")), qPrintable(pm->toolTip()));
    QCOMPARE(panel.settings().parameters.pm, 1.0 / 146);
    QCOMPARE(ui::ParameterFields::significant(0.00037055335968379444), QStringLiteral("0.0003706"));
    QCOMPARE(ui::ParameterFields::significant(0.014150943396226415), QStringLiteral("0.01415"));
    QCOMPARE(ui::ParameterFields::significant(0.5), QStringLiteral("0.5"));
    QCOMPARE(ui::ParameterFields::significant(0.99999), QStringLiteral("1"));
    {
        QTemporaryDir dir;
        QSettings saved(dir.filePath(QStringLiteral("choices.ini")), QSettings::IniFormat);
        panel.saveChoices(saved);
        QCOMPARE(saved.value(QStringLiteral("parameters/p_m")).toString(), QStringLiteral("0.00684931506849315"));
        ui::ParameterPanel again;
        again.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, kPreset);
        again.restoreChoices(saved);
        QCOMPARE(again.settings().parameters.pm, 1.0 / 146);
        QCOMPARE(again.edit(ga::Field::Pm)->text(), QStringLiteral("0.006849"));
    }
    type(pm, "0.0x5");
    QCOMPARE(pm->text(), QStringLiteral("0.0x5"));
    QVERIFY(pm->property("invalid").toBool());
    QCOMPARE(panel.problems().value(0), QStringLiteral("Mutation p_m: \"0.0x5\" is not a number from 0 to 1, like 0.75"));
    QLineEdit* pk = panel.edit(ga::Field::Pk);
    type(pk, "1.5");
    QCOMPARE(pk->text(), QStringLiteral("1.5"));  // not "1." with no shading
    QVERIFY(pk->property("invalid").toBool());
    QVERIFY(pk->toolTip().contains(QStringLiteral("not a number from 0 to 1")));
    QLineEdit* population = panel.edit(ga::Field::PopulationSize);
    type(population, "-12");
    QCOMPARE(population->text(), QStringLiteral("-12"));
    QVERIFY(panel.problems().join('\n').contains(QStringLiteral("Population size N: \"-12\" is not a whole number")));
    QVERIFY(!panel.isValid());
    type(population, "12");
    type(pm, "0.05");
    type(pk, "0.7");
    QVERIFY2(panel.isValid(), qPrintable(panel.problems().join('\n')));
    QCOMPARE(panel.settings().parameters.populationSize, 12);
    QCOMPARE(panel.settings().parameters.pm, 0.05);
    // A control character is never part of a number.
    QString pasted = QStringLiteral("0.1\t");
    int at = 0;
    QCOMPARE(pm->validator()->validate(pasted, at), QValidator::Invalid);
}

void WidgetsTest::crossFieldRuleBlocksStart() {
    ui::ParameterPanel panel;
    panel.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, kPreset);  // any existing files
    panel.setDefaultData(kPreset, {});
    QVERIFY2(panel.isValid(), qPrintable(panel.problems().join('\n')));
    QSignalSpy validity(&panel, &ui::ParameterPanel::validityChanged);
    QLineEdit* elite = panel.edit(ga::Field::Elite);
    type(elite, "30");  // population size is 30: elitism must stay below it
    QVERIFY(!panel.isValid());
    QVERIFY(validity.count() >= 1);
    QVERIFY(elite->property("invalid").toBool());
    // The library's rule in the panel's words: its label, N for the population size.
    QCOMPARE(panel.problems().value(0), QStringLiteral("Elitism e must be from 0 to N - 1 = 29, not 30"));
    QVERIFY(panel.problemLabel()->text().contains(QStringLiteral("Elitism e")));
    // Raising the population makes the same elitism valid: the rule is cross-field.
    type(panel.edit(ga::Field::PopulationSize), "40");
    QVERIFY2(panel.isValid(), qPrintable(panel.problems().join('\n')));
    QVERIFY(!elite->property("invalid").toBool());
    // An incomplete number is a problem too.
    type(panel.edit(ga::Field::Pk), ".");
    QVERIFY(!panel.isValid());
    QVERIFY(panel.problems().value(0).startsWith(QStringLiteral("Crossover p_k: \".\" is not")));
}

void WidgetsTest::maxAndQLinAreLinked() {
    ui::ParameterPanel panel;
    panel.selectionCombo()->setCurrentIndex(panel.selectionCombo()->findText("linear"));
    type(panel.edit(ga::Field::PopulationSize), "20");
    type(panel.edit(ga::Field::LinearMax), "2");
    QCOMPARE(panel.edit(ga::Field::QLin)->text().toDouble(), 0.1);
    type(panel.edit(ga::Field::QLin), "0.075");
    QCOMPARE(panel.edit(ga::Field::LinearMax)->text().toDouble(), 1.5);
    QCOMPARE(panel.settings().parameters.selection.linearMax, 1.5);
    // q_lin follows a new N (MAX is what is stored).
    type(panel.edit(ga::Field::PopulationSize), "30");
    QCOMPARE(panel.edit(ga::Field::QLin)->text().toDouble(), 0.05);
    // q_lin beyond 2/N is marked with the library's message.
    type(panel.edit(ga::Field::QLin), "0.09");
    QVERIFY(panel.edit(ga::Field::QLin)->property("invalid").toBool());
    QVERIFY(!panel.isValid());
}

void WidgetsTest::selectionFieldsFollowTheType() {
    ui::ParameterPanel panel;
    auto shown = [&](ga::Field f) { return panel.edit(f)->isVisibleTo(&panel); };
    const std::pair<const char*, std::array<bool, 4>> cases[] = {
        // MAX, q_lin, q_nolin, k
        {"proportional", {false, false, false, false}},
        {"baker", {false, false, false, false}},
        {"linear", {true, true, false, false}},
        {"nonlinear", {false, false, true, false}},
        {"tournament", {false, false, false, true}},
    };
    for (const auto& [name, expected] : cases) {
        panel.selectionCombo()->setCurrentIndex(panel.selectionCombo()->findText(name));
        QCOMPARE(shown(ga::Field::LinearMax), expected[0]);
        QCOMPARE(shown(ga::Field::QLin), expected[1]);
        QCOMPARE(shown(ga::Field::QNolin), expected[2]);
        QCOMPARE(shown(ga::Field::TournamentSize), expected[3]);
    }
    // A hidden field that holds no value blocks too (a fight runs every selection type), and its
    // row comes into sight so it can be fixed; fixing it hides the row again.
    panel.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, kPreset);
    panel.setDefaultData(kPreset, {});  // any existing file for the default measure's data
    panel.selectionCombo()->setCurrentIndex(panel.selectionCombo()->findText("nonlinear"));
    type(panel.edit(ga::Field::QNolin), QString());
    panel.selectionCombo()->setCurrentIndex(panel.selectionCombo()->findText("tournament"));
    QVERIFY(!panel.isValid());
    QVERIFY(panel.problems().value(0).contains(QStringLiteral("q_nolin")));
    QVERIFY(shown(ga::Field::QNolin));
    type(panel.edit(ga::Field::QNolin), QStringLiteral("0.2"));
    QVERIFY2(panel.isValid(), qPrintable(panel.problems().join('\n')));
    QVERIFY(!shown(ga::Field::QNolin));
}

void WidgetsTest::genomeBitsUpdateLengthLive() {
    ui::ParameterPanel panel;
    panel.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, kPreset);
    panel.setDefaultData(kPreset, {});  // any existing file for the default measure's data
    ui::GenomeModel* model = panel.genomeModel();
    QCOMPARE(model->rowCount(), 12);
    QVERIFY(panel.lengthLabel()->text().contains(QStringLiteral("m = 106")));
    QVERIFY(model->setData(model->index(0, ui::GenomeModel::Bits), 10, Qt::EditRole));
    QVERIFY(panel.lengthLabel()->text().contains(QStringLiteral("m = 107")));
    QCOMPARE(model->index(0, ui::GenomeModel::Window).data().toString(), QStringLiteral("0..1023"));
    QVERIFY(!model->setData(model->index(0, ui::GenomeModel::Bits), 17, Qt::EditRole));
    QVERIFY(!model->setData(model->index(0, ui::GenomeModel::Default), 1, Qt::EditRole));
    QCOMPARE(panel.settings().genome.length(), std::size_t(107));
}

// The genome's Load takes OpenBench or fishtest tune lines as well as JSON (told apart by
// content), and a bad line is reported with its file, line and field.
void WidgetsTest::genomeLoadsTuneLines() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString lines = dir.filePath(QStringLiteral("spsa.txt"));
    {
        QFile file(lines);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("KnightValue, int, 320, 200, 450, 12.5, 0.002\nContempt, int, 0, -100, 100, 10, 0.002\n");
    }
    ui::ParameterPanel panel;
    panel.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, lines);
    ui::GenomeModel* model = panel.genomeModel();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, ui::GenomeModel::Window).data().toString(), QStringLiteral("200..450"));
    QCOMPARE(model->index(1, ui::GenomeModel::Window).data().toString(), QStringLiteral("-100..100"));
    QVERIFY(panel.lengthLabel()->text().contains(QStringLiteral("m = 16")));
    QVERIFY(!panel.problems().join('\n').contains(QStringLiteral("Genome preset")));

    const QString bad = dir.filePath(QStringLiteral("bad.txt"));
    {
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("KnightValue,320,200,450,12.5,0.002\nBishopValue,500,200,450,12.5,0.002\n");
    }
    ui::ParameterPanel refused;
    refused.setDefaults(QStringLiteral("/bin/sh"), kPreset, {}, bad);
    const QString all = refused.problems().join('\n');
    QVERIFY2(all.contains(bad + QStringLiteral(":2: start: must lie in [min, max] = [200, 450], got 500")), qPrintable(all));
}

void WidgetsTest::missingFilesAreReported() {
    ui::ParameterPanel panel;
    useSuites(panel);
    panel.setDefaults(QStringLiteral("/nonexistent/matefind-engine"), QString(), {}, QStringLiteral("/nonexistent.json"));
    const QString all = panel.problems().join('\n');
    QVERIFY(all.contains(QStringLiteral("/nonexistent/matefind-engine does not exist")));
    QVERIFY(all.contains(QStringLiteral("EPD suite: no file chosen")));
    QVERIFY(all.contains(QStringLiteral("Genome preset")));
    QVERIFY(panel.engineEdit()->property("invalid").toBool());
}

void WidgetsTest::autosavePathIsCheckedAndKept() {
    QTemporaryDir dir;
    ui::ParameterPanel panel;
    panel.setDefaults(QStringLiteral("/nonexistent/matefind-engine"), QString(), {}, kPreset);
    // Default: autosave.mfpop in the application's data folder, and it is what a run gets.
    const QString fallback = ui::ParameterPanel::defaultAutosavePath();
    QVERIFY(fallback.endsWith(QStringLiteral("/autosave.mfpop")));
    QCOMPARE(panel.autosaveEdit()->text(), fallback);
    QCOMPARE(QString::fromStdString(panel.settings().autosave.string()), fallback);
    auto autosaveProblems = [&] {
        QStringList found;
        for (const QString& p : panel.problems())
            if (p.startsWith(QStringLiteral("Autosave")))
                found << p;
        return found;
    };
    QVERIFY(autosaveProblems().isEmpty());
    // A folder is not a file to write.
    panel.autosaveEdit()->setText(dir.path());
    panel.recheckFiles();
    QCOMPARE(autosaveProblems().size(), 1);
    QVERIFY(autosaveProblems().constFirst().contains(QStringLiteral("is not a file")));
    QVERIFY(panel.autosaveEdit()->property("invalid").toBool());
    // Under a plain file nothing can be made.
    const QString plain = dir.filePath(QStringLiteral("plain"));
    QFile f(plain);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    panel.autosaveEdit()->setText(plain + QStringLiteral("/sub/a.mfpop"));
    panel.recheckFiles();
    QVERIFY(autosaveProblems().join('\n').contains(QStringLiteral("is not a folder")));
    // A folder that does not exist yet is fine: Start makes it.
    const QString nested = dir.filePath(QStringLiteral("new/deeper/a.mfpop"));
    panel.autosaveEdit()->setText(nested);
    panel.recheckFiles();
    QVERIFY(autosaveProblems().isEmpty());
    // Empty means no autosave, not an error.
    panel.autosaveEdit()->setText(QString());
    panel.recheckFiles();
    QVERIFY(autosaveProblems().isEmpty());
    QVERIFY(panel.settings().autosave.empty());
    // The choice persists, the empty one included.
    QSettings settings(dir.filePath(QStringLiteral("choices.ini")), QSettings::IniFormat);
    panel.autosaveEdit()->setText(nested);
    panel.saveChoices(settings);
    ui::ParameterPanel restored;
    restored.restoreChoices(settings);
    QCOMPARE(restored.autosaveEdit()->text(), nested);
    panel.autosaveEdit()->setText(QString());
    panel.saveChoices(settings);
    restored.restoreChoices(settings);
    QVERIFY(restored.autosaveEdit()->text().isEmpty());
}

void WidgetsTest::typedPathsAreCheckedOnceTypingPauses() {
    QTemporaryDir dir;
    const QString suite = dir.filePath(QStringLiteral("s.epd"));
    QFile f(suite);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    ui::ParameterPanel panel;
    useSuites(panel);
    panel.setDefaults(QStringLiteral("/nonexistent/matefind-engine"), QString(), {}, kPreset);
    QLineEdit* edit = panel.suiteEdit();
    QTest::keyClicks(edit, suite);
    // Right after the keystrokes: not looked at yet, so not valid, but not marked red either.
    QVERIFY(panel.problems().join('\n').contains(QStringLiteral("EPD suite: checking")));
    QVERIFY(!edit->property("invalid").toBool());
    // Once typing pauses the file is found.
    QTRY_VERIFY_WITH_TIMEOUT(!panel.problems().join('\n').contains(QStringLiteral("EPD suite")), mf::test_time::scaledMs(2000));
    // A file that goes away is noticed when the window looks again (before Start).
    QVERIFY(QFile::remove(suite));
    panel.recheckFiles();
    QVERIFY(panel.problems().join('\n').contains(QStringLiteral("does not exist")));
    QVERIFY(edit->property("invalid").toBool());
}

void WidgetsTest::lockedPanelIgnoresTyping() {
    ui::ParameterPanel panel;
    panel.setLocked(true);
    QLineEdit* g = panel.edit(ga::Field::Generations);
    const QString before = g->text();
    QTest::keyClicks(g, "9");
    QCOMPARE(g->text(), before);
    QVERIFY(!panel.selectionCombo()->isEnabled());
    QVERIFY(!(panel.genomeModel()->flags(panel.genomeModel()->index(0, ui::GenomeModel::Bits)) & Qt::ItemIsEditable));
    QVERIFY(!g->isEnabled());  // greyed, as the combos are
    // A greyed field says why, after its own help.
    QVERIFY2(g->toolTip().contains(QStringLiteral("Greyed: a run (or the check of its engine) is under way")),
             qPrintable(g->toolTip()));
    QVERIFY2(panel.selectionCombo()->toolTip().contains(QStringLiteral("Greyed: a run")),
             qPrintable(panel.selectionCombo()->toolTip()));
    panel.setLocked(false);
    QVERIFY(g->isEnabled());
    QVERIFY2(!g->toolTip().contains(QStringLiteral("Greyed")), qPrintable(g->toolTip()));
    // The default measure, evalfit, does not search with the GA's limit: greyed, and the tip says so.
    QLineEdit* limit = panel.edit(ga::Field::LimitValue);
    QVERIFY(!limit->isEnabled());
    QVERIFY2(limit->toolTip().contains(QStringLiteral("Greyed: Not used by measure evalfit")), qPrintable(limit->toolTip()));
    QVERIFY2(panel.suiteEdit()->toolTip().contains(QStringLiteral("Greyed: Not used by measure evalfit")),
             qPrintable(panel.suiteEdit()->toolTip()));
}

void WidgetsTest::schemaPanelShowsLibraryNumbers() {
    const ga::Genome genome = *ga::loadGenome(kPreset.toStdString());
    const ga::Population population = evaluatedPopulation(genome, 7);
    const double pk = 0.7, pm = 0.01;
    ui::SchemaPanel panel;
    panel.setParameters(genome.length(), pk, pm);
    panel.setPopulation(population);
    // Fix the first bit and the tenth; the rest free. Typed with grouping spaces.
    QString text = QStringLiteral("1******** 0");
    text += QString(int(genome.length()) - 10, QLatin1Char('*'));
    QTest::keyClicks(panel.schemaEdit(), text);
    QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
    const ga::Schema schema = *ga::Schema::parse(text.toStdString(), genome.length());
    const ga::SchemaReport r = ga::schemaReport(schema, population, pk, pm);
    QCOMPARE(panel.valueText("order"), QString::number(r.order));
    QCOMPARE(panel.valueText("definingLength"), QString::number(r.definingLength));
    QVERIFY(panel.valueText("matching").startsWith(QString::number(r.matching) + " of 12"));
    QCOMPARE(panel.valueText("populationMean"), QString::number(r.populationMean, 'f', 4));
    QVERIFY(r.schemaFitness.has_value());  // seed 7 has matching members; keeps the test meaningful
    QCOMPARE(panel.valueText("schemaFitness"), QString::number(*r.schemaFitness, 'f', 4));
    QCOMPARE(panel.valueText("ratio"), QString::number(*r.ratio, 'f', 4));
    QVERIFY(panel.valueText("predicted").startsWith(QString::number(*r.predicted, 'f', 4)));
    // A new generation changes the numbers without a keystroke.
    const ga::Population next = evaluatedPopulation(genome, 8);
    panel.setPopulation(next);
    const ga::SchemaReport r2 = ga::schemaReport(schema, next, pk, pm);
    QVERIFY(panel.valueText("matching").startsWith(QString::number(r2.matching) + " of 12"));
    QCOMPARE(panel.valueText("populationMean"), QString::number(r2.populationMean, 'f', 4));
}

void WidgetsTest::schemaPanelRejectsWrongLength() {
    ui::SchemaPanel panel;
    panel.setParameters(106, 0.7, 0.01);
    // Bits left off at the end are *: "10*" is a schema of order 2.
    QTest::keyClicks(panel.schemaEdit(), "10*");
    QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
    QCOMPARE(panel.valueText("order"), QStringLiteral("2"));
    QCOMPARE(panel.valueText("length"), QStringLiteral("3 / 106 (the last 103 bits: *)"));
    // Longer than m is an error, the library's.
    const QString tooLong = QString(107, QLatin1Char('*'));
    panel.setSchemaText(tooLong);
    QCOMPARE(panel.errorText(), QString::fromStdString(ga::Schema::parse(tooLong.toStdString(), 106).error().message));
    QCOMPARE(panel.valueText("order"), QStringLiteral("–"));
    panel.setSchemaText(QStringLiteral("10*"));
    // Filtered by validators::schema(), the pattern the editor uses (a
    // test of the pattern alone would miss an editor with its own copy of the rule).
    QTest::keyClicks(panel.schemaEdit(), "x");
    QCOMPARE(panel.schemaText(), QStringLiteral("10*"));
}

void WidgetsTest::schemaPanelShowsTermBoundaries() {
    const ga::Genome genome = *ga::loadGenome(kPreset.toStdString());
    ui::SchemaPanel panel;
    panel.setGenome(genome, 0.7, 0.01);
    QTableWidget* table = panel.termTable();
    QCOMPARE(table->rowCount(), int(genome.size()));
    const int b0 = genome[0].bits, b1 = genome[1].bits;
    // First term all ones, second term starts with 0, spaces as the user groups them.
    const QString text = QString(b0, QLatin1Char('1')) + QStringLiteral(" 0") + QString(b1 - 1, QLatin1Char('*'));
    QTest::keyClicks(panel.schemaEdit(), text);
    QCOMPARE(table->item(0, 0)->text(), QString::fromStdString(genome[0].name));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("1–%1").arg(b0));
    QCOMPARE(table->item(0, 2)->text(), QString(b0, QLatin1Char('1')));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("%1–%2").arg(b0 + 1).arg(b0 + b1));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("0") + QString(b1 - 1, QLatin1Char('*')));
    QCOMPARE(table->item(2, 2)->text(), QString(genome[2].bits, QChar(0x00b7)));  // not typed yet
    // The whole schema is in the editor: nothing scrolled away, whatever its length.
    const QString full = QString(int(genome.length()), QLatin1Char('*'));
    panel.setSchemaText(full);
    panel.resize(500, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.schemaEdit()->verticalScrollBar()->maximum(), 0);
    QCOMPARE(panel.schemaEdit()->horizontalScrollBar()->maximum(), 0);
    QCOMPARE(panel.valueText("length"), QStringLiteral("%1 / %1").arg(genome.length()));
    // Pasted text keeps only its schema characters.
    panel.setSchemaText(QStringLiteral("10x*\n1"));
    QCOMPARE(panel.schemaText(), QStringLiteral("10*1"));
}

// A schema per term: the user types one term's part in the term table (or setTermPart) and never
// the other terms' bits; what is left off is *.
void WidgetsTest::schemaPanelTakesATermsPart() {
    const ga::Genome genome = *ga::loadGenome(kPreset.toStdString());
    const ga::Population population = evaluatedPopulation(genome, 7);
    ui::SchemaPanel panel;
    panel.setGenome(genome, 0.7, 0.01);
    panel.setPopulation(population);
    QTableWidget* table = panel.termTable();
    const int b0 = genome[0].bits, b1 = genome[1].bits;
    // Typed into the second term's cell, as a user edits it.
    QVERIFY(table->item(1, 2)->flags() & Qt::ItemIsEditable);
    QVERIFY(!(table->item(1, 0)->flags() & Qt::ItemIsEditable));
    table->item(1, 2)->setText(QStringLiteral("1"));
    const QString expected = QString(b0, QLatin1Char('*')) + QStringLiteral(" 1") + QString(b1 - 1, QLatin1Char('*'));
    QCOMPARE(panel.schemaText(), expected);
    QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
    QCOMPARE(panel.valueText("order"), QStringLiteral("1"));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("1") + QString(b1 - 1, QLatin1Char('*')));
    // The first term next: both parts kept, the rest still implied.
    panel.setTermPart(0, QStringLiteral("0x1"));  // only schema characters count
    QCOMPARE(panel.schemaText(), QStringLiteral("01") + QString(b0 - 2, QLatin1Char('*')) + QStringLiteral(" 1") +
                                     QString(b1 - 1, QLatin1Char('*')));
    QCOMPARE(panel.valueText("order"), QStringLiteral("3"));
    const ga::Schema schema = *ga::Schema::parse((panel.schemaText().remove(QLatin1Char(' ')) +
                                                  QString(int(genome.length()) - b0 - b1, QLatin1Char('*')))
                                                     .toStdString(),
                                                 genome.length());
    QVERIFY(panel.valueText("matching").startsWith(QString::number(ga::schemaReport(schema, population, 0.7, 0.01).matching)));
    // A part cleared to * drops off the end again.
    panel.setTermPart(1, {});
    QCOMPARE(panel.schemaText(), QStringLiteral("01") + QString(b0 - 2, QLatin1Char('*')));
}

void WidgetsTest::grayConverterBothWays() {
    ui::GrayConverter gray;
    QTest::keyClicks(gray.decimalEdit(), "5");
    QCOMPARE(gray.binaryText(), QStringLiteral("101"));
    QCOMPARE(gray.grayEdit()->text(), QStringLiteral("111"));
    gray.grayEdit()->clear();
    QTest::keyClicks(gray.grayEdit(), "1000");  // Gray 1000 = 15
    QCOMPARE(gray.decimalEdit()->text(), QStringLiteral("15"));
    QCOMPARE(gray.binaryText(), QStringLiteral("1111"));
    QTest::keyClicks(gray.grayEdit(), "2");  // filtered
    QCOMPARE(gray.grayEdit()->text(), QStringLiteral("1000"));
}

void WidgetsTest::populationTableSortsNumerically() {
    const ga::Genome genome = *ga::loadGenome(kPreset.toStdString());
    const ga::Population population = evaluatedPopulation(genome, 3);
    ui::PopulationModel model;
    model.setPopulation(genome, population);
    QCOMPARE(model.rowCount(), 12);
    QCOMPARE(model.columnCount(), 3 + 12 + 1);
    QCOMPARE(model.index(0, model.columnCount() - 1).data().toString(),
             QString::fromStdString(population[0].chromosome.toString()));
    QCOMPARE(model.index(0, model.firstTermColumn()).data().toInt(), ga::decode(genome, population[0].chromosome)[0]);
    QCOMPARE(model.errorColumn(), -1);  // no E0: not an evalfit run, no E column
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&model);
    sorted.setSortRole(ui::PopulationModel::SortRole);
    sorted.sort(ui::PopulationModel::Fitness, Qt::DescendingOrder);
    double previous = 1e9;
    for (int r = 0; r < sorted.rowCount(); ++r) {
        const double f = sorted.index(r, ui::PopulationModel::Fitness).data(ui::PopulationModel::SortRole).toDouble();
        QVERIFY(f <= previous);
        previous = f;
    }
    // Rank 1 is the member mf_ga ranks first.
    const std::size_t best = ga::rankOrder(population).front();
    QCOMPARE(model.index(int(best), ui::PopulationModel::Rank).data().toInt(), 1);
}

void WidgetsTest::restoredChoicesKeepDefaultsForMissingKeys() {
    // Settings written by a version without some fields: those keep their defaults, the rest apply.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("old.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("parameters/generations"), QStringLiteral("3"));
    settings.setValue(QStringLiteral("parameters/population_size"), QStringLiteral("4"));
    ui::ParameterPanel panel;
    const QString prize = panel.edit(ga::Field::Prize)->text();
    QVERIFY(!prize.isEmpty());
    panel.restoreChoices(settings);
    QCOMPARE(panel.edit(ga::Field::Generations)->text(), QStringLiteral("3"));
    QCOMPARE(panel.settings().parameters.populationSize, 4);
    QCOMPARE(panel.edit(ga::Field::Prize)->text(), prize);
    QCOMPARE(panel.edit(ga::Field::Seed)->text().isEmpty(), false);
}

void WidgetsTest::reportPrintsToPdf() {
    // The printed document names the run: title, file, engine, suite, limit, GA parameters, genome.
    ga::Parameters params;
    params.populationSize = 12;
    params.selection.type = ga::SelectionType::Linear;
    params.selection.linearMax = 1.6;
    params.limitKind = ga::LimitKind::Nodes;
    params.limitValue = 3000;
    params.seed = 42;
    ga::RunState state = ga::startRun(params, *ga::loadGenome(kPreset.toStdString()));
    ui::RunSettings settings;
    settings.engine.program = "/opt/engines/matefind-engine";
    settings.of<tuning::SuiteSettings>().suite = "/data/wac.epd";
    QString report;
    for (int i = 0; i < 400; ++i)  // several pages; a <tag> must come out as text
        report += QStringLiteral("member %1  fitness %2  WAC.%3 bm Qg6 played <Qg6> solved\n").arg(i).arg(i % 7).arg(i);
    const QString html = ui::reportDocument(QStringLiteral("test report"), QStringLiteral("/runs/a.pop"), state,
                                            settings, report);
    for (const char* part : {"<h1>test report</h1>", "/runs/a.pop", "/opt/engines/matefind-engine", "/data/wac.epd",
                             "nodes 3000", "linear (MAX 1.6, q_lin 0.1333)", "<td>42&#160;", "KnightValue",
                             "m = ", "played &lt;Qg6&gt;"})
        QVERIFY2(html.contains(QLatin1String(part)), part);

    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);  // what the print dialog's "Print to File (PDF)" sets
    printer.setOutputFileName(pdf);
    ui::printReport(html, QStringLiteral("test report"), &printer);
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    // 400 report lines do not fit one page: the document is paginated.
    const qsizetype pages = bytes.count("/Type /Page\n") + bytes.count("/Type /Page ") + bytes.count("/Type /Page>") +
                            bytes.count("/Type/Page\n") + bytes.count("/Type/Page/");
    QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
    if (qEnvironmentVariableIsSet("MATEFIND_KEEP_REPORT_PDF"))  // for looking at it (pdftoppm)
        QFile::copy(pdf, qEnvironmentVariable("MATEFIND_KEEP_REPORT_PDF"));
}

void WidgetsTest::engineLogKeepsTheLastLinesPerEngine() {
    using Line = tuning::EngineLogLine;
    ui::EngineLogView view;
    const int n = ui::EngineLogView::kMaxLinesPerTab;
    QList<Line> batch;
    batch.append({2, Line::Direction::Sent, "go nodes 1000"});   // engine 3 speaks first
    for (int i = 0; i < n + 700; ++i)
        batch.append({0, i % 2 ? Line::Direction::Received : Line::Direction::Sent, "line " + std::to_string(i)});
    batch.append({ui::kNoWorker, Line::Direction::Note, "12 engine lines skipped"});
    view.append(batch);
    view.append({{0, Line::Direction::Received, "bestmove e2e4"}});
    QCOMPARE(view.engineTabs(), 2);
    QCOMPARE(view.engineLines(0), n);  // bounded: the oldest lines went
    const QString text = view.engineText(0);
    QVERIFY(!text.contains(QStringLiteral("> line 0\n")));
    QVERIFY(text.startsWith(QStringLiteral("< line %1\n").arg(700 + 1)));  // 700 lines over, last ones kept
    QVERIFY(text.endsWith(QStringLiteral("< bestmove e2e4")));
    QCOMPARE(view.engineText(2), QStringLiteral("> go nodes 1000"));
    QVERIFY(view.notesText().contains(QStringLiteral("12 engine lines skipped")));
    QVERIFY(view.engineText(1).isEmpty());
    // Tabs in engine order: Run messages, Engine 1, Engine 3.
    auto* tabs = view.findChild<QTabWidget*>(QStringLiteral("engineLogTabs"));
    QCOMPARE(tabs->tabText(1), QStringLiteral("Engine 1"));
    QCOMPARE(tabs->tabText(2), QStringLiteral("Engine 3"));
    view.clear();
    QCOMPARE(view.engineTabs(), 0);
    QVERIFY(view.notesText().contains(QStringLiteral("skipped")));
}

// Shown at a small height, with lines long enough to bring a horizontal bar in engine tabs: the
// run messages and the engine tab end at their newest line; once the user scrolls up, new lines
// no longer move the view.
void WidgetsTest::engineLogFollowsTheNewestLineUnlessScrolledUp() {
    using Line = tuning::EngineLogLine;
    ui::EngineLogView view;
    view.resize(400, 120);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const std::string longLine(300, 'x');
    for (int i = 0; i < 40; ++i) {
        view.append({{ui::kNoWorker, Line::Direction::Note, "message " + std::to_string(i) + " " + longLine},
                     {0, Line::Direction::Received, "info " + std::to_string(i) + " " + longLine}});
        QCoreApplication::processEvents();
    }
    auto* notes = view.findChild<QPlainTextEdit*>(QStringLiteral("runMessages"));
    auto* engine = view.findChild<QPlainTextEdit*>(QStringLiteral("engineLog1"));
    QVERIFY(notes && engine);
    QTRY_COMPARE(notes->verticalScrollBar()->value(), notes->verticalScrollBar()->maximum());
    QVERIFY(notes->verticalScrollBar()->maximum() > 0);
    auto* tabs = view.findChild<QTabWidget*>(QStringLiteral("engineLogTabs"));
    tabs->setCurrentWidget(engine);
    QTRY_COMPARE(engine->verticalScrollBar()->value(), engine->verticalScrollBar()->maximum());
    QVERIFY(engine->verticalScrollBar()->maximum() > 0);
    // Scrolled up to read: the view stays.
    engine->verticalScrollBar()->setValue(3);
    view.append({{0, Line::Direction::Received, "bestmove e2e4"}});
    QCoreApplication::processEvents();
    QCOMPARE(engine->verticalScrollBar()->value(), 3);
}

QTEST_MAIN(WidgetsTest)
#include "widgets_test.moc"
