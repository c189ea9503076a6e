// MPI harness efficiency: run under `mpirun -np 1+R mpi_bench [item-ms] [items] [engines-per-rank]`.
// Rank 0 hands `items` searches of `item-ms` milliseconds (the fake engine of tests/uci, which
// sleeps instead of computing, so the figure measures the harness and not the machine's load) to
// R worker ranks and reports
//   efficiency = engine think time / (wall x total engines)
//   overhead per item = (wall x total engines - think time) / items
// and, measured in the same run as the baseline, the same figures for a local engine pool with
// the same total number of engines on rank 0. Rank 0's CPU time per item (its communication
// thread: encoding, MPI, bookkeeping) is what bounds how many engines one rank 0 can feed.
//
// `mpi_bench evalfit [positions] [step-ms] [items]`: the same figures for evalfit items (one
// candidate x a data set of `positions` positions, mpi::MpiDatasetScoring against
// tuning::LocalDatasetScoring), scored on the uci path by the fake engine, whose depth 1 search
// sleeps about `step-ms` (its wait rounds down to whole milliseconds, so it sleeps a little
// less). The think time of an item is therefore measured: one engine alone scores items in turn
// (tuning::LocalDatasetScoring with one scorer), and think time = items x that item's time.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>

#include "evolution/mpi/channel.h"
#include "evolution/mpi/mpi_dataset_scoring.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/mpi/worker.h"
#include "evolution/uci/local_engine_pool.h"

namespace {

struct Figures {
    double efficiency = 0;
    double overheadMs = 0;
    double wallS = 0;
    double cpuUsPerItem = 0;  // this process's CPU time per item
};

double cpuSeconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

Figures measure(mf::uci::SearchService& service, std::size_t engineCount, int items, std::int64_t itemMs) {
    std::vector<mf::uci::SearchRequest> requests;
    for (int i = 0; i < items; ++i) {
        mf::uci::SearchRequest request;
        request.id = static_cast<std::uint64_t>(i);
        request.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        request.limit = mf::uci::SearchLimit::moveTime(itemMs);
        requests.push_back(request);
    }
    const double cpuStart = cpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    auto batch = service.submit(std::move(requests));
    batch->wait();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpuSeconds() - cpuStart;
    double think = 0;
    for (const auto& result : batch->results()) {
        if (result.status != mf::uci::SearchStatus::Completed) {
            std::cerr << "a search failed: " << result.failure << "\n";
            std::exit(1);
        }
        think += std::chrono::duration<double>(result.thinkTime).count();
    }
    const double engines = static_cast<double>(engineCount);
    return {think / (wall * engines), (wall * engines - think) / items * 1000.0, wall, cpu / items * 1e6};
}

// Scores `items` evalfit items (each a whole data set with its own candidate) and returns the
// figures against `itemS`, one item's time on one engine alone (0: returns the wall time only).
Figures measureEvalfit(mf::tuning::DatasetScoringService& service, const mf::tuning::DatasetWork& work,
                       std::size_t engineCount, int items, std::int64_t stepMs, double itemS) {
    std::mutex mutex;
    std::condition_variable finished;
    int left = items;
    bool failed = false;
    const double cpuStart = cpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < items; ++i) {
        mf::tuning::DatasetItem item{static_cast<std::size_t>(i), 0, work.size()};
        // The step in the candidate's options too: a search's options replace the start options.
        service.score(work, item, {{"Material", std::to_string(100 + i % 200)}, {"DepthStepMs", std::to_string(stepMs)}},
                      {}, [&](mf::tuning::DatasetItemResult result) {
                          std::lock_guard lock(mutex);
                          if (!result.failure.empty() || result.cancelled) {
                              if (!failed) std::cerr << "an item failed: " << result.failure << "\n";
                              failed = true;
                          }
                          if (--left == 0) finished.notify_all();
                      });
    }
    {
        std::unique_lock lock(mutex);
        finished.wait(lock, [&] { return left == 0; });
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpuSeconds() - cpuStart;
    if (failed) std::exit(1);
    const double think = static_cast<double>(items) * itemS;
    const double engines = static_cast<double>(engineCount);
    return {think / (wall * engines), (wall * engines - think) / items * 1000.0, wall, cpu / items * 1e6};
}

int benchEvalfit(int argc, char** argv) {
    const std::size_t positions = argc > 2 ? static_cast<std::size_t>(std::atoi(argv[2])) : 10;
    const std::int64_t stepMs = argc > 3 ? std::atoll(argv[3]) : 3;
    const int items = argc > 4 ? std::atoi(argv[4]) : 100;
    // Every rank reads the data set from the same path (one machine here).
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("mf_mpi_bench_" + std::to_string(::getpid()) + ".epd");
    {
        std::ofstream out(file);
        for (std::size_t i = 0; i < positions; ++i)
            out << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n";
    }
    std::vector<mf::dataset::DatasetLineError> errors;
    mf::tuning::DatasetWork work = mf::tuning::datasetWorkOf(mf::dataset::DatasetIndex::read(file.string(), errors),
                                                             mf::dataset::EvalfitPath::Uci, mf::uci::SearchLimit::depth(1));
    mf::tuning::EngineSpec engine;
    engine.program = MATEFIND_FAKE_ENGINE;
    engine.fixedOptions = {{"DepthStepMs", std::to_string(stepMs)}};
    int code = 0;
    {
        auto service = mf::mpi::MpiDatasetScoring::create(engine, {file}, 1);
        if (!service) {
            std::cerr << service.error().message << "\n";
            code = 1;
        } else {
            const std::size_t engines = (*service)->engines();
            // One engine alone, items in turn: the time of one item, the figures' think time;
            // measured before and after the runs (the machine's load moves) and averaged.
            mf::tuning::LocalDatasetScoring alone(engine, 1);
            measureEvalfit(alone, work, 1, 2, stepMs, 0);  // the engine starts
            const int n = std::max(20, items / 4);
            double itemS = measureEvalfit(alone, work, 1, n, stepMs, 0).wallS / n;
            measureEvalfit(**service, work, engines, static_cast<int>((*service)->workers()), stepMs, itemS);  // engines start
            const Figures mpi = measureEvalfit(**service, work, engines, items, stepMs, itemS);
            std::string perRank;
            for (const auto& load : (*service)->load()) {
                if (!perRank.empty()) perRank += '/';
                perRank += std::to_string(load.items);
            }
            service->reset();
            mf::tuning::LocalDatasetScoring local(engine, engines);
            measureEvalfit(local, work, engines, static_cast<int>(engines), stepMs, itemS);
            Figures here = measureEvalfit(local, work, engines, items, stepMs, itemS);
            const double before = itemS;
            const double after = measureEvalfit(alone, work, 1, n, stepMs, 0).wallS / n;
            itemS = (before + after) / 2;
            // The figures again with the averaged item time.
            auto rescale = [&](Figures& f, int count) {
                const double think = count * itemS, e = static_cast<double>(engines);
                f.efficiency = think / (f.wallS * e);
                f.overheadMs = (f.wallS * e - think) / count * 1000.0;
            };
            Figures remote = mpi;
            rescale(remote, items);
            rescale(here, items);
            std::printf("evalfit: worker ranks %d, engines %zu, item %zu positions x %lld ms step = %.1f ms on one engine "
                        "alone (%.1f before, %.1f after), items %d: MPI efficiency %.3f, overhead %.2f ms/item (%.2f s), "
                        "rank 0 CPU %.0f us/item; local scorers, same engines: efficiency %.3f, overhead %.2f ms/item "
                        "(%.2f s); items per rank %s\n",
                        mf::mpi::size() - 1, engines, positions, static_cast<long long>(stepMs), itemS * 1000.0,
                        before * 1000.0, after * 1000.0, items, remote.efficiency, remote.overheadMs, remote.wallS,
                        remote.cpuUsPerItem, here.efficiency, here.overheadMs, here.wallS, perRank.c_str());
        }
    }
    std::filesystem::remove(file);
    return code;
}

// The search-item benchmark: ITEM_MS ITEMS ENGINES_PER_RANK (defaults 20 200 1).
int benchSearches(int argc, char** argv) {
    const std::int64_t itemMs = argc > 1 ? std::atoll(argv[1]) : 20;
    const int items = argc > 2 ? std::atoi(argv[2]) : 200;
    const std::size_t enginesPerRank = argc > 3 ? static_cast<std::size_t>(std::atoi(argv[3])) : 1;

    mf::uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    auto service = mf::mpi::MpiSearchService::create(config, enginesPerRank);
    if (!service) {
        std::cerr << service.error().message << "\n";
        return 1;
    }
    const std::size_t engines = (*service)->engines();
    measure(**service, engines, static_cast<int>((*service)->workers()), itemMs);  // warm-up
    const Figures mpi = measure(**service, engines, items, itemMs);
    std::string perRank;
    for (const auto& load : (*service)->load()) {
        if (!perRank.empty()) perRank += '/';
        perRank += std::to_string(load.items);
    }
    service->reset();
    auto pool = mf::uci::LocalEnginePool::create(config, engines);
    if (!pool) {
        std::cerr << pool.error().message << "\n";
        return 1;
    }
    measure(**pool, engines, static_cast<int>(engines), itemMs);
    const Figures local = measure(**pool, engines, items, itemMs);
    std::printf("worker ranks %d, engines %zu, item %lld ms, items %d: MPI efficiency %.3f, overhead %.2f ms/item "
                "(%.2f s), rank 0 CPU %.0f us/item; local pool, same engines: efficiency %.3f, overhead "
                "%.2f ms/item, CPU %.0f us/item; items per rank %s\n",
                mf::mpi::size() - 1, engines, static_cast<long long>(itemMs), items, mpi.efficiency,
                mpi.overheadMs, mpi.wallS, mpi.cpuUsPerItem, local.efficiency, local.overheadMs,
                local.cpuUsPerItem, perRank.c_str());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return mf::mpi::runJob(&argc, &argv, [&] {
        return argc > 1 && std::strcmp(argv[1], "evalfit") == 0 ? benchEvalfit(argc, argv) : benchSearches(argc, argv);
    });
}
