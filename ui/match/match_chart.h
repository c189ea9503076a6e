#pragma once
// The Match tab's chart: after each game pair, side A's Elo with its 95% interval (left axis) and
// the SPRT log-likelihood ratio with its two bounds (right axis), against the pairs played.
#include "evolution/match/elo.h"

#include <QWidget>

class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace mf::ui {

class MatchChart : public QWidget {
    Q_OBJECT
public:
    explicit MatchChart(QWidget* parent = nullptr);

    // Empties the chart for a match of `pairs` pairs; the bounds lines go at the SPRT's bounds.
    void start(std::int64_t pairs, double llrLower, double llrUpper);
    // The point of `pairs` done. An infinite Elo (every game won or lost so far) is drawn at the
    // axis limit (+-800); an infinite interval end is left out.
    void addPoint(std::int64_t pairs, const match::EloEstimate& elo, double llr);

    int eloPoints() const;
    int llrPoints() const;

private:
    QChart* chart_ = nullptr;
    QValueAxis* x_ = nullptr;
    QValueAxis* yElo_ = nullptr;
    QValueAxis* yLlr_ = nullptr;
    QLineSeries* elo_ = nullptr;
    QLineSeries* low_ = nullptr;
    QLineSeries* high_ = nullptr;
    QLineSeries* llr_ = nullptr;
    QLineSeries* lower_ = nullptr;
    QLineSeries* upper_ = nullptr;
    double eloMin_ = -50, eloMax_ = 50, llrMin_ = -3, llrMax_ = 3;
    std::int64_t planned_ = 1;
};

}  // namespace mf::ui
