#pragma once
// SPSA's step schedule as fishtest and OpenBench compute it, from each parameter's final
// perturbation c_end and final learning rate r_end and the run's number of iterations N:
//
//   c = c_end * N^gamma            a_end = r_end * c_end^2        a = a_end * (A + N)^alpha
//   A = 0.1 * N,  alpha = 0.602,  gamma = 0.101
//
// Iteration k (0-based: k iterations done before it) perturbs by c_k and steps with R_k:
//
//   c_k = c / (k + 1)^gamma        R_k = a / (A + k + 1)^alpha / c_k^2
//
// so the last iteration (k = N - 1) has c_k = c_end and R_k = r_end. The candidates are
// theta + c_k * delta and theta - c_k * delta (delta: +-1 per parameter, Rademacher), and with
// `result` the iteration's outcome (fishtest: wins - losses of theta+ against theta-)
//
//   theta += R_k * c_k * result * delta        (then clamped to the parameter's range)

#include "evolution/ga/genome.h"
#include "evolution/tuning/measures/fitness_measure.h"

namespace mf::tuning {

inline constexpr double kSpsaAlpha = 0.602;
inline constexpr double kSpsaGamma = 0.101;
inline constexpr double kSpsaAFraction = 0.1;  // A = 0.1 * N

// One parameter's constants for a run of `iterations` iterations.
struct SpsaConstants {
    double c = 0;      // c_end * N^gamma
    double a = 0;      // a_end * (A + N)^alpha
    double bigA = 0;   // A
};
SpsaConstants spsaConstants(const ga::SpsaSteps& steps, long long iterations);

struct SpsaStep {
    double c = 0;  // c_k, the perturbation
    double r = 0;  // R_k, the learning rate (a_k / c_k^2)
};
SpsaStep spsaStep(const SpsaConstants& constants, long long k);

// A term's steps: those its genome gives (read from tune lines), else c_end = window / 20 (at
// least 0.5) and `rEnd`.
ga::SpsaSteps termSteps(const ga::Term& term, double rEnd);

// The factor turning a fitness difference into fishtest's result of an iteration: `given` when
// more than 0, else the measure's (OptimizerInputs::resultScale: games 1 with partners, whose
// points' difference is wins - losses of theta+ against theta-, and 2 against a baseline; evalfit
// 1000, a fitness E0/E 0.001 higher counting as one won game; solved and points 1).
double spsaResultScale(double measures, double given);

}  // namespace mf::tuning
