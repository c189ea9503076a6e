#include "evolution/mpi/search_payloads.h"

#include "evolution/wire/wire_values.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

namespace {

// Optional integers: a presence byte, then the value.
template <typename T>
void writeOptional(Writer& out, const std::optional<T>& value) {
    out.boolean(value.has_value());
    if (value) out.i64(static_cast<std::int64_t>(*value));
}

std::optional<int> readOptionalInt(Reader& in, std::string_view field) {
    if (!in.boolean(field)) return std::nullopt;
    return in.i32(field);
}

std::optional<std::int64_t> readOptionalI64(Reader& in, std::string_view field) {
    if (!in.boolean(field)) return std::nullopt;
    return in.i64(field);
}

void writeInfo(Writer& out, const uci::InfoLine& line) {
    writeOptional(out, line.depth);
    writeOptional(out, line.seldepth);
    writeOptional(out, line.multipv);
    writeScore(out, line.score);
    writeOptional(out, line.nodes);
    writeOptional(out, line.nps);
    writeOptional(out, line.timeMs);
    writeOptional(out, line.tbhits);
    writeOptional(out, line.hashfull);
    out.boolean(line.currmove.has_value());
    if (line.currmove) out.string(*line.currmove);
    writeOptional(out, line.currmoveNumber);
    out.strings(line.pv);
    out.string(line.text);
}

uci::InfoLine readInfo(Reader& in) {
    uci::InfoLine line;
    line.depth = readOptionalInt(in, "info depth");
    line.seldepth = readOptionalInt(in, "info seldepth");
    line.multipv = readOptionalInt(in, "info multipv");
    line.score = readScore(in);
    line.nodes = readOptionalI64(in, "info nodes");
    line.nps = readOptionalI64(in, "info nps");
    line.timeMs = readOptionalI64(in, "info time");
    line.tbhits = readOptionalI64(in, "info tbhits");
    line.hashfull = readOptionalInt(in, "info hashfull");
    if (in.boolean("info currmove")) line.currmove = in.string("info currmove");
    line.currmoveNumber = readOptionalInt(in, "info currmovenumber");
    line.pv = in.strings("info pv");
    line.text = in.string("info string");
    return line;
}

void writeRequest(Writer& out, const uci::SearchRequest& request) {
    out.u64(request.id);
    out.string(request.fen);
    out.strings(request.moves);
    writeLimit(out, request.limit);
    writeOptions(out, request.options);
    out.boolean(request.newGame);
}

}  // namespace

std::string encode(const uci::SearchRequest& request) {
    Writer out;
    writeRequest(out, request);
    return out.take();
}

Result<uci::SearchRequest> decodeSearchRequest(std::string_view bytes) {
    Reader in(bytes);
    uci::SearchRequest request;
    request.id = in.u64("id");
    request.fen = in.string("fen");
    request.moves = in.strings("moves");
    request.limit = readLimit(in);
    request.options = readOptions(in, "options");
    request.newGame = in.boolean("new game");
    return finish(in, std::move(request), "search request");
}

std::string encode(const uci::SearchResult& result) {
    Writer out;
    out.u64(result.id);
    out.u8(static_cast<std::uint8_t>(result.status));
    out.string(result.failure);
    out.i64(result.attempts);
    out.string(result.bestMove);
    out.string(result.ponder);
    writeScore(out, result.score);
    out.i64(result.depth);
    out.i64(result.seldepth);
    out.i64(result.nodes);
    out.i64(result.engineTimeMs);
    out.i64(result.thinkTime.count());
    out.i64(result.settled.timeMs);
    out.i64(result.settled.depth);
    out.i64(result.settled.nodes);
    out.boolean(result.settled.fromInfo);
    out.u64(result.lines.size());
    for (const auto& line : result.lines) writeInfo(out, line);
    return out.take();
}

Result<uci::SearchResult> decodeSearchResult(std::string_view bytes) {
    Reader in(bytes);
    uci::SearchResult result;
    result.id = in.u64("id");
    result.status = in.enumeration("status", uci::SearchStatus::Cancelled);
    result.failure = in.string("failure");
    result.attempts = in.i32("attempts");
    result.bestMove = in.string("best move");
    result.ponder = in.string("ponder");
    result.score = readScore(in);
    result.depth = in.i32("depth");
    result.seldepth = in.i32("seldepth");
    result.nodes = in.i64("nodes");
    result.engineTimeMs = in.i64("engine time");
    result.thinkTime = std::chrono::nanoseconds(in.i64("think time"));
    result.settled.timeMs = in.i64("settle time");
    result.settled.depth = in.i32("settle depth");
    result.settled.nodes = in.i64("settle nodes");
    result.settled.fromInfo = in.boolean("settle from info");
    const std::size_t n = in.count("info lines", 12);
    for (std::size_t i = 0; i < n && in.ok(); ++i) result.lines.push_back(readInfo(in));
    return finish(in, std::move(result), "search result");
}

}  // namespace mf::mpi
