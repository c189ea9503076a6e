#pragma once
// What rank 0 and the worker ranks say to each other, as plain values, and their byte form
// (wire.h). No MPI here: the messages are tested without it.
//
//   rank 0 -> worker   Start      engine command, fixed options, timeouts, engines per rank; for
//                                  game pairs also the opponent's (baseline's) engine; for
//                                  data set scoring the data files (path and digest)
//   worker -> rank 0   StartReport host, this program's digest, the engines' digests and identities,
//                                  the data files' digests as this rank reads them, or why the
//                                  engines did not start
//   rank 0 -> worker   Item       one work item: an id, a kind, the kind's payload
//   rank 0 -> worker   Cancel     stop the item with this id (its result comes back Cancelled)
//   worker -> rank 0   ItemDone   the item's id and the kind's result payload
//   rank 0 -> worker   Release    quit the engines (the evaluator is done); wait for Start
//   rank 0 -> worker   Shutdown   leave the worker loop
//
// Work items are kinds of plain value: a search (a SearchRequest, answered by a SearchResult), a
// game pair (a PairJob, answered by a match::PairResult) or a chunk of a data set scored with one
// candidate's options (a DatasetJob, answered by a DatasetAnswer); each kind has its encoder here
// and its runner on the workers.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/evalfit_scoring.h"
#include "evolution/match/game_types.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::mpi {

// Bumped whenever a message's layout changes: ranks of different builds refuse each other.
inline constexpr std::uint64_t kProtocolVersion = 3;

enum class Tag : int { Start = 1, StartReport, Item, Cancel, ItemDone, Release, Shutdown };

// A file every rank reads from the same path, and its digest (file_digest.h) as rank 0 sees it.
struct DataFile {
    std::string path;
    std::string digest;
    friend bool operator==(const DataFile&, const DataFile&) = default;
};

struct StartRequest {
    std::string buildDigest;         // rank 0's own executable (see file_digest.h)
    uci::EngineCommand command;      // the same paths on every rank
    uci::OptionValues startOptions;
    uci::EngineTimeouts timeouts;
    uci::NewGamePolicy newGame = uci::NewGamePolicy::DeterministicLimits;
    int maxNoiseLines = 2'000;
    std::uint64_t engines = 0;       // engines per rank (0: the rank's hardware threads)
    // Game pairs: the rank plays pairs on `engines` game slots, each with one engine of
    // `command` (side A) and one of `opponent` (side B) instead of a search pool.
    bool gamePairs = false;
    uci::EngineCommand opponent;
    uci::OptionValues opponentStartOptions;
    // Data set scoring (measure evalfit): the rank scores chunks of labelled positions on
    // `engines` scorer threads, each with its own engine process of `command`
    // (tuning::LocalDatasetScoring), instead of a search pool. `dataFiles`: the run's data sets
    // as rank 0 reads them; every rank reads them from the same paths.
    bool datasetScoring = false;
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

enum class ItemKind : std::uint8_t { Search, GamePair, DatasetChunk };

// ItemKind::GamePair: one pair from one opening, colours reversed (match::playPair): side A on
// the rank's first engine, side B on the opponent's. The game settings' tablebases are not
// shipped (the games measure plays without them).
struct PairJob {
    match::Side a, b;
    match::Opening opening;
    match::GameLimits limits;
    match::AdjudicationRules adjudication;
    std::uint64_t index = 0;
};

// ItemKind::DatasetChunk: positions [first, first + count) of the data set in `file` (`positions`
// positions as rank 0 read it, a file whose digest is `digest`), scored with one candidate's
// `options` on scoring path `path` (travels as its name: auto, fast or uci; `uciLimit` per
// position on the uci path).
// The rank reads the file itself, once, and keeps it.
struct DatasetJob {
    std::string file;
    std::string digest;
    std::uint64_t positions = 0;
    dataset::EvalfitPath path = dataset::EvalfitPath::Auto;
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    uci::OptionValues options;
};

// The answer to a DatasetJob: q of each of its positions (White's view, `count` entries), or why
// none (an engine that failed twice, a data file that differs), or cancelled.
struct DatasetAnswer {
    std::vector<int> q;
    std::string failure;
    bool cancelled = false;
};

struct Item {
    std::uint64_t id = 0;
    ItemKind kind = ItemKind::Search;
    std::string payload;
};

struct ItemDone {
    std::uint64_t id = 0;
    std::string payload;
};

std::string encode(const StartRequest& message);
std::string encode(const StartReport& message);
std::string encode(const Item& message);
std::string encode(const ItemDone& message);
std::string encodeId(std::uint64_t id);  // Cancel

// Each fails with "<message>: <field>: <why>" on bytes that are not such a message.
Result<StartRequest> decodeStartRequest(std::string_view bytes);
Result<StartReport> decodeStartReport(std::string_view bytes);
Result<Item> decodeItem(std::string_view bytes);
Result<ItemDone> decodeItemDone(std::string_view bytes);
Result<std::uint64_t> decodeId(std::string_view bytes);

// The payloads of ItemKind::Search.
std::string encode(const uci::SearchRequest& request);
std::string encode(const uci::SearchResult& result);
Result<uci::SearchRequest> decodeSearchRequest(std::string_view bytes);
Result<uci::SearchResult> decodeSearchResult(std::string_view bytes);

// The payloads of ItemKind::GamePair.
std::string encode(const PairJob& job);
std::string encode(const match::PairResult& result);
Result<PairJob> decodePairJob(std::string_view bytes);
Result<match::PairResult> decodePairResult(std::string_view bytes);

// The payloads of ItemKind::DatasetChunk.
std::string encode(const DatasetJob& job);
std::string encode(const DatasetAnswer& answer);
Result<DatasetJob> decodeDatasetJob(std::string_view bytes);
Result<DatasetAnswer> decodeDatasetAnswer(std::string_view bytes);

}  // namespace mf::mpi
