// The UCI line parsers against rows of real engine output (Stockfish 15.1, Toga II 3.0,
// Glaurung 2.2, Ethereal 12 from Debian 12), each row with the value it must decode to.
#include <gtest/gtest.h>

#include "evolution/uci/uci_protocol.h"

using namespace mf::uci;

TEST(UciLines, ClassifiesByFirstToken) {
    EXPECT_EQ(classifyLine("id name Stockfish 15.1"), LineKind::Id);
    EXPECT_EQ(classifyLine("option name Hash type spin default 16 min 1 max 33554432"), LineKind::Option);
    EXPECT_EQ(classifyLine("uciok"), LineKind::UciOk);
    EXPECT_EQ(classifyLine("readyok"), LineKind::ReadyOk);
    EXPECT_EQ(classifyLine("info depth 1"), LineKind::Info);
    EXPECT_EQ(classifyLine("bestmove f1c4 ponder d7d5"), LineKind::BestMove);
    EXPECT_EQ(classifyLine("Stockfish 15.1 by the Stockfish developers (see AUTHORS file)"), LineKind::Other);
    EXPECT_EQ(classifyLine("EgbbProbe not Loaded!"), LineKind::Other);
    EXPECT_EQ(classifyLine(""), LineKind::Other);
    EXPECT_EQ(classifyLine("  uciok\r"), LineKind::UciOk);
    EXPECT_EQ(classifyLine("uciokx"), LineKind::Other);
}

TEST(UciLines, IdLines) {
    struct Row { const char* line; const char* field; const char* value; };
    const Row rows[] = {
        {"id name Stockfish 15.1", "name", "Stockfish 15.1"},
        {"id author the Stockfish developers (see AUTHORS file)", "author", "the Stockfish developers (see AUTHORS file)"},
        {"id name Toga II 3.0", "name", "Toga II 3.0"},
        {"id author Andrew Grant, Alayan & Laldon", "author", "Andrew Grant, Alayan & Laldon"},
    };
    for (const auto& row : rows) {
        auto id = parseIdLine(row.line);
        ASSERT_TRUE(id) << row.line;
        EXPECT_EQ(id->field, row.field);
        EXPECT_EQ(id->value, row.value);
    }
    EXPECT_FALSE(parseIdLine("id"));
    EXPECT_FALSE(parseIdLine("info depth 1"));
}

TEST(UciLines, BestMove) {
    auto a = parseBestMoveLine("bestmove f1c4 ponder d7d5");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->move, "f1c4");
    EXPECT_EQ(a->ponder, "d7d5");
    auto b = parseBestMoveLine("bestmove e7e8q");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->move, "e7e8q");
    EXPECT_EQ(b->ponder, "");
    auto c = parseBestMoveLine("bestmove (none)");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->move, "(none)");
    EXPECT_FALSE(parseBestMoveLine("bestmove"));
    EXPECT_FALSE(parseBestMoveLine("info bestmove e2e4"));
}

TEST(UciLines, UciMoveShape) {
    EXPECT_TRUE(looksLikeUciMove("e2e4"));
    EXPECT_TRUE(looksLikeUciMove("a7a8q"));
    EXPECT_TRUE(looksLikeUciMove("e1g1"));
    EXPECT_FALSE(looksLikeUciMove("e2e9"));
    EXPECT_FALSE(looksLikeUciMove("e7e8k"));
    EXPECT_FALSE(looksLikeUciMove("Nf3"));
    EXPECT_FALSE(looksLikeUciMove("(none)"));
    EXPECT_FALSE(looksLikeUciMove(""));
}

struct OptionRow {
    const char* line;
    const char* name;
    OptionType type;
    const char* defaultValue;
    std::int64_t min, max;
    std::vector<std::string> vars;
};

TEST(UciOptions, RealEngineOptionLines) {
    const OptionRow rows[] = {
        // Stockfish 15.1
        {"option name Debug Log File type string default ", "Debug Log File", OptionType::String, "", 0, 0, {}},
        {"option name Threads type spin default 1 min 1 max 1024", "Threads", OptionType::Spin, "1", 1, 1024, {}},
        {"option name Hash type spin default 16 min 1 max 33554432", "Hash", OptionType::Spin, "16", 1, 33554432, {}},
        {"option name Clear Hash type button", "Clear Hash", OptionType::Button, "", 0, 0, {}},
        {"option name Ponder type check default false", "Ponder", OptionType::Check, "false", 0, 0, {}},
        {"option name SyzygyPath type string default <empty>", "SyzygyPath", OptionType::String, "<empty>", 0, 0, {}},
        {"option name EvalFile type string default nn-ad9b42354671.nnue", "EvalFile", OptionType::String,
         "nn-ad9b42354671.nnue", 0, 0, {}},
        // Toga II 3.0
        {"option name NullMove Pruning type combo default Always var Always var Fail High var Never", "NullMove Pruning",
         OptionType::Combo, "Always", 0, 0, {"Always", "Fail High", "Never"}},
        {"option name Bitbases Path type string default /usr/share/egbb/", "Bitbases Path", OptionType::String,
         "/usr/share/egbb/", 0, 0, {}},
        {"option name King Safety type spin default 100 min 0 max 400", "King Safety", OptionType::Spin, "100", 0, 400, {}},
        // Glaurung 2.2
        {"option name Mobility (Middle Game) type spin default 100 min 0 max 200", "Mobility (Middle Game)",
         OptionType::Spin, "100", 0, 200, {}},
        {"option name King Safety Curve type combo default Quadratic var Quadratic var Linear", "King Safety Curve",
         OptionType::Combo, "Quadratic", 0, 0, {"Quadratic", "Linear"}},
        // Ethereal 12
        {"option name ContemptDrawPenalty type spin default 12 min -300 max 300", "ContemptDrawPenalty", OptionType::Spin,
         "12", -300, 300, {}},
    };
    for (const auto& row : rows) {
        auto option = parseOptionLine(row.line);
        ASSERT_TRUE(option) << row.line;
        EXPECT_EQ(option->name, row.name) << row.line;
        EXPECT_EQ(option->type, row.type) << row.line;
        EXPECT_EQ(option->defaultValue, row.defaultValue) << row.line;
        EXPECT_EQ(option->min, row.min) << row.line;
        EXPECT_EQ(option->max, row.max) << row.line;
        EXPECT_EQ(option->vars, row.vars) << row.line;
    }
}

TEST(UciOptions, MalformedLinesAreRejected) {
    EXPECT_FALSE(parseOptionLine("option name Hash type spin default x min 1 max 10"));
    EXPECT_FALSE(parseOptionLine("option name Hash type spin default 5 min 1"));
    EXPECT_FALSE(parseOptionLine("option name Hash type spin default 5 min 10 max 1"));
    EXPECT_FALSE(parseOptionLine("option name Hash type dial default 5"));
    EXPECT_FALSE(parseOptionLine("option name type spin default 1 min 0 max 2"));
    EXPECT_FALSE(parseOptionLine("option name Style type combo default A"));
    EXPECT_FALSE(parseOptionLine("option type check default true"));
}

TEST(UciOptions, ValidationNeverClamps) {
    auto hash = *parseOptionLine("option name Hash type spin default 16 min 1 max 1024");
    EXPECT_FALSE(validateOptionValue(hash, "1"));
    EXPECT_FALSE(validateOptionValue(hash, "1024"));
    auto high = validateOptionValue(hash, "1025");
    ASSERT_TRUE(high);
    EXPECT_NE(high->find("out of range [1, 1024]"), std::string::npos) << *high;
    EXPECT_NE(high->find("'Hash'"), std::string::npos) << *high;
    EXPECT_TRUE(validateOptionValue(hash, "0"));
    EXPECT_TRUE(validateOptionValue(hash, "16MB"));
    EXPECT_TRUE(validateOptionValue(hash, ""));

    auto ponder = *parseOptionLine("option name Ponder type check default false");
    EXPECT_FALSE(validateOptionValue(ponder, "true"));
    EXPECT_TRUE(validateOptionValue(ponder, "yes"));

    auto nullMove = *parseOptionLine("option name NullMove Pruning type combo default Always var Always var Fail High var Never");
    EXPECT_FALSE(validateOptionValue(nullMove, "Fail High"));
    EXPECT_FALSE(validateOptionValue(nullMove, "never"));
    EXPECT_TRUE(validateOptionValue(nullMove, "Sometimes"));

    auto clear = *parseOptionLine("option name Clear Hash type button");
    EXPECT_FALSE(validateOptionValue(clear, ""));
    EXPECT_TRUE(validateOptionValue(clear, "true"));
    EXPECT_EQ(setOptionCommand(clear, ""), "setoption name Clear Hash");
    EXPECT_EQ(setOptionCommand(nullMove, "Fail High"), "setoption name NullMove Pruning value Fail High");

    auto path = *parseOptionLine("option name SyzygyPath type string default <empty>");
    EXPECT_FALSE(validateOptionValue(path, "/tmp/syzygy dir"));
    EXPECT_TRUE(validateOptionValue(path, "a\nquit"));
}

struct InfoRow {
    const char* line;
    std::optional<int> depth, seldepth, multipv;
    std::optional<Score> score;
    std::optional<std::int64_t> nodes, timeMs;
    std::vector<std::string> pv;
};

TEST(UciInfo, RealEngineInfoLines) {
    using S = Score;
    const InfoRow rows[] = {
        // Stockfish 15.1
        {"info depth 12 seldepth 12 multipv 1 score cp 35 nodes 41454 nps 511777 hashfull 19 tbhits 0 time 81 pv f1c4 e8g8 e1g1",
         12, 12, 1, S{ScoreKind::Centipawns, 35, ScoreBound::Exact}, 41454, 81, {"f1c4", "e8g8", "e1g1"}},
        {"info depth 16 seldepth 23 multipv 1 score cp 19 upperbound nodes 162266 nps 537304 hashfull 66 tbhits 0 time 302 pv f1c4 d7d5",
         16, 23, 1, S{ScoreKind::Centipawns, 19, ScoreBound::Upper}, 162266, 302, {"f1c4", "d7d5"}},
        {"info depth 7 seldepth 4 multipv 1 score mate 2 nodes 855 nps 285000 hashfull 0 tbhits 0 time 3 pv g3g6",
         7, 4, 1, S{ScoreKind::Mate, 2, ScoreBound::Exact}, 855, 3, {"g3g6"}},
        {"info depth 6 seldepth 5 multipv 2 score cp -20 nodes 826 nps 275333 hashfull 0 tbhits 0 time 3 pv e7e5 g1f3 b8c6 b1c3 g8f6",
         6, 5, 2, S{ScoreKind::Centipawns, -20, ScoreBound::Exact}, 826, 3, {"e7e5", "g1f3", "b8c6", "b1c3", "g8f6"}},
        {"info depth 24 currmove e2e4 currmovenumber 2", 24, {}, {}, {}, {}, {}, {}},
        // Toga II 3.0: multipv first, lone depth lines, bounds
        {"info multipv 1 depth 5 seldepth 13 score cp 19 upperbound time 6 nodes 8908 pv d1a4 b7b6 f1c4 c6d4 e3d4",
         5, 13, 1, S{ScoreKind::Centipawns, 19, ScoreBound::Upper}, 8908, 6, {"d1a4", "b7b6", "f1c4", "c6d4", "e3d4"}},
        {"info depth 1", 1, {}, {}, {}, {}, {}, {}},
        {"info depth 8 seldepth 20 time 102 nodes 120200 nps 0", 8, 20, {}, {}, 120200, 102, {}},
        {"info hashfull 106", {}, {}, {}, {}, {}, {}, {}},
        // Glaurung 2.2: score before depth in multipv mode, trailing space, final summary line
        {"info depth 10 score cp 1 time 143 nodes 354362 nps 2478055 pv f1c4 c6e5 b1d2 e5c4 ",
         10, {}, {}, S{ScoreKind::Centipawns, 1, ScoreBound::Exact}, 354362, 143, {"f1c4", "c6e5", "b1d2", "e5c4"}},
        {"info multipv 2 score cp -1 depth 1 time 6 nodes 79 nps 13166 pv g8f6",
         1, {}, 2, S{ScoreKind::Centipawns, -1, ScoreBound::Exact}, 79, 6, {"g8f6"}},
        {"info nodes 836177 nps 2777996 time 301 hashfull 50", {}, {}, {}, {}, 836177, 301, {}},
        // Ethereal 12
        {"info depth 13 seldepth 18 multipv 1 score cp 34 time 232 nodes 265152 nps 1137000 tbhits 0 hashfull 39 pv f1b5 a7a6 ",
         13, 18, 1, S{ScoreKind::Centipawns, 34, ScoreBound::Exact}, 265152, 232, {"f1b5", "a7a6"}},
        // Stockfish with UCI_ShowWDL: three numbers after an unknown keyword
        {"info depth 9 seldepth 11 multipv 1 score cp 27 wdl 57 938 5 nodes 9000 time 9 pv e2e4",
         9, 11, 1, S{ScoreKind::Centipawns, 27, ScoreBound::Exact}, 9000, 9, {"e2e4"}},
        // Being mated
        {"info depth 20 score mate -3 lowerbound nodes 10 time 1 pv h8g8", 20, {}, {},
         S{ScoreKind::Mate, -3, ScoreBound::Lower}, 10, 1, {"h8g8"}},
    };
    for (const auto& row : rows) {
        auto info = parseInfoLine(row.line);
        ASSERT_TRUE(info) << row.line;
        EXPECT_EQ(info->depth, row.depth) << row.line;
        EXPECT_EQ(info->seldepth, row.seldepth) << row.line;
        EXPECT_EQ(info->multipv, row.multipv) << row.line;
        EXPECT_EQ(info->score, row.score) << row.line;
        EXPECT_EQ(info->nodes, row.nodes) << row.line;
        EXPECT_EQ(info->timeMs, row.timeMs) << row.line;
        EXPECT_EQ(info->pv, row.pv) << row.line;
    }
}

TEST(UciInfo, CurrmoveHashfullAndStrings) {
    auto currmove = parseInfoLine("info depth 24 currmove g1f3 currmovenumber 3");
    ASSERT_TRUE(currmove);
    EXPECT_EQ(currmove->currmove, "g1f3");
    EXPECT_EQ(currmove->currmoveNumber, 3);
    auto hash = parseInfoLine("info multipv 1 depth 1 seldepth 8 score cp 7 time 0 nodes 66 pv d4c6 c5e3");
    ASSERT_TRUE(hash);
    EXPECT_EQ(hash->timeMs, 0);
    auto text = parseInfoLine("info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
    ASSERT_TRUE(text);
    EXPECT_EQ(text->text, "NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_TRUE(text->pv.empty());
    auto ethereal = parseInfoLine("info string set Hash to 16MB");
    ASSERT_TRUE(ethereal);
    EXPECT_EQ(ethereal->text, "set Hash to 16MB");
    auto full = parseInfoLine("info hashfull 238 nps 1200000");
    ASSERT_TRUE(full);
    EXPECT_EQ(full->hashfull, 238);
    EXPECT_EQ(full->nps, 1200000);
}

TEST(UciInfo, GarbageNeverCrashes) {
    const char* lines[] = {"info", "info depth", "info depth x nodes -", "info score", "info score cp",
                           "info score mate x pv", "info pv", "info time 99999999999999999999999",
                           "info multipv 1 pv e2e4 junk depth 3"};
    for (const char* line : lines) EXPECT_TRUE(parseInfoLine(line)) << line;
    auto junk = parseInfoLine("info multipv 1 pv e2e4 junk depth 3");
    EXPECT_EQ(junk->pv, std::vector<std::string>{"e2e4"});
    EXPECT_EQ(junk->depth, 3);
    EXPECT_FALSE(parseInfoLine("bestmove e2e4"));
}
