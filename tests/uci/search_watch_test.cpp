// The search loop's state machine against rows of engine output (Stockfish 15.1 and Toga II 3.0
// lines, a Glaurung 2.2 "(none)"), each read with the time it returned and the action the
// watch must answer with. The deadline is 1000 ms after "go", a cancelled search waits 5000 ms
// for its bestmove, a search past the deadline 200 ms, and two noise lines are tolerated.
#include <gtest/gtest.h>

#include <vector>

#include "evolution/uci/search_watch.h"

using namespace mf::uci;
using Kind = SearchWatch::Action::Kind;
using ReadStatus = SearchWatch::ReadStatus;

namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kWhiteMated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
constexpr int kNoCheck = -1;

struct Step {
    ReadStatus status;
    const char* text;     // the line, or how the process ended
    int atMs;             // since "go"
    Kind expected;
    const char* says;     // a part of the action's text ("" : the text is empty)
    bool kill = false;
    int deadlineMs = kNoCheck;  // the watch's deadline after the step
};

struct Case {
    const char* name;
    const char* fen;
    SearchLimit limit;
    std::vector<Step> steps;
};

SearchWatch::Clock::time_point at(int ms) { return SearchWatch::Clock::time_point{} + std::chrono::milliseconds(ms); }

const MoveCheck kLegal = legalMoveCheck;

SearchWatch::Settings settings() {
    SearchWatch::Settings s;
    s.engine = "Stockfish 15.1";
    s.deadline = {std::chrono::milliseconds(1000), "fixed by --search-timeout"};
    s.stopAnswer = std::chrono::milliseconds(5000);
    s.stopGrace = std::chrono::milliseconds(200);
    s.maxNoiseLines = 2;
    s.moveCheck = &kLegal;
    return s;
}

const char* kInfo1 = "info depth 1 seldepth 1 multipv 1 score cp 50 nodes 20 nps 20000 tbhits 0 time 1 pv e2e4";
const char* kInfo2 = "info depth 2 seldepth 2 multipv 1 score cp 31 nodes 62 nps 31000 tbhits 0 time 2 pv d2d4 d7d5";

std::vector<Case> cases() {
    const SearchLimit depth = SearchLimit::depth(8);
    return {
        {"bestmove in time", kStart, depth,
         {{ReadStatus::Line, "bestmove e2e4 ponder e7e5", 40, Kind::Done, ""}}},
        {"info lines then bestmove", kStart, depth,
         {{ReadStatus::Line, kInfo1, 10, Kind::Read, "", false, 1000},
          {ReadStatus::Line, "info string NNUE evaluation using nn-ad9b42354671.nnue enabled", 11, Kind::Read, ""},
          {ReadStatus::Line, kInfo2, 12, Kind::Read, ""},
          {ReadStatus::Line, "bestmove d2d4 ponder d7d5", 13, Kind::Done, ""}}},
        {"a hang past the deadline is stopped, then killed", kStart, depth,
         {{ReadStatus::Line, kInfo1, 10, Kind::Read, ""},
          {ReadStatus::Timeout, "", 1000, Kind::SendStop, "deadline of 1000 ms passed: sending 'stop'", false, 1200},
          {ReadStatus::Timeout, "", 1200, Kind::PastDeadline,
           "Stockfish 15.1 passed its deadline of 1000 ms (depth 8; deadline: fixed by --search-timeout) in position "
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; no bestmove 200 ms after 'stop', killed",
           true}}},
        {"an answer to the deadline's stop still fails", kStart, depth,
         {{ReadStatus::Timeout, "", 1000, Kind::SendStop, "deadline of 1000 ms passed", false, 1200},
          {ReadStatus::Line, kInfo2, 1010, Kind::Read, ""},
          {ReadStatus::Line, "bestmove d2d4 ponder d7d5", 1020, Kind::PastDeadline, "; it answered 'stop'"}}},
        {"stop requested, then bestmove", kStart, depth,
         {{ReadStatus::Interrupted, "", 30, Kind::SendStop, "", false, 5030},
          {ReadStatus::Line, kInfo1, 31, Kind::Read, ""},
          {ReadStatus::Line, "bestmove e2e4", 32, Kind::Cancelled, ""}}},
        {"stop requested, never answered", kStart, depth,
         {{ReadStatus::Interrupted, "", 30, Kind::SendStop, "", false, 5030},
          {ReadStatus::Timeout, "", 5030, Kind::Cancelled, "no bestmove after 'stop'", true}}},
        {"the engine dies", kStart, depth,
         {{ReadStatus::Line, kInfo1, 10, Kind::Read, ""},
          {ReadStatus::Closed, "killed by signal 11", 15, Kind::Fault,
           "engine exited during the search (killed by signal 11)"}}},
        {"the engine dies after the deadline's stop", kStart, depth,
         {{ReadStatus::Timeout, "", 1000, Kind::SendStop, "sending 'stop'", false, 1200},
          {ReadStatus::Closed, "exit code 0", 1100, Kind::PastDeadline, "; the engine exited"}}},
        {"nonsense lines flood", kStart, depth,
         {{ReadStatus::Line, "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)", 1, Kind::Read, ""},
          {ReadStatus::Line, "info", 2, Kind::Read, ""},
          {ReadStatus::Line, "EgbbProbe not Loaded!", 3, Kind::Read, ""},
          {ReadStatus::Line, "readyok", 4, Kind::Fault,
           "garbage flood: more than 2 lines that are neither info nor bestmove"}}},
        {"a line over 1 MiB", kStart, depth,
         {{ReadStatus::TooLong, "", 5, Kind::Fault, "garbage flood: a line longer than 1 MiB"}}},
        {"an illegal bestmove", kStart, depth,
         {{ReadStatus::Line, "bestmove e2e5", 5, Kind::Fault, "illegal bestmove 'e2e5': "}}},
        {"no move where moves are legal (Glaurung 2.2)", kStart, SearchLimit::nodes(3000),
         {{ReadStatus::Line, "bestmove (none)", 5, Kind::Fault,
           "Stockfish 15.1 answered 'bestmove (none)' in position " }}},
        {"an empty bestmove where moves are legal", kStart, depth,
         {{ReadStatus::Line, "bestmove", 5, Kind::Fault, "answered an empty bestmove in position"}}},
        {"no move where there is none", kWhiteMated, depth,
         {{ReadStatus::Line, "info depth 0 score mate 0", 1, Kind::Read, ""},
          {ReadStatus::Line, "bestmove (none)", 2, Kind::Done, ""}}},
        {"a nodes search far past its limit is stopped (Toga II)", kStart, SearchLimit::nodes(1000),
         {{ReadStatus::Line, "info depth 6 seldepth 12 time 4 nodes 9000 pv e2e4 e7e5 nps 2250000", 4, Kind::Read, ""},
          {ReadStatus::Line, "info depth 8 seldepth 14 time 9 nodes 10001 pv e2e4 e7e5 nps 1111222", 9,
           Kind::SendStop, "reported 10001 nodes for nodes 1000: sending 'stop'", false, 1000},
          {ReadStatus::Line, "info depth 9 seldepth 15 time 12 nodes 25000 pv e2e4 nps 2083333", 12, Kind::Read, ""},
          {ReadStatus::Line, "bestmove e2e4 ponder e7e5", 13, Kind::Done, ""}}},
    };
}

}  // namespace

TEST(SearchWatch, AnswersEachReadOfRecordedOutput) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.name);
        SearchRequest request;
        request.fen = c.fen;
        request.limit = c.limit;
        SearchWatch watch(request, settings(), at(0));
        ASSERT_EQ(watch.deadline(), at(1000));
        for (std::size_t i = 0; i < c.steps.size(); ++i) {
            const Step& step = c.steps[i];
            SCOPED_TRACE("step " + std::to_string(i));
            auto action = watch.onRead({step.status, step.text, at(step.atMs)});
            EXPECT_EQ(action.kind, step.expected);
            if (*step.says == '\0')
                EXPECT_EQ(action.text, "");
            else
                EXPECT_NE(action.text.find(step.says), std::string::npos) << action.text;
            EXPECT_EQ(action.kill, step.kill);
            if (step.deadlineMs != kNoCheck) EXPECT_EQ(watch.deadline(), at(step.deadlineMs));
        }
    }
}

TEST(SearchWatch, DoneCarriesTheTranscriptsSummary) {
    SearchRequest request;
    request.fen = kStart;
    request.limit = SearchLimit::depth(2);
    SearchWatch watch(request, settings(), at(0));
    EXPECT_EQ(watch.onRead({ReadStatus::Line, kInfo1, at(10)}).kind, Kind::Read);
    EXPECT_EQ(watch.onRead({ReadStatus::Line, kInfo2, at(12)}).kind, Kind::Read);
    auto done = watch.onRead({ReadStatus::Line, "bestmove d2d4 ponder d7d5", at(14)});
    ASSERT_EQ(done.kind, Kind::Done);
    EXPECT_TRUE(done.inStep);
    EXPECT_EQ(done.result.bestMove, "d2d4");
    EXPECT_EQ(done.result.ponder, "d7d5");
    EXPECT_EQ(done.result.depth, 2);
    EXPECT_EQ(done.result.nodes, 62);
    ASSERT_TRUE(done.result.score);
    EXPECT_EQ(done.result.thinkTime, std::chrono::milliseconds(14));
}

TEST(SearchWatch, FaultKindsAndStepAfterTheAnswer) {
    SearchRequest request;
    request.fen = kStart;
    request.limit = SearchLimit::nodes(3000);
    {
        SearchWatch watch(request, settings(), at(0));
        auto none = watch.onRead({ReadStatus::Line, "bestmove 0000", at(5)});
        EXPECT_EQ(none.fault, SearchFault::NoMove);
        EXPECT_EQ(none.result.thinkTime, std::chrono::milliseconds(5));
        auto illegal = SearchWatch(request, settings(), at(0)).onRead({ReadStatus::Line, "bestmove a1a8", at(5)});
        EXPECT_EQ(illegal.fault, SearchFault::Engine);
    }
    {
        // Stopped for its node count: the engine may answer that "stop" with a second bestmove.
        SearchWatch watch(request, settings(), at(0));
        EXPECT_EQ(watch.onRead({ReadStatus::Line, "info depth 9 nodes 40000 pv e2e4", at(5)}).kind, Kind::SendStop);
        auto done = watch.onRead({ReadStatus::Line, "bestmove e2e4", at(6)});
        EXPECT_EQ(done.kind, Kind::Done);
        EXPECT_FALSE(done.inStep);
    }
    {
        SearchWatch::Settings unchecked = settings();
        unchecked.moveCheck = nullptr;
        auto done = SearchWatch(request, unchecked, at(0)).onRead({ReadStatus::Line, "bestmove (none)", at(5)});
        EXPECT_EQ(done.kind, Kind::Done);
        EXPECT_EQ(done.result.bestMove, "(none)");
    }
}

TEST(SearchWatch, StopRequestsWakeTheReadUntilStopIsSent) {
    SearchRequest request;
    request.fen = kStart;
    SearchWatch cancelled(request, settings(), at(0));
    EXPECT_TRUE(cancelled.wakeOnStop());
    cancelled.onRead({ReadStatus::Interrupted, "", at(3)});
    EXPECT_FALSE(cancelled.wakeOnStop());
    EXPECT_EQ(cancelled.stopUnsent().kind, Kind::Fault);
    EXPECT_EQ(cancelled.stopUnsent().text, "engine closed its input");

    SearchWatch late(request, settings(), at(0));
    late.onRead({ReadStatus::Timeout, "", at(1000)});
    EXPECT_FALSE(late.wakeOnStop());
    auto unsent = late.stopUnsent();
    EXPECT_EQ(unsent.kind, Kind::PastDeadline);
    EXPECT_FALSE(unsent.kill);
    EXPECT_NE(unsent.text.find("passed its deadline of 1000 ms"), std::string::npos);
}
