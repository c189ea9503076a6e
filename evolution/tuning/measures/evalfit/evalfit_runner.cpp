#include <stdexcept>

#include "evolution/tuning/measures/evalfit/dataset_scoring.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

std::size_t EvalfitMeasure::workers(const DatasetScoringService& service) { return service.workers(); }

void runItem(DatasetScoringService* scoring, const DatasetWork& work, const DatasetItem& item,
             const std::vector<Candidate>& candidates, std::stop_token stop, std::function<void(DatasetItemResult)> done) {
    if (!scoring) throw std::logic_error("ItemRunner: no position scorers for dataset work");
    scoring->score(work, item, candidates.at(candidateOf(item)).options, stop, std::move(done));
}

}  // namespace mf::tuning
