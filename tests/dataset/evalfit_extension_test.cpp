// The evalfit extension from MateFind's side: the reader of `evalfit scores` answers (tables of
// engine output, good and broken), the fence that tells at once whether an engine has the
// extension (the fake engine with it, without it, and answering unknown commands with noise), and
// the conformance check of `matefind-cli probe` against a correct fake and each broken one.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"

namespace mf::dataset {
namespace {

// --- the reader ---------------------------------------------------------------------------------

struct ReaderCase {
    const char* name;
    std::size_t count;
    std::vector<std::string> lines;
    bool complete;              // the answer ends at the last line
    const char* fault;          // empty: no fault; else a piece of the message
    int faultPosition;          // -1: none
    std::vector<int> scores;    // when no fault
};

void PrintTo(const ReaderCase& c, std::ostream* out) { *out << c.name; }

class ScoresReaderTable : public ::testing::TestWithParam<ReaderCase> {};

TEST_P(ScoresReaderTable, ReadsOrNamesTheFault) {
    const ReaderCase& c = GetParam();
    EvalfitScoresReader reader(c.count);
    bool done = false;
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
        ASSERT_FALSE(done) << "the answer was complete before line " << i + 1;
        done = reader.feed(c.lines[i]);
    }
    EXPECT_EQ(done, c.complete);
    if (std::string(c.fault).empty()) {
        EXPECT_FALSE(reader.failed()) << reader.fault();
        EXPECT_EQ(reader.scores(), c.scores);
    } else {
        EXPECT_TRUE(reader.failed());
        EXPECT_NE(reader.fault().find(c.fault), std::string::npos) << reader.fault();
        if (c.faultPosition >= 0) {
            ASSERT_TRUE(reader.faultPosition().has_value());
            EXPECT_EQ(*reader.faultPosition(), std::size_t(c.faultPosition));
        } else {
            EXPECT_FALSE(reader.faultPosition().has_value());
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Answers, ScoresReaderTable,
    ::testing::Values(
        ReaderCase{"OneLine", 3, {"evalfit part 12 -40 0", "evalfit scores 3"}, true, "", -1, {12, -40, 0}},
        ReaderCase{"SeveralLinesAndNoise",
                   4,
                   {"info string loading weights", "evalfit part 1 2", "garbage ~~", "evalfit part  3   -4 ", "evalfit scores 4"},
                   true, "", -1, {1, 2, 3, -4}},
        ReaderCase{"MissingLine", 4, {"evalfit part 1 2", "evalfit scores 4"}, true,
                   "the engine sent 2 scores for 4 positions (position 3 has none)", 2, {}},
        ReaderCase{"WrongCount", 2, {"evalfit part 5 6", "evalfit scores 3"}, true, "the closing line says 3 scores, 2 were sent",
                   -1, {}},
        ReaderCase{"NotANumber", 3, {"evalfit part 5 12x 7", "evalfit scores 3"}, true,
                   "score 2 '12x' is not a whole number (position 2)", 1, {}},
        ReaderCase{"AFraction", 2, {"evalfit part 5 0.5", "evalfit scores 2"}, true, "'0.5' is not a whole number", 1, {}},
        ReaderCase{"TooMany", 1, {"evalfit part 5 6", "evalfit scores 2"}, true, "more scores than the 1 positions", -1, {}},
        ReaderCase{"NoCount", 1, {"evalfit part 5", "evalfit scores"}, true, "has no count", -1, {}},
        ReaderCase{"EngineError", 2, {"evalfit error no positions loaded"}, true,
                   "the engine answered 'evalfit error no positions loaded'", -1, {}},
        ReaderCase{"NotYetComplete", 2, {"evalfit part 5 6"}, false, "", -1, {5, 6}}),
    [](const auto& info) { return std::string(info.param.name); });

// --- the fence and the conformance check, on the fake engine -----------------------------------

uci::EngineConfig fake(std::vector<std::string> arguments) {
    uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    config.command.arguments = std::move(arguments);
    config.timeouts.startup = std::chrono::milliseconds(3000);
    config.timeouts.ping = std::chrono::milliseconds(3000);
    return config;
}

EvalfitEngineConfig fakeScorer(std::vector<std::string> arguments, EvalfitPath path = EvalfitPath::Auto) {
    EvalfitEngineConfig config;
    config.program = MATEFIND_FAKE_ENGINE;
    config.arguments = std::move(arguments);
    config.path = path;
    config.workers = 1;
    return config;
}

class EvalfitFence : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built at " << MATEFIND_FAKE_ENGINE;
    }
};

// An engine without the extension is told apart by its readyok, not by a timeout: the answer
// comes within the round trip (the old client waited 120 s for an answer that never came).
TEST_F(EvalfitFence, AnEngineThatIgnoresUnknownCommandsGoesToTheUciPathAtOnce) {
    for (const std::vector<std::string>& arguments : {std::vector<std::string>{}, {"--unknown=garbage"}}) {
        const auto begin = std::chrono::steady_clock::now();
        auto resolved = resolveEvalfitPath(fakeScorer(arguments));
        const auto took = std::chrono::steady_clock::now() - begin;
        ASSERT_TRUE(resolved.ok()) << resolved.error().message;
        EXPECT_EQ(resolved->path, EvalfitPath::Uci);
        EXPECT_NE(resolved->reason.find("FakeEngine 1.0 has no evalfit extension (readyok came first"), std::string::npos)
            << resolved->reason;
        EXPECT_LT(took, std::chrono::seconds(1)) << (arguments.empty() ? "silent" : "garbage");
    }
}

TEST_F(EvalfitFence, TheGarbageAnswerIsNamed) {
    auto resolved = resolveEvalfitPath(fakeScorer({"--unknown=garbage"}));
    ASSERT_TRUE(resolved.ok()) << resolved.error().message;
    EXPECT_NE(resolved->reason.find("after 'Unknown command: 'evalfit load"), std::string::npos) << resolved->reason;
}

TEST_F(EvalfitFence, AnEngineWithTheExtensionGetsTheFastPath) {
    auto resolved = resolveEvalfitPath(fakeScorer({"--evalfit=no-trace"}));
    ASSERT_TRUE(resolved.ok()) << resolved.error().message;
    EXPECT_EQ(resolved->path, EvalfitPath::Fast);
    EXPECT_EQ(resolved->direct, EvalfitPath::Fast);
}

// Auto takes the trace path when the engine also writes traces; asked for trace, an engine
// without them gets finite differences over its direct path.
TEST_F(EvalfitFence, AnEngineThatWritesTracesGetsTheTracePath) {
    auto traced = resolveEvalfitPath(fakeScorer({"--evalfit=correct"}));
    ASSERT_TRUE(traced.ok()) << traced.error().message;
    EXPECT_EQ(traced->path, EvalfitPath::Trace);
    EXPECT_EQ(traced->traceSource, TraceSource::Engine);
    EXPECT_EQ(traced->direct, EvalfitPath::Fast);
    EvalfitEngineConfig asked = fakeScorer({"--evalfit=no-trace"});
    asked.path = EvalfitPath::Trace;
    auto differences = resolveEvalfitPath(asked);
    ASSERT_TRUE(differences.ok()) << differences.error().message;
    EXPECT_EQ(differences->path, EvalfitPath::Trace);
    EXPECT_EQ(differences->traceSource, TraceSource::Differences);
    asked.arguments.clear();  // no extension at all: differences through UCI
    auto uci = resolveEvalfitPath(asked);
    ASSERT_TRUE(uci.ok()) << uci.error().message;
    EXPECT_EQ(uci->traceSource, TraceSource::Differences);
    EXPECT_EQ(uci->direct, EvalfitPath::Uci);
}

// A candidate's options reach the fast path's scores (the fake adds Material - 100 to each).
TEST_F(EvalfitFence, TheFastPathScoresEachCandidateWithItsOptions) {
    attacks::init();
    std::vector<LabelledPosition> positions;
    for (const std::string& fen : conformanceSample()) {
        auto position = Position::fromFen(fen);
        ASSERT_TRUE(position.ok()) << fen;
        positions.push_back({*position, 0.5});
    }
    auto scorer = EvalfitScorer::create(fakeScorer({"--evalfit=correct"}), positions);
    ASSERT_TRUE(scorer.ok()) << scorer.error().message;
    EXPECT_TRUE((*scorer)->fastPath());
    const auto fast = (*scorer)->score({{}, {{"Material", "130"}}, {}}, {});
    ASSERT_EQ(fast.size(), 3u);
    for (const auto& candidate : fast) ASSERT_TRUE(candidate.failure.empty()) << candidate.failure;
    for (std::size_t i = 0; i < positions.size(); ++i) EXPECT_EQ(fast[1].q[i] - fast[0].q[i], 30) << i;
    EXPECT_EQ(fast[2].q, fast[0].q);  // Material went back to its default
}

TEST_F(EvalfitFence, ABrokenAnswerFailsTheCandidateNamingThePosition) {
    std::vector<LabelledPosition> positions;
    attacks::init();
    for (const std::string& fen : conformanceSample()) positions.push_back({*Position::fromFen(fen), 0.5});
    auto scorer = EvalfitScorer::create(fakeScorer({"--evalfit=not-a-number"}), positions);
    ASSERT_TRUE(scorer.ok()) << scorer.error().message;
    const auto scores = (*scorer)->score({{}}, {});
    ASSERT_EQ(scores.size(), 1u);
    EXPECT_TRUE(scores[0].q.empty());
    EXPECT_NE(scores[0].failure.find("score 5 '12x' is not a whole number (position 5)"), std::string::npos)
        << scores[0].failure;
}

TEST_F(EvalfitFence, ConformanceCheckPassesACorrectEngine) {
    const ExtensionCheck check = checkEvalfitExtension(fake({"--evalfit=correct"}));
    EXPECT_TRUE(check.present);
    EXPECT_TRUE(check.passed()) << check.verdict << (check.faults.empty() ? "" : ": " + check.faults.front());
    EXPECT_NE(check.verdict.find("conforms"), std::string::npos) << check.verdict;
}

// The engine MateFind ships speaks its own protocol.
TEST_F(EvalfitFence, ConformanceCheckPassesTheBundledEngine) {
    const std::filesystem::path engine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(engine)) GTEST_SKIP() << "matefind-engine not built at " << engine;
    uci::EngineConfig config;
    config.command.program = engine;
    const ExtensionCheck check = checkEvalfitExtension(config);
    EXPECT_TRUE(check.passed()) << check.verdict << (check.faults.empty() ? "" : ": " + check.faults.front());
}

TEST_F(EvalfitFence, ConformanceCheckSaysWhenThereIsNoExtension) {
    const ExtensionCheck check = checkEvalfitExtension(fake({}));
    EXPECT_TRUE(check.started);
    EXPECT_FALSE(check.present);
    EXPECT_TRUE(check.faults.empty());
    EXPECT_NE(check.verdict.find("no evalfit extension"), std::string::npos) << check.verdict;
}

struct BrokenCase {
    const char* mode;
    const char* fault;  // a piece of one of the faults
};

void PrintTo(const BrokenCase& c, std::ostream* out) { *out << c.mode; }

class ConformanceFaults : public ::testing::TestWithParam<BrokenCase> {};

TEST_P(ConformanceFaults, EachFaultIsNamed) {
    if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built";
    const ExtensionCheck check = checkEvalfitExtension(fake({std::string("--evalfit=") + GetParam().mode}));
    EXPECT_TRUE(check.present);
    EXPECT_FALSE(check.passed());
    std::string all;
    for (const auto& fault : check.faults) all += fault + "\n";
    EXPECT_NE(all.find(GetParam().fault), std::string::npos) << all;
}

INSTANTIATE_TEST_SUITE_P(
    Fake, ConformanceFaults,
    ::testing::Values(
        BrokenCase{"missing-line", "the engine sent 14 scores for 20 positions (position 15 has none); position 15 (3r2k1/p4ppp/1p6/8/8/1P4P1/P3RP1P/6K1 w"},
        BrokenCase{"wrong-count", "the closing line says 21 scores, 20 were sent"},
        BrokenCase{"not-a-number", "score 5 '12x' is not a whole number (position 5); position 5 (r3k2r/pp1n1ppp"},
        BrokenCase{"mismatch", "position 3 (r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3): `evalfit scores "
                               "quiescence` gives"},
        BrokenCase{"ignore-load-error", "evalfit load of a missing file: answered `evalfit loaded`"}),
    [](const auto& info) {
        std::string name = info.param.mode;
        std::erase(name, '-');
        return name;
    });

}  // namespace
}  // namespace mf::dataset
