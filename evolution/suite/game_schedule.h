#pragma once
// Which self-play games are begun, and when: the one rule of playGames (all games in lock-step
// rounds on this machine) and playDispatchedGames (a game at a time, played elsewhere).
//
// Games begin in index order, while fewer than the bound have begun, fewer than a limit are in
// play, and (replaceUnusable) the games kept plus those in play are fewer than `games`. So a game
// begins only while the games before it hold fewer than `games` usable ones, and the run ends
// when they hold `games` or the bound is reached: the games begun are always the first ones up to
// the `games`-th usable one (or the bound), whichever game ends first and however many are in
// play at once. That makes the data file independent of the engines' number and speed.

#include <string>

#include "evolution/suite/self_play.h"

namespace mf::suite {

class GameSchedule {
public:
    explicit GameSchedule(const SelfPlayConfig& config);

    // Whether game number `begun` may begin now: games 0..begun-1 have begun, `kept` of them
    // ended usable, `live` are in play; at most `liveLimit` in play (0: no limit).
    bool mayBegin(int begun, int kept, int live, int liveLimit) const;
    // An ended game that counts as kept: not dropped, and (replaceUnusable) with a result.
    bool usable(bool dropped, const std::string& result) const;
    // An ended game that counts towards `games` in the progress: every one, or (replaceUnusable)
    // the usable ones.
    bool counted(bool dropped, const std::string& result) const;
    int target() const { return target_; }

private:
    bool replaceUnusable_;
    int target_;
    int bound_;
};

}  // namespace mf::suite
