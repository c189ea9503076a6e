// `evalfit trace` from MateFind's side: the strict reader of its answers (tables of engine output,
// good and broken, each fault named with its line, position and field), the exchange behind the
// fence, the bundled engine's traces read back into a TraceTable, and the probe's trace check
// against the bundled engine, a correct fake, a fake without traces and each broken fake.
#include <gtest/gtest.h>

#include "engine/eval_params.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/attacks.h"
#include "evolution/tuning/measures/evalfit/trace/engine_trace.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_reader.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

namespace mf::dataset {
namespace {

// --- the reader ---------------------------------------------------------------------------------

using Status = EvalfitTraceReader::Status;

struct TraceCase {
    const char* name;
    std::optional<std::size_t> positions;
    std::vector<std::string> lines;
    Status status;         // after the last line
    const char* fault;     // empty: no fault; else a piece of the message
    int faultPosition;     // -1: none
};

void PrintTo(const TraceCase& c, std::ostream* out) { *out << c.name; }

class TraceReaderTable : public ::testing::TestWithParam<TraceCase> {};

TEST_P(TraceReaderTable, ReadsOrNamesTheFault) {
    const TraceCase& c = GetParam();
    EvalfitTraceReader reader(c.positions);
    Status status = Status::More;
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
        ASSERT_EQ(status, Status::More) << "the answer was over before line " << i + 1;
        status = reader.feed(c.lines[i]);
    }
    EXPECT_EQ(status, c.status);
    if (std::string(c.fault).empty()) {
        EXPECT_FALSE(reader.failed()) << reader.fault();
    } else {
        EXPECT_TRUE(reader.failed());
        EXPECT_NE(reader.fault().find(c.fault), std::string::npos) << reader.fault();
        if (c.faultPosition >= 0) {
            ASSERT_TRUE(reader.faultPosition().has_value()) << reader.fault();
            EXPECT_EQ(*reader.faultPosition(), std::size_t(c.faultPosition));
        } else {
            EXPECT_FALSE(reader.faultPosition().has_value()) << reader.fault();
        }
    }
}

const std::vector<std::string> kHeader = {"evalfit terms 2", "evalfit term 0 Mobility (Middle Game)", "evalfit term 1 Tempo"};

std::vector<std::string> withHeader(std::vector<std::string> rows) {
    std::vector<std::string> lines = kHeader;
    lines.insert(lines.end(), rows.begin(), rows.end());
    return lines;
}

INSTANTIATE_TEST_SUITE_P(
    Answers, TraceReaderTable,
    ::testing::Values(
        TraceCase{"WellFormed", 2, withHeader({"info string tracing", "evalfit t 1.5 0:2 1:-0.25", "evalfit t -3", "evalfit traced 2"}),
                  Status::Done, "", -1},
        TraceCase{"NotYetComplete", std::nullopt, withHeader({"evalfit t 1 0:1"}), Status::More, "", -1},
        TraceCase{"EngineError", std::nullopt, {"evalfit error trace: no positions loaded"}, Status::Error,
                  "the engine answered 'evalfit error trace: no positions loaded'", -1},
        TraceCase{"RowBeforeHeader", std::nullopt, {"evalfit t 1 0:1", "evalfit traced 1"}, Status::Error,
                  "line 1: expected 'evalfit terms N' first, got 'evalfit t 1 0:1'", -1},
        TraceCase{"NoTerms", std::nullopt, {"evalfit terms 0", "evalfit traced 0"}, Status::Error,
                  "line 1: 'evalfit terms N' needs N, a whole number from 1 to 65536, got '0'", -1},
        TraceCase{"TermsOutOfOrder", std::nullopt, {"evalfit terms 2", "evalfit term 1 A", "evalfit traced 0"}, Status::Error,
                  "line 2: 'evalfit term I NAME' needs I = 0 (the terms in order), got '1'", -1},
        TraceCase{"TooFewTermLines", std::nullopt, {"evalfit terms 2", "evalfit term 0 A", "evalfit t 1 0:1", "evalfit traced 1"},
                  Status::Error, "line 3: expected the next 'evalfit term I NAME', got 'evalfit t 1 0:1'", -1},
        TraceCase{"TwoTermsOneName", std::nullopt, {"evalfit terms 2", "evalfit term 0 Tempo", "evalfit term 1 tempo"},
                  Status::More, "line 3: term 1 'tempo' has the name of term 0", -1},
        TraceCase{"NamelessTerm", std::nullopt, {"evalfit terms 1", "evalfit term 0 "}, Status::More, "line 2: term 0 has no name", -1},
        TraceCase{"BadConstant", std::nullopt, withHeader({"evalfit t 1 0:1", "evalfit t 12x 0:1", "evalfit traced 2"}), Status::Error,
                  "line 5 (position 2), field 1 '12x': the constant C is not a finite number", 1},
        TraceCase{"BadCoefficient", std::nullopt, withHeader({"evalfit t 1 1:2 0:1.0.0", "evalfit traced 1"}), Status::Error,
                  "line 4 (position 1), field 3 '0:1.0.0': the coefficient '1.0.0' is not a finite number", 0},
        TraceCase{"NotFinite", std::nullopt, withHeader({"evalfit t 1 0:nan", "evalfit traced 1"}), Status::Error,
                  "the coefficient 'nan' is not a finite number", 0},
        TraceCase{"NoColon", std::nullopt, withHeader({"evalfit t 1 0=1", "evalfit traced 1"}), Status::Error,
                  "field 2 '0=1': expected I:V, a term index, a colon and a coefficient", 0},
        TraceCase{"TermOutOfRange", std::nullopt, withHeader({"evalfit t 1 2:1", "evalfit traced 1"}), Status::Error,
                  "field 2 '2:1': term 2 is not below the 2 terms announced", 0},
        TraceCase{"TermTwice", std::nullopt, withHeader({"evalfit t 1 1:1 0:2 1:3", "evalfit traced 1"}), Status::Error,
                  "field 4 '1:3': term 1 appears twice on the line", 0},
        TraceCase{"ClosingCountWrong", std::nullopt, withHeader({"evalfit t 1", "evalfit t 2", "evalfit traced 3"}), Status::Error,
                  "line 6: 'evalfit traced 3' but 2 positions were traced", -1},
        TraceCase{"ClosingWithoutCount", std::nullopt, withHeader({"evalfit t 1", "evalfit traced"}), Status::Error,
                  "'evalfit traced M' needs M, a whole number, got ''", -1},
        TraceCase{"FewerThanLoaded", 3, withHeader({"evalfit t 1", "evalfit t 2", "evalfit traced 2"}), Status::Error,
                  "the engine traced 2 positions, 3 are loaded (position 3 has no trace)", 2},
        TraceCase{"MoreThanLoaded", 1, withHeader({"evalfit t 1", "evalfit t 2", "evalfit traced 2"}), Status::Error,
                  "the engine traced 2 positions, only 1 are loaded", -1},
        TraceCase{"OtherEvalfitLine", std::nullopt, withHeader({"evalfit part 1 2", "evalfit traced 0"}), Status::Error,
                  "line 4: expected 'evalfit t C I:V ...' or the closing 'evalfit traced M', got 'evalfit part 1 2'", -1}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TraceReader, FillsTheTable) {
    EvalfitTraceReader reader(2);
    for (const std::string& line : withHeader({"evalfit t 1.5 0:2 1:-0.25", "evalfit t -3", "evalfit traced 2"})) reader.feed(line);
    ASSERT_EQ(reader.status(), Status::Done) << reader.fault();
    const TraceTable table = reader.takeTable();
    EXPECT_EQ(table.terms(), (std::vector<std::string>{"Mobility (Middle Game)", "Tempo"}));
    ASSERT_EQ(table.size(), 2u);
    const std::vector<double> weights = {10.0, 4.0};
    EXPECT_DOUBLE_EQ(table.score(0, weights), 1.5 + 20.0 - 1.0);
    EXPECT_DOUBLE_EQ(table.score(1, weights), -3.0);
}

TEST(TraceReader, AnAnswerCutShortIsAFault) {
    EvalfitTraceReader reader(2);
    for (const std::string& line : withHeader({"evalfit t 1"})) reader.feed(line);
    EXPECT_EQ(reader.endOfAnswer("readyok came"), Status::Error);
    EXPECT_NE(reader.fault().find("the answer ended (readyok came) before its closing 'evalfit traced M' line, after 1 positions"),
              std::string::npos)
        << reader.fault();
}

// --- the exchange and the probe's check ----------------------------------------------------------

uci::EngineConfig fake(std::vector<std::string> arguments) {
    uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    config.command.arguments = std::move(arguments);
    config.timeouts.startup = std::chrono::milliseconds(3000);
    config.timeouts.ping = std::chrono::milliseconds(3000);
    return config;
}

std::filesystem::path bundledEngine() { return std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine"; }

class EvalfitTrace : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built at " << MATEFIND_FAKE_ENGINE;
    }
};

// An engine that ignores `evalfit trace` is told apart by its readyok, at once.
TEST_F(EvalfitTrace, AnEngineWithoutTheCommandAnswersReadyokAtOnce) {
    uci::EngineSession session(fake({}));
    EvalfitTraceReader reader;
    const auto begin = std::chrono::steady_clock::now();
    const TraceAnswer answer = exchangeEvalfitTrace(session, {}, PositionScoreKind::Static, reader, std::chrono::seconds(30));
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
    EXPECT_EQ(answer.kind, TraceAnswer::Kind::NoTrace) << answer.detail;
    EXPECT_EQ(answer.detail, "readyok came first");
}

// The bundled engine's trace at other weights than the defaults reproduces its scores there.
TEST_F(EvalfitTrace, TheBundledEngineTracesAtTheWeightsItIsGiven) {
    if (!std::filesystem::exists(bundledEngine())) GTEST_SKIP() << "matefind-engine not built at " << bundledEngine();
    PositionsFile file(conformanceSample());
    uci::EngineConfig config;
    config.command.program = bundledEngine();
    ExtensionEngine engine(config, file.path(), conformanceSample().size());
    ASSERT_EQ(engine.load().loaded, ExtensionEngine::Loaded::Yes);
    const uci::OptionValues options = {{"KnightValue", "350"}, {"KingSafety", "40"}, {"Tempo", "12"}, {"PassedPawn", "60"}};
    for (PositionScoreKind kind : {PositionScoreKind::Static, PositionScoreKind::Quiescence}) {
        TraceTable table;
        ASSERT_EQ(engine.trace(options, kind, table), std::nullopt);
        std::vector<int> scores;
        ASSERT_EQ(engine.scores(options, kind, scores), std::nullopt);
        ASSERT_EQ(table.size(), scores.size());
        std::vector<double> weights;
        for (const std::string& term : table.terms()) {
            const uci::UciOption* option = engine.session().identity().findOption(term);
            ASSERT_NE(option, nullptr) << term;
            std::string value = option->defaultValue;
            for (const auto& [name, set] : options)
                if (name == term) value = set;
            weights.push_back(std::stod(value));
        }
        // The table keeps constants and scales as floats: 1e-7 of the score's size.
        for (std::size_t i = 0; i < scores.size(); ++i)
            EXPECT_NEAR(table.score(i, weights), scores[i], 1e-7 * (std::abs(scores[i]) + 1000)) << conformancePositionName(i);
    }
}

// An engine may hold weights other than those it announces as defaults: here an options file
// loaded by `setoption name OptionsFile` (KnightValue 200, RookValue 400; `uci` still says 300 and
// 461). The trace is anchored on the engine's own scores, so the terms a genome leaves alone,
// folded at the announced defaults, still give the engine's score at the trace point, and a
// candidate moves only its own terms; without the file, as before.
TEST_F(EvalfitTrace, WeightsTheEngineHoldsButDoesNotAnnounceAreFoldedAsItHoldsThem) {
    if (!std::filesystem::exists(bundledEngine())) GTEST_SKIP() << "matefind-engine not built at " << bundledEngine();
    attacks::init();
    std::vector<LabelledPosition> positions;
    for (const std::string& fen : conformanceSample()) positions.push_back({*Position::fromFen(fen), 0.5});
    const std::filesystem::path optionsFile =
        std::filesystem::temp_directory_path() / ("matefind-anchor-" + std::to_string(::getpid()) + ".txt");
    {
        std::ofstream out(optionsFile);
        out << "KnightValue = 200\nRookValue = 400\n";
    }
    const uci::OptionValues point = {{"BishopValue", "320"}};
    std::vector<int> withoutFile;  // the engine's scores at the point without the file
    for (const bool withFile : {false, true}) {
        SCOPED_TRACE(withFile ? "OptionsFile set" : "no options file");
        EvalfitEngineConfig config;
        config.program = bundledEngine();
        config.workers = 1;
        config.path = EvalfitPath::Fast;
        if (withFile) config.fixedOptions = {{"OptionsFile", optionsFile.string()}};
        auto traced = traceThroughEngine(config, positions, point);
        ASSERT_TRUE(traced.ok()) << traced.error().message;
        uci::OptionValues base = point;
        base.insert(base.end(), traced->engineDefaults.begin(), traced->engineDefaults.end());
        std::string missing;
        const TraceTable folded = foldFixedColumns(traced->table, {"BishopValue"}, base, missing);
        ASSERT_EQ(missing, "");
        ASSERT_EQ(folded.terms(), std::vector<std::string>{"BishopValue"});
        auto scorer = EvalfitScorer::create(config, positions);
        ASSERT_TRUE(scorer.ok()) << scorer.error().message;
        const auto direct = (*scorer)->score({point, {{"BishopValue", "330"}}}, {});
        ASSERT_EQ(direct.size(), 2u);
        ASSERT_EQ(direct[0].q.size(), positions.size()) << direct[0].failure;
        ASSERT_EQ(direct[1].q.size(), positions.size()) << direct[1].failure;
        // The file changes the engine's scores (else this test would not test the anchor).
        if (!withFile) withoutFile = direct[0].q;
        else EXPECT_NE(direct[0].q, withoutFile);
        int within = 0;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            EXPECT_NEAR(folded.score(i, std::vector<double>{320.0}), direct[0].q[i], 1e-7 * (std::abs(direct[0].q[i]) + 1000))
                << conformancePositionName(i);
            if (std::fabs(folded.score(i, std::vector<double>{330.0}) - direct[1].q[i]) <= 1.0) ++within;
        }
        // A candidate away from the point: the quiescence leaf is held, the engine's own rounding is not.
        EXPECT_GE(within, int(positions.size()) - 2);
    }
    std::filesystem::remove(optionsFile);
}

TEST_F(EvalfitTrace, TheProbePassesTheBundledEngine) {
    if (!std::filesystem::exists(bundledEngine())) GTEST_SKIP() << "matefind-engine not built at " << bundledEngine();
    uci::EngineConfig config;
    config.command.program = bundledEngine();
    const ExtensionCheck check = checkEvalfitExtension(config);
    EXPECT_TRUE(check.passed()) << check.verdict << (check.faults.empty() ? "" : ": " + check.faults.front());
    EXPECT_TRUE(check.traced);
    // Every term: the evaluation's hundreds and the 30 legacy weights.
    EXPECT_NE(check.trace.find("evalfit trace conforms: " + std::to_string(evalTerms().size()) + " terms"), std::string::npos)
        << check.trace;
}

TEST_F(EvalfitTrace, TheProbePassesACorrectFake) {
    const ExtensionCheck check = checkEvalfitExtension(fake({"--evalfit=correct"}));
    EXPECT_TRUE(check.passed()) << check.verdict << (check.faults.empty() ? "" : ": " + check.faults.front());
    EXPECT_NE(check.trace.find("evalfit trace conforms: 1 terms"), std::string::npos) << check.trace;
}

TEST_F(EvalfitTrace, NoTraceIsNotAFault) {
    const ExtensionCheck check = checkEvalfitExtension(fake({"--evalfit=no-trace"}));
    EXPECT_TRUE(check.passed()) << check.verdict << (check.faults.empty() ? "" : ": " + check.faults.front());
    EXPECT_FALSE(check.traced);
    EXPECT_EQ(check.trace, "no evalfit trace (the engine answered 'evalfit error unknown subcommand')");
}

struct BrokenTrace {
    const char* mode;
    const char* fault;  // a piece of one of the faults
};

void PrintTo(const BrokenTrace& c, std::ostream* out) { *out << c.mode; }

class TraceFaults : public ::testing::TestWithParam<BrokenTrace> {};

TEST_P(TraceFaults, EachFaultIsNamed) {
    if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built";
    const ExtensionCheck check = checkEvalfitExtension(fake({std::string("--evalfit=") + GetParam().mode}));
    EXPECT_TRUE(check.present);
    EXPECT_TRUE(check.traced);
    EXPECT_FALSE(check.passed());
    EXPECT_NE(check.trace.find("evalfit trace does not conform"), std::string::npos) << check.trace;
    std::string all;
    for (const auto& fault : check.faults) all += fault + "\n";
    EXPECT_NE(all.find(GetParam().fault), std::string::npos) << all;
}

INSTANTIATE_TEST_SUITE_P(
    Fake, TraceFaults,
    ::testing::Values(
        BrokenTrace{"trace-term-count", "evalfit trace static: line 3: expected the next 'evalfit term I NAME', got 'evalfit t "},
        BrokenTrace{"trace-unknown-term", "evalfit trace: term 0 'Materiel' is not a spin option of the engine"},
        BrokenTrace{"trace-wrong-sign", " (seed 1), `evalfit trace static` taken at the defaults gives"},
        BrokenTrace{"trace-wrong-constant",
                    "position 4 (r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4): `evalfit trace static` at "
                    "the defaults gives"},
        BrokenTrace{"trace-no-closing",
                    "evalfit trace static: the answer ended (readyok came) before its closing 'evalfit traced M' line, after 20 "
                    "positions"},
        BrokenTrace{"trace-bad-number",
                    "evalfit trace static: line 8 (position 6), field 2 '0:1.0.0': the coefficient '1.0.0' is not a finite number; "
                    "position 6 (r2q1rk1/"}),
    [](const auto& info) {
        std::string name = info.param.mode;
        std::erase(name, '-');
        return name;
    });

}  // namespace
}  // namespace mf::dataset
