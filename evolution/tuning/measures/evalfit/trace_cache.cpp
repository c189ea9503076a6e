#include "evolution/tuning/measures/evalfit/trace_cache.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <system_error>
#include <type_traits>

namespace mf::tuning {

namespace {

constexpr char kMagic[8] = {'M', 'F', 'T', 'R', 'A', 'C', 'E', '1'};

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

template <class T>
void writeArray(std::ofstream& out, const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    const std::uint64_t count = values.size();
    out.write(reinterpret_cast<const char*>(&count), sizeof count);
    out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(count * sizeof(T)));
}

template <class T>
bool readArray(std::ifstream& in, std::vector<T>& values, std::uint64_t limit) {
    std::uint64_t count = 0;
    if (!in.read(reinterpret_cast<char*>(&count), sizeof count) || count > limit) return false;
    values.resize(count);
    return bool(in.read(reinterpret_cast<char*>(values.data()), std::streamsize(count * sizeof(T))));
}

void writeText(std::ofstream& out, const std::string& text) {
    writeArray(out, std::vector<char>(text.begin(), text.end()));
}

bool readText(std::ifstream& in, std::string& text) {
    std::vector<char> chars;
    if (!readArray(in, chars, 1 << 20)) return false;
    text.assign(chars.begin(), chars.end());
    return true;
}

}  // namespace

std::filesystem::path traceCacheFile(const std::filesystem::path& dir, const EngineSpec& engine, const DatasetWork& work,
                                     const DatasetItem& item) {
    Digest digest;
    addEngine(digest, engine);
    const TraceSpec& spec = work.trace;
    digest.add(std::int64_t(spec.source));
    digest.add(std::int64_t(spec.direct));
    // Engine traces kept before they were anchored on the engine's scores (engine_trace.h) are
    // not read again: they folded the other terms at the announced defaults, right or not.
    if (spec.source == dataset::TraceSource::Engine) digest.add(std::string("anchored"));
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
    for (std::size_t i = item.first; i < item.first + item.count && i < work.fens.size(); ++i) digest.add(work.fens[i]);
    return dir / ("trace-" + digest.hex() + ".bin");
}

std::optional<TraceChunk> loadTraceChunk(const std::filesystem::path& file, std::size_t positions) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    char magic[sizeof kMagic];
    if (!in.read(magic, sizeof magic) || !std::equal(magic, magic + sizeof magic, kMagic)) return std::nullopt;
    std::uint64_t termCount = 0, baseCount = 0;
    if (!in.read(reinterpret_cast<char*>(&termCount), sizeof termCount) || termCount > 65536) return std::nullopt;
    std::vector<std::string> terms(termCount);
    for (std::string& term : terms)
        if (!readText(in, term)) return std::nullopt;
    std::vector<double> constants;
    std::vector<std::uint32_t> rowEnds;
    std::vector<std::uint16_t> columns;
    std::vector<float> coefficients;
    constexpr std::uint64_t kLimit = std::uint64_t{1} << 34;
    if (!readArray(in, constants, positions) || !readArray(in, rowEnds, positions) || !readArray(in, columns, kLimit) ||
        !readArray(in, coefficients, kLimit))
        return std::nullopt;
    if (constants.size() != positions || rowEnds.size() != positions || columns.size() != coefficients.size())
        return std::nullopt;
    TraceChunk chunk;
    chunk.table.setTerms(std::move(terms));
    std::uint32_t start = 0;
    std::vector<dataset::TraceEntry> row;
    for (std::size_t i = 0; i < positions; ++i) {
        if (rowEnds[i] < start || rowEnds[i] > columns.size()) return std::nullopt;
        row.clear();
        for (std::uint32_t k = start; k < rowEnds[i]; ++k) {
            if (columns[k] >= chunk.table.terms().size()) return std::nullopt;
            row.push_back({columns[k], double(coefficients[k])});
        }
        chunk.table.addPosition(constants[i], row);
        start = rowEnds[i];
    }
    if (!in.read(reinterpret_cast<char*>(&baseCount), sizeof baseCount) || baseCount > 65536) return std::nullopt;
    chunk.base.resize(baseCount);
    for (auto& [name, value] : chunk.base)
        if (!readText(in, name) || !readText(in, value)) return std::nullopt;
    return chunk;
}

std::string saveTraceChunk(const std::filesystem::path& file, const TraceChunk& chunk) {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) return file.parent_path().string() + ": " + error.message();
    const std::filesystem::path temporary = file.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(kMagic, sizeof kMagic);
        const std::uint64_t termCount = chunk.table.terms().size();
        out.write(reinterpret_cast<const char*>(&termCount), sizeof termCount);
        for (const std::string& term : chunk.table.terms()) writeText(out, term);
        writeArray(out, chunk.table.constants());
        writeArray(out, chunk.table.rowEnds());
        writeArray(out, chunk.table.columns());
        writeArray(out, chunk.table.coefficients());
        const std::uint64_t baseCount = chunk.base.size();
        out.write(reinterpret_cast<const char*>(&baseCount), sizeof baseCount);
        for (const auto& [name, value] : chunk.base) writeText(out, name), writeText(out, value);
        if (!out.flush()) return temporary.string() + ": could not be written";
    }
    std::filesystem::rename(temporary, file, error);
    if (error) return file.string() + ": " + error.message();
    return {};
}

TraceChunk cachedTraceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                            const DatasetItem& item, std::stop_token stop) {
    if (work.trace.cacheDir.empty()) return traceChunk(engine, lineTap, work, item, stop);
    const std::filesystem::path file = traceCacheFile(work.trace.cacheDir, engine, work, item);
    if (auto kept = loadTraceChunk(file, item.count)) return std::move(*kept);
    TraceChunk chunk = traceChunk(engine, lineTap, work, item, stop);
    if (chunk.failure.empty() && !stop.stop_requested()) saveTraceChunk(file, chunk);
    return chunk;
}

}  // namespace mf::tuning
