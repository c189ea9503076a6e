#pragma once
// Texel's measure of an evaluation: how well the score q of each labelled position predicts the
// game's result R through a logistic curve,
//     E = mean over positions of (R - sigmoid(K q / 400))^2,   sigmoid(x) = 1 / (1 + 10^-x),
// q and R both from White's point of view. K scales centipawns to winning chances; it is fitted
// once per data set on the starting weights (fitK) and then held fixed, so E compares weight sets.
#include <functional>
#include <span>

namespace mf::dataset {

// 1 / (1 + 10^(-K q / 400)): the expected score of White at a White score of q centipawns.
double expectedScore(double q, double k);

// E for scores `q` and results `r` (same length; 0 when empty).
double meanSquaredError(std::span<const int> q, std::span<const double> r, double k);

struct KFit {
    double k = 1.0;
    double error = 0.0;  // E at that K
};

// The K in [0.05, 10] with the least E: a coarse scan (E is smooth in K and, on real data, has one
// minimum in that range, but a scan keeps a flat or odd data set from sending the search to an
// edge), then Brent's method (Boost.Math) on the bracket around the best grid point.
KFit fitK(std::span<const int> q, std::span<const double> r);
// The same for any E(K): the trace path computes E from its coefficient table without q.
KFit fitK(const std::function<double(double k)>& errorAt);

}  // namespace mf::dataset
