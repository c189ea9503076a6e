// Counting a self-play run's positions as its games end.
#include "evolution/dataset/make_dataset_progress.h"

#include <vector>

#include "evolution/dataset/make_dataset.h"

namespace mf::dataset {

PositionCounter::PositionCounter(int minPly, int perGame, std::uint64_t seed)
    : minPly_(minPly), perGame_(perGame), seed_(seed) {}

void PositionCounter::add(const suite::GameRecord& game) {
    std::vector<LabelledPosition> kept;
    DatasetTally tally;
    labelGames({game}, minPly_, kept, seen_, tally, perGame_, seed_);
    positions_ += kept.size();
}

}  // namespace mf::dataset
