#include "evolution/tuning/measures/evalfit/run/fit_sample.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace mf::tuning {

Result<DatasetWork> fitSampleOf(const DatasetWork& work, std::size_t allUpTo, std::size_t sample) {
    const std::size_t positions = work.size();
    if (positions <= allUpTo || !work.positions) return work;
    constexpr std::size_t block = dataset::DatasetIndex::kStride;
    const std::size_t strideBlocks = positions / block;
    const std::size_t blocks = std::clamp<std::size_t>(sample / block, 1, std::max<std::size_t>(1, strideBlocks));
    std::vector<std::string> fens;
    std::vector<double> results;
    fens.reserve(blocks * block);
    results.reserve(blocks * block);
    for (std::size_t b = 0; b < blocks; ++b) {
        // Block b of `blocks` spread over the file's whole blocks: starts on a multiple of the stride.
        const std::size_t first = (b * strideBlocks / blocks) * block;
        auto read = work.positions->fens(first, block);
        if (!read) return read.error();
        const std::vector<double> labels = work.positions->results(first, block);
        fens.insert(fens.end(), std::make_move_iterator(read->begin()), std::make_move_iterator(read->end()));
        results.insert(results.end(), labels.begin(), labels.end());
    }
    DatasetWork out = work;
    out.file = work.file + " (sample of " + std::to_string(fens.size()) + ")";
    out.positions = std::make_shared<const dataset::DatasetIndex>(dataset::DatasetIndex::inMemory(std::move(fens), results));
    return out;
}

}  // namespace mf::tuning
