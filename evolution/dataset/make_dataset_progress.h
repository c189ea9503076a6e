#pragma once
// What make-dataset tells a front end while it works: the games kept of the target and the
// positions they give, as games end, then the file's own counts once it is written. The window's
// Data tab shows these; the command line logs the same figures. PositionCounter counts a game's
// positions as it ends by the rule that labels the file (labelGames), so the figure shown while
// playing is what the file will hold.
#include <cstddef>
#include <cstdint>
#include <functional>

#include "evolution/suite/candidate.h"

namespace mf::dataset {

struct MakeDatasetProgress {
    bool written = false;       // false: self-play under way; true: the file is written
    bool stopped = false;       // written after a stop: from the games that had ended
    // Playing: games ended with a result, of gamesTarget. Written: the games with a result the
    // file's positions come from (gamesTarget stays the number asked for).
    int gamesKept = 0;
    int gamesTarget = 0;
    std::size_t positions = 0;  // playing: what the ended games give; written: the file's
};
using MakeDatasetProgressHandler = std::function<void(const MakeDatasetProgress& progress)>;

// The positions of games as they end, labelled as the file labels them (quiet, after minPly,
// outside adjudicated tails, no duplicates across the games counted; at most perGame a game). The
// file labels the games in game order and these come in the order they end, so with perGame a
// draw may keep another of two duplicate positions: the count then differs by those few.
class PositionCounter {
public:
    PositionCounter(int minPly, int perGame, std::uint64_t seed);
    void add(const suite::GameRecord& game);
    std::size_t positions() const { return positions_; }

private:
    int minPly_;
    int perGame_;
    std::uint64_t seed_;
    suite::PositionKeySet seen_;
    std::size_t positions_ = 0;
};

}  // namespace mf::dataset
