#include "evolution/mpi/start_check.h"

namespace mf::mpi {

namespace {

std::string where(const RankReport& r) { return "rank " + std::to_string(r.rank) + " on " + r.report.host; }

bool sameOptions(const uci::EngineIdentity& a, const uci::EngineIdentity& b) {
    if (a.options.size() != b.options.size()) return false;
    for (std::size_t i = 0; i < a.options.size(); ++i) {
        const auto& x = a.options[i];
        const auto& y = b.options[i];
        if (x.name != y.name || x.type != y.type || x.defaultValue != y.defaultValue || x.min != y.min || x.max != y.max ||
            x.vars != y.vars)
            return false;
    }
    return true;
}

}  // namespace

std::vector<std::string> startProblems(const std::string& rank0Build, const std::string& rank0Engine,
                                       const std::vector<RankReport>& reports,
                                       const std::optional<std::string>& rank0Opponent) {
    std::vector<std::string> problems;
    const RankReport* reference = nullptr;  // the first worker whose engines started
    for (const auto& r : reports) {
        if (r.report.buildDigest != rank0Build)
            problems.push_back(where(r) + ": matefind-cli differs from rank 0's build (" + r.report.buildDigest +
                               " vs " + rank0Build + "); install the same build on every host");
        if (!r.report.started) {
            problems.push_back(where(r) + ": " + r.report.error);
            continue;
        }
        if (!reference) reference = &r;
    }
    if (!reference) return problems;
    const std::string& engineReference = rank0Engine.empty() ? reference->report.engineDigest : rank0Engine;
    const std::string referenceName = rank0Engine.empty() ? where(*reference) : "rank 0";
    for (const auto& r : reports) {
        if (!r.report.started) continue;
        if (r.report.engineDigest != engineReference)
            problems.push_back(where(r) + ": the engine program differs from " + referenceName + "'s (" +
                               (r.report.engineDigest.empty() ? "unreadable" : r.report.engineDigest) + " vs " +
                               engineReference + "); install the same engine build at the same path everywhere");
        else if (&r != reference && (r.report.identity.name != reference->report.identity.name ||
                                     r.report.identity.author != reference->report.identity.author ||
                                     !sameOptions(r.report.identity, reference->report.identity)))
            problems.push_back(where(r) + ": the engine announced itself as '" + r.report.identity.name +
                               "' with other options than on " + where(*reference) + " ('" +
                               reference->report.identity.name + "')");
    }
    if (!rank0Opponent) return problems;
    const std::string& opponentReference = rank0Opponent->empty() ? reference->report.opponentDigest : *rank0Opponent;
    for (const auto& r : reports)
        if (r.report.started && r.report.opponentDigest != opponentReference)
            problems.push_back(where(r) + ": the opponent's engine program differs from " +
                               (rank0Opponent->empty() ? where(*reference) : std::string("rank 0")) + "'s (" +
                               (r.report.opponentDigest.empty() ? "unreadable" : r.report.opponentDigest) + " vs " +
                               opponentReference + "); install the same engine build at the same path everywhere");
    return problems;
}

std::vector<std::string> dataProblems(const std::vector<DataFile>& rank0Files, const std::vector<RankReport>& reports) {
    std::vector<std::string> problems;
    for (const auto& r : reports) {
        if (r.report.dataDigests.size() != rank0Files.size()) continue;
        for (std::size_t i = 0; i < rank0Files.size(); ++i) {
            const DataFile& file = rank0Files[i];
            const std::string& here = r.report.dataDigests[i];
            if (here.empty())
                problems.push_back(where(r) + ": data file '" + file.path + "' not found or unreadable on this host");
            else if (here != file.digest)
                problems.push_back(where(r) + ": data file '" + file.path + "' differs from rank 0's (" + here + " vs " +
                                   file.digest + "); copy the same file to the same path on every host");
        }
    }
    return problems;
}

}  // namespace mf::mpi
