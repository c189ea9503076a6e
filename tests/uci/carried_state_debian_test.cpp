// Toga II 3.0 keeps evaluation caches across "ucinewgame" and weight changes: on one process its
// scores at its defaults, after scores at other weights, are not all what they were before. The
// session's fresh process at an option change (EngineConfig::freshProcessOnOptionChange) makes
// them the same again. The bundled engine keeps nothing, and its process. Each test skips when
// its engine is not there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "evolution/uci/carried_state_check.h"
#include "evolution/uci/engine_session.h"

using namespace mf::uci;

namespace {

const char* kToga = "/usr/games/toga2";

// The first `count` positions of the project's own openings file (FEN fields of each EPD line).
std::vector<std::string> openings(std::size_t count) {
    std::ifstream in(std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources/openings/matefind-openings-1200.epd");
    std::vector<std::string> fens;
    for (std::string line; fens.size() < count && std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::size_t end = 0;
        for (int field = 0; field < 4 && end != std::string::npos; ++field) end = line.find(' ', end + (field ? 1 : 0));
        fens.push_back(line.substr(0, end) + " 0 1");
    }
    return fens;
}

OptionValues weights(const std::vector<int>& values) {
    const char* names[] = {"Piece Activity", "Piece Square Activity", "King Safety", "Pawn Structure", "Passed Pawns"};
    OptionValues out;
    for (std::size_t i = 0; i < values.size(); ++i) out.emplace_back(names[i], std::to_string(values[i]));
    return out;
}

// Each position's score at depth 1 (a new game before each, as evalfit's uci path searches).
std::vector<int> scores(EngineSession& session, const std::vector<std::string>& fens, const OptionValues& options) {
    std::vector<int> out;
    SearchRequest request;
    request.limit = SearchLimit::depth(1);
    request.options = options;
    for (const std::string& fen : fens) {
        request.fen = fen;
        const SearchResult result = session.search(request);
        EXPECT_EQ(result.status, SearchStatus::Completed) << result.failure;
        out.push_back(result.score ? result.score->value : 999999);
    }
    return out;
}

int differing(const std::vector<int>& a, const std::vector<int>& b) {
    int n = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) n += a[i] != b[i];
    return n;
}

}  // namespace

// The bundled engine carries nothing across a weight change, so the session keeps its process:
// the same three passes on one process give the same scores before and after.
TEST(BundledEngineCarriedState, ScoresAtTheDefaultsAreTheSameBeforeAndAfterOtherWeightsOnOneProcess) {
    const std::filesystem::path engine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(engine)) GTEST_SKIP() << engine << " is not built";
    const std::vector<std::string> fens = openings(300);
    auto values = [](const std::vector<int>& v) {
        const char* names[] = {"KnightValue", "BishopValue", "RookValue", "QueenValue", "PassedPawn"};
        OptionValues out;
        for (std::size_t i = 0; i < v.size(); ++i) out.emplace_back(names[i], std::to_string(v[i]));
        return out;
    };
    std::vector<std::string> lines;
    EngineConfig config;
    config.command.program = engine;
    config.smallestHash = true;
    config.lineTap = [&](std::size_t, LineDirection direction, std::string_view line) {
        if (direction == LineDirection::Sent && line == "uci") lines.emplace_back(line);
    };
    EngineSession session(config);
    const std::vector<int> before = scores(session, fens, values({300, 301, 461, 987, 60}));
    const std::vector<int> other = scores(session, fens, values({200, 250, 400, 900, 20}));
    const std::vector<int> after = scores(session, fens, values({300, 301, 461, 987, 60}));
    // Openings have the material level: the piece values reach 29 of the 300 scores.
    EXPECT_GT(differing(before, other), 10) << "the weights reach the scores";
    EXPECT_EQ(differing(before, after), 0);
    EXPECT_EQ(lines.size(), 1u) << "one process for the three passes";
}

TEST(TogaCarriedState, ScoresAtTheDefaultsAreTheSameBeforeAndAfterOtherWeightsOnlyWithAFreshProcess) {
    if (!std::filesystem::exists(kToga)) GTEST_SKIP() << kToga << " is not installed (Debian package toga2)";
    const std::vector<std::string> fens = openings(300);
    ASSERT_EQ(fens.size(), 300u);
    const OptionValues defaults = weights({100, 100, 100, 100, 100});
    const OptionValues detuned = weights({40, 200, 30, 200, 50});
    for (bool fresh : {true, false}) {
        EngineConfig config;
        config.command.program = kToga;
        config.startOptions = {{"OwnBook", "false"}};
        config.smallestHash = true;
        config.freshProcessOnOptionChange = fresh;
        EngineSession session(config);
        const std::vector<int> before = scores(session, fens, defaults);
        const std::vector<int> other = scores(session, fens, detuned);
        const std::vector<int> after = scores(session, fens, defaults);
        EXPECT_GT(differing(before, other), 250) << "the weights reach the scores";
        if (fresh)
            EXPECT_EQ(differing(before, after), 0) << "a fresh process at each weight change";
        else
            EXPECT_GT(differing(before, after), 0) << "one process: Toga II keeps some of the other weights' scores";
    }
}

// The check `probe --genome` runs (carried_state_check.h) says the same of both engines.
TEST(CarriedStateCheckOnRealEngines, TogaIICarriesStateTheBundledEngineNothing) {
    const std::vector<std::string> fens = openings(150);
    CarriedStateSettings settings;
    settings.fens = fens;
    const std::filesystem::path bundled = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (std::filesystem::exists(bundled)) {
        EngineConfig config;
        config.command.program = bundled;
        config.smallestHash = true;
        settings.first = {{"KnightValue", "300"}, {"PassedPawn", "60"}};
        settings.other = {{"KnightValue", "200"}, {"PassedPawn", "20"}};
        const CarriedStateCheck check = checkCarriedState(config, settings);
        EXPECT_TRUE(check.carriesNothing()) << describeCarriedState(check, 1);
    }
    if (!std::filesystem::exists(kToga)) GTEST_SKIP() << kToga << " is not installed (Debian package toga2)";
    EngineConfig config;
    config.command.program = kToga;
    config.startOptions = {{"OwnBook", "false"}};
    config.smallestHash = true;
    settings.first = weights({100, 100, 100, 100, 100});
    settings.other = weights({40, 200, 30, 200, 50});
    const CarriedStateCheck check = checkCarriedState(config, settings);
    ASSERT_FALSE(check.error) << *check.error;
    EXPECT_GT(check.reached, 100u);
    EXPECT_GT(check.carried(), 0u) << describeCarriedState(check, 1);
    EXPECT_FALSE(check.carriesNothing());
}
