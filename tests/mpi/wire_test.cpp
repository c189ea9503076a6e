// The messages of an MPI run as bytes: every field survives the round trip, and bytes that are
// not a message (cut short, a bad enum, trailing garbage, an absurd length) are refused with the
// field named, never read out of bounds. No MPI needed.
#include <gtest/gtest.h>

#include "evolution/mpi/messages.h"
#include "evolution/wire/wire.h"

namespace mf::mpi {
using namespace mf::wire;
namespace {

uci::SearchRequest sampleRequest() {
    uci::SearchRequest request;
    request.id = 0x0123456789abcdefULL;
    request.fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    request.moves = {"f1b5", "a7a6"};
    request.limit = uci::SearchLimit::nodes(20000);
    request.options = {{"Knight Value", "325"}, {"Hash", "16"}, {"Empty", ""}};
    return request;
}

uci::SearchResult sampleResult() {
    uci::SearchResult result;
    result.id = 42;
    result.status = uci::SearchStatus::Failed;
    result.failure = "crash; then hang";
    result.attempts = 2;
    result.bestMove = "e7e8q";
    result.ponder = "a2a1";
    result.score = uci::Score{uci::ScoreKind::Mate, -3, uci::ScoreBound::Lower};
    result.depth = 17;
    result.seldepth = 25;
    result.nodes = 123456789012LL;
    result.engineTimeMs = 987;
    result.thinkTime = std::chrono::nanoseconds(1'234'567'891);
    result.settled = {55, 9, 4321, true};
    uci::InfoLine line;
    line.depth = 17;
    line.multipv = 1;
    line.score = uci::Score{uci::ScoreKind::Centipawns, -35, uci::ScoreBound::Exact};
    line.nodes = 99;
    line.timeMs = 12;
    line.hashfull = 500;
    line.currmove = "g1f3";
    line.pv = {"e7e8q", "a2a1"};
    line.text = "hello world";
    result.lines = {line, uci::InfoLine{}};
    return result;
}

void expectSame(const uci::InfoLine& a, const uci::InfoLine& b) {
    EXPECT_EQ(a.depth, b.depth);
    EXPECT_EQ(a.seldepth, b.seldepth);
    EXPECT_EQ(a.multipv, b.multipv);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nps, b.nps);
    EXPECT_EQ(a.timeMs, b.timeMs);
    EXPECT_EQ(a.tbhits, b.tbhits);
    EXPECT_EQ(a.hashfull, b.hashfull);
    EXPECT_EQ(a.currmove, b.currmove);
    EXPECT_EQ(a.currmoveNumber, b.currmoveNumber);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_EQ(a.text, b.text);
}

TEST(MpiWire, SearchRequestRoundTrip) {
    const auto request = sampleRequest();
    auto back = decodeSearchRequest(encode(request));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->id, request.id);
    EXPECT_EQ(back->fen, request.fen);
    EXPECT_EQ(back->moves, request.moves);
    EXPECT_EQ(back->limit, request.limit);
    EXPECT_EQ(back->options, request.options);
}

TEST(MpiWire, SearchResultRoundTrip) {
    const auto result = sampleResult();
    auto back = decodeSearchResult(encode(result));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->id, result.id);
    EXPECT_EQ(back->status, result.status);
    EXPECT_EQ(back->failure, result.failure);
    EXPECT_EQ(back->attempts, result.attempts);
    EXPECT_EQ(back->bestMove, result.bestMove);
    EXPECT_EQ(back->ponder, result.ponder);
    EXPECT_EQ(back->score, result.score);
    EXPECT_EQ(back->depth, result.depth);
    EXPECT_EQ(back->seldepth, result.seldepth);
    EXPECT_EQ(back->nodes, result.nodes);
    EXPECT_EQ(back->engineTimeMs, result.engineTimeMs);
    EXPECT_EQ(back->thinkTime, result.thinkTime);
    EXPECT_EQ(back->settled.timeMs, result.settled.timeMs);
    EXPECT_EQ(back->settled.depth, result.settled.depth);
    EXPECT_EQ(back->settled.nodes, result.settled.nodes);
    EXPECT_EQ(back->settled.fromInfo, result.settled.fromInfo);
    ASSERT_EQ(back->lines.size(), 2u);
    expectSame(back->lines[0], result.lines[0]);
    expectSame(back->lines[1], result.lines[1]);
}

TEST(MpiWire, StartMessagesRoundTrip) {
    StartRequest start;
    start.buildDigest = "123:00ff";
    start.engine.command.program = "/usr/games/stockfish";
    start.engine.command.arguments = {"-x", "two words"};
    start.engine.command.stderrLog = "/tmp/log";
    start.engine.startOptions = {{"Threads", "1"}};
    start.engine.timeouts.ping = std::chrono::milliseconds(777);
    start.engine.timeouts.quit = std::chrono::milliseconds(55);
    start.engine.newGame = uci::NewGamePolicy::EverySearch;
    start.engine.maxNoiseLines = 31;
    start.engine.freshProcessOnOptionChange = false;  // tune --keep-process
    start.engine.syncAfterNewGame = false;
    start.engine.tunerDefaults = false;
    start.engine.smallestHash = true;
    start.engines = 4;
    auto back = decodeStartRequest(encode(start));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->buildDigest, start.buildDigest);
    EXPECT_EQ(back->engine.command.program, start.engine.command.program);
    EXPECT_EQ(back->engine.command.arguments, start.engine.command.arguments);
    EXPECT_EQ(back->engine.command.stderrLog, start.engine.command.stderrLog);
    EXPECT_EQ(back->engine.startOptions, start.engine.startOptions);
    EXPECT_EQ(back->engine.timeouts.ping, start.engine.timeouts.ping);
    EXPECT_EQ(back->engine.timeouts.quit, start.engine.timeouts.quit);
    EXPECT_EQ(back->engine.timeouts.startup, start.engine.timeouts.startup);
    EXPECT_EQ(back->engine.newGame, start.engine.newGame);
    EXPECT_EQ(back->engine.maxNoiseLines, start.engine.maxNoiseLines);
    EXPECT_FALSE(back->engine.freshProcessOnOptionChange);
    EXPECT_FALSE(back->engine.syncAfterNewGame);
    EXPECT_FALSE(back->engine.tunerDefaults);
    EXPECT_TRUE(back->engine.smallestHash);
    EXPECT_EQ(back->engines, start.engines);

    StartReport report;
    report.host = "node17";
    report.buildDigest = "1:2";
    report.engineDigest = "3:4";
    report.started = true;
    report.engines = 32;
    report.identity.name = "Stockfish 15.1";
    report.identity.author = "the Stockfish developers";
    uci::UciOption spin;
    spin.name = "Hash";
    spin.type = uci::OptionType::Spin;
    spin.defaultValue = "16";
    spin.min = 1;
    spin.max = 33554432;
    uci::UciOption combo;
    combo.name = "Style";
    combo.type = uci::OptionType::Combo;
    combo.vars = {"Solid", "Normal"};
    report.identity.options = {spin, combo, uci::UciOption{}};
    auto reportBack = decodeStartReport(encode(report));
    ASSERT_TRUE(reportBack) << reportBack.error().message;
    EXPECT_EQ(reportBack->host, report.host);
    EXPECT_EQ(reportBack->engineDigest, report.engineDigest);
    EXPECT_TRUE(reportBack->started);
    EXPECT_EQ(reportBack->engines, 32u);
    EXPECT_EQ(reportBack->identity.name, report.identity.name);
    ASSERT_EQ(reportBack->identity.options.size(), 3u);
    EXPECT_EQ(reportBack->identity.options[0].max, 33554432);
    EXPECT_EQ(reportBack->identity.options[1].vars, combo.vars);
    EXPECT_EQ(reportBack->identity.options[1].type, uci::OptionType::Combo);
}

TEST(MpiWire, ItemEnvelopeRoundTrip) {
    Item item{77, ItemKind::Search, encode(sampleRequest())};
    auto back = decodeItem(encode(item));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->id, 77u);
    EXPECT_EQ(back->payload, item.payload);
    auto done = decodeItemDone(encode(ItemDone{78, "xyz"}));
    ASSERT_TRUE(done);
    EXPECT_EQ(done->id, 78u);
    EXPECT_EQ(done->payload, "xyz");
    auto id = decodeId(encodeId(99));
    ASSERT_TRUE(id);
    EXPECT_EQ(*id, 99u);
}

// A game clock's limit (all four clock fields and movestogo) and the new-game flag of a game's
// first search.
TEST(MpiWire, ClockLimitAndNewGameRoundTrip) {
    auto request = sampleRequest();
    request.limit = uci::SearchLimit::clock(false, 61'000, 59'500, 100, 200, 17);
    request.newGame = true;
    auto back = decodeSearchRequest(encode(request));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->limit, request.limit);
    EXPECT_EQ(back->limit.kind, uci::SearchLimit::Kind::Clock);
    EXPECT_EQ(back->limit.value, 59'500);
    EXPECT_EQ(back->limit.binc, 200);
    EXPECT_EQ(back->limit.movestogo, 17);
    EXPECT_TRUE(back->newGame);
    request.newGame = false;
    EXPECT_FALSE(decodeSearchRequest(encode(request))->newGame);
}

TEST(MpiWire, GamePairStartRoundTrip) {
    StartRequest start;
    start.engine.command.program = "/opt/mf/matefind-engine";
    start.kind = ServiceKind::GamePairs;
    start.opponent.program = "/usr/games/stockfish";
    start.opponent.arguments = {"--flag"};
    start.opponentStartOptions = {{"Hash", "4"}};
    start.engine.timeouts.searchTimeout = std::chrono::milliseconds(4321);
    start.engine.timeouts.knownNodesPerSecond = 1.5e6;
    start.engine.timeouts.speedFactor = 7.25;
    start.engine.timeouts.stopGrace = std::chrono::milliseconds(333);
    auto back = decodeStartRequest(encode(start));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->kind, ServiceKind::GamePairs);
    EXPECT_EQ(back->opponent.program, start.opponent.program);
    EXPECT_EQ(back->opponent.arguments, start.opponent.arguments);
    EXPECT_EQ(back->opponentStartOptions, start.opponentStartOptions);
    EXPECT_EQ(back->engine.timeouts.searchTimeout, start.engine.timeouts.searchTimeout);
    EXPECT_EQ(back->engine.timeouts.knownNodesPerSecond, 1.5e6);
    EXPECT_EQ(back->engine.timeouts.speedFactor, 7.25);
    EXPECT_EQ(back->engine.timeouts.stopGrace, start.engine.timeouts.stopGrace);
    start.engine.timeouts.searchTimeout.reset();
    EXPECT_FALSE(decodeStartRequest(encode(start))->engine.timeouts.searchTimeout);

    StartReport report;
    report.started = true;
    report.opponentDigest = "9:abc";
    report.opponentIdentity.name = "Stockfish 15.1";
    uci::UciOption hash;
    hash.name = "Hash";
    hash.type = uci::OptionType::Spin;
    hash.max = 1024;
    report.opponentIdentity.options = {hash};
    auto reportBack = decodeStartReport(encode(report));
    ASSERT_TRUE(reportBack) << reportBack.error().message;
    EXPECT_EQ(reportBack->opponentDigest, "9:abc");
    EXPECT_EQ(reportBack->opponentIdentity.name, "Stockfish 15.1");
    ASSERT_EQ(reportBack->opponentIdentity.options.size(), 1u);
    EXPECT_EQ(reportBack->opponentIdentity.options[0].max, 1024);
}

// Every proper prefix of a message is refused with a message, never read past its end.
TEST(MpiWire, EveryTruncationIsRefused) {
    const std::string bytes = encode(sampleResult());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        auto back = decodeSearchResult(std::string_view(bytes).substr(0, n));
        ASSERT_FALSE(back) << "a prefix of " << n << " of " << bytes.size() << " bytes was accepted";
        EXPECT_NE(back.error().message.find("search result: "), std::string::npos) << back.error().message;
    }
    const std::string request = encode(sampleRequest());
    for (std::size_t n = 0; n < request.size(); ++n)
        ASSERT_FALSE(decodeSearchRequest(std::string_view(request).substr(0, n))) << n;
}

TEST(MpiWire, TrailingBytesAreRefused) {
    auto back = decodeSearchRequest(encode(sampleRequest()) + "x");
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().message.find("1 unexpected bytes"), std::string::npos) << back.error().message;
}

TEST(MpiWire, BadEnumIsRefusedByName) {
    std::string bytes = encode(sampleResult());
    bytes[8] = 9;  // the status byte follows the 8-byte id
    auto back = decodeSearchResult(bytes);
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message, "search result: status: value 9 out of range");
}

TEST(MpiWire, AbsurdLengthIsRefusedBeforeAllocating) {
    Writer out;
    out.u64(1);
    out.u64(~std::uint64_t{0} / 2);  // the fen's length
    auto back = decodeSearchRequest(out.bytes());
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().message.find("fen: length"), std::string::npos) << back.error().message;
}

TEST(MpiWire, OtherProtocolVersionIsNamed) {
    Writer out;
    out.u64(kProtocolVersion + 1);
    auto back = decodeStartRequest(out.bytes());
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().message.find("a different matefind-cli build"), std::string::npos) << back.error().message;
}

// Measure evalfit: the start request's data files and the report's digests of them survive the
// round trip.
TEST(MpiWire, DatasetScoringStartRoundTrip) {
    StartRequest start;
    start.engine.command.program = "/opt/mf/matefind-engine";
    start.engines = 3;
    start.kind = ServiceKind::DatasetScoring;
    start.dataFiles = {{"/data/a.epd", "1:2"}, {"/data/held out.epd", ""}};
    auto startBack = decodeStartRequest(encode(start));
    ASSERT_TRUE(startBack) << startBack.error().message;
    EXPECT_EQ(startBack->kind, ServiceKind::DatasetScoring);
    EXPECT_EQ(startBack->dataFiles, start.dataFiles);
    EXPECT_EQ(startBack->engines, 3u);

    StartReport report;
    report.host = "node3";
    report.started = true;
    report.dataDigests = {"1:2", ""};
    auto reportBack = decodeStartReport(encode(report));
    ASSERT_TRUE(reportBack) << reportBack.error().message;
    EXPECT_EQ(reportBack->dataDigests, report.dataDigests);
}

// The service kind travels as two flags; a start with both set names no service and is refused.
TEST(MpiWire, EachServiceKindRoundTripsAndTwoAtOnceAreRefused) {
    for (ServiceKind kind : {ServiceKind::Searches, ServiceKind::GamePairs, ServiceKind::DatasetScoring}) {
        StartRequest start;
        start.kind = kind;
        auto back = decodeStartRequest(encode(start));
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(back->kind, kind);
    }
    StartRequest start;
    start.kind = ServiceKind::GamePairs;
    std::string bytes = encode(start);
    bytes[bytes.size() - 9] = 1;  // the data set scoring flag, before the empty list of data files
    auto back = decodeStartRequest(bytes);
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().message, "start: dataset scoring: set together with game pairs");
}

TEST(MpiWire, AKindBeyondTheLastIsRefusedByName) {
    std::string item = encode(Item{1, ItemKind::SelfPlayGame, ""});
    item[8] = static_cast<char>(static_cast<int>(ItemKind::SelfPlayGame) + 1);
    auto envelope = decodeItem(item);
    ASSERT_FALSE(envelope);
    EXPECT_EQ(envelope.error().message, "item: kind: value 4 out of range");
}

}  // namespace
}  // namespace mf::mpi
