// The local evaluator's engine log: lines written to and read from real engine processes (the
// fake engine of tests/uci) reach the handler, from the thread that calls evaluate(), labelled
// with their worker; with no handler nothing is delivered.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "evolution/tuning/local_evaluator.h"
#include "tuning_test_support.h"

using namespace mf;
using namespace mf::tuning;

namespace {

std::vector<Candidate> twoCandidates() {
    return {Candidate{{120}, {{"Material", "120"}}}, Candidate{{130}, {{"Material", "130"}}}};
}

std::unique_ptr<LocalEvaluator> fakeEvaluator() {
    EngineSpec spec;
    spec.program = MATEFIND_FAKE_ENGINE;
    auto made = LocalEvaluator::create(spec, 2);
    if (!made) ADD_FAILURE() << made.error().message;
    return made ? std::move(*made) : nullptr;
}

}  // namespace

// The handler given to create() sees the start-up handshake of every engine, before create
// returns, on the calling thread.
TEST(LocalEvaluatorLog, StartUpHandshakeIsLoggedFromTheFirstLine) {
    EngineSpec spec;
    spec.program = MATEFIND_FAKE_ENGINE;
    spec.fixedOptions = {{"Hash", "8"}};
    std::vector<EngineLogLine> lines;
    std::set<std::thread::id> threads;
    auto made = LocalEvaluator::create(spec, 2, [&](const EngineLogLine& line) {
        lines.push_back(line);
        threads.insert(std::this_thread::get_id());
    });
    ASSERT_TRUE(made) << made.error().message;
    EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
    std::map<std::size_t, std::vector<std::string>> byWorker;
    for (const auto& line : lines)
        byWorker[line.worker].push_back(std::string(line.direction == EngineLogLine::Direction::Sent       ? "> "
                                                    : line.direction == EngineLogLine::Direction::Received ? "< "
                                                                                                            : "# ") +
                                        line.text);
    ASSERT_EQ(byWorker.size(), 2u);
    for (const auto& [worker, conversation] : byWorker) {
        auto at = [&](const std::string& text) {
            return std::find(conversation.begin(), conversation.end(), text) - conversation.begin();
        };
        const auto end = static_cast<std::ptrdiff_t>(conversation.size());
        EXPECT_LT(at("> uci"), at("< uciok")) << "worker " << worker;
        EXPECT_LT(at("< uciok"), end) << "worker " << worker;
        EXPECT_LT(at("< uciok"), at("> setoption name Hash value 8")) << "worker " << worker;
        EXPECT_LT(at("> setoption name Hash value 8"), end) << "worker " << worker;
    }
}

TEST(LocalEvaluatorLog, LinesOfAnEngineThatFailsToStartStillReachTheHandler) {
    EngineSpec spec;
    spec.program = MATEFIND_FAKE_ENGINE;
    spec.arguments = {"--fault=exit-at-start"};
    std::vector<EngineLogLine> lines;
    auto made = LocalEvaluator::create(spec, 1, [&](const EngineLogLine& line) { lines.push_back(line); });
    ASSERT_FALSE(made);
    bool sentUci = false;
    for (const auto& line : lines) sentUci |= line.direction == EngineLogLine::Direction::Sent && line.text == "uci";
    EXPECT_TRUE(sentUci) << lines.size() << " lines";
}

TEST(LocalEvaluatorLog, EngineLinesReachTheHandlerOnTheEvaluatingThread) {
    auto dir = test::scratchDir("evaluator_log");
    const uci::Suite suite = uci::loadSuite(test::writeSuite(dir / "one.epd", 1).string());
    ASSERT_EQ(suite.positions.size(), 1u);
    auto evaluator = fakeEvaluator();
    ASSERT_TRUE(evaluator);

    std::vector<EngineLogLine> lines;
    std::set<std::thread::id> threads;
    evaluator->setEngineLog([&](const EngineLogLine& line) {
        lines.push_back(line);
        threads.insert(std::this_thread::get_id());
    });
    const FitnessWork work = SuiteWork{suite, {uci::SearchLimit::depth(3), 0.0, FitnessMeasure::Solved}};
    auto scores = evaluator->evaluate(work, twoCandidates(), {}, {});
    ASSERT_EQ(scores.size(), 2u);
    EXPECT_EQ(scores[0].solved, 1);

    EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
    int goes = 0, bestmoves = 0, materialSets = 0;
    std::set<std::size_t> workers;
    for (const auto& line : lines) {
        workers.insert(line.worker);
        if (line.direction == EngineLogLine::Direction::Sent && line.text == "go depth 3") ++goes;
        if (line.direction == EngineLogLine::Direction::Received && line.text.starts_with("bestmove e2e4")) ++bestmoves;
        if (line.direction == EngineLogLine::Direction::Sent && line.text.starts_with("setoption name Material value 1"))
            ++materialSets;
    }
    EXPECT_EQ(goes, 2);
    EXPECT_EQ(bestmoves, 2);
    EXPECT_EQ(materialSets, 2);
    for (std::size_t worker : workers) EXPECT_LT(worker, 2u);

    // Turned off: the next evaluation delivers nothing.
    evaluator->setEngineLog({});
    lines.clear();
    evaluator->evaluate(work, twoCandidates(), {}, {});
    EXPECT_TRUE(lines.empty());
}
