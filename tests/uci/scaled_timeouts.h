#pragma once
// The sessions' production waits (uci::EngineTimeouts' defaults), each scaled by the tests' time
// factor (tests/test_time.h): for tests that start a real engine with the waits a user gets. Under
// a sanitizer a first start can take seconds: the bundled engine writes its 3-piece endgame tables
// to its cache directory when they are missing, which the asan preset's engine does in ~8 s.
#include "evolution/uci/engine_config.h"
#include "tests/test_time.h"

namespace mf::uci::testing {

inline EngineTimeouts scaledDefaultTimeouts() {
    using mf::test_time::scaled;
    EngineTimeouts t;
    t.startup = scaled(t.startup);
    t.ping = scaled(t.ping);
    t.searchGrace = scaled(t.searchGrace);
    t.searchFloor = scaled(t.searchFloor);
    t.unmeasuredSearch = scaled(t.unmeasuredSearch);
    t.stopGrace = scaled(t.stopGrace);
    t.quit = scaled(t.quit);
    return t;
}

}  // namespace mf::uci::testing
