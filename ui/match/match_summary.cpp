#include "ui/match/match_summary.h"

#include "evolution/match/match_wording.h"

namespace mf::ui {

QString eloText(const match::EloEstimate& e) { return QString::fromStdString(match::eloInWords(e)); }

QString sprtText(const match::SprtStatus& s, const match::SprtConfig& config, bool finished) {
    return QString::fromStdString(match::sprtInWords(s, config, finished));
}

} // namespace mf::ui
