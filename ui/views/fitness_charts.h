#pragma once
// The charts of a run (Qt Charts): best/mean/worst fitness per generation, each gene of the best
// chromosome over generations, and in a multiselection fight one best-fitness curve per
// selection type.
#include "ui/views/chart_scale.h"
#include "ui/models/gene_lines.h"

#include "evolution/ga/genome.h"
#include "evolution/ga/statistics.h"
#include "evolution/tuning/run/run_observer.h"

#include <QPen>
#include <QString>
#include <QWidget>
#include <vector>

class QChart;
class QComboBox;
class QChartView;
class QLineSeries;
class QValueAxis;
class QTabWidget;

namespace mf::ui {

class FitnessCharts : public QWidget {
    Q_OBJECT
public:
    explicit FitnessCharts(QWidget* parent = nullptr);

    void clear(const ga::Genome& genome);
    // One generation. A report of measure evalfit (it carries E and E0) turns the fitness chart
    // into one of Texel's error E, what evalfit's users read: the best's E against the defaults'
    // E0, and the held-out E (when there is one) against the defaults' E0 on the held-out data, on
    // an axis of its own drawn to the same scale.
    void addGeneration(const tuning::GenerationReport& report);
    void addFightRound(const tuning::FightRound& round);
    void showFight(bool fight);  // brings the fight chart forward

    // For tests and screenshots.
    int fitnessPoints() const;
    bool showsError() const { return errorMode_; }  // the fitness chart shows E (evalfit)
    bool showsHeldOut() const;                       // ... and the held-out E on its own axis
    // The fitness chart's value axis and the lowest and highest value drawn on it.
    double fitnessAxisMin() const;
    double fitnessAxisMax() const;
    double fitnessDataMin() const { return fitness_.yMin; }
    double fitnessDataMax() const { return fitness_.yMax; }
    const AxisScale& fitnessScale() const { return fitnessScale_; }
    const AxisScale& heldOutScale() const { return heldScale_; }  // the held-out E axis
    int heldOutDefaultsPoints() const;                             // the held-out E0 line
    // Measure games: the pick's speed ratio (nodes a second over the start's) on an axis of its own.
    int speedPoints() const;
    bool showsSpeed() const;
    double heldOutDefaultsValue() const;                           // its last point
    int fightCurves() const { return static_cast<int>(fightSeries_.size()); }
    QString fightLegend(int lane) const;  // "baker  32"
    QPen fightPen(int lane) const;
    // The genes chart: one line per term, at its value's place in the term's window (0 = its
    // lowest value, 1 = its highest), named with the option and its latest value. A genome with
    // groups (ga::termGroup) starts with one line per group, each its terms' mean move from their
    // defaults (a share of their windows), and the picker (genePicker) expands a group, and then
    // its parts, down to one line per term (gene_lines.h).
    QComboBox* genePicker() const { return genePicker_; }
    void showGeneView(int view);  // an index of genePicker's views
    bool genesShowMove() const { return geneMove_; }
    int geneLines() const { return static_cast<int>(geneSeries_.size()); }
    QPen genePen(int term) const;
    QString geneLegend(int term) const;  // "KnightValue = 312"
    QPointF genePoint(int term, int index) const;
    QString geneTip(int term, int generation) const;  // the real value, the window

private:
    struct Plot {
        QChart* chart = nullptr;
        QChartView* view = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
        double yMin = 0, yMax = 0;
        bool empty = true;
    };
    struct GeneLine {
        QLineSeries* series = nullptr;
        QString option;   // a term's option, or a part's prefix ("Psqt.Knight")
        int low = 0, high = 0;
        GeneLineSpec spec;
    };
    Plot makePlot(const QString& title, const QString& yTitle);
    QLineSeries* addSeries(Plot& plot, const QString& name);
    void extend(Plot& plot, int generation, double y);  // the x axis, and the data's y range
    void rescaleFitness();  // the fitness axis (and the held-out one) to the data drawn
    void showErrorMode(bool error);  // names and titles of the fitness chart for E or fitness
    void makeGeneLines();  // the lines of the picked view, with every generation seen so far
    void addGenes(int generation, const std::vector<int>& values);
    void appendGenes(int generation, const std::vector<int>& values);
    void rescaleGenes();
    void addError(const tuning::GenerationReport& report);
    void addSpeed(int generation, double ratio);
    void makeSpeedLine();

    QTabWidget* tabs_ = nullptr;
    Plot fitness_, genes_, fight_;
    QLineSeries* best_ = nullptr;
    QLineSeries* mean_ = nullptr;
    QLineSeries* worst_ = nullptr;
    QLineSeries* defaults_ = nullptr;       // evalfit: E0, the genome's defaults' E
    QLineSeries* heldOut_ = nullptr;        // evalfit: the best's E on the held-out data, on its own axis
    QLineSeries* heldDefaults_ = nullptr;   // evalfit: the defaults' E on the held-out data
    QValueAxis* heldOutAxis_ = nullptr;
    QLineSeries* speed_ = nullptr;          // games: the pick's speed ratio, on its own axis
    QValueAxis* speedAxis_ = nullptr;
    double speedMin_ = 1.0, speedMax_ = 1.0;  // the start's 1 always inside
    double heldMin_ = 0, heldMax_ = 0;
    AxisScale fitnessScale_, heldScale_;
    bool errorMode_ = false;
    std::vector<GeneLine> geneSeries_;
    QComboBox* genePicker_ = nullptr;
    ga::Genome genome_;
    std::vector<GeneView> geneViews_;
    std::vector<std::pair<int, std::vector<int>>> geneHistory_;  // every generation's best values
    bool geneMove_ = false;  // the lines show moves from the defaults (views of groups), not places
    double geneMax_ = 0;
    std::vector<QLineSeries*> fightSeries_;
    std::vector<QString> fightNames_;
};

} // namespace mf::ui
