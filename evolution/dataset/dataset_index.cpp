#include "evolution/dataset/dataset_index.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <system_error>

#include "engine/text.h"
#include "evolution/dataset/dataset_reader.h"

namespace mf::dataset {

namespace {

std::uint8_t halfPointsOf(double result) { return static_cast<std::uint8_t>(std::lround(std::clamp(result, 0.0, 1.0) * 2.0)); }

// Calls take(line number, line start, position) for every line of `in` from `start` that holds a
// labelled position, until take returns false; other lines go to `skipped` (if given).
template <class Take>
void eachPosition(std::istream& in, std::uint64_t start, Take take, std::vector<DatasetLineError>* skipped = nullptr) {
    in.seekg(static_cast<std::streamoff>(start));
    std::string line;
    std::uint64_t at = start;
    int number = 0;
    while (std::getline(in, line)) {
        const std::uint64_t lineStart = at;
        at += line.size() + 1;
        ++number;
        const std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        auto parsed = parseDatasetLine(text);
        if (!parsed) {
            if (skipped) skipped->push_back({number, parsed.error().message});
            continue;
        }
        if (!take(lineStart, *parsed)) return;
    }
}

}  // namespace

DatasetIndex DatasetIndex::read(const std::string& path, std::vector<DatasetLineError>& errors) {
    DatasetIndex index;
    index.path_ = path;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errors.push_back({0, "cannot open the file"});
        return index;
    }
    std::error_code error;
    index.fileSize_ = std::filesystem::file_size(path, error);
    index.fileTime_ = std::filesystem::last_write_time(path, error);
    eachPosition(
        in, 0,
        [&](std::uint64_t lineStart, const LabelledPosition& p) {
            if (index.halfPoints_.size() % kStride == 0) index.offsets_.push_back(lineStart);
            index.halfPoints_.push_back(halfPointsOf(p.result));
            return true;
        },
        &errors);
    index.halfPoints_.shrink_to_fit();
    return index;
}

DatasetIndex DatasetIndex::inMemory(std::vector<std::string> fens, const std::vector<double>& results) {
    DatasetIndex index;
    index.path_ = "(in memory)";
    for (std::size_t i = 0; i < fens.size(); ++i) index.halfPoints_.push_back(halfPointsOf(i < results.size() ? results[i] : 0.5));
    index.memoryFens_ = std::move(fens);
    return index;
}

std::vector<double> DatasetIndex::results(std::size_t first, std::size_t count) const {
    std::vector<double> out;
    out.reserve(count);
    for (std::size_t i = first; i < first + count && i < size(); ++i) out.push_back(result(i));
    return out;
}

Result<std::vector<std::string>> DatasetIndex::fens(std::size_t first, std::size_t count) const {
    if (first + count > size())
        return Error{path_ + ": positions " + std::to_string(first + 1) + "-" + std::to_string(first + count) + " of " +
                     std::to_string(size())};
    if (!memoryFens_.empty() || offsets_.empty())
        return std::vector<std::string>(memoryFens_.begin() + std::ptrdiff_t(first),
                                        memoryFens_.begin() + std::ptrdiff_t(first + count));
    std::error_code error;
    if (std::filesystem::file_size(path_, error) != fileSize_ || std::filesystem::last_write_time(path_, error) != fileTime_)
        return Error{path_ + ": the file changed since the run read it"};
    std::ifstream in(path_, std::ios::binary);
    if (!in) return Error{path_ + ": cannot open the file again"};
    std::vector<std::string> out;
    out.reserve(count);
    std::size_t position = first / kStride * kStride;
    eachPosition(in, offsets_[first / kStride], [&](std::uint64_t, const LabelledPosition& p) {
        if (position++ >= first) out.push_back(p.position.fen());
        return out.size() < count;
    });
    if (out.size() != count) return Error{path_ + ": the file changed since the run read it (fewer positions)"};
    return out;
}

std::size_t DatasetIndex::bytes() const {
    std::size_t total = halfPoints_.capacity() + offsets_.capacity() * sizeof(std::uint64_t);
    for (const std::string& fen : memoryFens_) total += sizeof fen + fen.capacity();
    return total;
}

}  // namespace mf::dataset
