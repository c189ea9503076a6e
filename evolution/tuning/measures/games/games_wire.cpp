#include "evolution/tuning/measures/games/games_wire.h"

#include "evolution/wire/wire_values.h"

namespace mf::tuning {

using wire::Reader;
using wire::Writer;

namespace {

void writeSide(Writer& out, const match::Side& side) {
    out.string(side.name);
    wire::writeOptions(out, side.options);
}

match::Side readSide(Reader& in, std::string_view field) {
    match::Side side;
    side.name = in.string(field);
    side.options = wire::readOptions(in, field);
    return side;
}

void writeMove(Writer& out, const match::MoveRecord& move) {
    out.string(move.uci);
    out.string(move.san);
    out.boolean(move.book);
    wire::writeScore(out, move.score);
    out.i64(move.depth);
    out.i64(move.nodes);
    out.i64(move.timeMs);
    out.i64(move.clockLeftMs);
}

match::MoveRecord readMove(Reader& in) {
    match::MoveRecord move;
    move.uci = in.string("move uci");
    move.san = in.string("move san");
    move.book = in.boolean("move book");
    move.score = wire::readScore(in);
    move.depth = in.i32("move depth");
    move.nodes = in.i64("move nodes");
    move.timeMs = in.i64("move time");
    move.clockLeftMs = in.i64("move clock left");
    return move;
}

void writeGame(Writer& out, const match::GameRecord& game) {
    out.string(game.white);
    out.string(game.black);
    out.string(game.openingName);
    out.string(game.startFen);
    out.u64(game.moves.size());
    for (const auto& move : game.moves) writeMove(out, move);
    out.u8(static_cast<std::uint8_t>(game.result));
    out.u8(static_cast<std::uint8_t>(game.ending));
    out.string(game.reason);
    out.i64(game.thinkTime.count());
    out.i64(game.restarts);
}

match::GameRecord readGame(Reader& in) {
    match::GameRecord game;
    game.white = in.string("white");
    game.black = in.string("black");
    game.openingName = in.string("opening name");
    game.startFen = in.string("start fen");
    // A move is at least two strings, a flag, a score flag and four integers.
    const std::size_t n = in.count("moves", 8 + 8 + 1 + 1 + 4 * 8);
    for (std::size_t i = 0; i < n && in.ok(); ++i) game.moves.push_back(readMove(in));
    game.result = in.enumeration("game result", match::GameResult::Unfinished);
    game.ending = in.enumeration("ending", match::Ending::EngineFault);
    game.reason = in.string("reason");
    game.thinkTime = std::chrono::nanoseconds(in.i64("think time"));
    game.restarts = in.i32("restarts");
    return game;
}

}  // namespace

std::string encodePairJob(const PairJob& job) {
    Writer out;
    writeSide(out, job.a);
    writeSide(out, job.b);
    out.string(job.opening.name);
    out.string(job.opening.fen);
    out.strings(job.opening.moves);
    const auto& l = job.limits;
    out.u8(static_cast<std::uint8_t>(l.kind));
    for (auto value : {l.value, l.baseMs, l.incMs, l.toleranceMs}) out.i64(value);
    out.i64(l.movesPerPeriod);
    const auto& a = job.adjudication;
    for (int value : {a.drawFromMove, a.drawMoves, a.drawScoreCp, a.winMoves, a.winScoreCp, a.maxPlies}) out.i64(value);
    out.boolean(a.tablebases);
    out.u64(job.index);
    out.boolean(job.speed.measure);
    out.boolean(job.speed.charge);
    out.boolean(job.speed.sideBIsTuned);
    wire::writeOptions(out, job.speed.start);
    return out.take();
}

Result<PairJob> decodePairJob(std::string_view bytes) {
    Reader in(bytes);
    PairJob job;
    job.a = readSide(in, "side a");
    job.b = readSide(in, "side b");
    job.opening.name = in.string("opening name");
    job.opening.fen = in.string("opening fen");
    job.opening.moves = in.strings("opening moves");
    auto& l = job.limits;
    l.kind = in.enumeration("game limit kind", match::GameLimits::Kind::Clock);
    l.value = in.i64("game limit value");
    l.baseMs = in.i64("clock base");
    l.incMs = in.i64("clock increment");
    l.toleranceMs = in.i64("clock tolerance");
    l.movesPerPeriod = in.i32("clock moves per period");
    auto& a = job.adjudication;
    a.drawFromMove = in.i32("draw from move");
    a.drawMoves = in.i32("draw moves");
    a.drawScoreCp = in.i32("draw score");
    a.winMoves = in.i32("win moves");
    a.winScoreCp = in.i32("win score");
    a.maxPlies = in.i32("max plies");
    a.tablebases = in.boolean("tablebases");
    job.index = in.u64("pair index");
    job.speed.measure = in.boolean("speed measure");
    job.speed.charge = in.boolean("speed charge");
    job.speed.sideBIsTuned = in.boolean("speed side b tuned");
    job.speed.start = wire::readOptions(in, "speed start");
    return wire::finish(in, std::move(job), "pair job");
}

std::string encodePairResult(const match::PairResult& result) {
    Writer out;
    out.u64(result.index);
    for (const auto& game : result.games) writeGame(out, game);
    for (const auto& ratio : result.speedRatio) {
        out.boolean(ratio.has_value());
        out.f64(ratio.value_or(0.0));
    }
    out.i64(result.speedProbeTime.count());
    return out.take();
}

Result<match::PairResult> decodePairResult(std::string_view bytes) {
    Reader in(bytes);
    match::PairResult result;
    result.index = in.u64("pair index");
    for (auto& game : result.games) game = readGame(in);
    for (auto& ratio : result.speedRatio) {
        const bool measured = in.boolean("speed measured");
        const double value = in.f64("speed ratio");
        if (measured) ratio = value;
    }
    result.speedProbeTime = std::chrono::nanoseconds(in.i64("speed probe time"));
    return wire::finish(in, std::move(result), "pair result");
}

}  // namespace mf::tuning
