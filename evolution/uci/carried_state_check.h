#pragma once
// Does an engine carry anything from one weight set to the next on one process? "ucinewgame"
// clears what UCI says it clears (hash, histories), but an engine may keep more: Toga II 3.0
// keeps evaluation caches keyed by the position alone, so after other weights some of its scores
// are the old weights' (docs/talking-to-engines.md). MateFind therefore starts a fresh process at
// every weight change (EngineConfig::freshProcessOnOptionChange); this check tells an engine
// author whether their engine needs that, so a run may keep the process (`--keep-process`) where
// it does not.
//
// The check scores the same positions five times at a shallow depth, each search after
// "ucinewgame": at the first weights and at the other weights on a fresh process each (the
// references), then on one process the first weights, the other weights and the first weights
// again. An engine that carries nothing gives the references' scores on the one process; one
// that carries state gives some of the other passes' scores instead. A check can only show
// carried state, never prove its absence: it passes for these positions, this depth and these
// two weight sets.

#include <cstddef>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

struct CarriedStateSettings {
    std::vector<std::string> fens;  // the positions scored (FEN or the four EPD position fields)
    OptionValues first;             // the weights scored first and last (the engine's defaults, say)
    OptionValues other;             // the weights in between
    int depth = 1;                  // `go depth D` per position
};

struct CarriedStateCheck {
    // The check could not be made (the engine would not start, a search failed, the process was
    // restarted after a fault during the one-process passes): nothing below counts.
    std::optional<std::string> error;
    std::size_t positions = 0;
    std::size_t reached = 0;  // positions whose reference scores differ between the two weight sets
    // Scores on the one process that differ from the fresh process's at the same weights: after
    // the first weights (at the other weights), and after the other weights (at the first again).
    std::size_t carriedIntoOther = 0;
    std::size_t carriedBack = 0;
    std::string example;      // the first carried score: "FEN: 35 on a fresh process, 41 on one process"

    std::size_t carried() const { return carriedIntoOther + carriedBack; }
    // The verdict a user acts on: nothing carried, and the weights reached some score (else the
    // check showed nothing either way).
    bool carriesNothing() const { return !error && reached > 0 && carried() == 0; }
    bool inconclusive() const { return !error && reached == 0; }
};

// Runs the check on processes of `config` (its freshProcessOnOptionChange is ignored: the check
// chooses). A stop request ends it with error "interrupted".
CarriedStateCheck checkCarriedState(EngineConfig config, const CarriedStateSettings& settings, std::stop_token stop = {});

// One line for probe's report: "carries nothing across weight changes (300 positions at depth 1,
// the other weights moved 250 scores): a run may keep its process (--keep-process)", or what was
// carried, or why the check could not be made.
std::string describeCarriedState(const CarriedStateCheck& check, int depth);

}  // namespace mf::uci
