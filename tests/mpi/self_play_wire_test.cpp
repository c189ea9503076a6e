// make-dataset --mpi's self-play game job and outcome as bytes: every field survives the round
// trip, and bytes that are not one (cut short, trailing, an illegal move, an unknown result, a
// negative index) are refused with the field named. No MPI needed.
#include <gtest/gtest.h>

#include "engine/notation.h"
#include "evolution/mpi/messages.h"

namespace mf::mpi {
namespace {

SelfPlayGameJob sampleJob() {
    SelfPlayGameJob job;
    job.index = 4711;
    job.config.seed = 0xfedcba9876543210ULL;
    job.config.randomPlies = 6;
    job.config.maxPlies = 222;
    job.config.limit = uci::SearchLimit::depth(7);
    job.config.openingWindow = 125;
    job.config.adjudicateCp = 900;
    job.config.adjudicatePlies = 10;
    return job;
}

// A game from a position that is not the start position, so that the start travels too.
suite::GameOutcome sampleOutcome() {
    suite::GameOutcome outcome;
    outcome.index = 12;
    outcome.ended = true;
    outcome.dropped = false;
    outcome.record.name = "self-play game 13";
    outcome.record.start = *Position::fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    Position pos = outcome.record.start;
    for (const char* text : {"f1b5", "a7a6", "b5c6", "d7c6", "e1g1"}) {
        const Move m = *parseUciMove(pos, text);
        pos.doMove(m);
        outcome.record.moves.push_back(m);
    }
    outcome.record.result = "0-1";
    outcome.record.adjudicatedFromPly = 3;
    outcome.report.unbalanced = 1;
    outcome.report.failedSearches = 2;
    outcome.report.cutByNoMove = 3;
    outcome.report.cutPastDeadline = 4;
    outcome.report.atPlyLimit = 5;
    outcome.report.recoveredSearches = 6;
    outcome.report.failures = {"self-play game 13 ply 4: failed crash"};
    outcome.report.recoveries = {"self-play game 13 ply 2: recovered", "again"};
    return outcome;
}

TEST(MpiSelfPlayWire, JobRoundTrip) {
    const SelfPlayGameJob job = sampleJob();
    auto back = decodeSelfPlayGameJob(encode(job));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->index, 4711);
    EXPECT_EQ(back->config.seed, job.config.seed);
    EXPECT_EQ(back->config.randomPlies, 6);
    EXPECT_EQ(back->config.maxPlies, 222);
    EXPECT_EQ(back->config.limit.kind, uci::SearchLimit::Kind::Depth);
    EXPECT_EQ(back->config.limit.value, 7);
    EXPECT_EQ(back->config.openingWindow, 125);
    EXPECT_EQ(back->config.adjudicateCp, 900);
    EXPECT_EQ(back->config.adjudicatePlies, 10);
}

TEST(MpiSelfPlayWire, OutcomeRoundTrip) {
    const suite::GameOutcome outcome = sampleOutcome();
    auto back = decodeGameOutcome(encode(outcome));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->index, 12);
    EXPECT_TRUE(back->ended);
    EXPECT_FALSE(back->dropped);
    EXPECT_EQ(back->record.name, "self-play game 13");
    EXPECT_EQ(back->record.start.fen(), outcome.record.start.fen());
    EXPECT_EQ(back->record.moves, outcome.record.moves);
    EXPECT_EQ(back->record.result, "0-1");
    EXPECT_EQ(back->record.adjudicatedFromPly, 3);
    EXPECT_EQ(back->report.unbalanced, 1);
    EXPECT_EQ(back->report.failedSearches, 2);
    EXPECT_EQ(back->report.cutByNoMove, 3);
    EXPECT_EQ(back->report.cutPastDeadline, 4);
    EXPECT_EQ(back->report.atPlyLimit, 5);
    EXPECT_EQ(back->report.recoveredSearches, 6);
    EXPECT_EQ(back->report.failures, outcome.report.failures);
    EXPECT_EQ(back->report.recoveries, outcome.report.recoveries);

    suite::GameOutcome inPlay;  // a stopped game: not ended, no moves, no result
    inPlay.index = 3;
    auto stopped = decodeGameOutcome(encode(inPlay));
    ASSERT_TRUE(stopped) << stopped.error().message;
    EXPECT_FALSE(stopped->ended);
    EXPECT_EQ(stopped->record.result, "*");
    EXPECT_EQ(stopped->record.adjudicatedFromPly, -1);
}

TEST(MpiSelfPlayWire, EveryTruncationAndTrailingBytesAreRefused) {
    const std::string job = encode(sampleJob());
    for (std::size_t n = 0; n < job.size(); ++n) {
        auto back = decodeSelfPlayGameJob(std::string_view(job).substr(0, n));
        ASSERT_FALSE(back) << "a job prefix of " << n << " bytes was accepted";
        EXPECT_EQ(back.error().message.rfind("self-play game job: ", 0), 0u) << back.error().message;
    }
    const std::string outcome = encode(sampleOutcome());
    for (std::size_t n = 0; n < outcome.size(); ++n) {
        auto back = decodeGameOutcome(std::string_view(outcome).substr(0, n));
        ASSERT_FALSE(back) << "an outcome prefix of " << n << " bytes was accepted";
        EXPECT_EQ(back.error().message.rfind("self-play game outcome: ", 0), 0u) << back.error().message;
    }
    EXPECT_FALSE(decodeSelfPlayGameJob(job + "x"));
    auto trailing = decodeGameOutcome(outcome + "xy");
    ASSERT_FALSE(trailing);
    EXPECT_NE(trailing.error().message.find("2 unexpected bytes"), std::string::npos) << trailing.error().message;
}

TEST(MpiSelfPlayWire, AnIllegalMoveIsRefusedByItsNumber) {
    suite::GameOutcome outcome;
    outcome.index = 1;
    outcome.ended = true;
    Position pos = Position::startPosition();
    const Move e4 = *parseUciMove(pos, "e2e4");
    outcome.record.moves = {e4, e4};  // the second e2e4 is Black's move: not legal
    auto back = decodeGameOutcome(encode(outcome));
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message.rfind("self-play game outcome: move 2: 'e2e4' is not legal", 0), 0u)
        << back.error().message;
}

TEST(MpiSelfPlayWire, AnUnknownResultAndANegativeIndexAreRefusedByName) {
    suite::GameOutcome outcome;
    outcome.record.result = "1-1";
    auto back = decodeGameOutcome(encode(outcome));
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message, "self-play game outcome: result: '1-1' is not 1-0, 0-1, 1/2-1/2 or *");

    SelfPlayGameJob job = sampleJob();
    job.index = -2;
    auto refused = decodeSelfPlayGameJob(encode(job));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message, "self-play game job: index: negative (-2)");
}

TEST(MpiSelfPlayWire, TheSelfPlayItemKindRoundTrips) {
    auto back = decodeItem(encode(Item{9, ItemKind::SelfPlayGame, encode(sampleJob())}));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->kind, ItemKind::SelfPlayGame);
    EXPECT_TRUE(decodeSelfPlayGameJob(back->payload));
}

}  // namespace
}  // namespace mf::mpi
