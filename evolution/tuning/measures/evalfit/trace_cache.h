#pragma once
// Traces kept on disk between runs (`tune --trace-cache DIR`). A trace by finite differences costs
// n + 1 direct passes over the data: through UCI on an engine we did not write (Toga II: about 250
// positions a second a process), minutes for each run. Runs that start from the same weights on
// the same data (several seeds, several optimisers, a run started again) need the same traces:
// with a cache the first run takes them and the others read them.
//
// One file per chunk, named by a 64-bit FNV-1a digest of everything the traces depend on: the
// engine (its path, size and modification time, its arguments and fixed options), the source and
// direct path, the uci path's search, the trace point, the terms of finite differences, and the
// chunk's positions. A changed engine, option, point or position is another file, never a stale
// hit. The file is written whole under a temporary name and renamed, so a run stopped while it
// writes leaves no half file; a file that does not read back as it should is ignored and traced
// again.
#include <filesystem>
#include <optional>
#include <string>

#include "evolution/tuning/measures/evalfit/trace_store.h"

namespace mf::tuning {

// The file of chunk `item` of `work` traced on `engine`, in `dir`.
std::filesystem::path traceCacheFile(const std::filesystem::path& dir, const EngineSpec& engine, const DatasetWork& work,
                                     const DatasetItem& item);

// The chunk kept in `file`, or nullopt when there is none or it does not read (wrong magic,
// truncated, a row count other than `positions`).
std::optional<TraceChunk> loadTraceChunk(const std::filesystem::path& file, std::size_t positions);

// Writes `chunk` to `file` (temporary name, then rename). Returns an error text, or "" when written.
std::string saveTraceChunk(const std::filesystem::path& file, const TraceChunk& chunk);

// traceChunk (trace_store.h) through the cache of work.trace.cacheDir when it names one: read
// when kept, else traced and kept (a chunk that cannot be written is still used).
TraceChunk cachedTraceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                            const DatasetItem& item, std::stop_token stop);

}  // namespace mf::tuning
