// The settle point and summary of a search, from recorded output of real engines.
#include <gtest/gtest.h>

#include <sstream>

#include "evolution/uci/search_transcript.h"

using namespace mf::uci;

namespace {

SearchResult replay(const char* output, const std::string& bestMove, std::int64_t endMs = 300) {
    SearchTranscript transcript;
    std::istringstream in(output);
    std::string line;
    while (std::getline(in, line))
        if (auto info = parseInfoLine(line)) transcript.add(*info, 0);
    SearchResult result;
    transcript.finish(bestMove, endMs, result);
    return result;
}

// Stockfish 15.1, go movetime 300 (pv trimmed after three moves).
const char* stockfish = R"(info string NNUE evaluation using nn-ad9b42354671.nnue enabled
info depth 1 seldepth 1 multipv 1 score cp 1 nodes 81 nps 81000 hashfull 0 tbhits 0 time 1 pv b1d2
info depth 5 seldepth 2 multipv 1 score cp 50 nodes 544 nps 272000 hashfull 0 tbhits 0 time 2 pv f1e2
info depth 6 seldepth 3 multipv 1 score cp 21 nodes 1288 nps 429333 hashfull 0 tbhits 0 time 3 pv f1b5 d7d6
info depth 7 seldepth 6 multipv 1 score cp 24 nodes 3087 nps 441000 hashfull 0 tbhits 0 time 7 pv f1c4 d7d6 e1g1
info depth 8 seldepth 6 multipv 1 score cp 29 nodes 4035 nps 448333 hashfull 0 tbhits 0 time 9 pv f1c4 d7d6 e1g1
info depth 9 seldepth 8 multipv 1 score cp 30 nodes 6446 nps 495846 hashfull 2 tbhits 0 time 13 pv f1e2 d7d5 e1g1
info depth 12 seldepth 12 multipv 1 score cp 35 nodes 41454 nps 511777 hashfull 19 tbhits 0 time 81 pv f1c4 e8g8 e1g1
info depth 13 seldepth 15 multipv 1 score cp 25 nodes 70279 nps 536480 hashfull 30 tbhits 0 time 131 pv f1e2 d7d5 e1g1
info depth 14 seldepth 18 multipv 1 score cp 23 nodes 100308 nps 545152 hashfull 39 tbhits 0 time 184 pv f1c4 e8g8 e1g1
info depth 15 seldepth 20 multipv 1 score cp 20 nodes 123958 nps 546070 hashfull 48 tbhits 0 time 227 pv f1c4 e8g8 e1g1
info depth 16 seldepth 23 multipv 1 score cp 19 upperbound nodes 162266 nps 537304 hashfull 66 tbhits 0 time 302 pv f1c4 d7d5
)";

// Toga II 3.0, go movetime 300: lone "info depth N" lines and per-depth summaries.
const char* toga = R"(info depth 7
info multipv 1 depth 7 seldepth 16 score cp 31 time 28 nodes 35791 pv d1a4 e7g6 a4c4 c5d4 e3d4 c6d4 c3d4
info depth 7 seldepth 16 time 33 nodes 42156 nps 0
info depth 8
info multipv 1 depth 8 seldepth 20 score cp 4 time 55 nodes 66976 pv d1a4 d7d6 f1b5 f6h4 e1g1 h4e4 b1d2
info multipv 1 depth 8 seldepth 20 score cp 20 time 69 nodes 82255 pv f1c4 c6e5 c4e2 e8g8 e1g1 d7d5 b1d2 c8d7
info depth 8 seldepth 20 time 102 nodes 120200 nps 0
info depth 9
info multipv 1 depth 9 seldepth 25 score cp 17 time 137 nodes 162165 pv f1c4 c6e5 b1d2 e5c4 d2c4 f6g6 e1g1
info depth 9 seldepth 25 time 220 nodes 254910 nps 0
info depth 10
info multipv 1 depth 10 seldepth 25 score cp 16 time 258 nodes 299034 pv f1c4 c6e5 c4e2 d7d5 e1g1 e8g8 b1d2
info time 303 nodes 350000 nps 0 cpuload 999
info hashfull 250
)";

// Glaurung 2.2, go movetime 300.
const char* glaurung = R"(info depth 6
info depth 6 score cp 17 time 23 nodes 31241 nps 1358304 pv f1b5 a7a6 d1a4 e8g8 e1g1 d7d5 d4c6 b7c6 e3c5 c6b5 
info depth 7
info depth 7 score cp 27 time 33 nodes 57516 nps 1742909 pv f1b5 a7a6 d1a4 e8g8 e1g1 d7d5 b1d2 
info depth 7 score cp 52 time 41 nodes 80264 nps 1957658 pv f1c4 c6e5 b1d2 e5c4 d2c4 d7d5 d1h5 e8g8 e4d5 
info depth 8
info depth 8 score cp 29 time 55 nodes 117752 nps 2140945 pv f1c4 c6e5 b1d2 e8g8 e1g1 d7d6 d1h5 c8e6 
info depth 10
info depth 10 score cp 1 time 143 nodes 354362 nps 2478055 pv f1c4 c6e5 b1d2 e8g8 e1g1 d7d6 f2f4 e5c4 d2c4 c8d7 d1h5 
info nodes 836177 nps 2777996 time 301 hashfull 50
)";

// Ethereal 12, MultiPV 2, go depth 6 after 1.e4.
const char* etherealMultiPv = R"(info string set MultiPV to 2
info depth 5 seldepth 7 multipv 1 score cp 6 time 1 nodes 648 nps 324000 tbhits 0 hashfull 0 pv g8f6 b1c3 d7d5 e4d5 f6d5 
info depth 5 seldepth 6 multipv 2 score cp -15 time 2 nodes 840 nps 280000 tbhits 0 hashfull 0 pv d7d5 e4d5 e7e6 d5e6 c8e6 
info depth 6 seldepth 7 multipv 1 score cp -14 time 3 nodes 1992 nps 498000 tbhits 0 hashfull 0 pv d7d5 e4d5 g8f6 b1c3 f6d5 
info depth 6 seldepth 9 multipv 2 score cp -37 time 4 nodes 2968 nps 593000 tbhits 0 hashfull 0 pv c7c6 d2d4 d7d5 e4e5 d8b6 b1c3 
)";

}  // namespace

TEST(SearchTranscript, StockfishSettlesAtTheLastSwitch) {
    auto r = replay(stockfish, "f1c4");
    EXPECT_TRUE(r.settled.fromInfo);
    EXPECT_EQ(r.settled.depth, 14);
    EXPECT_EQ(r.settled.timeMs, 184);
    EXPECT_EQ(r.settled.nodes, 100308);
    EXPECT_EQ(r.depth, 16);
    EXPECT_EQ(r.seldepth, 23);
    EXPECT_EQ(r.nodes, 162266);
    EXPECT_EQ(r.engineTimeMs, 302);
    ASSERT_TRUE(r.score);
    EXPECT_EQ(r.score->value, 19);
    EXPECT_EQ(r.score->bound, ScoreBound::Upper);
}

TEST(SearchTranscript, TogaLoneDepthLinesAndFinalSummary) {
    auto r = replay(toga, "f1c4");
    EXPECT_EQ(r.settled.depth, 8);
    EXPECT_EQ(r.settled.timeMs, 69);
    EXPECT_EQ(r.settled.nodes, 82255);
    EXPECT_EQ(r.depth, 10);
    EXPECT_EQ(r.nodes, 350000);
    EXPECT_EQ(r.engineTimeMs, 303);
}

TEST(SearchTranscript, GlaurungSwitchInsideADepth) {
    auto r = replay(glaurung, "f1c4");
    EXPECT_EQ(r.settled.depth, 7);
    EXPECT_EQ(r.settled.timeMs, 41);
    EXPECT_EQ(r.settled.nodes, 80264);
    EXPECT_EQ(r.nodes, 836177);
}

TEST(SearchTranscript, MoveNeverShownSettlesAtTheEnd) {
    auto r = replay(glaurung, "d1a4", 310);
    EXPECT_FALSE(r.settled.fromInfo);
    EXPECT_EQ(r.settled.timeMs, 310);
    EXPECT_EQ(r.settled.depth, 10);
}

TEST(SearchTranscript, MultiPvKeepsEachLineAndSettlesOnTheFirst) {
    auto r = replay(etherealMultiPv, "d7d5");
    ASSERT_EQ(r.lines.size(), 2u);
    EXPECT_EQ(r.lines[0].pv.front(), "d7d5");
    EXPECT_EQ(r.lines[1].pv.front(), "c7c6");
    ASSERT_TRUE(r.lines[1].score);
    EXPECT_EQ(r.lines[1].score->value, -37);
    EXPECT_EQ(r.score->value, -14);
    EXPECT_EQ(r.settled.depth, 6);
    EXPECT_EQ(r.settled.timeMs, 3);
}

TEST(SearchTranscript, HarnessClockWhenTheEngineGivesNoTime) {
    SearchTranscript transcript;
    transcript.add(*parseInfoLine("info depth 1 score cp 5 pv a2a3"), 4);
    transcript.add(*parseInfoLine("info depth 2 score cp 9 pv e2e4"), 17);
    transcript.add(*parseInfoLine("info depth 3 score cp 9 pv e2e4"), 40);
    SearchResult r;
    transcript.finish("e2e4", 50, r);
    EXPECT_EQ(r.settled.timeMs, 17);
    EXPECT_EQ(r.settled.depth, 2);
    EXPECT_EQ(r.engineTimeMs, 50);
}

namespace {

// A multipv index is engine input: a huge one must be ignored, not allocated (it once made a
// pool worker throw std::bad_alloc, which ended the whole program).
TEST(SearchTranscript, AbsurdMultipvIndexIsIgnored) {
    const SearchResult r = replay("info depth 3 multipv 1 score cp 10 nodes 100 time 1 pv e2e4\n"
                                  "info depth 3 multipv 2147483647 score cp 5 nodes 120 time 1 pv d2d4\n",
                                  "e2e4");
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(r.lines[0].pv.front(), "e2e4");
}

}  // namespace
