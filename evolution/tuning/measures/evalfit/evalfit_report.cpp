#include <ostream>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/measures/report_text.h"

namespace mf::tuning {

void writeScoreSummary(std::ostream& out, const DatasetWork&, const CandidateScore& score) {
    out << "  E " << (score.error ? fixedDecimals(*score.error, 6) : std::string("-")) << " over " << score.scored
        << " positions";
    if (!score.failure.empty()) out << "  not scored: " << score.failure;
}

// The positions' q are many thousands: the report gives E, not a table.
void writeScoreDetails(std::ostream&, const DatasetWork&, const CandidateScore&) {}

}  // namespace mf::tuning
