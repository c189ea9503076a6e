#include "evolution/uci/suite_runner.h"

#include <atomic>

namespace mf::uci {

SuiteReport runSuite(SearchService& service, const Suite& suite, const SuiteRunSettings& settings, std::stop_token stop,
                     SuiteProgress progress) {
    std::vector<SearchRequest> requests;
    requests.reserve(suite.positions.size());
    for (std::size_t i = 0; i < suite.positions.size(); ++i) {
        SearchRequest request;
        request.id = i;
        request.fen = suite.positions[i].fen;
        request.limit = settings.limit;
        request.options = settings.options;
        requests.push_back(std::move(request));
    }
    std::atomic<std::size_t> done{0};
    const std::size_t total = requests.size();
    auto started = std::chrono::steady_clock::now();
    auto batch = service.submit(std::move(requests), stop, [&](const SearchResult& result) {
        if (!progress) return;
        const SuitePosition& position = suite.positions[result.id];
        PositionOutcome outcome{&position, result, scorePosition(position, result, settings.limit, settings.prize)};
        progress(outcome, ++done, total);
    });
    batch->wait();

    SuiteReport report;
    report.wallTime = std::chrono::steady_clock::now() - started;
    for (std::size_t i = 0; i < batch->results().size(); ++i) {
        const SearchResult& result = batch->results()[i];
        const SuitePosition& position = suite.positions[i];
        PositionOutcome outcome{&position, result, scorePosition(position, result, settings.limit, settings.prize)};
        if (result.status == SearchStatus::Failed) ++report.failed;
        if (result.status == SearchStatus::Cancelled) ++report.cancelled;
        if (outcome.score.scored) {
            ++report.scored;
            report.thinkTime += result.thinkTime;
            if (outcome.score.solved) ++report.solved;
            report.score += outcome.score.score;
            if (!position.points.empty()) {
                report.points += outcome.score.points;
                report.maxPoints += position.maxPoints();
            }
        }
        report.outcomes.push_back(std::move(outcome));
    }
    return report;
}

}  // namespace mf::uci
