#pragma once
// The start of a service on the worker ranks: rank 0's Start (which engines, and what the rank is
// to run on them) and each rank's StartReport (what it found and started), as plain values and
// their bytes (wire.h).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::mpi {

// Bumped whenever a message's layout changes: ranks of different builds refuse each other.
inline constexpr std::uint64_t kProtocolVersion = 5;

// What a worker rank runs on the engines it starts.
enum class ServiceKind : std::uint8_t {
    Searches,        // a search pool of `engines` engines of the command
    GamePairs,       // `engines` game slots, each one engine of the command (side A) and one of the opponent (side B)
    DatasetScoring,  // `engines` scorer threads with an engine process each (measure evalfit)
};

// A file every rank reads from the same path, and its digest (file_digest.h) as rank 0 sees it.
struct DataFile {
    std::string path;
    std::string digest;
    friend bool operator==(const DataFile&, const DataFile&) = default;
};

struct StartRequest {
    std::string buildDigest;         // rank 0's own executable (see file_digest.h)
    ServiceKind kind = ServiceKind::Searches;
    // The tuned engine's configuration as rank 0 holds it, every field but its two functions (the
    // move check and the line tap); the same paths on every rank.
    uci::EngineConfig engine;
    std::uint64_t engines = 0;       // engines per rank (0: the rank's hardware threads)
    // Game pairs only: side B's engine.
    uci::EngineCommand opponent;
    uci::OptionValues opponentStartOptions;
    // Data set scoring only: the run's data sets as rank 0 reads them; every rank reads them from
    // the same paths (tuning::LocalDatasetScoring).
    std::vector<DataFile> dataFiles;
};

struct StartReport {
    std::string host;
    std::string buildDigest;         // this rank's own executable
    std::string engineDigest;        // the engine program on this rank ("" when unreadable)
    bool started = false;
    std::string error;               // why not, when !started
    std::uint64_t engines = 0;       // engines running on this rank
    uci::EngineIdentity identity;    // as the first engine announced itself
    // Game pairs only: the opponent's engine program and how it announced itself.
    std::string opponentDigest;
    uci::EngineIdentity opponentIdentity;
    // Data set scoring only: the digest of each of StartRequest::dataFiles as this rank reads
    // it, in the same order ("" when missing or unreadable here).
    std::vector<std::string> dataDigests;
};

// The request that starts `kind` with `engines` per rank (0: the rank's hardware threads) of
// `config`'s engine: this build's digest and the configuration. The one place every service
// builds its request from; a caller
// adds what only its kind has (the opponent of game pairs, the data files of data set scoring).
StartRequest startRequestOf(const uci::EngineConfig& config, ServiceKind kind, std::uint64_t engines);

std::string encode(const StartRequest& message);
std::string encode(const StartReport& message);

// Each fails with "<message>: <field>: <why>" on bytes that are not such a message, and names
// another protocol version as another build.
Result<StartRequest> decodeStartRequest(std::string_view bytes);
Result<StartReport> decodeStartReport(std::string_view bytes);

}  // namespace mf::mpi
