#include "evolution/mpi/start_ranks.h"

#include "evolution/wire/file_digest.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

namespace {

// How long a rank may take to start its engines and answer: engines have their own start-up
// timeout, so this only catches a rank that never answers at all.
constexpr std::chrono::milliseconds kStartReportTimeout{120'000};

}  // namespace

std::uint64_t nextItemBase() {
    static std::uint64_t base = 0;  // rank 0 starts its services from one thread
    base += std::uint64_t{1} << 40;
    return base;
}

Result<std::vector<RankReport>> startWorkerRanks(Channel& channel, const StartRequest& start) {
    const int ranks = size();
    if (rank() != 0) return Error{"an MPI service runs on rank 0 only"};
    if (ranks < 2)
        return Error{"--mpi needs at least 2 ranks (rank 0 runs the controller, the others the engines); "
                     "start it with mpirun -np N, N >= 2"};
    const std::string bytes = encode(start);
    for (int r = 1; r < ranks; ++r) channel.send(r, Tag::Start, bytes);

    std::vector<RankReport> reports;
    std::vector<std::string> problems;
    for (int r = 1; r < ranks; ++r) {
        std::optional<Message> message;
        // Answers to a released service's items may still be on their way: skip them.
        do message = channel.wait(kStartReportTimeout, r);
        while (message && message->tag != Tag::StartReport);
        if (!message) {
            problems.push_back("rank " + std::to_string(r) + ": no start report within " +
                               std::to_string(kStartReportTimeout.count() / 1000) + " s");
            continue;
        }
        auto report = decodeStartReport(message->bytes);
        if (!report) {
            problems.push_back("rank " + std::to_string(r) + ": " + report.error().message);
            continue;
        }
        reports.push_back({r, std::move(*report)});
    }
    const std::string engineHere = fileDigest(resolveProgram(start.engine.command.program));
    std::optional<std::string> opponentHere;
    if (start.kind == ServiceKind::GamePairs) opponentHere = fileDigest(resolveProgram(start.opponent.program));
    for (auto& problem : startProblems(start.buildDigest, engineHere, reports, opponentHere))
        problems.push_back(std::move(problem));
    if (start.kind == ServiceKind::DatasetScoring)
        for (auto& problem : dataProblems(start.dataFiles, reports)) problems.push_back(std::move(problem));
    if (!problems.empty()) {
        for (int r = 1; r < ranks; ++r) channel.send(r, Tag::Release, {});
        channel.flush();
        std::string message = "the MPI start-up check failed, no work was handed out:";
        for (const auto& problem : problems) message += "\n  " + problem;
        return Error{message};
    }
    return reports;
}

}  // namespace mf::mpi
