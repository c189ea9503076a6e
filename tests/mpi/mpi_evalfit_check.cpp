// The evalfit measure's MPI scoring service end to end, without the command line: run under
// `mpirun -np 1+R mpi_evalfit_check ENGINE DATA`. Rank 0 scores candidate x chunk items of the
// data set DATA with ENGINE on the worker ranks (mpi::MpiDatasetScoring) and on this machine
// (tuning::LocalDatasetScoring) and exits 0 when every item has the same q both ways; then it
// stops a batch at once and checks every item comes back (cancelled or scored, never failed).
// When the start-up check fails it prints the message and exits 3 (mpi_cli_test.sh's
// evalfit-start-check case gives the ranks different copies of DATA).
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/dataset/dataset_reader.h"
#include "evolution/mpi/channel.h"
#include "evolution/mpi/mpi_dataset_scoring.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/mpi/worker.h"
#include "evolution/tuning/measures/evalfit/dataset_scoring.h"

namespace {

using mf::tuning::DatasetItem;
using mf::tuning::DatasetItemResult;

std::vector<DatasetItemResult> scoreAll(mf::tuning::DatasetScoringService& service, const mf::tuning::DatasetWork& work,
                                        const std::vector<DatasetItem>& items,
                                        const std::vector<mf::uci::OptionValues>& candidates, std::stop_source stop = {},
                                        bool stopAtOnce = false) {
    std::mutex mutex;
    std::condition_variable done;
    std::vector<std::optional<DatasetItemResult>> results(items.size());
    std::size_t left = items.size();
    for (std::size_t i = 0; i < items.size(); ++i)
        service.score(work, items[i], candidates[items[i].candidate], stop.get_token(), [&, i](DatasetItemResult r) {
            std::lock_guard lock(mutex);
            results[i] = std::move(r);
            --left;
            done.notify_all();
        });
    if (stopAtOnce) stop.request_stop();
    std::unique_lock lock(mutex);
    done.wait(lock, [&] { return left == 0; });
    std::vector<DatasetItemResult> out;
    for (auto& r : results) out.push_back(std::move(*r));
    return out;
}

int check(const std::string& engine, const std::string& data) {
    std::vector<mf::dataset::DatasetLineError> errors;
    mf::tuning::DatasetWork work = mf::tuning::datasetWorkOf(mf::dataset::DatasetIndex::read(data, errors),
                                                             mf::dataset::EvalfitPath::Auto, mf::uci::SearchLimit::depth(1));
    if (work.size() < 4) {
        std::cerr << data << ": " << work.size() << " positions, need 4 or more\n";
        return 1;
    }
    mf::tuning::EngineSpec spec;
    spec.program = engine;
    // Three candidates, each scored in two chunks (the second one longer).
    const std::vector<mf::uci::OptionValues> candidates{
        {}, {{"KnightValue", "400"}, {"BishopValue", "250"}}, {{"RookValue", "900"}}};
    const std::size_t half = work.size() / 2;
    std::vector<DatasetItem> items;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        items.push_back({c, 0, half});
        items.push_back({c, half, work.size() - half});
    }
    auto mpi = mf::mpi::MpiDatasetScoring::create(spec, {data}, 1);
    if (!mpi) {
        std::cerr << mpi.error().message << "\n";
        return 3;
    }
    const auto remote = scoreAll(**mpi, work, items, candidates);
    std::string perRank;
    for (const auto& load : (*mpi)->load()) perRank += " " + std::to_string(load.items);
    mf::tuning::LocalDatasetScoring local(spec, 2);
    const auto here = scoreAll(local, work, items, candidates);
    int code = 0;
    bool differentCandidates = false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!remote[i].failure.empty() || remote[i].cancelled || remote[i].q.size() != items[i].count) {
            std::cerr << "item " << i << ": not scored on the worker ranks: " << remote[i].failure
                      << (remote[i].cancelled ? " (cancelled)" : "") << "\n";
            code = 1;
        } else if (remote[i].q != here[i].q) {
            std::cerr << "item " << i << ": other q than on this machine\n";
            code = 1;
        }
        if (i >= 2 && remote[i].q != remote[i % 2].q) differentCandidates = true;
    }
    if (!differentCandidates) {
        std::cerr << "every candidate has the same q: the options did not reach the engines\n";
        code = 1;
    }
    // Stop: everything comes back at once, cancelled or (already) scored, never failed.
    std::vector<DatasetItem> many;
    for (int round = 0; round < 10; ++round)
        for (const auto& item : items) many.push_back(item);
    const auto stopped = scoreAll(**mpi, work, many, candidates, {}, true);
    std::size_t cancelled = 0;
    for (const auto& r : stopped) {
        if (!r.failure.empty()) {
            std::cerr << "a stopped item failed: " << r.failure << "\n";
            code = 1;
        }
        cancelled += r.cancelled ? 1 : 0;
    }
    if (cancelled == 0) {
        std::cerr << "a batch stopped at once had no cancelled item\n";
        code = 1;
    }
    if (code == 0)
        std::printf("same q on %zu worker ranks (items per rank:%s) as on this machine for %zu items of %zu positions; "
                    "stopped batch: %zu of %zu cancelled\n",
                    (*mpi)->load().size(), perRank.c_str(), items.size(), work.size(), cancelled, many.size());
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    return mf::mpi::runJob(&argc, &argv, [&] {
        if (argc < 3) {
            std::cerr << "usage: mpirun -np 1+R mpi_evalfit_check ENGINE DATA\n";
            return 2;
        }
        return check(argv[1], argv[2]);
    });
}
