#pragma once
// Whether a run on the trace path fits in memory, known before it starts. What a position costs
// is the trace table's row: 19 bytes and 4 a non-zero coefficient (trace_table.h), counted 19/16
// of that for what the heap takes beside it (measured), kept once for
// the data set and once for the held-out data, and once more for the data set when a stage
// descends on the measure's model (the gradient: its traces are taken at the point it starts
// from), plus the index's byte and a bit (dataset_index.h) and, while K is fitted, a score and a
// result (12 bytes). The non-zeros a position has depend on the engine and the genome, so they
// are measured: the first kSamplePositions positions are traced and folded as the run will.
// Everything else (the program, its libraries and threads, a chunk being traced) is the fixed
// part, measured with tests/dataset/trace_memory_bench (docs/evalfit.md, "What a position costs").
//
// The limit is --max-memory when given, else the memory the machine has available now
// (MemAvailable): a run that would pass it is refused with the estimate, never killed halfway.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

inline constexpr std::size_t kSamplePositions = 512;
inline constexpr std::uint64_t kFixedRunBytes = 160ull << 20;

struct MemoryEstimate {
    std::size_t positions = 0;        // of the data set
    std::size_t heldOutPositions = 0;
    double nonZerosPerPosition = 0;   // measured on the sample, after the fold
    bool modelCopy = false;           // a stage descends on the model: the data set's traces twice
    std::uint64_t bytes = 0;          // the run's peak, estimated
    std::uint64_t bytesPerPosition() const;  // of the data set, all copies counted
    std::string summary() const;      // "about 1.21 GB: 1,007,313 + 101,974 positions x 289 bytes (68.4 non-zeros) + 160 MB"
};

// The estimate for the given counts and non-zeros.
MemoryEstimate estimateMemory(std::size_t positions, std::size_t heldOutPositions, double nonZerosPerPosition,
                              bool modelCopy);

// Traces the sample of `work` (trace work: its TraceSpec set) and returns its non-zeros a
// position after the fold, or the error.
Result<double> sampleNonZeros(const EngineSpec& engine, const DatasetWork& work, std::stop_token stop = {});

// The machine's available memory (MemAvailable of /proc/meminfo), nullopt when unknown.
std::optional<std::uint64_t> availableMemory();

// "2.5 GB", "750 MB": bytes in words.
std::string bytesInWords(std::uint64_t bytes);

// The refusal when `estimate` passes `limit` (maxMemory when not 0, else the available memory),
// naming both; nullopt when it fits (or nothing is known of the machine).
std::optional<std::string> memoryRefusal(const MemoryEstimate& estimate, std::uint64_t maxMemory);

}  // namespace mf::tuning
