#pragma once
// Wires the search into the UCI loop: replaces or adds the commands go, stop, setoption,
// ucinewgame, isready, eval and bench on a UciEngine, and publishes the option table for `uci`.
// The controller must outlive the engine's loop.
#include "engine/search_controller.h"
#include "engine/uci.h"

namespace mf {

void installSearchCommands(UciEngine& engine, SearchController& controller);

}  // namespace mf
