// Soak: 1000 generations of a GA run through the run controller on the fake evaluator, with an
// autosave every generation. Every 100 generations the test samples this process's resident
// memory (/proc/self/statm) and its open file descriptors (/proc/self/fd); the samples are
// printed. The descriptor count must not change at all. Memory, after the warm-up (the sample at
// generation 100):
//   - time mode (no score cache): may grow by at most 512 kB in all;
//   - nodes mode with the default cache bound (256 MiB, never reached here): the score cache keeps
//     one entry per distinct chromosome (some 370 bytes; about 5000 in this run), so at most 4 MB.
//     Before the cache let go of the position detail of its copies it grew by 16 MB here
//     (ScoreCache test in tuning_tests);
//   - nodes mode with a cache bound of 128 KiB (reached before generation 100): at most 512 kB, as
//     in time mode: the bound holds.
// Labelled "long" and "soak" (ctest -L soak); a few seconds.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>

#include <unistd.h>

#include "evolution/tuning/run/run_controller.h"
#include "fake_evaluator.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

constexpr int kGenerations = 1000;
constexpr int kEvery = 100;

struct Sample {
    int generation = 0;
    long rssKb = 0;
    int fds = 0;
    ScoreCacheUse cache;
};

long residentKb() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (::sysconf(_SC_PAGESIZE) / 1024);
}

int openDescriptors() {
    int count = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++count;
    return count - 1;  // the directory_iterator's own descriptor
}

// Keeps nothing per generation but the sample: a recording observer would itself grow.
class SamplingObserver : public RunObserver {
public:
    void generationFinished(const GenerationReport& report) override {
        if (report.stats.generation % kEvery != 0 && report.stats.generation != kGenerations - 1) return;
        const Sample sample{report.stats.generation, residentKb(), openDescriptors(), report.cache};
        std::lock_guard lock(mutex_);
        samples_.push_back(sample);
    }
    void warning(const std::string& text) override {
        std::lock_guard lock(mutex_);
        ++warnings_;
        lastWarning_ = text;
    }
    std::vector<Sample> samples() {
        std::lock_guard lock(mutex_);
        return samples_;
    }
    int warnings() {
        std::lock_guard lock(mutex_);
        return warnings_;
    }
    std::string lastWarning() {
        std::lock_guard lock(mutex_);
        return lastWarning_;
    }

private:
    std::mutex mutex_;
    std::vector<Sample> samples_;
    int warnings_ = 0;
    std::string lastWarning_;
};

void soak(ga::LimitKind kind, long toleranceKb, std::size_t cacheBytes = kDefaultScoreCacheBytes) {
    const auto dir = scratchDir(std::string("soak_") + std::string(ga::limitKindName(kind)));
    FakeCounters counters;
    TuningSettings s;
    s.parameters.generations = kGenerations;
    s.parameters.populationSize = 40;
    s.parameters.elite = 2;
    s.parameters.pm = 0.02;
    s.parameters.seed = 1606;
    s.parameters.limitKind = kind;
    s.parameters.limitValue = 1000;
    s.genome = ga::Genome({ga::Term("a", "A", 100, 7), ga::Term("b", "B", 100, 7), ga::Term("c", "C", 50, 6)});
    s.engine.program = "/bin/sh";  // never started: the fake factory ignores it
    s.of<tuning::SuiteSettings>().suite = writeSuite(dir / "suite.epd", 20);
    s.workers = 1;
    s.autosave = dir / "soak.mfpop";
    s.scoreCacheBytes = cacheBytes;
    const EvaluatorFactory factory = [&](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
        return std::unique_ptr<FitnessEvaluator>(std::make_unique<FakeEvaluator>(counters, std::chrono::microseconds(0), 70, 3));
    };

    SamplingObserver observer;
    {
        RunController controller(factory, &observer);
        ASSERT_EQ(controller.start(s), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
    }
    EXPECT_EQ(observer.warnings(), 0) << observer.lastWarning();

    const auto samples = observer.samples();
    ASSERT_EQ(samples.size(), static_cast<std::size_t>(kGenerations / kEvery + 1));
    std::printf("soak (%s, cache bound %zu kB): generation, resident kB, open descriptors, cache entries, cache kB, "
                "evictions (%zu candidates scored)\n",
                std::string(ga::limitKindName(kind)).c_str(), cacheBytes >> 10, counters.candidates.load());
    for (const Sample& sample : samples)
        std::printf("soak: %4d %8ld %3d %6zu %6zu %6zu\n", sample.generation, sample.rssKb, sample.fds, sample.cache.entries,
                    sample.cache.bytes >> 10, sample.cache.evictions);
    const Sample& warm = samples[1];  // generation 100
    long highest = warm.rssKb;
    for (const Sample& sample : samples) {
        EXPECT_EQ(sample.fds, samples.front().fds) << "open descriptors changed by generation " << sample.generation;
        if (sample.generation >= warm.generation) highest = std::max(highest, sample.rssKb);
    }
    EXPECT_LT(highest - warm.rssKb, toleranceKb) << "resident memory grew after generation " << warm.generation;
    for (const Sample& sample : samples)
        EXPECT_LE(sample.cache.bytes, cacheBytes) << "the cache passed its bound by generation " << sample.generation;
    if (cacheBytes < kDefaultScoreCacheBytes) EXPECT_GT(samples.back().cache.evictions, 0u) << "the bound was never reached";
}

TEST(Soak, AThousandGenerationsInTimeModeKeepMemoryAndDescriptorsFlat) {
    soak(ga::LimitKind::Time, 512);
}

// Before the unbounded case: memory that case frees stays with the process and would hide growth.
TEST(Soak, AThousandGenerationsInNodesModeWithABoundedCacheKeepMemoryFlat) {
    soak(ga::LimitKind::Nodes, 512, 128 << 10);
}

TEST(Soak, AThousandGenerationsInNodesModeGrowOnlyByTheScoreCache) {
    soak(ga::LimitKind::Nodes, 4096);
}

}  // namespace
}  // namespace mf::tuning::test
