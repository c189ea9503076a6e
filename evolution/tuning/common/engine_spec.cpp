#include "evolution/tuning/common/engine_spec.h"

namespace mf::tuning {

uci::EngineConfig engineConfigOf(const EngineSpec& engine) {
    uci::EngineConfig config;
    config.command.program = engine.program;
    config.command.arguments = engine.arguments;
    config.startOptions = engine.fixedOptions;
    config.freshProcessOnOptionChange = !engine.keepProcess;
    config.timeouts.searchTimeout = engine.searchTimeout;
    config.timeouts.knownNodesPerSecond = engine.knownNodesPerSecond;
    return config;
}

}  // namespace mf::tuning
