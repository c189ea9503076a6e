// What the window shows, without engines: the charts' axes span their data (evalfit's E between
// 0.979 and 1.001 is not drawn flat on 0..2), each measure shows what its users read, an opened
// file's history fills the charts and the statistics as the run did, the status says things once,
// the match summary says intervals and verdicts in words, and a printed chromosome never
// straddles a page break.
#include <QPdfWriter>
#include <QPrinter>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/views/chart_scale.h"
#include "ui/report/evaluation_report.h"
#include "report_test_support.h"
#include "ui/views/fitness_charts.h"
#include "ui/views/series_palette.h"
#include "ui/match/match_summary.h"
#include "ui/models/population_model.h"
#include "ui/views/population_views.h"
#include "ui/bridges/run_wording.h"
#include "ui/views/schema_panel.h"
#include "ui/views/statistics_panel.h"

#include "evolution/tuning/results/evaluation_report.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/run/run_history.h"

#include <cmath>
#include <limits>
#include <set>

using namespace mf;

namespace {

ga::Genome twoTerms() { return ga::Genome({ga::Term("knight", "KnightValue", 300, 8), ga::Term("bishop", "BishopValue", 320, 8)}); }

tuning::GenerationReport report(int generation, double best, double mean, double worst) {
    tuning::GenerationReport r;
    r.stats.generation = generation;
    r.stats.best = best;
    r.stats.mean = mean;
    r.stats.worst = worst;
    r.stats.bestValues = {300 + generation, 320 - generation};
    return r;
}

}  // namespace

class ReadoutsTest : public QObject {
    Q_OBJECT

private slots:
    // Fitness near 1 (evalfit's E0 / E) fills the chart: the axis spans the data with a margin in
    // proportion, not 0..2.
    void theFitnessAxisSpansTheData() {
        ui::FitnessCharts charts;
        charts.clear(twoTerms());
        charts.addGeneration(report(0, 1.001, 0.99, 0.979));
        charts.addGeneration(report(1, 1.0008, 0.995, 0.985));
        QVERIFY(!charts.showsError());
        QVERIFY(charts.fitnessAxisMin() <= 0.979 && charts.fitnessAxisMax() >= 1.001);
        const double span = charts.fitnessAxisMax() - charts.fitnessAxisMin();
        QVERIFY2(span <= 4 * (1.001 - 0.979), qPrintable(QStringLiteral("axis %1 .. %2").arg(charts.fitnessAxisMin()).arg(charts.fitnessAxisMax())));
        // Solved counts keep whole-number room.
        charts.clear(twoTerms());
        charts.addGeneration(report(0, 12, 8, 3));
        QVERIFY(charts.fitnessAxisMin() <= 3 && charts.fitnessAxisMax() >= 12);
    }

    // Evalfit's chart is one of E (lower is better): the best's E, the defaults' E0 and the
    // held-out E (on an axis of its own); the E axis spans the first two.
    void theEvalfitChartShowsE() {
        ui::FitnessCharts charts;
        charts.clear(twoTerms());
        QVERIFY(!charts.showsHeldOut());
        const double e0 = 0.1196;
        for (int g = 0; g < 4; ++g) {
            tuning::GenerationReport r = report(g, 1.0 + 0.004 * g, 1.0, 0.98);
            r.startError = e0;
            r.bestError = e0 / r.stats.best;
            r.evalfitK = 1.2;
            if (g % 2 == 1)
                r.heldOut = tuning::HeldOutResult{1.001, 0, 100, 0, 100, tuning::WorkUnit::Positions, 0.1171};
            charts.addGeneration(r);
        }
        QVERIFY(charts.showsError());
        QVERIFY(charts.showsHeldOut());
        QCOMPARE(charts.fitnessPoints(), 4);
        // The best's E and the defaults' E0 (the worst E would take the axis from them).
        QVERIFY(charts.fitnessDataMin() <= e0 / 1.012 + 1e-12);
        QVERIFY(charts.fitnessDataMax() >= e0 - 1e-12);
        QVERIFY(charts.fitnessDataMax() < e0 / 0.98 - 1e-6);
        QVERIFY(charts.fitnessAxisMin() <= charts.fitnessDataMin() && charts.fitnessAxisMax() >= charts.fitnessDataMax());
        const double span = charts.fitnessAxisMax() - charts.fitnessAxisMin();
        QVERIFY2(span <= 4 * (charts.fitnessDataMax() - charts.fitnessDataMin()),
                 qPrintable(QStringLiteral("axis %1 .. %2 for E %3 .. %4")
                                .arg(charts.fitnessAxisMin())
                                .arg(charts.fitnessAxisMax())
                                .arg(charts.fitnessDataMin())
                                .arg(charts.fitnessDataMax())));
        // A new run of another measure draws fitness again.
        charts.clear(twoTerms());
        charts.addGeneration(report(0, 5, 4, 3));
        QVERIFY(!charts.showsError());
        QVERIFY(!charts.showsHeldOut());  // no held-out E: no empty axis for it
    }

    // The figures: the held-out E moves by 0.00006 while the training E moves by 0.0002.
    // Both axes get one step and one span (a change looks as tall on either), their labels never
    // repeat, and the defaults' held-out E is drawn as a level line.
    void bothEAxesShareOneScaleAndSayTheDefaultsHeldOutE() {
        ui::FitnessCharts charts;
        charts.clear(twoTerms());
        const double e0 = 0.104537, heldE0 = 0.11084;
        const double train[] = {0.104537, 0.10445, 0.10440, 0.104337};
        const double held[] = {0.110840, 0.110835, 0.110790, 0.110780};
        for (int g = 0; g < 4; ++g) {
            tuning::GenerationReport r = report(g, e0 / train[g], 1.0, 0.98);
            r.startError = e0;
            r.bestError = train[g];
            r.heldOut = tuning::HeldOutResult{heldE0 / held[g], 0, 500, 0, 500, tuning::WorkUnit::Positions, held[g]};
            charts.addGeneration(r);
        }
        QVERIFY(charts.showsHeldOut());
        QCOMPARE(charts.heldOutDefaultsPoints(), 4);  // one point per held-out E, from generation 0
        QVERIFY(std::abs(charts.heldOutDefaultsValue() - heldE0) < 1e-12);
        const ui::AxisScale& left = charts.fitnessScale();
        const ui::AxisScale& right = charts.heldOutScale();
        QCOMPARE(left.step, right.step);
        QCOMPARE(left.ticks, right.ticks);
        QVERIFY(std::abs((left.max - left.min) - (right.max - right.min)) < 1e-12);
        QVERIFY(left.min <= 0.104337 && left.max >= e0);
        QVERIFY(right.min <= 0.110780 && right.max >= heldE0);
        QCOMPARE(charts.fitnessAxisMin(), left.min);
        for (const ui::AxisScale* axis : {&left, &right}) {
            const std::vector<QString> labels = axis->labels();
            QCOMPARE(std::set<QString>(labels.begin(), labels.end()).size(), labels.size());
        }
        // Five ticks or so, not fifty: the step follows the span.
        QVERIFY2(left.ticks >= 3 && left.ticks <= 8, qPrintable(QString::number(left.ticks)));
    }

    // Small spans print enough decimals, wholes print none.
    void axisLabelsNeverRepeat() {
        for (const auto& [low, high] : std::vector<std::pair<double, double>>{
                 {0.110835, 0.11084}, {0.979, 1.001}, {3, 12}, {0.1, 0.1}, {1500, 1500}, {0, 0}}) {
            const ui::AxisScale s = ui::niceScale(low, high);
            QVERIFY(s.min <= low && s.max >= high);
            const std::vector<QString> labels = s.labels();
            QVERIFY2(std::set<QString>(labels.begin(), labels.end()).size() == labels.size(),
                     qPrintable(QStringList(labels.begin(), labels.end()).join(QStringLiteral(", "))));
        }
        QCOMPARE(ui::niceScale(3, 12).decimals, 0);
        // A step of 0.25 prints 0.25 and 0.75, not 0.3 and 0.8.
        const std::vector<QString> quarters = ui::fixedScale(0.0, 0.25, 4).labels();
        QCOMPARE(QStringList(quarters.begin(), quarters.end()).join(QLatin1Char(' ')), QStringLiteral("0.00 0.25 0.50 0.75 1.00"));
    }

    // Genes of 987 and of 1 both fill the chart: each in its own window, the legend says the value.
    void eachGeneIsDrawnInItsOwnWindow() {
        ui::FitnessCharts charts;
        const ga::Genome genome({ga::Term("queen", "QueenValue", 987, 9), ga::Term("shield", "KingShieldAttacks", 1, 4)});
        charts.clear(genome);
        tuning::GenerationReport r = report(0, 1.0, 1.0, 1.0);
        r.stats.bestValues = {genome[0].high(), genome[1].low()};
        charts.addGeneration(r);
        r.stats.generation = 1;
        r.stats.bestValues = {genome[0].low(), 3};
        charts.addGeneration(r);
        QCOMPARE(charts.geneLines(), 2);
        QCOMPARE(charts.genePoint(0, 0).y(), 1.0);
        QCOMPARE(charts.genePoint(0, 1).y(), 0.0);
        QCOMPARE(charts.genePoint(1, 0).y(), 0.0);
        QVERIFY(charts.genePoint(1, 1).y() > 0.0 && charts.genePoint(1, 1).y() < 1.0);
        QCOMPARE(charts.geneLegend(1), QStringLiteral("KingShieldAttacks = 3"));
        QVERIFY2(charts.geneTip(1, 1).startsWith(QStringLiteral("KingShieldAttacks = 3 in generation 1 (window ")),
                 qPrintable(charts.geneTip(1, 1)));
        QVERIFY(charts.genePen(0).color() != charts.genePen(1).color());
    }

    // Thirty terms, thirty colours the eye tells apart; past that the colours come back dashed.
    void thirtyTermsGetThirtyDistinctColours() {
        double nearest = 1e9;
        for (int i = 0; i < ui::kSeriesColours; ++i)
            for (int j = 0; j < i; ++j)
                nearest = std::min(nearest, ui::colourDistance(ui::seriesColour(i), ui::seriesColour(j)));
        QVERIFY2(nearest > 20.0, qPrintable(QString::number(nearest)));  // 2.3 is just noticeable
        std::set<std::pair<QRgb, int>> pens;
        for (int i = 0; i < 4 * ui::kSeriesColours; ++i)
            pens.insert({ui::seriesPen(i).color().rgb(), int(ui::seriesPen(i).style())});
        QCOMPARE(int(pens.size()), 4 * ui::kSeriesColours);
    }

    // Evalfit's table: an E column, fitness and E with the decimals that tell the members apart
    // (all eight read "1.031" at three), members numbered from 0 as in the printed report.
    void thePopulationTableShowsEWithEnoughDecimals() {
        ga::Parameters p;
        p.populationSize = 8;
        ga::RunState state = ga::startRun(p, twoTerms());
        const double e0 = 0.104537;
        for (std::size_t i = 0; i < state.population.size(); ++i)
            state.population[i].fitness = 1.0310 + 0.00007 * double(i);
        ui::PopulationModel table;
        table.setPopulation(state.genome, state.population, e0);
        QCOMPARE(table.errorColumn(), ui::PopulationModel::Fitness + 1);
        QCOMPARE(table.headerData(table.errorColumn(), Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("E"));
        QCOMPARE(table.firstTermColumn(), table.errorColumn() + 1);
        std::set<QString> fitness, errors;
        for (int r = 0; r < table.rowCount(); ++r) {
            QCOMPARE(table.index(r, ui::PopulationModel::Member).data().toInt(), r);
            fitness.insert(table.index(r, ui::PopulationModel::Fitness).data().toString());
            errors.insert(table.index(r, table.errorColumn()).data().toString());
            const double e = table.index(r, table.errorColumn()).data(ui::PopulationModel::SortRole).toDouble();
            QVERIFY(std::abs(e - e0 / *state.population[std::size_t(r)].fitness) < 1e-15);
        }
        QCOMPARE(int(fitness.size()), 8);
        QCOMPARE(int(errors.size()), 8);
        QVERIFY2(table.index(0, ui::PopulationModel::Fitness).data().toString().size() <= 8,
                 qPrintable(table.index(0, ui::PopulationModel::Fitness).data().toString()));  // no more digits than needed
        // Another measure: no E column.
        table.setPopulation(state.genome, state.population);
        QCOMPARE(table.errorColumn(), -1);
        QCOMPARE(table.firstTermColumn(), ui::PopulationModel::Fitness + 1);
    }

    void evalfitStatisticsShowE() {
        ui::StatisticsPanel stats;
        tuning::GenerationReport r = report(3, 1.0125, 1.0, 0.98);
        r.startError = 0.12;
        r.bestError = 0.12 / 1.0125;
        r.evalfitK = 1.25;
        stats.showReport(twoTerms(), r);
        QCOMPARE(stats.valueText(QStringLiteral("best")), QStringLiteral("E 0.118519 (fitness 1.01250)"));
        QCOMPARE(stats.valueText(QStringLiteral("worst")), QStringLiteral("E 0.122449 (fitness 0.98000)"));
        QCOMPARE(stats.valueText(QStringLiteral("error")), QStringLiteral("E0 0.12, K 1.2500"));
        // The mean is of the members' E (0.12 / 1.2 and 0.12 / 0.8: 0.125), with the mean fitness.
        r.population = {{ga::Chromosome(), 1.2}, {ga::Chromosome(), 0.8}};
        r.stats.mean = 1.0;
        r.heldOut = tuning::HeldOutResult{1.1, 0, 10, 0, 10, tuning::WorkUnit::Positions, 0.1};
        stats.showReport(twoTerms(), r);
        QCOMPARE(stats.valueText(QStringLiteral("mean")), QStringLiteral("E 0.125 (fitness 1.00000)"));
        QCOMPARE(stats.valueText(QStringLiteral("heldout")),
                 QStringLiteral("E 0.1, defaults' E0 0.11 (fitness 1.10000, 10 positions)"));
    }

    // Games: the pick's speed ratio shows as a row of the statistics and as a line on the fitness
    // chart's own right axis; a run without one shows neither.
    void speedRatioShowsInTheStatisticsAndOnTheChart() {
        ui::StatisticsPanel stats;
        ui::FitnessCharts charts;
        charts.clear(twoTerms());
        tuning::GenerationReport r = report(1, 3.0, 2.0, 1.0);
        r.unitsKind = tuning::WorkUnit::Games;
        stats.showReport(twoTerms(), r);
        charts.addGeneration(r);
        QVERIFY(!charts.showsSpeed());
        r.speed = 0.84;
        stats.showReport(twoTerms(), r);
        charts.addGeneration(r);
        QCOMPARE(stats.valueText(QStringLiteral("speed")), QStringLiteral("speed 0.84 of the start's nodes a second"));
        QVERIFY(charts.showsSpeed());
        QCOMPARE(charts.speedPoints(), 1);
        charts.clear(twoTerms());
        QVERIFY(!charts.showsSpeed());
        QCOMPARE(charts.speedPoints(), 0);
    }

    // A generation's time as measured; a report that timed nothing says so, never "0 ms".
    void generationTimeIsNeverZero() {
        ui::StatisticsPanel stats;
        tuning::GenerationReport r = report(3, 1.0125, 1.0, 0.98);
        r.cost.wallTime = std::chrono::milliseconds(1500);
        stats.showReport(twoTerms(), r);
        QCOMPARE(stats.valueText(QStringLiteral("time")), QStringLiteral("1.5 s"));
        r.cost.wallTime = {};
        stats.showReport(twoTerms(), r);
        QCOMPARE(stats.valueText(QStringLiteral("time")), QStringLiteral("not timed"));
    }

    // An opened file's history: every generation in the charts, the last one's statistics as the
    // run showed them (costs included when the file has them), the schema's figures of the file.
    void anOpenedHistoryFillsTheChartsAndTheStatistics() {
        ga::Parameters p;
        p.populationSize = 4;
        ga::RunState state = ga::startRun(p, twoTerms());
        for (auto& m : state.population)
            m.fitness = 1.0;
        state.generation = 2;
        for (int g = 0; g <= 2; ++g) {
            tuning::GenerationReport r = report(g, 1.0 + g, 0.5, 0.25);
            r.cost.failedSearches = 1;
            r.failedSearchesTotal = std::size_t(g + 1);
            r.cost.searchedCandidates = 3;
            r.cost.cachedCandidates = 1;
            r.cacheHitRate = 0.25;
            r.cost.wallTime = std::chrono::milliseconds(1500);
            r.heldOut = tuning::HeldOutResult{2.0, 2, 3, 0, 3, tuning::WorkUnit::Positions, std::nullopt};
            tuning::recordGeneration(state, r, g == 2);
        }
        ui::FitnessCharts charts;
        ui::StatisticsPanel stats;
        ui::PopulationModel table;
        ui::SchemaPanel schema;
        ui::PopulationViews views(&charts, &stats, &table, &schema);
        QCOMPARE(views.showOpened(state), QString());
        QCOMPARE(charts.fitnessPoints(), 3);
        QCOMPARE(stats.valueText(QStringLiteral("best")), QStringLiteral("3.000"));
        QCOMPARE(stats.valueText(QStringLiteral("failed")), QStringLiteral("1 this generation, 3 in the run"));
        QCOMPARE(stats.valueText(QStringLiteral("time")), QStringLiteral("1.5 s"));
        QCOMPARE(stats.valueText(QStringLiteral("heldout")), QStringLiteral("2.00 (2 of 3 solved)"));
        // Without its cost line the file says so instead of a dash.
        state.extras.erase(std::remove_if(state.extras.begin(), state.extras.end(),
                                          [](const auto& e) { return e.first == "cost.2"; }),
                           state.extras.end());
        views.showOpened(state);
        QCOMPARE(stats.valueText(QStringLiteral("failed")), QStringLiteral("not recorded in this file"));
        // A history that does not read is said; the charts still get the file's generation.
        state.extras.emplace_back("history.7", "best=oops");
        const QString problem = views.showOpened(state);
        QVERIFY2(problem.contains(QStringLiteral("history.7")), qPrintable(problem));
        QCOMPARE(charts.fitnessPoints(), 1);
    }

    void statusIsSaidOnce() {
        using S = tuning::RunStatus;
        QCOMPARE(ui::statusWords({S::Paused, "nothing is searching"}), QStringLiteral("Paused: nothing is searching"));
        QCOMPARE(ui::statusWords({S::Paused, "paused: nothing is searching"}), QStringLiteral("Paused: nothing is searching"));
        QCOMPARE(ui::statusWords({S::Running, "running"}), QStringLiteral("Running"));
        QCOMPARE(ui::statusWords({S::Running, ""}), QStringLiteral("Running"));
        QCOMPARE(ui::statusWords({S::Finished, "all 2 generations done (0 to 1)"}),
                 QStringLiteral("Finished: all 2 generations done (0 to 1)"));
        tuning::RunProgress p;
        p.generation = 3;
        p.unitsTotal = 10;
        p.inFlight = 2;
        p.waitingFor = std::chrono::seconds(2);
        QVERIFY(ui::waitingWords(p).isEmpty());  // too short to say
        p.waitingFor = std::chrono::seconds(75);
        QCOMPARE(ui::waitingWords(p).left(33), QStringLiteral("waiting on 2 engines for 1:15 (no"));
        p.unitsDone = 4;
        QVERIFY(ui::waitingWords(p).endsWith(QStringLiteral("since the last position finished)")));
        p.inFlight = 0;  // paused: nothing in flight, nothing waited on
        QVERIFY(ui::waitingWords(p).isEmpty());
        p.fit = true;
        QCOMPARE(ui::passWords(p), QStringLiteral("fitting K and E0 on the genome's defaults"));
        QCOMPARE(ui::progressFormat(p), QStringLiteral("fitting K on the defaults: %v / %m positions"));
    }

    void matchSummaryInWords() {
        match::EloEstimate e;
        e.samples = 10;
        e.elo = -120.43;
        e.low = -458.6;
        e.high = 70.52;
        QCOMPARE(ui::eloText(e), QStringLiteral("-120.4 (95%: -458.6 to +70.5)"));
        e.high = std::numeric_limits<double>::infinity();
        QCOMPARE(ui::eloText(e), QStringLiteral("-120.4 (95%: above -458.6, too few games for an upper bound)"));
        e.elo = std::numeric_limits<double>::infinity();
        QCOMPARE(ui::eloText(e), QStringLiteral("every game won so far: no finite estimate"));
        e.elo = -0.0;  // an even score: never "+-0.0"
        e.low = -0.04;
        e.high = 0.0;
        QCOMPARE(ui::eloText(e), QStringLiteral("+0.0 (95%: +0.0 to +0.0)"));
        e.samples = 1;  // one pair: its interval has zero width, so none is shown
        e.elo = 190.8;
        e.low = e.high = 190.8;
        QCOMPARE(ui::eloText(e), QStringLiteral("+190.8 (too few games for an interval)"));
        match::SprtStatus s;
        s.llr = -0.52;
        s.lower = -2.94;
        s.upper = 2.94;
        const match::SprtConfig config{0, 5, 0.05, 0.05};
        QCOMPARE(ui::sprtText(s, config, false), QStringLiteral("SPRT LLR -0.52 of [-2.94, 2.94]: undecided so far"));
        QCOMPARE(ui::sprtText(s, config, true),
                 QStringLiteral("SPRT LLR -0.52 of [-2.94, 2.94]: no verdict: the match ended before the LLR reached a bound"));
        s.decision = match::SprtStatus::Decision::AcceptH1;
        QVERIFY(ui::sprtText(s, config, true).contains(QStringLiteral("H1 accepted")));
    }

    // The report of an 8-member evalfit run of the bundled genome (12 terms) as `print` writes
    // it: on at most two pages, the header's scoring path the body's (auto resolved), the
    // "saved" figure said in words.
    void anEvalfitReportOfEightFitsTwoPages() {
        const auto genome = ga::loadGenome(MATEFIND_SOURCE_DIR "/resources/genomes/matefind.json");
        QVERIFY(genome.ok());
        ga::Parameters p;
        p.populationSize = 8;
        ga::RunState state = ga::startRun(p, *genome);
        const tuning::DatasetWork work = ui::test::fastDatasetWork("/data/matefind-selfplay.epd");
        for (std::size_t i = 0; i < state.population.size(); ++i)
            state.population[i].fitness = 1.001 + 0.0001 * double(i);
        const QString text = ui::test::evalfitReportText(state, work);
        QVERIFY2(text.contains(QStringLiteral("saved: the fitness the population file holds")), qPrintable(text.left(600)));
        tuning::TuningSettings settings;
        settings.measure = tuning::FitnessMeasure::Evalfit;
        settings.of<tuning::EvalfitSettings>().data = work.file;
        settings.of<tuning::EvalfitSettings>().path = dataset::EvalfitPath::Fast;  // as ReportJob::scoredWith gives it
        settings.of<tuning::EvalfitSettings>().k = work.k;
        settings.of<tuning::EvalfitSettings>().startError = work.startError;
        const QString html = ui::reportDocument(QStringLiteral("MateFind evaluations"), QStringLiteral("/runs/a.mfpop"),
                                                state, settings, text,
                                                QStringLiteral("evalfit: matefind has the evalfit extension; scoring with it"));
        QVERIFY2(html.contains(QStringLiteral("fast")), qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("auto")));
        QVERIFY(!html.contains(QStringLiteral("uci search")));
        QTemporaryDir dir;
        QPdfWriter pdf(dir.filePath(QStringLiteral("r.pdf")));
        pdf.setResolution(300);
        // With MATEFIND_READOUTS_SHOTS=DIR the printed report is saved there as a PDF to look at.
        if (const QByteArray shots = qgetenv("MATEFIND_READOUTS_SHOTS"); !shots.isEmpty()) {
            QPrinter printer(QPrinter::HighResolution);
            printer.setOutputFormat(QPrinter::PdfFormat);
            printer.setOutputFileName(QString::fromLocal8Bit(shots) + QStringLiteral("/report-8-evalfit.pdf"));
            ui::printReport(html, QStringLiteral("MateFind evaluations"), &printer);
        }
        const int pages = ui::reportPageCount(html, &pdf);
        QVERIFY2(pages >= 1 && pages <= 2, qPrintable(QString::number(pages)));
        // A wrapped values line goes on under its first value, not at the margin.
        const QStringList wrapped = ui::wrapReportLines(text, ui::kReportColumns).split(QLatin1Char('\n'));
        int continued = 0;
        for (int i = 1; i < wrapped.size(); ++i) {
            QVERIFY2(wrapped[i].size() <= ui::kReportColumns, qPrintable(wrapped[i]));
            if (wrapped[i - 1].startsWith(QStringLiteral("  values: ")) && !wrapped[i].trimmed().isEmpty() &&
                !wrapped[i].startsWith(QStringLiteral("chromosome"))) {
                QVERIFY2(wrapped[i].startsWith(QString(10, QLatin1Char(' '))), qPrintable(wrapped[i]));
                ++continued;
            }
        }
        QVERIFY(continued >= 8);  // twelve terms need more than one line
    }

    // Entries of a dozen lines each over several pages: none starts on one page and ends on the next.
    void aPrintedChromosomeNeverStraddlesAPage() {
        ga::Parameters p;
        p.populationSize = 4;
        const ga::RunState state = ga::startRun(p, twoTerms());
        tuning::TuningSettings settings;
        settings.measure = tuning::FitnessMeasure::Evalfit;
        settings.of<tuning::EvalfitSettings>().data = "/data/train.epd";
        settings.of<tuning::SuiteSettings>().suite = "/data/unused.epd";
        QString text = QStringLiteral("evalfit on /data/train.epd\ngeneration 0, 40 chromosomes\n");
        for (int c = 0; c < 40; ++c) {
            text += QStringLiteral("\nchromosome %1  fitness 1.000  saved 1.000  E 0.118000 over 9 positions\n  values: KnightValue=%2\n")
                        .arg(c)
                        .arg(300 + c);
            for (int line = 0; line < 9; ++line)
                text += QStringLiteral("  position %1 q %2\n").arg(line).arg(c * line);
        }
        for (int i = 0; i < 600; ++i)
            settings.engine.fixedOptions.emplace_back("Term" + std::to_string(i), std::to_string(i));
        const QString html = ui::reportDocument(QStringLiteral("t"), {}, state, settings, text);
        // A preset's 600 fixed options: a few named, the rest counted (not two pages before the figures).
        QVERIFY(html.contains(QStringLiteral("Term5=5")));
        QVERIFY(!html.contains(QStringLiteral("Term6=6")));
        QVERIFY(html.contains(QStringLiteral("and 594 more")));
        // The measure's own fields, not the ones it does not use.
        QVERIFY(html.contains(QStringLiteral("/data/train.epd")));
        QVERIFY(html.contains(QStringLiteral("scoring path")));
        QVERIFY(!html.contains(QStringLiteral("/data/unused.epd")));
        QVERIFY(!html.contains(QStringLiteral("limit per position")));
        QTemporaryDir dir;
        QPdfWriter pdf(dir.filePath(QStringLiteral("r.pdf")));
        pdf.setResolution(300);
        const auto pages = ui::chromosomePages(html, &pdf);
        QCOMPARE(int(pages.size()), 40);
        int spread = 0;
        for (const auto& [first, last] : pages) {
            QCOMPARE(first, last);
            spread = std::max(spread, last);
        }
        QVERIFY2(spread >= 2, "the entries should fill several pages");
    }
};

QTEST_MAIN(ReadoutsTest)
#include "readouts_test.moc"
