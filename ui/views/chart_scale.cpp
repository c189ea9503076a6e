#include "ui/views/chart_scale.h"

#include <algorithm>
#include <cmath>

namespace mf::ui {

namespace {

// The step of 1, 2 or 5 times a power of ten nearest above `rough`.
double niceStep(double rough) {
    if (!(rough > 0))
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= rough * (1 - 1e-9))
            return m * power;
    return 10.0 * power;
}

// Decimals that print every multiple of `step` exactly: a step of 0.00002 needs 5, of 0.25 two.
int decimalsOf(double step) {
    for (int d = 0; d < 12; ++d) {
        const double scaled = step * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * scaled)
            return d;
    }
    return 12;
}

// The room the data needs: its span with 8% each side, or for one value 5% of itself.
std::pair<double, double> padded(double low, double high) {
    const double span = high - low;
    const double size = std::max(std::abs(low), std::abs(high));
    const double pad = span > 0 ? span * 0.08 : (size > 0 ? size * 0.05 : 0.5);
    const double from = low >= 0 ? std::max(0.0, low - pad) : low - pad;
    return {from, high + pad};
}

} // namespace

AxisScale fixedScale(double from, double step, int intervals) {
    AxisScale s;
    s.step = step;
    s.min = from;
    s.ticks = intervals + 1;
    s.max = from + step * intervals;
    s.decimals = decimalsOf(step);
    return s;
}

QString AxisScale::labelFormat() const { return QStringLiteral("%.%1f").arg(decimals); }

std::vector<QString> AxisScale::labels() const {
    std::vector<QString> out;
    for (int i = 0; i < ticks; ++i)
        out.push_back(QString::number(min + step * i, 'f', decimals));
    return out;
}

AxisScale niceScale(double low, double high) { return sharedScales({{low, high}}).front(); }

std::vector<AxisScale> sharedScales(const std::vector<std::pair<double, double>>& ranges) {
    std::vector<std::pair<double, double>> rooms;
    double widest = 0;
    for (const auto& [low, high] : ranges) {
        rooms.push_back(padded(std::min(low, high), std::max(low, high)));
        widest = std::max(widest, rooms.back().second - rooms.back().first);
    }
    // About five ticks over the widest range; every axis gets as many steps as the one that needs most.
    const double step = niceStep(widest / 5.0);
    int intervals = 1;
    std::vector<double> froms;
    for (const auto& [from, to] : rooms) {
        froms.push_back(std::floor(from / step + 1e-9) * step);
        intervals = std::max(intervals, int(std::ceil((to - froms.back()) / step - 1e-9)));
    }
    std::vector<AxisScale> scales;
    for (double from : froms)
        scales.push_back(fixedScale(from, step, intervals));
    return scales;
}

} // namespace mf::ui
