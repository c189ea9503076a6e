#include "ui/views/series_palette.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace mf::ui {

namespace {

struct Lab {
    double l, a, b;
};

double linear(double c) { return c > 0.04045 ? std::pow((c + 0.055) / 1.055, 2.4) : c / 12.92; }
double labCurve(double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; }

Lab labOf(const QColor& c) {
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = labCurve((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const double y = labCurve(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const double z = labCurve((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    return {116 * y - 16, 500 * (x - y), 200 * (y - z)};
}

double distance(const Lab& p, const Lab& q) { return std::hypot(p.l - q.l, p.a - q.a, p.b - q.b); }

// Farthest-first from a grid: each next colour is the candidate farthest from all chosen so far.
std::array<QColor, kSeriesColours> makePalette() {
    std::vector<std::pair<QColor, Lab>> candidates;
    for (int hue = 0; hue < 36; ++hue)
        for (double s : {0.45, 0.7, 1.0})
            for (double v : {0.4, 0.6, 0.8, 1.0}) {
                const QColor c = QColor::fromHsvF(float(hue / 36.0), float(s), float(v));
                const Lab lab = labOf(c);
                if (lab.l < 80)  // lighter lines vanish on the chart's white
                    candidates.emplace_back(c, lab);
            }
    std::array<QColor, kSeriesColours> palette;
    std::vector<Lab> chosen;
    palette[0] = QColor(31, 119, 180);  // a plain blue first, as Qt's theme
    chosen.push_back(labOf(palette[0]));
    for (int i = 1; i < kSeriesColours; ++i) {
        double farthest = -1;
        std::size_t pick = 0;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            double nearest = 1e9;
            for (const Lab& lab : chosen)
                nearest = std::min(nearest, distance(candidates[c].second, lab));
            if (nearest > farthest) {
                farthest = nearest;
                pick = c;
            }
        }
        palette[std::size_t(i)] = candidates[pick].first;
        chosen.push_back(candidates[pick].second);
    }
    return palette;
}

} // namespace

QColor seriesColour(int index) {
    static const std::array<QColor, kSeriesColours> palette = makePalette();
    return palette[std::size_t(((index % kSeriesColours) + kSeriesColours) % kSeriesColours)];
}

QPen seriesPen(int index, double width) {
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
    QPen pen(seriesColour(index));
    pen.setWidthF(width);
    pen.setStyle(styles[(index / kSeriesColours) % 5]);
    return pen;
}

double colourDistance(const QColor& a, const QColor& b) { return distance(labOf(a), labOf(b)); }

} // namespace mf::ui
