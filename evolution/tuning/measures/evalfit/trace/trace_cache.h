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
// chunk's positions and results. A changed engine, option, point or position is another file,
// never a stale hit. The file is written whole under a temporary name and renamed, so a run
// stopped while it writes leaves no half file.
//
// The file is the chunk's table as a run uses it (folded for the genome: trace_store.h), in the
// versioned binary format of docs/evalfit.md ("The trace cache's files"), and a run maps it into
// memory instead of reading it: a second run on the same data starts in seconds, and runs on the
// same machine share its pages. A file that is not one (another format or version, cut short, a
// row or column out of range, a checksum that does not match) is refused with its name and the
// reason, and the chunk is traced again and the file written anew.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "evolution/tuning/measures/evalfit/trace/trace_store.h"

namespace mf::tuning {

// The file of chunk `item` of `work` traced on `engine`, in `dir`.
std::filesystem::path traceCacheFile(const std::filesystem::path& dir, const EngineSpec& engine, const DatasetWork& work,
                                     const DatasetItem& item);

// The chunk kept in `file`, mapped, or why not: `refusal` is empty when there is no such file,
// else "FILE: reason" (another format, cut short, a row count other than `positions`, ...).
std::optional<TraceChunk> loadTraceChunk(const std::filesystem::path& file, std::size_t positions, std::string& refusal);

// Writes `chunk` to `file` (temporary name, then rename). Returns an error text, or "" when written.
std::string saveTraceChunk(const std::filesystem::path& file, const TraceChunk& chunk);

// traceChunk (trace_store.h), folded for the genome, through the cache of work.trace.cacheDir when
// it names one: mapped when kept, else traced and kept (a chunk that cannot be written is still
// used). A refused file is named to `onRefused` (optional) before the chunk is traced again.
TraceChunk cachedTraceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                            const DatasetItem& item, std::stop_token stop,
                            const std::function<void(const std::string&)>& onRefused = {});

}  // namespace mf::tuning
