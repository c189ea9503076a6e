#include "evolution/mpi/messages.h"

#include "evolution/mpi/wire.h"

namespace mf::mpi {

namespace {

template <typename T>
Result<T> finish(Reader& in, T value, std::string_view message) {
    in.expectEnd(message);
    if (!in.ok()) return Error{std::string(message) + ": " + *in.error()};
    return value;
}

void writeMs(Writer& out, std::chrono::milliseconds value) { out.i64(value.count()); }
std::chrono::milliseconds readMs(Reader& in, std::string_view field) { return std::chrono::milliseconds(in.i64(field)); }

void writeOptions(Writer& out, const uci::OptionValues& options) {
    out.u64(options.size());
    for (const auto& [name, value] : options) {
        out.string(name);
        out.string(value);
    }
}

uci::OptionValues readOptions(Reader& in, std::string_view field) {
    uci::OptionValues options;
    const std::size_t n = in.count(field, 16);
    for (std::size_t i = 0; i < n && in.ok(); ++i) {
        std::string name = in.string(field);
        std::string value = in.string(field);
        options.emplace_back(std::move(name), std::move(value));
    }
    return options;
}

void writeLimit(Writer& out, const uci::SearchLimit& limit) {
    out.u8(static_cast<std::uint8_t>(limit.kind));
    out.i64(limit.value);
}

uci::SearchLimit readLimit(Reader& in) {
    uci::SearchLimit limit;
    limit.kind = in.enumeration("limit kind", uci::SearchLimit::Kind::Nodes);
    limit.value = in.i64("limit value");
    return limit;
}

void writeScore(Writer& out, const std::optional<uci::Score>& score) {
    out.boolean(score.has_value());
    if (!score) return;
    out.u8(static_cast<std::uint8_t>(score->kind));
    out.i64(score->value);
    out.u8(static_cast<std::uint8_t>(score->bound));
}

std::optional<uci::Score> readScore(Reader& in) {
    if (!in.boolean("score")) return std::nullopt;
    uci::Score score;
    score.kind = in.enumeration("score kind", uci::ScoreKind::Mate);
    score.value = in.i32("score value");
    score.bound = in.enumeration("score bound", uci::ScoreBound::Upper);
    return score;
}

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
}

}  // namespace

std::string encode(const StartRequest& message) {
    Writer out;
    out.u64(kProtocolVersion);
    out.string(message.buildDigest);
    out.string(message.command.program.string());
    out.strings(message.command.arguments);
    out.string(message.command.workingDirectory.string());
    out.string(message.command.stderrLog.string());
    writeOptions(out, message.startOptions);
    const auto& t = message.timeouts;
    for (auto value : {t.startup, t.ping, t.searchGrace, t.unmeasuredSearch, t.quit}) writeMs(out, value);
    out.u8(static_cast<std::uint8_t>(message.newGame));
    out.i64(message.maxNoiseLines);
    out.u64(message.engines);
    return out.take();
}

Result<StartRequest> decodeStartRequest(std::string_view bytes) {
    Reader in(bytes);
    StartRequest message;
    const std::uint64_t version = in.u64("protocol version");
    if (in.ok() && version != kProtocolVersion)
        return Error{"start: protocol version " + std::to_string(version) + ", this build speaks " +
                     std::to_string(kProtocolVersion) + " (a different matefind-cli build)"};
    message.buildDigest = in.string("build digest");
    message.command.program = in.string("program");
    message.command.arguments = in.strings("arguments");
    message.command.workingDirectory = in.string("working directory");
    message.command.stderrLog = in.string("stderr log");
    message.startOptions = readOptions(in, "start options");
    auto& t = message.timeouts;
    t.startup = readMs(in, "startup timeout");
    t.ping = readMs(in, "ping timeout");
    t.searchGrace = readMs(in, "search grace");
    t.unmeasuredSearch = readMs(in, "unmeasured search timeout");
    t.quit = readMs(in, "quit timeout");
    message.newGame = in.enumeration("new game policy", uci::NewGamePolicy::Never);
    message.maxNoiseLines = in.i32("max noise lines");
    message.engines = in.u64("engines");
    return finish(in, std::move(message), "start");
}

std::string encode(const StartReport& message) {
    Writer out;
    out.u64(kProtocolVersion);
    out.string(message.buildDigest);
    out.string(message.host);
    out.string(message.engineDigest);
    out.boolean(message.started);
    out.string(message.error);
    out.u64(message.engines);
    out.string(message.identity.name);
    out.string(message.identity.author);
    out.u64(message.identity.options.size());
    for (const auto& option : message.identity.options) {
        out.string(option.name);
        out.u8(static_cast<std::uint8_t>(option.type));
        out.string(option.defaultValue);
        out.i64(option.min);
        out.i64(option.max);
        out.strings(option.vars);
    }
    return out.take();
}

Result<StartReport> decodeStartReport(std::string_view bytes) {
    Reader in(bytes);
    StartReport message;
    const std::uint64_t version = in.u64("protocol version");
    if (in.ok() && version != kProtocolVersion)
        return Error{"start report: protocol version " + std::to_string(version) + ", this build speaks " +
                     std::to_string(kProtocolVersion) + " (a different matefind-cli build)"};
    message.buildDigest = in.string("build digest");
    message.host = in.string("host");
    message.engineDigest = in.string("engine digest");
    message.started = in.boolean("started");
    message.error = in.string("error");
    message.engines = in.u64("engines");
    message.identity.name = in.string("engine name");
    message.identity.author = in.string("engine author");
    const std::size_t n = in.count("options", 41);
    for (std::size_t i = 0; i < n && in.ok(); ++i) {
        uci::UciOption option;
        option.name = in.string("option name");
        option.type = in.enumeration("option type", uci::OptionType::String);
        option.defaultValue = in.string("option default");
        option.min = in.i64("option min");
        option.max = in.i64("option max");
        option.vars = in.strings("option vars");
        message.identity.options.push_back(std::move(option));
    }
    return finish(in, std::move(message), "start report");
}

std::string encode(const Item& message) {
    Writer out;
    out.u64(message.id);
    out.u8(static_cast<std::uint8_t>(message.kind));
    out.string(message.payload);
    return out.take();
}

Result<Item> decodeItem(std::string_view bytes) {
    Reader in(bytes);
    Item message;
    message.id = in.u64("id");
    message.kind = in.enumeration("kind", ItemKind::Search);
    message.payload = in.string("payload");
    return finish(in, std::move(message), "item");
}

std::string encode(const ItemDone& message) {
    Writer out;
    out.u64(message.id);
    out.string(message.payload);
    return out.take();
}

Result<ItemDone> decodeItemDone(std::string_view bytes) {
    Reader in(bytes);
    ItemDone message;
    message.id = in.u64("id");
    message.payload = in.string("payload");
    return finish(in, std::move(message), "item done");
}

std::string encodeId(std::uint64_t id) {
    Writer out;
    out.u64(id);
    return out.take();
}

Result<std::uint64_t> decodeId(std::string_view bytes) {
    Reader in(bytes);
    const std::uint64_t id = in.u64("id");
    return finish(in, id, "cancel");
}

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
