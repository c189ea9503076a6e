#pragma once
// Match statistics: the Elo difference with a 95% interval from game pairs (pentanomial, the
// method of fishtest and OpenBench) and from single games (trinomial), the likelihood of
// superiority, and a sequential probability ratio test (SPRT).
//
// Elo is logistic: a score fraction s means 400*log10(s/(1-s)) Elo. The interval is the normal
// approximation around the mean score (mean +- 1.959964 standard errors), converted to Elo at
// each end, so it is not symmetric in Elo. The pentanomial counts game pairs by side A's points
// over the pair (0, 1/2, 1, 3/2, 2): the pair is the independent unit (both games share an
// opening), which is why its variance is the honest one; the trinomial treats each game as
// independent and is shown beside it for comparison.
//
// SPRT: the generalised SPRT in the normal approximation (M. Van den Bergh, "A practical
// introduction to the GSPRT", used by fishtest and OpenBench in this form), on logistic Elo:
//   LLR = N * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
// with N pairs, the pair score's mean and variance, and s0, s1 the expected pair scores of the
// hypotheses elo0 and elo1. Bounds: lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha).

#include <array>
#include <cstdint>
#include <string>

namespace mf::match {

struct Trinomial {
    std::int64_t wins = 0, draws = 0, losses = 0;  // side A's
    std::int64_t games() const { return wins + draws + losses; }
};

// counts[k]: pairs in which side A scored k half-points (0 = two losses, 4 = two wins).
struct Pentanomial {
    std::array<std::int64_t, 5> counts{};
    std::int64_t pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};

struct EloEstimate {
    double score = 0.5;     // mean score fraction of side A
    double elo = 0;         // may be +-infinity (all won / all lost)
    double low = 0, high = 0;  // 95% interval, Elo
    double margin() const { return (high - low) / 2; }
    double los = 0.5;       // likelihood of superiority: P(true Elo > 0)
    double variance = 0;    // of one sample (a game or a pair), in score fractions squared
    std::int64_t samples = 0;
};

// Below this many samples (game pairs for the pentanomial) the normal approximation has nothing
// to stand on: one pair gives an interval of zero width around its own result. Wordings say "too
// few games for an interval" instead of printing such bounds.
inline constexpr std::int64_t kFewestSamplesForInterval = 10;

double eloFromScore(double score);  // logistic; +-infinity at 1 and 0
double scoreFromElo(double elo);

EloEstimate trinomialElo(const Trinomial& t);
EloEstimate pentanomialElo(const Pentanomial& p);

struct SprtConfig {
    double elo0 = 0, elo1 = 5;
    double alpha = 0.05, beta = 0.05;
};

struct SprtStatus {
    enum class Decision { Continue, AcceptH0, AcceptH1 };
    double llr = 0;
    double lower = 0, upper = 0;
    Decision decision = Decision::Continue;
};
std::string_view decisionName(SprtStatus::Decision decision);  // "continue", "H0 accepted", ...

SprtStatus sprt(const Pentanomial& p, const SprtConfig& config);

// "+12.3 +- 8.1" (or "+inf" / "-inf"), one decimal.
std::string formatElo(const EloEstimate& e);

}  // namespace mf::match
