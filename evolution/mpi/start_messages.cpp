#include "evolution/mpi/start_messages.h"

#include "evolution/wire/file_digest.h"
#include "evolution/wire/wire_values.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

StartRequest startRequestOf(const uci::EngineConfig& config, ServiceKind kind, std::uint64_t engines) {
    StartRequest start;
    start.buildDigest = fileDigest(ownExecutable());
    start.kind = kind;
    start.engine = config;
    start.engines = engines;
    return start;
}

namespace {

void writeMs(Writer& out, std::chrono::milliseconds value) { out.i64(value.count()); }
std::chrono::milliseconds readMs(Reader& in, std::string_view field) { return std::chrono::milliseconds(in.i64(field)); }

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

void writeTimeouts(Writer& out, const uci::EngineTimeouts& t) {
    for (auto value : {t.startup, t.ping, t.searchGrace, t.searchFloor, t.unmeasuredSearch, t.stopGrace, t.quit})
        writeMs(out, value);
    out.f64(t.speedFactor);
    out.f64(t.depthFactor);
    out.f64(t.knownNodesPerSecond);
    out.boolean(t.searchTimeout.has_value());
    if (t.searchTimeout) writeMs(out, *t.searchTimeout);
}

uci::EngineTimeouts readTimeouts(Reader& in) {
    uci::EngineTimeouts t;
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
    return t;
}

// An engine configuration whole, but its move check and line tap (functions, not data: each rank
// checks moves its own way and has no log window).
void writeEngineConfig(Writer& out, const uci::EngineConfig& config) {
    writeCommand(out, config.command);
    writeOptions(out, config.startOptions);
    writeTimeouts(out, config.timeouts);
    out.i64(config.maxNoiseLines);
    out.u8(static_cast<std::uint8_t>(config.newGame));
    out.boolean(config.syncAfterNewGame);
    out.boolean(config.freshProcessOnOptionChange);
    out.boolean(config.tunerDefaults);
    out.boolean(config.smallestHash);
}

uci::EngineConfig readEngineConfig(Reader& in) {
    uci::EngineConfig config;
    config.command = readCommand(in);
    config.startOptions = readOptions(in, "start options");
    config.timeouts = readTimeouts(in);
    config.maxNoiseLines = in.i32("max noise lines");
    config.newGame = in.enumeration("new game policy", uci::NewGamePolicy::Never);
    config.syncAfterNewGame = in.boolean("sync after new game");
    config.freshProcessOnOptionChange = in.boolean("fresh process on option change");
    config.tunerDefaults = in.boolean("tuner defaults");
    config.smallestHash = in.boolean("smallest hash");
    return config;
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

// Both messages open with the protocol version: another one is another build, named as such.
bool readVersion(Reader& in, std::string_view message, std::optional<Error>& otherBuild) {
    const std::uint64_t version = in.u64("protocol version");
    if (in.ok() && version != kProtocolVersion) {
        otherBuild = Error{std::string(message) + ": protocol version " + std::to_string(version) +
                           ", this build speaks " + std::to_string(kProtocolVersion) + " (a different matefind-cli build)"};
        return false;
    }
    return true;
}

// The service kind travels as two flags, one before the opponent's engine (game pairs) and one
// after it (data set scoring); both set is no kind at all.
ServiceKind readKind(Reader& in, bool gamePairs, bool datasetScoring) {
    if (gamePairs && datasetScoring) in.fail("dataset scoring", "set together with game pairs");
    if (gamePairs) return ServiceKind::GamePairs;
    return datasetScoring ? ServiceKind::DatasetScoring : ServiceKind::Searches;
}

}  // namespace

std::string encode(const StartRequest& message) {
    Writer out;
    out.u64(kProtocolVersion);
    out.string(message.buildDigest);
    writeEngineConfig(out, message.engine);
    out.u64(message.engines);
    out.boolean(message.kind == ServiceKind::GamePairs);
    writeCommand(out, message.opponent);
    writeOptions(out, message.opponentStartOptions);
    out.boolean(message.kind == ServiceKind::DatasetScoring);
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
    if (std::optional<Error> otherBuild; !readVersion(in, "start", otherBuild)) return *otherBuild;
    message.buildDigest = in.string("build digest");
    message.engine = readEngineConfig(in);
    message.engines = in.u64("engines");
    const bool gamePairs = in.boolean("game pairs");
    message.opponent = readCommand(in);
    message.opponentStartOptions = readOptions(in, "opponent start options");
    const bool datasetScoring = in.boolean("dataset scoring");
    message.kind = readKind(in, gamePairs, datasetScoring);
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
    if (std::optional<Error> otherBuild; !readVersion(in, "start report", otherBuild)) return *otherBuild;
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

}  // namespace mf::mpi
