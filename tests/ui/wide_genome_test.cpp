// The window with a genome of hundreds of terms (wide_genome_fixture.h, 540 terms in 6 groups):
// the group rule, the genome tree and its filter, a group's bits set at once, a group ticked for
// tuning in Genome from engine, the genes chart by group, the piece-square tables drawn as boards
// (in the window and on a printed page), and the window with such a run opened at 1280 x 720 and
// 1920 x 1080. A small genome without groups keeps the flat table and the chart's line per term.
#include "report_test_support.h"
#include "wide_genome_fixture.h"
#include "window_test_support.h"

#include "ui/views/fitness_charts.h"
#include "ui/report/evaluation_report.h"
#include "ui/dialogs/genome_from_engine_dialog.h"
#include "ui/models/genome_model.h"
#include "ui/parameters/genome_section.h"
#include "ui/models/genome_tree_model.h"
#include "ui/psqt/psqt_board.h"
#include "ui/psqt/psqt_panel.h"
#include "ui/psqt/psqt_report.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/results/evaluation_report.h"
#include "evolution/ga/term_group.h"
#include "evolution/tuning/run/run_history.h"
#include "tests/test_time.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPageSize>
#include <QPainter>
#include <QPrinter>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include <optional>

using namespace mf;

namespace {

// A term type with its own group field, as a genome JSON may give it.
struct GroupedTerm {
    std::string name, option;
    std::optional<std::string> group;
};
struct PlainGroupTerm {
    std::string name, option, group;
};

ga::Genome smallGenome() {
    return ga::Genome({{"knight value", "KnightValue", 300, 9}, {"bishop value", "BishopValue", 310, 9},
                       {"rook value", "RookValue", 500, 9}, {"mobility", "Mobility", 4, 4},
                       {"king shield", "KingShield", 12, 5}});
}

int rowOf(const ga::Genome& genome, const std::string& option) {
    for (std::size_t i = 0; i < genome.size(); ++i)
        if (genome[i].option == option)
            return int(i);
    return -1;
}

// Pages in a PDF Qt wrote: its page objects ("/Type /Page", not "/Pages").
int pdfPages(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return int(QString::fromLatin1(f.readAll()).count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?!s)"))));
}

// With MATEFIND_WIDE_SCREENSHOTS=DIR (run under Xvfb to look at them), `w` goes to DIR/NAME.png.
void maybeGrab(QWidget* w, const QString& name) {
    const QByteArray dir = qgetenv("MATEFIND_WIDE_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(300);
    QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/%1.png").arg(name)));
}

// A run of `members` random members of `genome`, scored (as the report reads them) best first.
ga::RunState psqtRun(const ga::Genome& genome, int members) {
    ga::Parameters p;
    p.populationSize = members;
    p.seed = 11;
    ga::RunState state = ga::startRun(p, genome);
    for (std::size_t i = 0; i < state.population.size(); ++i)
        state.population[i].fitness = 1.0 + 0.001 * double(i);
    return state;
}

ui::RunSettings psqtSettings() {
    ui::RunSettings settings;
    settings.measure = tuning::FitnessMeasure::Evalfit;
    settings.of<mf::tuning::EvalfitSettings>().data = "/data/train.epd";
    settings.of<mf::tuning::EvalfitSettings>().path = dataset::EvalfitPath::Fast;
    settings.of<mf::tuning::EvalfitSettings>().k = 0.9889;
    settings.of<mf::tuning::EvalfitSettings>().startError = 0.104537;
    return settings;
}

// The text `print` writes for `state`, each member scored at its fitness.
QString psqtReport(const ga::RunState& state) {
    return ui::test::evalfitReportText(state, ui::test::fastDatasetWork("/data/train.epd"));
}

// The bundled engine's spin options chosen by `choice` as a genome (std::nullopt when it fails).
std::optional<ga::Genome> bundledGenome(const tuning::GenomeChoice& choice) {
    tuning::EngineSpec engine;
    engine.program = ui::test::engineUnderTest().toStdString();
    auto options = tuning::announcedOptions(engine);
    if (!options)
        return std::nullopt;
    auto genome = tuning::genomeFromEngineOptions(*options, choice);
    return genome ? std::optional<ga::Genome>(*genome) : std::nullopt;
}

// The texts of the board squares in member `m`'s entry of a report document, in document order.
QStringList boardCells(const QString& html, std::size_t m) {
    const qsizetype from = html.indexOf(QStringLiteral("chromosome %1 ").arg(m));
    const qsizetype to = html.indexOf(QStringLiteral("chromosome "), from + 1);
    const QString entry = html.mid(from, to < 0 ? -1 : to - from);
    static const QRegularExpression cell(QStringLiteral("<td class='sqd?'[^>]*>(.*?)</td>"));
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    QStringList out;
    for (const auto& match : cell.globalMatch(entry))
        out << match.captured(1).remove(tags);
    return out;
}

// What boardCells should read for `values` of an engine whose tables are mirrored (entries on
// files a-d only): half boards, six to a row, each row of boards rank 8 to 1, a rank across the
// row's boards, files a to d; an empty square (no term) empty.
QStringList expectedCells(const ga::Genome& genome, const std::vector<int>& values) {
    const std::vector<ui::PsqtTable> tables = ui::psqtTables(genome, values);
    QStringList out;
    for (std::size_t first = 0; first < tables.size(); first += 6)
        for (int rank = 7; rank >= 0; --rank)
            for (std::size_t b = first; b < std::min(tables.size(), first + 6); ++b)
                for (int file = 0; file < 4; ++file) {
                    const auto& v = tables[b].current[std::size_t(rank * 8 + file)];
                    out << (v ? QString::number(*v) : QString());
                }
    return out;
}

QColor pixelIn(const QImage& image, const QRectF& square) {
    return image.pixelColor((square.topLeft() + QPointF(3, 3)).toPoint());  // a corner: clear of the number
}

}  // namespace

class WideGenomeTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("MateFindTest"));
    }

    void groupIsTheTextBeforeTheFirstDot() {
        QCOMPARE(ga::groupOfName("Psqt.Knight.Mg.d4"), std::string_view("Psqt"));
        QCOMPARE(ga::groupOfName("KnightValue"), std::string_view());
        QCOMPARE(ga::groupOfName(".hidden"), std::string_view());
        QCOMPARE(ga::termGroup(ga::Term("x", "Mobility.Rook.Eg.7", 1, 4)), std::string("Mobility"));
        QCOMPARE(ga::termGroup(ga::Term("Passed.Eg.r5", "PassedEgR5", 1, 4)), std::string("Passed"));  // by the name
        QCOMPARE(ga::termGroup(ga::Term("knight value", "KnightValue", 300, 9)), std::string());
        // A group the JSON names wins over the name; an empty one does not.
        QCOMPARE(ga::termGroup(GroupedTerm{"a", "Psqt.Pawn.Mg.a2", std::string("Pawns")}), std::string("Pawns"));
        QCOMPARE(ga::termGroup(GroupedTerm{"a", "Psqt.Pawn.Mg.a2", std::nullopt}), std::string("Psqt"));
        QCOMPARE(ga::termGroup(PlainGroupTerm{"a", "KnightValue", "Material"}), std::string("Material"));
        QCOMPARE(ga::termGroup(PlainGroupTerm{"a", "Threat.X.Mg", ""}), std::string("Threat"));
        QVERIFY(ga::hasGroups(test::wideGenome()));
        QVERIFY(!ga::hasGroups(smallGenome()));
        QCOMPARE(test::wideGenome().size(), std::size_t(540));
    }

    void treeGroupsAndFilterShowTheRightRows() {
        ui::GenomeSection section;
        section.resize(420, 700);
        section.show();
        section.model()->setGenome(test::wideGenome());
        QVERIFY(section.showsTree());
        QVERIFY(section.tree()->isVisible());
        QVERIFY(!section.table()->isVisible());
        QVERIFY(section.filterEdit()->isVisible());
        ui::GenomeTreeModel* tree = section.treeModel();
        QCOMPARE(tree->rowCount(), 6);  // Psqt, Mobility, Passed, KingAttack, Threat, Material
        const QModelIndex psqt = tree->indexOfGroup(QStringLiteral("Psqt"));
        QVERIFY(tree->isGroup(psqt));
        QCOMPARE(tree->rowCount(psqt), 368);
        QCOMPARE(psqt.data().toString(), QStringLiteral("Psqt (368)"));
        QCOMPARE(tree->rowCount(tree->indexOfGroup(QStringLiteral("Mobility"))), 132);
        // Collapsed by default: one row per group in sight.
        QVERIFY(!section.tree()->isExpanded(section.filterModel()->mapFromSource(psqt)));

        section.filterEdit()->setText(QStringLiteral("^Psqt\\.Knight\\.Mg"));
        QCOMPARE(section.shownTerms(), 32);
        QCOMPARE(section.filterModel()->rowCount(), 1);
        const QModelIndex shownPsqt = section.filterModel()->index(0, 0);
        QCOMPARE(section.filterModel()->rowCount(shownPsqt), 32);
        QVERIFY(section.tree()->isExpanded(shownPsqt));
        QCOMPARE(section.filterModel()->index(0, 0, shownPsqt).data().toString(), QStringLiteral("Knight.Mg.a1"));  // under Psqt
        QVERIFY(section.lengthLabel()->text().contains(QStringLiteral("32 shown")));

        section.filterEdit()->setText(QStringLiteral("passed"));  // plain text, any case
        QCOMPARE(section.shownTerms(), 12);
        section.filterEdit()->setText(QStringLiteral("\\.(d4|e4)$"));  // the squares of both phases, all pieces
        QCOMPARE(section.shownTerms(), 12);  // six pieces, two phases, d4 only (files a-d)
        section.filterEdit()->setText(QStringLiteral("^Material$"));  // a group's name keeps its terms
        QCOMPARE(section.shownTerms(), 10);
        QCOMPARE(section.filterModel()->rowCount(section.filterModel()->index(0, 0)), 10);
        section.filterEdit()->setText(QStringLiteral("Mg.d4["));  // no regular expression: plain text
        QCOMPARE(section.shownTerms(), 0);
        section.filterEdit()->clear();
        QCOMPARE(section.filterModel()->rowCount(), 6);
        QCOMPARE(section.shownTerms(), 540);
    }

    void smallGenomeKeepsItsTable() {
        ui::GenomeSection section;
        section.resize(420, 500);
        section.show();
        section.model()->setGenome(smallGenome());
        QVERIFY(!section.showsTree());
        QVERIFY(section.table()->isVisible());
        QVERIFY(!section.tree()->isVisible());
        QVERIFY(!section.filterEdit()->isVisible());
        QCOMPARE(section.table()->model(), static_cast<QAbstractItemModel*>(section.model()));
        QCOMPARE(section.lengthLabel()->text(), QStringLiteral("5 terms, chromosome length m = 36 bits"));
    }

    // Forty terms without groups: the flat table as before, with the filter box hiding its rows.
    void flatGenomeFilterHidesTableRows() {
        std::vector<ga::Term> terms;
        for (int i = 0; i < 40; ++i)
            terms.emplace_back("term " + std::to_string(i), "Term" + std::to_string(i), 10 + i, 6);
        ui::GenomeSection section;
        section.resize(420, 600);
        section.show();
        section.model()->setGenome(ga::Genome(terms));
        QVERIFY(section.table()->isVisible());
        QVERIFY(!section.tree()->isVisible());
        QVERIFY(section.filterEdit()->isVisible());
        section.filterEdit()->setText(QStringLiteral("^Term3\\d?$"));
        auto shownRows = [&section] {
            int shown = 0;
            for (int row = 0; row < section.model()->rowCount(); ++row)
                shown += !section.table()->isRowHidden(row);
            return shown;
        };
        QCOMPARE(shownRows(), 11);  // Term3, Term30..Term39
        QCOMPARE(section.shownTerms(), 11);
        QVERIFY(!section.table()->isRowHidden(3));
        QVERIFY(section.table()->isRowHidden(4));
        section.filterEdit()->clear();
        QCOMPARE(shownRows(), 40);
    }

    void groupBitsSetAtOnce() {
        ui::GenomeSection section;
        section.model()->setGenome(test::wideGenome());
        ui::GenomeTreeModel* tree = section.treeModel();
        const QModelIndex passedBits = tree->index(tree->indexOfGroup(QStringLiteral("Passed")).row(), ui::GenomeModel::Bits);
        QVERIFY(tree->flags(passedBits) & Qt::ItemIsEditable);
        const std::size_t before = section.model()->genome().length();
        QVERIFY(tree->setData(passedBits, 5, Qt::EditRole));
        const ga::Genome& after = section.model()->genome();
        for (std::size_t i = 0; i < after.size(); ++i)
            QCOMPARE(after[i].bits, after[i].option.rfind("Passed.", 0) == 0 ? 5 : test::wideGenome()[i].bits);
        QCOMPARE(after.length(), before - 12 * 2);  // 12 terms, 7 bits each before
        QCOMPARE(passedBits.data().toString(), QStringLiteral("5"));
        QVERIFY(section.lengthLabel()->text().contains(QString::number(after.length())));
        section.setLocked(true);
        QVERIFY(!(tree->flags(passedBits) & Qt::ItemIsEditable));
        QVERIFY(!tree->setData(passedBits, 6, Qt::EditRole));
    }

    // An engine that announces the wide genome's options (a shell script): Genome from engine
    // ticks a group and unticks another, by the group picker and Tick / Untick shown.
    void groupTickedForTuningInGenomeFromEngine() {
        const QString options = dir_.filePath(QStringLiteral("options.txt"));
        QFile list(options);
        QVERIFY(list.open(QIODevice::WriteOnly));
        const ga::Genome wide = test::wideGenome();
        for (const ga::Term& t : wide.terms())
            list.write(QStringLiteral("option name %1 type spin default %2 min -400 max 1500\n")
                           .arg(QString::fromStdString(t.option))
                           .arg(t.defaultValue)
                           .toUtf8());
        list.write("option name Hash type spin default 16 min 1 max 64\n");
        list.close();
        const QString engine = dir_.filePath(QStringLiteral("wide-engine.sh"));
        QFile script(engine);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QStringLiteral("#!/bin/sh\nwhile read line; do case \"$line\" in\n"
                                    "uci) echo 'id name wide'; cat '%1'; echo uciok;;\n"
                                    "isready) echo readyok;;\nquit) exit 0;;\nesac; done\n")
                         .arg(options)
                         .toUtf8());
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        tuning::EngineSpec spec;
        spec.program = engine.toStdString();
        ga::Genome current = smallGenome();
        ui::GenomeFromEngineDialog d(spec, current);
        QTRY_VERIFY_WITH_TIMEOUT(d.optionsRead(), test_time::scaledMs(10000));
        QCOMPARE(d.table()->rowCount(), 541);
        QVERIFY(d.groupPicker()->count() == 7);  // all options and six groups
        QCOMPARE(d.genome().size(), std::size_t(0));
        d.groupPicker()->setCurrentIndex(d.groupPicker()->findData(QStringLiteral("Mobility")));
        emit d.groupPicker()->activated(d.groupPicker()->currentIndex());
        QCOMPARE(d.filterEdit()->text(), QStringLiteral("^Mobility\\."));
        QCOMPARE(d.shownRows(), 132);
        d.findChild<QPushButton*>(QStringLiteral("genomeFromEngineTick"))->click();
        QCOMPARE(d.genome().size(), std::size_t(132));
        QVERIFY(d.groupPicker()->itemText(d.groupPicker()->currentIndex()).contains(QStringLiteral("132 ticked")));
        d.filterEdit()->setText(QStringLiteral("^Passed\\."));
        QCOMPARE(d.groupPicker()->currentData().toString(), QStringLiteral("Passed"));  // the picker follows
        d.tickShown(true);
        QCOMPARE(d.genome().size(), std::size_t(144));
        d.resize(900, 600);
        d.show();
        maybeGrab(&d, QStringLiteral("genome-from-engine-groups"));
        d.filterEdit()->setText(QStringLiteral("Mobility.Queen"));
        d.findChild<QPushButton*>(QStringLiteral("genomeFromEngineUntick"))->click();
        QCOMPARE(d.genome().size(), std::size_t(144 - 56));
        const ga::Genome chosen = d.genome();
        for (const ga::Term& t : chosen.terms())
            QVERIFY(t.option.rfind("Passed.", 0) == 0 ||
                    (t.option.rfind("Mobility.", 0) == 0 && t.option.rfind("Mobility.Queen.", 0) != 0));
        // A row's window follows its own bits: Passed.* starts with 8 (its unit), 256 values around 8.
        const int r2 = d.rowOf(QStringLiteral("Passed.Mg.r2"));
        QVERIFY(r2 >= 0);
        QCOMPARE(d.bitsAt(r2), 8);
        QCOMPARE(d.table()->item(r2, ui::GenomeFromEngineDialog::Window)->text(), QStringLiteral("-120..135"));
        static_cast<QSpinBox*>(d.table()->cellWidget(r2, ui::GenomeFromEngineDialog::Bits))->setValue(4);
        QCOMPARE(d.table()->item(r2, ui::GenomeFromEngineDialog::Window)->text(), QStringLiteral("0..15"));
        d.filterEdit()->clear();
        QCOMPARE(d.shownRows(), 540);  // Hash is no evaluation term: listed with Show all options
        d.showAllBox()->setChecked(true);
        QCOMPARE(d.shownRows(), 541);
        QCOMPARE(d.groupPicker()->currentIndex(), 0);
    }

    void genesChartShowsGroupsThenExpandsOne() {
        ui::FitnessCharts charts;
        const ga::RunState run = test::wideRun(4);
        charts.clear(run.genome);
        auto history = tuning::recordedGenerations(run);
        QVERIFY(history && history->size() == 4);
        for (const tuning::RecordedGeneration& g : *history)
            charts.addGeneration(g.report);
        QVERIFY(!charts.genePicker()->isHidden());
        QCOMPARE(charts.geneLines(), 6);
        QVERIFY(charts.genesShowMove());
        QVERIFY(charts.geneLegend(0).startsWith(QStringLiteral("Psqt (368)")));
        QCOMPARE(charts.genePoint(0, 0).x(), 0.0);
        QVERIFY(charts.geneTip(0, 3).startsWith(QStringLiteral("Psqt: 368 terms, mean move from the defaults")));
        // A move of the defaults' own values is 0; the run's best moved some PST entries.
        const std::vector<int>& best = history->back().report.stats.bestValues;
        ui::GeneLineSpec psqt{QStringLiteral("Psqt"), QStringLiteral("Psqt"), {}};
        for (std::size_t i = 0; i < run.genome.size(); ++i)
            if (run.genome[i].option.rfind("Psqt.", 0) == 0)
                psqt.terms.push_back(i);
        QCOMPARE(ui::geneLineValue(run.genome, psqt, run.genome.defaults(), true), 0.0);
        QCOMPARE(charts.genePoint(0, 3).y(), ui::geneLineValue(run.genome, psqt, best, true));

        auto viewOf = [&](const QString& prefix) {
            for (int i = 0; i < charts.genePicker()->count(); ++i)
                if (charts.genePicker()->itemText(i).trimmed().startsWith(prefix + QStringLiteral(" (")))
                    return i;
            return -1;
        };
        charts.showGeneView(viewOf(QStringLiteral("Psqt")));
        QCOMPARE(charts.geneLines(), 6);  // the six pieces
        QVERIFY(charts.geneLegend(1).startsWith(QStringLiteral("Psqt.Knight (64)")));
        QCOMPARE(charts.genePoint(1, 3).x(), 3.0);  // every generation drawn again
        charts.showGeneView(viewOf(QStringLiteral("Psqt.Knight.Mg")));
        QCOMPARE(charts.geneLines(), 32);  // one line per term: places, as a small genome's
        QVERIFY(!charts.genesShowMove());
        const int d4 = rowOf(run.genome, "Psqt.Knight.Mg.d4");
        QCOMPARE(charts.geneLegend(3 * 4 + 3), QStringLiteral("Psqt.Knight.Mg.d4 = %1").arg(best[std::size_t(d4)]));
        QVERIFY(charts.geneTip(3 * 4 + 3, 3).startsWith(QStringLiteral("Psqt.Knight.Mg.d4 = %1 in generation 3").arg(best[std::size_t(d4)])));

        // A small genome: no picker, one line per term, as before.
        charts.clear(smallGenome());
        QVERIFY(charts.genePicker()->isHidden());
        QCOMPARE(charts.geneLines(), 5);
        QVERIFY(!charts.genesShowMove());
    }

    void tablesAreMirroredAndPawnsHaveSixRanks() {
        const ga::Genome genome = test::wideGenome();
        const std::vector<ui::PsqtTable> tables = ui::psqtTables(genome, {});
        QCOMPARE(tables.size(), std::size_t(12));
        QCOMPARE(tables[2].title(), QStringLiteral("Knight, middle game"));
        const ui::PsqtTable& knight = tables[2];
        for (int rank = 0; rank < 8; ++rank)
            for (int file = 0; file < 4; ++file) {
                QVERIFY(knight.start[std::size_t(rank * 8 + file)].has_value());
                QCOMPARE(knight.start[std::size_t(rank * 8 + file)], knight.start[std::size_t(rank * 8 + 7 - file)]);
                QCOMPARE(*knight.start[std::size_t(rank * 8 + file)], test::widePsqtDefault(1, 0, file, rank));
            }
        const ui::PsqtTable& pawn = tables[1];  // end game
        QCOMPARE(pawn.phase, 1);
        for (int file = 0; file < 8; ++file) {
            QVERIFY(!pawn.start[std::size_t(file)].has_value());
            QVERIFY(!pawn.start[std::size_t(56 + file)].has_value());
            QVERIFY(pawn.start[std::size_t(8 + file)].has_value());
        }
        QVERIFY(!ui::hasPsqt(smallGenome()));
    }

    // The window's boards rendered offscreen: a cell's colour follows its value, its mirror the same.
    void heatMapsDrawOffscreen() {
        const ga::Genome genome = test::wideGenome();
        ui::PsqtPanel panel;
        panel.resize(900, 700);
        panel.show();
        panel.setGenome(genome);
        panel.piecePicker()->setCurrentIndex(panel.piecePicker()->findData(1));  // the knight
        QCOMPARE(panel.boards()->tables().size(), std::size_t(2));
        auto render = [&panel] {
            QImage image(panel.boards()->size(), QImage::Format_RGB32);
            panel.boards()->render(&image);
            return image;
        };
        const QImage before = render();
        const ui::TablePlace mg = panel.boards()->placeOf(0);
        const QRectF d4 = ui::squareRect(mg.current, 3, 3), e4 = ui::squareRect(mg.current, 4, 3);
        const QRectF a1 = ui::squareRect(mg.current, 0, 0);
        QCOMPARE(pixelIn(before, d4), pixelIn(before, e4));
        QCOMPARE(pixelIn(before, ui::squareRect(mg.start, 3, 3)), pixelIn(before, d4));  // no run yet: equal sides
        QVERIFY(pixelIn(before, d4) != pixelIn(before, a1));  // the centre is worth more than the corner

        std::vector<int> values = genome.defaults();
        const int row = rowOf(genome, "Psqt.Knight.Mg.d4");
        const int low = ui::HeatScale::of(panel.boards()->tables()[0]).low;
        values[std::size_t(row)] = low;  // the d4 (and e4) entry down to the table's lowest value
        panel.setCurrent(values, QStringLiteral("best of generation 3"));
        const QImage after = render();
        QVERIFY(pixelIn(after, d4) != pixelIn(before, d4));
        QCOMPARE(pixelIn(after, d4), pixelIn(after, e4));
        QCOMPARE(pixelIn(after, d4), pixelIn(after, a1));  // a1 holds the lowest value too
        QCOMPARE(pixelIn(after, ui::squareRect(mg.start, 3, 3)), pixelIn(before, ui::squareRect(mg.start, 3, 3)));
        // Squares without a term (the pawns' first rank) are grey.
        panel.piecePicker()->setCurrentIndex(panel.piecePicker()->findData(0));
        const QImage pawns = render();
        const QColor empty = pixelIn(pawns, ui::squareRect(panel.boards()->placeOf(0).start, 2, 0));
        QCOMPARE(empty.red(), empty.green());
        QCOMPARE(empty.green(), empty.blue());
    }

    void reportHasABoardsPage() {
        const ga::RunState run = test::wideRun(2);
        const ui::ReportBoards boards = ui::reportBoards(run);
        QCOMPARE(boards.tables.size(), std::size_t(12));
        QVERIFY(boards.currentCaption.contains(QStringLiteral("generation 1")));
        ui::RunSettings settings;
        const QString html = ui::reportDocument(QStringLiteral("wide"), {}, run, settings, QStringLiteral("chromosome 0\n"));
        // The header lists the 540 terms by group, one row each.
        QVERIFY(html.contains(QStringLiteral("Genome (540 terms, m = %1 bits), by group").arg(run.genome.length())));
        QVERIFY(html.contains(QStringLiteral("<td>Psqt&#160;&#160;&#160;</td><td>368&#160;")));
        QVERIFY(!html.contains(QStringLiteral("Psqt.Knight.Mg.d4")));
        for (bool withBoards : {false, true}) {
            const QString pdf = dir_.filePath(withBoards ? QStringLiteral("boards.pdf") : QStringLiteral("plain.pdf"));
            QPrinter printer(QPrinter::HighResolution);
            printer.setOutputFormat(QPrinter::PdfFormat);
            printer.setOutputFileName(pdf);
            const int textPages = ui::reportPageCount(html, &printer);
            ui::printReport(html, QStringLiteral("wide"), &printer, withBoards ? boards : ui::ReportBoards{});
            QCOMPARE(pdfPages(pdf), textPages + (withBoards ? 1 : 0));
            if (withBoards && !qEnvironmentVariableIsEmpty("MATEFIND_WIDE_SCREENSHOTS"))
                QFile::copy(pdf, qEnvironmentVariable("MATEFIND_WIDE_SCREENSHOTS") + QStringLiteral("/report-boards.pdf"));
        }
        // A genome without PST terms has no boards page.
        ga::RunState small;
        small.genome = smallGenome();
        QVERIFY(ui::reportBoards(small).tables.empty());
        // The page itself: drawn offscreen, the knight's boards coloured.
        QImage page(850, 1100, QImage::Format_RGB32);
        page.fill(Qt::white);
        QPainter painter(&page);
        ui::paintBoardsPage(painter, QRectF(40, 40, 770, 1020), boards);
        painter.end();
        int coloured = 0;
        for (int y = 0; y < page.height(); y += 7)
            for (int x = 0; x < page.width(); x += 7)
                coloured += page.pixelColor(x, y).saturation() > 60;
        QVERIFY2(coloured > 1000, qPrintable(QString::number(coloured)));
    }

    // 16 members of the bundled engine's piece-square genome (368 terms of 1/30 cp, values of up to
    // five characters), as `print` words them: each member's values as 12 boards (not a values
    // line wrapping over a page; half boards, files a-d, as the engine's tables are mirrored),
    // every value of every member in the document in board order, and the whole report printed
    // to PDF in at most 6 pages (a values line per member made 24).
    void aReportOfSixteenPsqtMembersIsAFewPages() {
        if (!QFileInfo(ui::test::engineUnderTest()).isExecutable())
            QSKIP("no engine beside the tests");
        tuning::GenomeChoice tables;
        tables.include = "^Psqt\\.";
        const auto genome = bundledGenome(tables);
        QVERIFY(genome);
        QCOMPARE(genome->size(), std::size_t(368));
        const ga::RunState state = psqtRun(*genome, 16);
        const QString html = ui::reportDocument(QStringLiteral("MateFind evaluations"), QStringLiteral("/runs/psqt.mfpop"),
                                                state, psqtSettings(), psqtReport(state));
        QVERIFY(!html.contains(QStringLiteral("values: Psqt.")));
        for (std::size_t m = 0; m < state.population.size(); ++m) {
            const std::vector<int> values = ga::decode(state.genome, state.population[m].chromosome);
            QCOMPARE(boardCells(html, m), expectedCells(state.genome, values));
        }
        const QString pdf = dir_.filePath(QStringLiteral("psqt-16.pdf"));
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);  // as File > Print's "Print to File (PDF)"
        printer.setPageSize(QPageSize(QPageSize::A4));
        printer.setOutputFileName(pdf);
        ui::printReport(html, QStringLiteral("MateFind evaluations"), &printer, ui::reportBoards(state));
        if (!qEnvironmentVariableIsEmpty("MATEFIND_WIDE_SCREENSHOTS")) {
            const QString kept = qEnvironmentVariable("MATEFIND_WIDE_SCREENSHOTS") + QStringLiteral("/report-psqt-16.pdf");
            QFile::remove(kept);
            QFile::copy(pdf, kept);
        }
        const int pages = pdfPages(pdf);
        qInfo() << "16 members of 368 terms:" << pages << "pages";
        QVERIFY2(pages >= 2 && pages <= 6, qPrintable(QString::number(pages)));
        // No member's entry straddles a page.
        QPrinter measured(QPrinter::HighResolution);
        measured.setOutputFormat(QPrinter::PdfFormat);
        measured.setPageSize(QPageSize(QPageSize::A4));
        measured.setOutputFileName(dir_.filePath(QStringLiteral("measured.pdf")));
        for (const auto& [first, last] : ui::chromosomePages(html, &measured))
            QCOMPARE(first, last);
    }

    // The bundled engine's whole evaluation (654 terms, 12 groups and the 30 weights of no group):
    // each member's terms that are no piece-square entry as one table per group, a row per term
    // (its name without the group, value, default, change), every member's every value there.
    void aMembersTermsReadAsOneTablePerGroup() {
        if (!QFileInfo(ui::test::engineUnderTest()).isExecutable())
            QSKIP("no engine beside the tests");
        const auto genome = bundledGenome({});
        QVERIFY(genome);
        const ga::RunState state = psqtRun(*genome, 4);
        const QString html = ui::reportDocument(QStringLiteral("MateFind evaluations"), {}, state, psqtSettings(),
                                                psqtReport(state));
        for (const char* group : {"<b>Mobility</b> (132 terms)", "<b>Material</b> (10 terms)", "<b>Terms</b> (30 terms)"})
            QVERIFY2(html.contains(QLatin1String(group)), group);
        for (std::size_t m = 0; m < state.population.size(); ++m) {
            const qsizetype from = html.indexOf(QStringLiteral("chromosome %1 ").arg(m));
            const QString entry = html.mid(from, html.indexOf(QStringLiteral("chromosome "), from + 1) - from);
            const std::vector<int> values = ga::decode(state.genome, state.population[m].chromosome);
            for (std::size_t t = 0; t < values.size(); ++t) {
                const ga::Term& term = state.genome[t];
                if (ui::psqtSquareOf(term))
                    continue;
                const QString option = QString::fromStdString(term.option);
                const QString shown = term.group.empty() ? QString::fromStdString(term.name) : option.section(QLatin1Char('.'), 1);
                const QString row = QStringLiteral("<td class='t'>%1&#160;&#160;</td><td class='n'>%2&#160;</td><td class='n'>%3&#160;</td>")
                                        .arg(shown)
                                        .arg(values[t])
                                        .arg(term.defaultValue);
                QVERIFY2(entry.contains(row), qPrintable(QStringLiteral("member %1: %2").arg(m).arg(row)));
            }
        }
        if (!qEnvironmentVariableIsEmpty("MATEFIND_WIDE_SCREENSHOTS")) {
            QPrinter printer(QPrinter::HighResolution);
            printer.setOutputFormat(QPrinter::PdfFormat);
            printer.setPageSize(QPageSize(QPageSize::A4));
            const QString kept = qEnvironmentVariable("MATEFIND_WIDE_SCREENSHOTS") + QStringLiteral("/report-full-4.pdf");
            printer.setOutputFileName(kept);
            ui::printReport(html, QStringLiteral("MateFind evaluations"), &printer, ui::reportBoards(state));
        }
    }

    // The whole window with a wide run opened: the tree, the genes picker and the boards tab in
    // sight and inside their viewports at both sizes; a small genome hides the boards tab.
    void windowWithAWideRunAtBothSizes() {
        if (!QFileInfo(ui::test::engineUnderTest()).isExecutable())
            QSKIP("no engine beside the tests");
        const QString file = dir_.filePath(QStringLiteral("wide-run.mfpop"));
        QVERIFY(!ga::savePopulation(test::wideRun(3), file.toStdString()));
        for (QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            auto w = ui::test::makeTestWindow();
            w->setWindowState(Qt::WindowNoState);
            w->resize(size);
            auto* centre = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
            const int psqtTab = centre->indexOf(w->psqtPanel());
            QVERIFY(!centre->isTabVisible(psqtTab));  // the bundled genome has no PST terms
            QSignalSpy opened(w.get(), &ui::MainWindow::fileDone);
            w->openFile(file);
            QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
            QTRY_VERIFY(centre->isTabVisible(psqtTab));
            QVERIFY(w->psqtPanel()->currentCaption().contains(QStringLiteral("generation 2")));
            auto* tree = w->findChild<QTreeView*>(QStringLiteral("genomeTree"));
            QVERIFY(tree->isVisible());
            QCOMPARE(tree->model()->rowCount(), 6);
            // Every column in sight: the last one ends inside the viewport, the term column readable.
            QHeaderView* header = tree->header();
            const int lastColumn = tree->viewport()->width() < 400 ? ui::GenomeModel::Bits : ui::GenomeModel::Window;
            QCOMPARE(tree->isColumnHidden(ui::GenomeModel::Window), lastColumn == ui::GenomeModel::Bits);
            QVERIFY2(header->sectionPosition(lastColumn) + header->sectionSize(lastColumn) <= tree->viewport()->width(),
                     qPrintable(QStringLiteral("%1 + %2 > %3").arg(header->sectionPosition(lastColumn)).arg(header->sectionSize(lastColumn)).arg(tree->viewport()->width())));
            // "Knight.Mg.d4" under Psqt whole, not elided.
            const int need = tree->fontMetrics().horizontalAdvance(QStringLiteral("Knight.Mg.d4")) + 2 * tree->indentation();
            QVERIFY2(header->sectionSize(ui::GenomeModel::Name) >= need, qPrintable(QString::number(header->sectionSize(ui::GenomeModel::Name))));
            auto* scroll = w->findChild<QScrollArea*>(QStringLiteral("parametersScroll"));
            QVERIFY(tree->width() <= scroll->viewport()->width());
            centre->setCurrentIndex(psqtTab);
            QTest::qWait(50);
            ui::PsqtBoardsView* boards = w->psqtPanel()->boards();
            QVERIFY(boards->isVisible());
            const ui::TablePlace last = boards->placeOf(int(boards->tables().size()) - 1);
            QVERIFY(QRectF(boards->rect()).contains(last.current));  // every board inside the tab
            // One piece (its two phases) at first: boards large enough for their numbers.
            QCOMPARE(boards->tables().size(), std::size_t(2));
            const int pixels = ui::numberPixelSize(last.current, boards->tables().back().current, boards->font(), boards);
            qInfo() << size << "board" << last.current.size() << "numbers" << pixels << "px";
            QVERIFY2(last.current.height() >= (size.width() < 1600 ? 130 : 220), qPrintable(QString::number(last.current.height())));
            // The numbers scaled to the squares, readable (not 6 px), and the boards across most of the tab.
            QVERIFY2(pixels >= (size.width() < 1600 ? 9 : 14), qPrintable(QString::number(pixels)));
            QVERIFY2(last.current.right() >= boards->width() * 0.75,
                     qPrintable(QStringLiteral("%1 of %2").arg(last.current.right()).arg(boards->width())));
            const QString at = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
            maybeGrab(w.get(), QStringLiteral("psqt-tab-") + at);
            w->psqtPanel()->piecePicker()->setCurrentIndex(0);  // all pieces
            maybeGrab(w.get(), QStringLiteral("psqt-all-") + at);
            centre->setCurrentIndex(0);
            if (size.width() < 1600) {
                // Another genome without PST terms while the boards are in front: the tab goes, the charts come.
                centre->setCurrentIndex(psqtTab);
                const ga::Genome wide = w->parameters()->settings().genome;
                w->parameters()->genomeModel()->setGenome(smallGenome());
                QVERIFY(!centre->isTabVisible(psqtTab));
                QCOMPARE(centre->currentIndex(), 0);
                w->parameters()->genomeModel()->setGenome(wide);
                QVERIFY(centre->isTabVisible(psqtTab));
            }
            auto* picker = w->findChild<QComboBox*>(QStringLiteral("genePicker"));
            QVERIFY(!picker->isHidden());
            QCOMPARE(w->charts()->geneLines(), 6);
            w->findChild<QTabWidget*>(QStringLiteral("chartTabs"))->setCurrentIndex(1);
            maybeGrab(w.get(), QStringLiteral("genes-groups-") + at);
            for (int i = 0; i < picker->count(); ++i)
                if (picker->itemText(i).trimmed().startsWith(QStringLiteral("Psqt.Knight (")))
                    picker->setCurrentIndex(i);
            QCOMPARE(w->charts()->geneLines(), 2);
            maybeGrab(w.get(), QStringLiteral("genes-knight-") + at);
            w->findChild<QLineEdit*>(QStringLiteral("genomeFilter"))->setText(QStringLiteral("Knight.Mg"));
            scroll->ensureWidgetVisible(tree, 0, 0);
            maybeGrab(w.get(), QStringLiteral("genome-tree-filtered-") + at);
        }
    }
};

QTEST_MAIN(WideGenomeTest)
#include "wide_genome_test.moc"
