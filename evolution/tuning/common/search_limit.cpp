#include "evolution/tuning/common/search_limit.h"

namespace mf::tuning {

uci::SearchLimit searchLimit(const ga::Parameters& parameters) {
    switch (parameters.limitKind) {
    case ga::LimitKind::Time: return uci::SearchLimit::moveTime(parameters.limitValue);
    case ga::LimitKind::Depth: return uci::SearchLimit::depth(parameters.limitValue);
    case ga::LimitKind::Nodes: return uci::SearchLimit::nodes(parameters.limitValue);
    }
    return uci::SearchLimit::nodes(parameters.limitValue);
}

bool deterministicLimit(const ga::Parameters& parameters) { return parameters.limitKind != ga::LimitKind::Time; }

}  // namespace mf::tuning
