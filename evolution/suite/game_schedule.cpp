#include "evolution/suite/game_schedule.h"

#include <algorithm>

namespace mf::suite {

GameSchedule::GameSchedule(const SelfPlayConfig& config)
    : replaceUnusable_(config.replaceUnusable), target_(std::max(0, config.games)),
      bound_(!config.replaceUnusable ? target_ : config.maxStarted > 0 ? config.maxStarted : 3 * target_) {}

bool GameSchedule::mayBegin(int begun, int kept, int live, int liveLimit) const {
    const bool room = liveLimit <= 0 || live < liveLimit;
    const bool needed = !replaceUnusable_ || kept + live < target_;
    return begun < bound_ && room && needed;
}

bool GameSchedule::usable(bool dropped, const std::string& result) const {
    return !dropped && (!replaceUnusable_ || result != "*");
}

bool GameSchedule::counted(bool dropped, const std::string& result) const {
    return !replaceUnusable_ || usable(dropped, result);
}

}  // namespace mf::suite
