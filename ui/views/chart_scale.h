#pragma once
// Value axes at round ticks whose labels never repeat, and several axes drawn to one scale: the
// evalfit chart's E and held-out E axes span the same height of E, so a change of 0.00006 looks
// as small on one as on the other.
#include <QString>

#include <vector>

namespace mf::ui {

struct AxisScale {
    double min = 0, max = 1;
    double step = 0.25;   // between two ticks
    int ticks = 5;        // tick lines, min and max included
    int decimals = 2;     // the fewest that print every tick differently
    QString labelFormat() const;             // "%.5f"
    std::vector<QString> labels() const;     // each tick as the axis prints it
};

// An axis over [low, high] with some room, at steps of 1, 2 or 5 times a power of ten, no
// lower than 0 when the data is not. One value alone gets 5% of itself each side.
AxisScale niceScale(double low, double high);

// From `min`, `intervals` steps of `step`.
AxisScale fixedScale(double min, double step, int intervals);

// One scale per range ([low, high] each), every one with the same step and the same number of
// ticks, so equal changes are drawn equally tall on each.
std::vector<AxisScale> sharedScales(const std::vector<std::pair<double, double>>& ranges);

} // namespace mf::ui
