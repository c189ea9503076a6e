// The local evaluator over real engine processes (the fake engine of tests/uci): each candidate's
// fitness comes from its own searches, and the engine log's lines reach the handler, from the
// thread that calls evaluate(), labelled with their worker; with no handler nothing is delivered.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "evolution/tuning/run/local_evaluator.h"
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
    EXPECT_EQ(scores[1].solved, 1);

    EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
    int goes = 0, bestmoves = 0, material120 = 0, material130 = 0;
    std::set<std::size_t> workers;
    for (const auto& line : lines) {
        workers.insert(line.worker);
        if (line.direction == EngineLogLine::Direction::Sent && line.text == "go depth 3") ++goes;
        if (line.direction == EngineLogLine::Direction::Received && line.text.starts_with("bestmove e2e4")) ++bestmoves;
        if (line.direction == EngineLogLine::Direction::Sent && line.text == "setoption name Material value 120") ++material120;
        if (line.direction == EngineLogLine::Direction::Sent && line.text == "setoption name Material value 130") ++material130;
    }
    EXPECT_EQ(goes, 2);
    EXPECT_EQ(bestmoves, 2);
    EXPECT_EQ(material120, 1);  // each candidate's own value, once
    EXPECT_EQ(material130, 1);
    for (std::size_t worker : workers) EXPECT_LT(worker, 2u);

    // Turned off: the next evaluation delivers nothing.
    evaluator->setEngineLog({});
    lines.clear();
    evaluator->evaluate(work, twoCandidates(), {}, {});
    EXPECT_TRUE(lines.empty());
}

// Fitness goes to the right chromosome. Each candidate sets the fake engine's "Answer" option, so
// each plays its own move on every position; the positions expect different moves, so every
// candidate has its own solved count and its own pattern of solved positions. Two workers share
// the searches across candidate boundaries (5 candidates x 6 positions): a mix-up of candidate
// and position in the dispatch or in the scoring changes a count, a pattern or a played move.
TEST(LocalEvaluator, EachCandidateIsScoredOnItsOwnSearches) {
    auto dir = test::scratchDir("evaluator_each");
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const char* afterA3A6 = "rnbqkbnr/1ppppppp/p7/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq -";
    {
        std::ofstream out(dir / "six.epd");
        out << start << " bm e4; id \"e4\";\n"
            << afterA3A6 << " bm d4; id \"d4\";\n"
            << start << " bm e4 d4; id \"e4 or d4\";\n"
            << afterA3A6 << " bm Nf3; id \"Nf3\";\n"
            << start << " bm Nc3; id \"Nc3\";\n"
            << afterA3A6 << " bm e4 Nf3; id \"e4 or Nf3\";\n";
    }
    const uci::Suite suite = uci::loadSuite((dir / "six.epd").string());
    ASSERT_EQ(suite.positions.size(), 6u);
    struct Plays {
        std::string uci, san;
        std::vector<bool> solves;  // per position
    };
    const std::vector<Plays> plays = {
        {"e2e4", "e4", {true, false, true, false, false, true}},
        {"d2d4", "d4", {false, true, true, false, false, false}},
        {"g1f3", "Nf3", {false, false, false, true, false, true}},
        {"b1c3", "Nc3", {false, false, false, false, true, false}},
        {"c2c4", "c4", {false, false, false, false, false, false}},
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < plays.size(); ++i)
        candidates.push_back(Candidate{{static_cast<int>(i)},
                                       {{"Material", std::to_string(100 + i)}, {"Answer", plays[i].uci}}});
    auto evaluator = fakeEvaluator();
    ASSERT_TRUE(evaluator);
    ASSERT_EQ(evaluator->workers(), 2u);
    const FitnessWork work = SuiteWork{suite, {uci::SearchLimit::depth(3), 0.0, FitnessMeasure::Solved}};
    const auto scores = evaluator->evaluate(work, candidates, {}, {});
    ASSERT_EQ(scores.size(), plays.size());
    for (std::size_t c = 0; c < plays.size(); ++c) {
        SCOPED_TRACE("candidate " + std::to_string(c) + " answers " + plays[c].uci);
        const int expectedSolved = static_cast<int>(std::count(plays[c].solves.begin(), plays[c].solves.end(), true));
        EXPECT_EQ(scores[c].solved, expectedSolved);
        EXPECT_EQ(scores[c].fitness, static_cast<double>(expectedSolved));
        EXPECT_EQ(scores[c].scored, 6);
        EXPECT_EQ(scores[c].failed, 0);
        ASSERT_EQ(scores[c].positions.size(), 6u);
        for (std::size_t p = 0; p < 6; ++p) {
            EXPECT_EQ(scores[c].positions[p].id, suite.positions[p].id);
            EXPECT_EQ(scores[c].positions[p].played, plays[c].san) << "position " << p;
            EXPECT_EQ(scores[c].positions[p].solved, plays[c].solves[p]) << "position " << p;
        }
    }
}
