// The measures' own payloads on an MPI wire (games_wire.h, evalfit_wire.h): every field survives
// the round trip, and bytes that are not such a payload (cut short, a bad enum, a chunk beyond the
// data set, an unknown scoring path) are refused with the field named. No MPI needed.
#include <gtest/gtest.h>

#include "evolution/wire/wire.h"
#include "evolution/tuning/measures/evalfit/evalfit_wire.h"
#include "evolution/tuning/measures/games/games_wire.h"

namespace mf::tuning {
namespace {

using wire::Writer;

PairJob sampleJob() {
    PairJob job;
    job.a = {"candidate", {{"Knight Value", "333"}, {"Bishop Value", "340"}}};
    job.b = {"defaults", {}};
    job.opening = {"openings.epd:3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", {"g1f3", "d7d6"}};
    job.limits = match::GameLimits::clock(60'000, 500, 40);
    job.limits.toleranceMs = 75;
    job.adjudication.drawFromMove = 40;
    job.adjudication.drawMoves = 8;
    job.adjudication.drawScoreCp = 12;
    job.adjudication.winMoves = 5;
    job.adjudication.winScoreCp = 900;
    job.adjudication.tablebases = true;
    job.adjudication.maxPlies = 400;
    job.index = 17;
    job.speed = {true, true, false, {{"Knight Value", "320"}, {"Bishop Value", "330"}}};
    return job;
}

match::PairResult samplePair() {
    match::PairResult pair;
    pair.index = 17;
    auto& g = pair.games[0];
    g.white = "candidate";
    g.black = "defaults";
    g.openingName = "openings.epd:3";
    g.startFen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    match::MoveRecord book;
    book.uci = "g1f3";
    book.san = "Nf3";
    book.book = true;
    match::MoveRecord searched;
    searched.uci = "e7e8q";
    searched.san = "e8=Q+";
    searched.score = uci::Score{uci::ScoreKind::Mate, 3, uci::ScoreBound::Exact};
    searched.depth = 14;
    searched.nodes = 300;
    searched.timeMs = 12;
    searched.clockLeftMs = 59'321;
    g.moves = {book, searched};
    g.result = match::GameResult::BlackWins;
    g.ending = match::Ending::TimeForfeit;
    g.reason = "White loses on time";
    g.thinkTime = std::chrono::nanoseconds(4567891);
    g.restarts = 1;
    pair.games[1].result = match::GameResult::Draw;
    pair.games[1].ending = match::Ending::Repetition;
    pair.speedRatio = {0.875, std::nullopt};
    pair.speedProbeTime = std::chrono::nanoseconds(98765);
    return pair;
}

TEST(MeasureWire, PairJobRoundTrip) {
    const auto job = sampleJob();
    auto back = decodePairJob(encodePairJob(job));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->a.name, job.a.name);
    EXPECT_EQ(back->a.options, job.a.options);
    EXPECT_EQ(back->b.name, job.b.name);
    EXPECT_TRUE(back->b.options.empty());
    EXPECT_EQ(back->opening.name, job.opening.name);
    EXPECT_EQ(back->opening.fen, job.opening.fen);
    EXPECT_EQ(back->opening.moves, job.opening.moves);
    EXPECT_EQ(back->limits.kind, match::GameLimits::Kind::Clock);
    EXPECT_EQ(back->limits.baseMs, 60'000);
    EXPECT_EQ(back->limits.incMs, 500);
    EXPECT_EQ(back->limits.toleranceMs, 75);
    EXPECT_EQ(back->limits.movesPerPeriod, 40);
    EXPECT_EQ(back->adjudication.drawFromMove, 40);
    EXPECT_EQ(back->adjudication.drawMoves, 8);
    EXPECT_EQ(back->adjudication.drawScoreCp, 12);
    EXPECT_EQ(back->adjudication.winMoves, 5);
    EXPECT_EQ(back->adjudication.winScoreCp, 900);
    EXPECT_TRUE(back->adjudication.tablebases);
    EXPECT_EQ(back->adjudication.maxPlies, 400);
    EXPECT_EQ(back->index, 17u);
    EXPECT_TRUE(back->speed.measure);
    EXPECT_TRUE(back->speed.charge);
    EXPECT_FALSE(back->speed.sideBIsTuned);
    EXPECT_EQ(back->speed.start, job.speed.start);
}

TEST(MeasureWire, PairResultRoundTrip) {
    const auto pair = samplePair();
    auto back = decodePairResult(encodePairResult(pair));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->index, 17u);
    const auto& g = back->games[0];
    EXPECT_EQ(g.white, "candidate");
    EXPECT_EQ(g.black, "defaults");
    EXPECT_EQ(g.openingName, pair.games[0].openingName);
    EXPECT_EQ(g.startFen, pair.games[0].startFen);
    ASSERT_EQ(g.moves.size(), 2u);
    EXPECT_TRUE(g.moves[0].book);
    EXPECT_FALSE(g.moves[0].score);
    EXPECT_EQ(g.moves[0].san, "Nf3");
    EXPECT_EQ(g.moves[1].uci, "e7e8q");
    EXPECT_EQ(g.moves[1].san, "e8=Q+");
    EXPECT_EQ(g.moves[1].score, pair.games[0].moves[1].score);
    EXPECT_EQ(g.moves[1].depth, 14);
    EXPECT_EQ(g.moves[1].nodes, 300);
    EXPECT_EQ(g.moves[1].timeMs, 12);
    EXPECT_EQ(g.moves[1].clockLeftMs, 59'321);
    EXPECT_EQ(g.result, match::GameResult::BlackWins);
    EXPECT_EQ(g.ending, match::Ending::TimeForfeit);
    EXPECT_EQ(g.reason, "White loses on time");
    EXPECT_EQ(g.thinkTime, std::chrono::nanoseconds(4567891));
    EXPECT_EQ(g.restarts, 1);
    EXPECT_EQ(back->games[1].result, match::GameResult::Draw);
    EXPECT_EQ(back->games[1].ending, match::Ending::Repetition);
    EXPECT_TRUE(back->games[1].moves.empty());
    EXPECT_EQ(back->halfPointsA(), pair.halfPointsA());
    EXPECT_EQ(back->speedRatio[0], std::optional<double>(0.875));
    EXPECT_FALSE(back->speedRatio[1]);
    EXPECT_EQ(back->speedProbeTime, std::chrono::nanoseconds(98765));
}

TEST(MeasureWire, GamePairTruncationsAndBadEnumsAreRefused) {
    const std::string job = encodePairJob(sampleJob());
    for (std::size_t n = 0; n < job.size(); ++n) {
        auto back = decodePairJob(std::string_view(job).substr(0, n));
        ASSERT_FALSE(back) << n;
        EXPECT_NE(back.error().message.find("pair job: "), std::string::npos) << back.error().message;
    }
    const std::string pair = encodePairResult(samplePair());
    for (std::size_t n = 0; n < pair.size(); ++n) {
        auto back = decodePairResult(std::string_view(pair).substr(0, n));
        ASSERT_FALSE(back) << n;
        EXPECT_NE(back.error().message.find("pair result: "), std::string::npos) << back.error().message;
    }
    // The second game has no moves and an empty reason: its last 8+8+8+1+1 bytes are the ending
    // byte, the reason's length, the think time and the restarts; the byte before the ending is the
    // result. After it come the two speed ratios (a flag and 8 bytes each) and the probe's time.
    constexpr std::size_t speedTail = 2 * (1 + 8) + 8;
    std::string bad = pair;
    bad[bad.size() - speedTail - 8 - 8 - 8 - 1 - 1] = 7;
    auto back = decodePairResult(bad);
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message, "pair result: game result: value 7 out of range");
}

DatasetJob sampleDatasetJob() {
    DatasetJob job;
    job.file = "/data/quiet labelled.epd";
    job.digest = "123456:0123456789abcdef";
    job.positions = 725000;
    job.path = dataset::EvalfitPath::Uci;
    job.uciLimit = uci::SearchLimit::nodes(7);
    job.first = 1000;
    job.count = 24000;
    job.options = {{"Knight Value", "331"}, {"Bishop Value", ""}};
    return job;
}

DatasetAnswer sampleDatasetAnswer() {
    DatasetAnswer answer;
    answer.q = {0, -35, 30000, -30000, 2147483647, -2147483647 - 1};
    answer.failure = "engine crashed twice";
    return answer;
}

// A chunk and its scores survive the round trip; the chunk travels as its file, not its positions.
TEST(MeasureWire, DatasetJobAndAnswerRoundTrip) {
    const DatasetJob job = sampleDatasetJob();
    auto jobBack = decodeDatasetJob(encodeDatasetJob(job));
    ASSERT_TRUE(jobBack) << jobBack.error().message;
    EXPECT_EQ(jobBack->file, job.file);
    EXPECT_EQ(jobBack->digest, job.digest);
    EXPECT_EQ(jobBack->positions, job.positions);
    EXPECT_EQ(jobBack->path, job.path);
    EXPECT_EQ(jobBack->uciLimit, job.uciLimit);
    EXPECT_EQ(jobBack->first, job.first);
    EXPECT_EQ(jobBack->count, job.count);
    EXPECT_EQ(jobBack->options, job.options);
    EXPECT_LT(encodeDatasetJob(job).size(), 300u);  // a chunk of 24000 positions is a file name and two numbers

    const DatasetAnswer answer = sampleDatasetAnswer();
    auto answerBack = decodeDatasetAnswer(encodeDatasetAnswer(answer));
    ASSERT_TRUE(answerBack) << answerBack.error().message;
    EXPECT_EQ(answerBack->q, answer.q);
    EXPECT_EQ(answerBack->failure, answer.failure);
    EXPECT_FALSE(answerBack->cancelled);
    DatasetAnswer cancelled;
    cancelled.cancelled = true;
    answerBack = decodeDatasetAnswer(encodeDatasetAnswer(cancelled));
    ASSERT_TRUE(answerBack) << answerBack.error().message;
    EXPECT_TRUE(answerBack->cancelled);
    EXPECT_TRUE(answerBack->q.empty());
}

TEST(MeasureWire, DatasetTruncationsAndBadValuesAreRefused) {
    const std::string job = encodeDatasetJob(sampleDatasetJob());
    for (std::size_t n = 0; n < job.size(); ++n) {
        auto back = decodeDatasetJob(std::string_view(job).substr(0, n));
        ASSERT_FALSE(back) << n;
        EXPECT_NE(back.error().message.find("dataset job: "), std::string::npos) << back.error().message;
    }
    const std::string answer = encodeDatasetAnswer(sampleDatasetAnswer());
    for (std::size_t n = 0; n < answer.size(); ++n) {
        auto back = decodeDatasetAnswer(std::string_view(answer).substr(0, n));
        ASSERT_FALSE(back) << n;
        EXPECT_NE(back.error().message.find("dataset answer: "), std::string::npos) << back.error().message;
    }
    // A chunk beyond the data set's end is refused, not scored.
    DatasetJob beyond = sampleDatasetJob();
    beyond.first = beyond.positions - 10;
    auto back = decodeDatasetJob(encodeDatasetJob(beyond));
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message, "dataset job: count: positions 724990 + 24000 beyond the data set's 725000");
    beyond.first = ~std::uint64_t{0};
    beyond.count = 20;  // first + count wraps around
    EXPECT_FALSE(decodeDatasetJob(encodeDatasetJob(beyond)));
    // A score that does not fit an int.
    Writer out;
    out.u64(1);
    out.i64(std::int64_t{1} << 40);
    out.string("");
    out.boolean(false);
    auto badScore = decodeDatasetAnswer(out.bytes());
    ASSERT_FALSE(badScore);
    EXPECT_NE(badScore.error().message.find("dataset answer: score"), std::string::npos) << badScore.error().message;
    // A scoring path other than auto, fast or uci is refused, never scored as auto.
    std::string unknownPath = job;
    const auto at = unknownPath.find("uci");
    ASSERT_NE(at, std::string::npos);
    unknownPath.replace(at, 3, "xyz");
    auto badPath = decodeDatasetJob(unknownPath);
    ASSERT_FALSE(badPath);
    EXPECT_EQ(badPath.error().message, "dataset job: scoring path: 'xyz' is not auto, trace, fast or uci");
}

}  // namespace
}  // namespace mf::tuning
