#pragma once
// Line colours for charts with many series (the genes chart: one line per term): kSeriesColours
// colours as far apart as the eye sees them (CIE L*a*b* distance, chosen greedily from a grid of
// hues, saturations and brightnesses, none too light on white), then the same colours dashed,
// dotted, dash-dotted. Qt Charts' own theme repeats after five.
#include <QColor>
#include <QPen>

namespace mf::ui {

inline constexpr int kSeriesColours = 30;

QColor seriesColour(int index);  // index % kSeriesColours
QPen seriesPen(int index, double width = 2.0);  // colour, and past kSeriesColours a dash style

// The CIE76 distance of two colours in L*a*b* (D65): about 2.3 is the least the eye tells apart.
double colourDistance(const QColor& a, const QColor& b);

} // namespace mf::ui
