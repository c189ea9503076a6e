#include "evolution/dataset/engine_trace.h"

#include "evolution/dataset/evalfit_extension.h"

namespace mf::dataset {

// PROVISIONAL until the engine side's reader lands (replaced at merge).
Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig&, const std::vector<LabelledPosition>&,
                                       const uci::OptionValues&, std::stop_token) {
    return Error{"evalfit trace is not read yet"};
}

}  // namespace mf::dataset
