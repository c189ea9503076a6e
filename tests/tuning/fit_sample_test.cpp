// K and E0 of a large data set scored directly are fitted on a sample (measures/evalfit/run/
// fit_sample.h): whole blocks of consecutive positions, spread evenly, with their own results,
// the same every time; a small data set is fitted on all of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/run/fit_sample.h"

namespace mf::tuning {
namespace {

// A data set of `n` positions in memory: position i is a board whose FEN names i (the white king's
// file and the halfmove clock), its result i mod 3 halves.
DatasetWork workOf(std::size_t n) {
    std::vector<std::string> fens;
    std::vector<double> results;
    for (std::size_t i = 0; i < n; ++i) {
        fens.push_back("4k3/8/8/8/8/8/8/" + std::string(1, char('0' + 1 + i % 4)) + "K" + std::to_string(6 - i % 4) +
                       " w - - " + std::to_string(i % 90) + " " + std::to_string(1 + i / 90));
        results.push_back(double(i % 3) / 2.0);
    }
    DatasetWork work;
    work.file = "set.epd";
    work.positions = std::make_shared<const dataset::DatasetIndex>(dataset::DatasetIndex::inMemory(fens, results));
    return work;
}

TEST(FitSample, ASmallDataSetIsFittedOnAllOfIt) {
    const DatasetWork work = workOf(1000);
    const auto sample = fitSampleOf(work, 1000, 256);
    ASSERT_TRUE(sample) << sample.error().message;
    EXPECT_EQ(sample->positions, work.positions);
    EXPECT_EQ(sample->file, "set.epd");
}

TEST(FitSample, ALargeOneOnWholeBlocksSpreadThroughItWithTheirResults) {
    const DatasetWork work = workOf(10'000);
    const auto sample = fitSampleOf(work, 5000, 1024);
    ASSERT_TRUE(sample) << sample.error().message;
    ASSERT_EQ(sample->size(), 1024u);  // 16 blocks of 64
    EXPECT_EQ(sample->file, "set.epd (sample of 1024)");
    const auto all = work.positions->fens(0, work.size());
    const auto picked = sample->positions->fens(0, sample->size());
    ASSERT_TRUE(all && picked);
    // Each block is 64 consecutive positions of the set, starting on a multiple of 64; the blocks
    // reach from the first position to the last tenth of the set.
    std::set<std::size_t> starts;
    for (std::size_t b = 0; b < 16; ++b) {
        const auto it = std::find(all->begin(), all->end(), (*picked)[b * 64]);
        ASSERT_NE(it, all->end());
        const std::size_t first = std::size_t(it - all->begin());
        EXPECT_EQ(first % 64, 0u);
        starts.insert(first);
        for (std::size_t j = 0; j < 64; ++j) {
            EXPECT_EQ((*picked)[b * 64 + j], (*all)[first + j]);
            EXPECT_EQ(sample->positions->result(b * 64 + j), work.positions->result(first + j));
        }
    }
    EXPECT_EQ(starts.size(), 16u);
    EXPECT_EQ(*starts.begin(), 0u);
    EXPECT_GT(*starts.rbegin(), 9000u);
    // The same sample every time.
    EXPECT_EQ(fitSampleOf(work, 5000, 1024)->positions->fens(0, 1024).value(), *picked);
}

}  // namespace
}  // namespace mf::tuning
