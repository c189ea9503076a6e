#include "engine/eval_terms_file.h"

#include <sstream>

#include "engine/eval_legacy.h"

namespace mf {

std::string termsOptionsText(const EvalParams& params, const std::string& header) {
    std::ostringstream out;
    std::istringstream lines(header);
    for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
    const EvalWeights weights = resolveWeights(params);
    const auto terms = evalTerms();
    for (int s = 0; s < layout::SlotCount; ++s) out << terms[LegacyTermCount + s].name << " = " << weights[s] << '\n';
    return out.str();
}

}  // namespace mf
