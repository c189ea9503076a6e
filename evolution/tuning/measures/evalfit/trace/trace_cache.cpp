#include "evolution/tuning/measures/evalfit/trace/trace_cache.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

namespace mf::tuning {

namespace {

// docs/evalfit.md, "The trace cache's files": a fixed header, the term and base names, then the
// table's arrays, each starting on an 8-byte boundary. Version 2 is the compact table.
constexpr char kMagic[8] = {'M', 'F', 'T', 'R', 'A', 'C', 'E', '2'};
constexpr std::uint32_t kVersion = 2;
constexpr std::uint32_t kByteOrder = 0x01020304;

struct Header {
    char magic[8];
    std::uint32_t version;
    std::uint32_t byteOrder;
    std::uint64_t rows;
    std::uint64_t cells;
    std::uint64_t termCount;
    std::uint64_t baseCount;
    std::uint64_t namesBytes;  // the text block: terms, then base entries, each line "\n"-ended
    std::uint64_t checksum;    // of everything after the header (fileChecksum)
};
static_assert(sizeof(Header) == 64);

std::uint64_t padded(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }

// Where each array starts, from the header's counts.
struct Layout {
    std::uint64_t names, constants, scalesA, scalesB, rowEnds, splits, halfPoints, cells, end;
};
Layout layoutOf(const Header& h) {
    Layout l{};
    l.names = sizeof(Header);
    l.constants = l.names + padded(h.namesBytes);
    l.scalesA = l.constants + padded(h.rows * sizeof(float));
    l.scalesB = l.scalesA + padded(h.rows * sizeof(float));
    l.rowEnds = l.scalesB + padded(h.rows * sizeof(float));
    l.splits = l.rowEnds + padded(h.rows * sizeof(std::uint32_t));
    l.halfPoints = l.splits + padded(h.rows * sizeof(std::uint16_t));
    l.cells = l.halfPoints + padded(h.rows);
    l.end = l.cells + h.cells * sizeof(dataset::TraceCell);
    return l;
}

// A fast 64-bit checksum over whole words (and the tail bytes): finds a damaged file, not an attack.
std::uint64_t fileChecksum(const unsigned char* data, std::size_t size) {
    std::uint64_t hash = 0x9e3779b97f4a7c15ULL;
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, data + i, 8);
        hash = (hash ^ word) * 0x100000001b3ULL;
        hash ^= hash >> 29;
    }
    for (; i < size; ++i) hash = (hash ^ data[i]) * 0x100000001b3ULL;
    return hash;
}

class Digest {
public:
    void add(std::string_view text) {
        for (unsigned char c : text) hash_ = (hash_ ^ c) * 0x100000001b3ULL;
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        hash_ = (hash_ ^ 0xffU) * 0x100000001b3ULL;
    }
    void add(std::int64_t value) { add(std::to_string(value)); }
    std::string hex() const {
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
        return text;
    }

private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

void addEngine(Digest& digest, const EngineSpec& engine) {
    digest.add(engine.program.string());
    std::error_code error;
    const auto size = std::filesystem::file_size(engine.program, error);
    digest.add(error ? std::int64_t{-1} : std::int64_t(size));
    const auto time = std::filesystem::last_write_time(engine.program, error);
    digest.add(error ? std::int64_t{-1} : std::int64_t(time.time_since_epoch().count()));
    for (const std::string& argument : engine.arguments) digest.add(argument);
    for (const auto& [name, value] : engine.fixedOptions) digest.add(name + "=" + value);
}

// A read-only mapping of a whole file, unmapped with its last owner.
struct Mapping {
    void* data = MAP_FAILED;
    std::size_t size = 0;
    ~Mapping() {
        if (data != MAP_FAILED) ::munmap(data, size);
    }
};

std::shared_ptr<Mapping> mapFile(const std::filesystem::path& file, std::string& why) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat st {};
    auto mapping = std::make_shared<Mapping>();
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
        mapping->size = static_cast<std::size_t>(st.st_size);
        mapping->data = ::mmap(nullptr, mapping->size, PROT_READ, MAP_SHARED, fd, 0);
    }
    ::close(fd);
    if (mapping->data == MAP_FAILED) {
        why = "cannot be mapped into memory (empty or unreadable)";
        return nullptr;
    }
    return mapping;
}

// The lines of the text block, or false when they are not `count` "\n"-ended lines.
bool splitLines(std::string_view text, std::size_t count, std::vector<std::string>& lines) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t end = text.find('\n');
        if (end == std::string_view::npos) return false;
        lines.emplace_back(text.substr(0, end));
        text.remove_prefix(end + 1);
    }
    return text.empty();
}

// Every row end in order and within the cells, every column below the terms, every result a
// half point: what the table's readers take for granted.
std::string checkRows(const dataset::TraceTable::Arrays& a, std::size_t terms) {
    std::uint32_t start = 0;
    for (std::size_t i = 0; i < a.rowEnds.size(); ++i) {
        const std::uint32_t end = a.rowEnds[i];
        if (end < start || end > a.cells.size() || (a.scalesA[i] == 0.0f && (end - start) % 2 != 0) ||
            (a.scalesA[i] != 0.0f && a.splits[i] > end - start))
            return "row " + std::to_string(i + 1) + " ends out of order";
        if (a.halfPoints[i] > 2) return "row " + std::to_string(i + 1) + " has no result";
        start = end;
    }
    if (start != a.cells.size()) return "the rows do not end with the cells";
    for (const dataset::TraceCell& cell : a.cells)
        if (cell.column >= terms) return "a column is not below the " + std::to_string(terms) + " terms";
    return {};
}

std::string refusalOf(const std::filesystem::path& file, const std::string& why) {
    return file.string() + ": " + why;
}

}  // namespace

std::filesystem::path traceCacheFile(const std::filesystem::path& dir, const EngineSpec& engine, const DatasetWork& work,
                                     const DatasetItem& item) {
    Digest digest;
    digest.add(std::string("compact table, version 2"));
    addEngine(digest, engine);
    const TraceSpec& spec = work.trace;
    digest.add(std::int64_t(spec.source));
    digest.add(std::int64_t(spec.direct));
    // Differences through UCI taken before each weight change got a fresh process are not read
    // again: on an engine that keeps caches across the change (Toga II) they mixed weights.
    if (spec.source == dataset::TraceSource::Differences && spec.direct == dataset::EvalfitPath::Uci)
        digest.add(std::string(engine.keepProcess ? "one process across weight changes (--keep-process)"
                                                  : "fresh process per weight change"));
    digest.add(work.uciLimit.goCommand());
    for (const auto& [name, value] : spec.point) digest.add(name + "=" + value);
    for (const auto& term : spec.terms)
        digest.add(term.option + ":" + std::to_string(term.start) + ":" + std::to_string(term.min) + ":" +
                   std::to_string(term.max));
    const std::size_t count = std::min(item.count, work.size() - std::min(item.first, work.size()));
    if (auto fens = work.positions->fens(item.first, count))
        for (const std::string& fen : *fens) digest.add(fen);
    for (std::size_t i = item.first; i < item.first + count; ++i) digest.add(std::int64_t(work.positions->result(i) * 2));
    return dir / ("trace-" + digest.hex() + ".bin");
}

std::optional<TraceChunk> loadTraceChunk(const std::filesystem::path& file, std::size_t positions, std::string& refusal) {
    refusal.clear();
    std::error_code error;
    if (!std::filesystem::exists(file, error)) return std::nullopt;
    std::string why;
    const std::shared_ptr<Mapping> mapping = mapFile(file, why);
    if (!mapping) {
        refusal = refusalOf(file, why.empty() ? "cannot be opened" : why);
        return std::nullopt;
    }
    const auto* bytes = static_cast<const unsigned char*>(mapping->data);
    Header h{};
    if (mapping->size < sizeof h) return refusal = refusalOf(file, "shorter than the header"), std::nullopt;
    std::memcpy(&h, bytes, sizeof h);
    if (std::memcmp(h.magic, kMagic, 7) != 0) return refusal = refusalOf(file, "not a MateFind trace file"), std::nullopt;
    if (h.magic[7] != kMagic[7] || h.version != kVersion)
        return refusal = refusalOf(file, "a trace file of another version (this build reads version 2)"), std::nullopt;
    if (h.byteOrder != kByteOrder) return refusal = refusalOf(file, "written on a machine of another byte order"), std::nullopt;
    if (h.rows != positions)
        return refusal = refusalOf(file, std::to_string(h.rows) + " rows for a chunk of " + std::to_string(positions)),
               std::nullopt;
    if (h.termCount > 65536 || h.baseCount > 65536 || h.namesBytes > (std::uint64_t{1} << 26) ||
        h.cells > (std::uint64_t{1} << 32))
        return refusal = refusalOf(file, "counts out of range"), std::nullopt;
    const Layout l = layoutOf(h);
    if (l.end != mapping->size)
        return refusal = refusalOf(file, std::to_string(mapping->size) + " bytes, the header says " + std::to_string(l.end)),
               std::nullopt;
    if (fileChecksum(bytes + sizeof h, mapping->size - sizeof h) != h.checksum)
        return refusal = refusalOf(file, "the checksum does not match (a damaged file)"), std::nullopt;
    std::vector<std::string> lines;
    const std::string_view names(reinterpret_cast<const char*>(bytes + l.names), h.namesBytes);
    if (!splitLines(names, h.termCount + h.baseCount, lines)) return refusal = refusalOf(file, "the names do not read"), std::nullopt;
    dataset::TraceTable::Arrays a;
    a.constants = {reinterpret_cast<const float*>(bytes + l.constants), h.rows};
    a.scalesA = {reinterpret_cast<const float*>(bytes + l.scalesA), h.rows};
    a.scalesB = {reinterpret_cast<const float*>(bytes + l.scalesB), h.rows};
    a.rowEnds = {reinterpret_cast<const std::uint32_t*>(bytes + l.rowEnds), h.rows};
    a.splits = {reinterpret_cast<const std::uint16_t*>(bytes + l.splits), h.rows};
    a.halfPoints = {bytes + l.halfPoints, h.rows};
    a.cells = {reinterpret_cast<const dataset::TraceCell*>(bytes + l.cells), h.cells};
    if (std::string bad = checkRows(a, h.termCount); !bad.empty()) return refusal = refusalOf(file, bad), std::nullopt;
    TraceChunk chunk;
    std::vector<std::string> terms(lines.begin(), lines.begin() + std::ptrdiff_t(h.termCount));
    for (std::size_t i = h.termCount; i < lines.size(); ++i) {
        const std::size_t equals = lines[i].find('=');
        if (equals == std::string::npos) return refusal = refusalOf(file, "a base entry without '='"), std::nullopt;
        chunk.base.emplace_back(lines[i].substr(0, equals), lines[i].substr(equals + 1));
    }
    chunk.table = dataset::TraceTable::view(std::move(terms), a, mapping);
    return chunk;
}

std::string saveTraceChunk(const std::filesystem::path& file, const TraceChunk& chunk) {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) return file.parent_path().string() + ": " + error.message();
    std::string names;
    for (const std::string& term : chunk.table.terms()) names += term + '\n';
    for (const auto& [name, value] : chunk.base) names += name + '=' + value + '\n';
    const dataset::TraceTable::Arrays a = chunk.table.arrays();
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.version = kVersion;
    h.byteOrder = kByteOrder;
    h.rows = chunk.table.size();
    h.cells = a.cells.size();
    h.termCount = chunk.table.terms().size();
    h.baseCount = chunk.base.size();
    h.namesBytes = names.size();
    const Layout l = layoutOf(h);
    std::vector<unsigned char> body(l.end - sizeof h, 0);
    const auto put = [&](std::uint64_t at, const void* data, std::size_t size) {
        if (size) std::memcpy(body.data() + (at - sizeof h), data, size);
    };
    put(l.names, names.data(), names.size());
    put(l.constants, a.constants.data(), a.constants.size_bytes());
    put(l.scalesA, a.scalesA.data(), a.scalesA.size_bytes());
    put(l.scalesB, a.scalesB.data(), a.scalesB.size_bytes());
    put(l.rowEnds, a.rowEnds.data(), a.rowEnds.size_bytes());
    put(l.splits, a.splits.data(), a.splits.size_bytes());
    put(l.halfPoints, a.halfPoints.data(), a.halfPoints.size_bytes());
    put(l.cells, a.cells.data(), a.cells.size_bytes());
    h.checksum = fileChecksum(body.data(), body.size());
    const std::filesystem::path temporary = file.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(&h), sizeof h);
        out.write(reinterpret_cast<const char*>(body.data()), std::streamsize(body.size()));
        if (!out.flush()) return temporary.string() + ": could not be written";
    }
    std::filesystem::rename(temporary, file, error);
    if (error) return file.string() + ": " + error.message();
    return {};
}

TraceChunk cachedTraceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                            const DatasetItem& item, std::stop_token stop,
                            const std::function<void(const std::string&)>& onRefused) {
    if (work.trace.cacheDir.empty()) return traceChunk(engine, lineTap, work, item, stop);
    const std::filesystem::path file = traceCacheFile(work.trace.cacheDir, engine, work, item);
    std::string refusal;
    if (auto kept = loadTraceChunk(file, item.count, refusal)) return std::move(*kept);
    if (!refusal.empty() && onRefused) onRefused("trace cache: " + refusal + "; traced again");
    TraceChunk chunk = traceChunk(engine, lineTap, work, item, stop);
    if (chunk.failure.empty() && !stop.stop_requested()) saveTraceChunk(file, chunk);
    return chunk;
}

}  // namespace mf::tuning
