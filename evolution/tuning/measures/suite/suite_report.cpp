#include <ostream>

#include "evolution/tuning/measures/report_text.h"
#include "evolution/tuning/measures/suite/suite_measure.h"

namespace mf::tuning {

void writeScoreSummary(std::ostream& out, const SuiteWork&, const CandidateScore& score) {
    out << "  solved " << score.solved << "/" << score.scored;
}

void writeScoreDetails(std::ostream& out, const SuiteWork&, const CandidateScore& score) {
    out << "  " << padRight("id", 22) << padRight("expected", 20) << padRight("played", 10) << padRight("solved", 8)
        << padRight("time ms", 9) << "score\n";
    for (const PositionResult& p : score.positions) {
        out << "  " << padRight(p.id, 22) << padRight(p.expected, 20) << padRight(p.played, 10)
            << padRight(!p.scored ? "-" : p.solved ? "yes" : "no", 8) << padRight(std::to_string(p.timeMs), 9);
        if (p.scored) out << fixedDecimals(p.score, 3);
        else out << "not scored: " << p.failure;
        out << "\n";
    }
}

}  // namespace mf::tuning
