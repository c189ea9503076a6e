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
    for (auto value : {limit.wtime, limit.btime, limit.winc, limit.binc}) out.i64(value);
}

uci::SearchLimit readLimit(Reader& in) {
    uci::SearchLimit limit;
    limit.kind = in.enumeration("limit kind", uci::SearchLimit::Kind::Clock);
    limit.value = in.i64("limit value");
    limit.wtime = in.i64("limit wtime");
    limit.btime = in.i64("limit btime");
    limit.winc = in.i64("limit winc");
    limit.binc = in.i64("limit binc");
    return limit;
}

void writeIdentity(Writer& out, const uci::EngineIdentity& identity) {
    out.string(identity.name);
    out.string(identity.author);
    out.u64(identity.options.size());
    for (const auto& option : identity.options) {
        out.string(option.name);
        out.u8(static_cast<std::uint8_t>(option.type));
        out.string(option.defaultValue);
        out.i64(option.min);
        out.i64(option.max);
        out.strings(option.vars);
    }
}

uci::EngineIdentity readIdentity(Reader& in) {
    uci::EngineIdentity identity;
    identity.name = in.string("engine name");
    identity.author = in.string("engine author");
    const std::size_t n = in.count("options", 41);
    for (std::size_t i = 0; i < n && in.ok(); ++i) {
        uci::UciOption option;
        option.name = in.string("option name");
        option.type = in.enumeration("option type", uci::OptionType::String);
        option.defaultValue = in.string("option default");
        option.min = in.i64("option min");
        option.max = in.i64("option max");
        option.vars = in.strings("option vars");
        identity.options.push_back(std::move(option));
    }
    return identity;
}

void writeCommand(Writer& out, const uci::EngineCommand& command) {
    out.string(command.program.string());
    out.strings(command.arguments);
    out.string(command.workingDirectory.string());
    out.string(command.stderrLog.string());
}

uci::EngineCommand readCommand(Reader& in) {
    uci::EngineCommand command;
    command.program = in.string("program");
    command.arguments = in.strings("arguments");
    command.workingDirectory = in.string("working directory");
    command.stderrLog = in.string("stderr log");
    return command;
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
    out.boolean(request.newGame);
}

}  // namespace

std::string encode(const StartRequest& message) {
    Writer out;
    out.u64(kProtocolVersion);
    out.string(message.buildDigest);
    writeCommand(out, message.command);
    writeOptions(out, message.startOptions);
    const auto& t = message.timeouts;
    for (auto value : {t.startup, t.ping, t.searchGrace, t.searchFloor, t.unmeasuredSearch, t.stopGrace, t.quit})
        writeMs(out, value);
    out.f64(t.speedFactor);
    out.f64(t.depthFactor);
    out.f64(t.knownNodesPerSecond);
    out.boolean(t.searchTimeout.has_value());
    if (t.searchTimeout) writeMs(out, *t.searchTimeout);
    out.u8(static_cast<std::uint8_t>(message.newGame));
    out.i64(message.maxNoiseLines);
    out.u64(message.engines);
    out.boolean(message.gamePairs);
    writeCommand(out, message.opponent);
    writeOptions(out, message.opponentStartOptions);
    out.boolean(message.datasetScoring);
    out.u64(message.dataFiles.size());
    for (const auto& file : message.dataFiles) {
        out.string(file.path);
        out.string(file.digest);
    }
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
    message.command = readCommand(in);
    message.startOptions = readOptions(in, "start options");
    auto& t = message.timeouts;
    t.startup = readMs(in, "startup timeout");
    t.ping = readMs(in, "ping timeout");
    t.searchGrace = readMs(in, "search grace");
    t.searchFloor = readMs(in, "search floor");
    t.unmeasuredSearch = readMs(in, "unmeasured search timeout");
    t.stopGrace = readMs(in, "stop grace");
    t.quit = readMs(in, "quit timeout");
    t.speedFactor = in.f64("speed factor");
    t.depthFactor = in.f64("depth factor");
    t.knownNodesPerSecond = in.f64("known nodes per second");
    if (in.boolean("search timeout")) t.searchTimeout = readMs(in, "search timeout");
    message.newGame = in.enumeration("new game policy", uci::NewGamePolicy::Never);
    message.maxNoiseLines = in.i32("max noise lines");
    message.engines = in.u64("engines");
    message.gamePairs = in.boolean("game pairs");
    message.opponent = readCommand(in);
    message.opponentStartOptions = readOptions(in, "opponent start options");
    message.datasetScoring = in.boolean("dataset scoring");
    const std::size_t files = in.count("data files", 16);
    for (std::size_t i = 0; i < files && in.ok(); ++i) {
        DataFile file;
        file.path = in.string("data file path");
        file.digest = in.string("data file digest");
        message.dataFiles.push_back(std::move(file));
    }
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
    writeIdentity(out, message.identity);
    out.string(message.opponentDigest);
    writeIdentity(out, message.opponentIdentity);
    out.strings(message.dataDigests);
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
    message.identity = readIdentity(in);
    message.opponentDigest = in.string("opponent digest");
    message.opponentIdentity = readIdentity(in);
    message.dataDigests = in.strings("data digests");
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
    message.kind = in.enumeration("kind", ItemKind::DatasetChunk);
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

namespace {

void writeSide(Writer& out, const match::Side& side) {
    out.string(side.name);
    writeOptions(out, side.options);
}

match::Side readSide(Reader& in, std::string_view field) {
    match::Side side;
    side.name = in.string(field);
    side.options = readOptions(in, field);
    return side;
}

void writeMove(Writer& out, const match::MoveRecord& move) {
    out.string(move.uci);
    out.string(move.san);
    out.boolean(move.book);
    writeScore(out, move.score);
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
    move.score = readScore(in);
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

std::string encode(const PairJob& job) {
    Writer out;
    writeSide(out, job.a);
    writeSide(out, job.b);
    out.string(job.opening.name);
    out.string(job.opening.fen);
    out.strings(job.opening.moves);
    const auto& l = job.limits;
    out.u8(static_cast<std::uint8_t>(l.kind));
    for (auto value : {l.value, l.baseMs, l.incMs, l.toleranceMs}) out.i64(value);
    const auto& a = job.adjudication;
    for (int value : {a.drawFromMove, a.drawMoves, a.drawScoreCp, a.winMoves, a.winScoreCp, a.maxPlies}) out.i64(value);
    out.boolean(a.tablebases);
    out.u64(job.index);
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
    auto& a = job.adjudication;
    a.drawFromMove = in.i32("draw from move");
    a.drawMoves = in.i32("draw moves");
    a.drawScoreCp = in.i32("draw score");
    a.winMoves = in.i32("win moves");
    a.winScoreCp = in.i32("win score");
    a.maxPlies = in.i32("max plies");
    a.tablebases = in.boolean("tablebases");
    job.index = in.u64("pair index");
    return finish(in, std::move(job), "pair job");
}

std::string encode(const match::PairResult& result) {
    Writer out;
    out.u64(result.index);
    for (const auto& game : result.games) writeGame(out, game);
    return out.take();
}

Result<match::PairResult> decodePairResult(std::string_view bytes) {
    Reader in(bytes);
    match::PairResult result;
    result.index = in.u64("pair index");
    for (auto& game : result.games) game = readGame(in);
    return finish(in, std::move(result), "pair result");
}

std::string encode(const DatasetJob& job) {
    Writer out;
    out.string(job.file);
    out.string(job.digest);
    out.u64(job.positions);
    out.string(std::string(dataset::evalfitPathName(job.path)));
    writeLimit(out, job.uciLimit);
    out.u64(job.first);
    out.u64(job.count);
    writeOptions(out, job.options);
    return out.take();
}

Result<DatasetJob> decodeDatasetJob(std::string_view bytes) {
    Reader in(bytes);
    DatasetJob job;
    job.file = in.string("data file");
    job.digest = in.string("data digest");
    job.positions = in.u64("positions");
    const std::string path = in.string("scoring path");
    if (in.ok()) {
        if (auto parsed = dataset::parseEvalfitPath(path)) job.path = *parsed;
        else in.fail("scoring path", "'" + path + "' is not auto, fast or uci");
    }
    job.uciLimit = readLimit(in);
    job.first = in.u64("first");
    job.count = in.u64("count");
    job.options = readOptions(in, "options");
    if (in.ok() && (job.first > job.positions || job.count > job.positions - job.first))
        in.fail("count", "positions " + std::to_string(job.first) + " + " + std::to_string(job.count) +
                             " beyond the data set's " + std::to_string(job.positions));
    return finish(in, std::move(job), "dataset job");
}

std::string encode(const DatasetAnswer& answer) {
    Writer out;
    out.u64(answer.q.size());
    for (int q : answer.q) out.i64(q);
    out.string(answer.failure);
    out.boolean(answer.cancelled);
    return out.take();
}

Result<DatasetAnswer> decodeDatasetAnswer(std::string_view bytes) {
    Reader in(bytes);
    DatasetAnswer answer;
    const std::size_t n = in.count("scores", 8);
    answer.q.reserve(n);
    for (std::size_t i = 0; i < n && in.ok(); ++i) answer.q.push_back(in.i32("score"));
    answer.failure = in.string("failure");
    answer.cancelled = in.boolean("cancelled");
    return finish(in, std::move(answer), "dataset answer");
}

}  // namespace mf::mpi
