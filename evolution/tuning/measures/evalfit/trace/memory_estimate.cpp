#include "evolution/tuning/measures/evalfit/trace/memory_estimate.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"
#include "evolution/tuning/measures/evalfit/trace/trace_store.h"

namespace mf::tuning {

namespace {

constexpr double kIndexBytes = 1.0 + 8.0 / 64;  // a result byte, a line offset every 64 positions
constexpr double kFitBytes = 12.0;              // the K fit's score and result of each position

std::string withCommas(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// What the heap and the pages take beside a row's own bytes: measured with trace_memory_bench on
// 177,883 positions (624-term genome), a peak slope of 287 bytes a position for 234-byte rows and
// 13 bytes of index and fit, so rows are counted 19/16 of their size (exact in binary).
constexpr double kRowShare = 19.0 / 16.0;

double rowBytes(double nonZeros) { return (double(dataset::TraceTable::kRowBytes) + 4.0 * nonZeros) * kRowShare; }

}  // namespace

std::uint64_t MemoryEstimate::bytesPerPosition() const {
    return static_cast<std::uint64_t>(rowBytes(nonZerosPerPosition) * (modelCopy ? 2 : 1) + kIndexBytes + kFitBytes);
}

std::string MemoryEstimate::summary() const {
    std::ostringstream out;
    out << "about " << bytesInWords(bytes) << ": " << withCommas(positions) << " positions x " << bytesPerPosition()
        << " bytes";
    if (heldOutPositions > 0)
        out << " + " << withCommas(heldOutPositions) << " held-out x "
            << static_cast<std::uint64_t>(rowBytes(nonZerosPerPosition) + kIndexBytes) << " bytes";
    char nonZeros[32];
    std::snprintf(nonZeros, sizeof nonZeros, "%.1f", nonZerosPerPosition);
    out << " (" << nonZeros << " traced non-zeros a position" << (modelCopy ? ", the data set's traces twice: the gradient's own" : "")
        << ") + " << bytesInWords(kFixedRunBytes) << " fixed";
    return out.str();
}

MemoryEstimate estimateMemory(std::size_t positions, std::size_t heldOutPositions, double nonZerosPerPosition,
                              bool modelCopy) {
    MemoryEstimate e;
    e.positions = positions;
    e.heldOutPositions = heldOutPositions;
    e.nonZerosPerPosition = nonZerosPerPosition;
    e.modelCopy = modelCopy;
    const double heldOut = double(heldOutPositions) * (rowBytes(nonZerosPerPosition) + kIndexBytes);
    e.bytes = kFixedRunBytes + static_cast<std::uint64_t>(double(positions) * double(e.bytesPerPosition()) + heldOut);
    return e;
}

Result<double> sampleNonZeros(const EngineSpec& engine, const DatasetWork& work, std::stop_token stop) {
    const DatasetItem sample{0, 0, std::min(kSamplePositions, work.size())};
    if (sample.count == 0) return Error{work.file + ": no positions"};
    const TraceChunk chunk = traceChunk(engine, {}, work, sample, stop);
    if (!chunk.failure.empty()) return Error{chunk.failure};
    // Cells, not coefficients: a wide row's coefficient takes two (trace_table.h).
    return double(chunk.table.cellCount()) / double(std::max<std::size_t>(1, chunk.table.size()));
}

std::optional<std::uint64_t> availableMemory() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kilobytes = 0;
    std::string unit;
    while (in >> key >> kilobytes >> unit)
        if (key == "MemAvailable:") return kilobytes * 1024;
    return std::nullopt;
}

std::string bytesInWords(std::uint64_t bytes) {
    char text[32];
    if (bytes >= (1ull << 30)) std::snprintf(text, sizeof text, "%.2f GB", double(bytes) / double(1ull << 30));
    else std::snprintf(text, sizeof text, "%.0f MB", double(bytes) / double(1ull << 20));
    return text;
}

std::optional<std::string> memoryRefusal(const MemoryEstimate& estimate, std::uint64_t maxMemory) {
    const std::optional<std::uint64_t> available = availableMemory();
    const std::uint64_t limit = maxMemory > 0 ? maxMemory : available.value_or(0);
    if (limit == 0 || estimate.bytes <= limit) return std::nullopt;
    std::string text = "the run would need " + estimate.summary() + ", more than ";
    text += maxMemory > 0 ? "--max-memory " + bytesInWords(maxMemory) : "the machine's free memory";
    if (available) text += " (free now: " + bytesInWords(*available) + ")";
    return text + "; use fewer positions, a smaller genome, or another machine";
}

}  // namespace mf::tuning
