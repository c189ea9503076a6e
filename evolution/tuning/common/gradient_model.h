#pragma once
// A measure's model of its error that is smooth in the genome's values, for the optimisers that
// descend on a gradient. Evalfit on the trace path has one: q is linear in the weights, so Texel's
// error E is smooth in them and its gradient costs one pass over the traces. The model is made
// around a point (the traces are taken at those weights); the descent moves away from it on the
// model, and the run scores what it reaches as it scores every member, so a user never acts on the
// model's figure alone.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

namespace mf::tuning {

// A mini-batch of the model's samples (evalfit: positions): samples first, first + 1, ...,
// first + count - 1 of an order shuffled by `seed`, the same order for the same seed, so a descent
// resumed at step s takes the batch the uninterrupted one took. Count 0: every sample, in order.
struct SampleBatch {
    std::uint64_t seed = 0;
    std::uint64_t first = 0;
    std::size_t count = 0;
};

class GradientModel {
public:
    virtual ~GradientModel() = default;

    // Makes the model around `values` (genome order); nothing when it already is. The problem
    // (an engine that cannot trace, a stop) when it cannot be made.
    virtual std::optional<std::string> prepareAt(const std::vector<int>& values, std::stop_token stop) = 0;
    // How many samples the model has (after prepareAt).
    virtual std::size_t samples() const = 0;
    // E at real-valued `values` (genome order, inside the windows) over `batch`, a mean over its
    // samples; when `gradient` is not empty (one entry per term) also dE/dvalue of each term.
    virtual double error(std::span<const double> values, std::span<double> gradient, const SampleBatch& batch = {}) = 0;
    // How far a unit of each term moves the score where the term is used (centipawns per unit):
    // a step in "centipawns" is then the same size for a piece value and a piece-square entry.
    virtual std::vector<double> unitScale() = 0;
    // From whole `values`, +-1 moves of single terms until none lowers E on the model (or `stop`);
    // returns the number of moves kept.
    virtual std::size_t polishUnitSteps(std::vector<int>& values, std::stop_token stop) = 0;
};

}  // namespace mf::tuning
