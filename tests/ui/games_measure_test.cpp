// The games fitness measure in the window's panel: its fields appear only while it is chosen,
// read back as the run's GamesSettings, are written from an opened run without counting as an
// edit, and are locked with the rest of the panel during a run.
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "ui/fitness_section.h"

using mf::tuning::FitnessMeasure;
using mf::tuning::GamesSettings;
using mf::ui::FitnessSection;

class GamesMeasureTest : public QObject {
    Q_OBJECT
private slots:
    void gamesFieldsShowOnlyForTheGamesMeasure() {
        FitnessSection section;
        section.show();
        QVERIFY(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Games)) >= 0);
        section.setMeasure(FitnessMeasure::Solved);
        QVERIFY(!section.pairsSpin()->isVisible());
        QVERIFY(!section.baselineEdit()->isVisible());
        section.measureCombo()->setCurrentIndex(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Games)));
        QCOMPARE(section.measure(), FitnessMeasure::Games);
        QVERIFY(section.pairsSpin()->isVisible());
        QVERIFY(section.baselineEdit()->isVisible());
        QVERIFY(section.openingsEdit()->isVisible());
        QVERIFY(section.heldOutPairsSpin()->isVisible());
        section.setMeasure(FitnessMeasure::Points);
        QVERIFY(!section.openingsEdit()->isVisible());
    }

    void fieldsReadBackAsTheRunsGamesSettings() {
        FitnessSection section;
        QSignalSpy edited(&section, &FitnessSection::edited);
        GamesSettings games;
        games.pairs = 7;
        games.baseline = "engine:/usr/games/stockfish";
        games.openings = "/tmp/openings.epd";
        games.heldOutPairs = 3;
        section.setGames(games);
        QCOMPARE(edited.count(), 0);  // an opened run is not an edit
        QVERIFY(section.games() == games);
        section.pairsSpin()->setValue(9);  // the user's edit
        QCOMPARE(edited.count(), 1);
        QCOMPARE(section.games().pairs, 9);
        QTest::keyClicks(section.baselineEdit(), "x");
        QCOMPARE(edited.count(), 2);
    }

    void lockedDuringARun() {
        FitnessSection section;
        section.setLocked(true);
        QVERIFY(!section.measureCombo()->isEnabled());
        QVERIFY(!section.pairsSpin()->isEnabled());
        QVERIFY(!section.baselineEdit()->isEnabled());
        section.setLocked(false);
        QVERIFY(section.openingsEdit()->isEnabled());
        QVERIFY(section.heldOutPairsSpin()->isEnabled());
    }
};

QTEST_MAIN(GamesMeasureTest)
#include "games_measure_test.moc"
