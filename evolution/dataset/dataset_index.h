#pragma once
// A labelled data set as a run keeps it: each position's result (a byte) and, for every 64th
// position, where its line starts in the file. The positions themselves are read back from the
// file, a range at a time, when an engine needs them (to trace a chunk, to score it directly):
// a parsed board costs kilobytes and a FEN string a hundred bytes, and a run of 10^7 positions
// keeps neither (docs/evalfit.md, "What a position costs").
//
// The file is read once, line by line, with the rules of dataset_reader.h: blank lines and '#'
// comments are skipped, a broken line is reported with its number and left out. Reading a range
// back applies the same rules from the nearest indexed line, so position i is the same position
// both times. A file that changed since it was indexed (its size or time) is an error, never
// other positions. A data set made in memory (tests, small tools) keeps its FENs instead.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/labelled_position.h"

namespace mf::dataset {

class DatasetIndex {
public:
    static constexpr std::size_t kStride = 64;

    // Indexes `path`. Lines left out go to `errors`; an unreadable file is one error with line 0.
    static DatasetIndex read(const std::string& path, std::vector<DatasetLineError>& errors);
    // A data set held in memory: the FENs and results given, in order.
    static DatasetIndex inMemory(std::vector<std::string> fens, const std::vector<double>& results);

    const std::string& path() const { return path_; }
    std::size_t size() const { return halfPoints_.size(); }
    double result(std::size_t i) const { return double(halfPoints_[i]) / 2.0; }
    std::vector<double> results(std::size_t first, std::size_t count) const;
    // The FENs (Position::fen()) of positions [first, first + count).
    Result<std::vector<std::string>> fens(std::size_t first, std::size_t count) const;
    // Bytes this index holds (for the memory estimate).
    std::size_t bytes() const;

private:
    std::string path_;
    std::vector<std::uint8_t> halfPoints_;
    std::vector<std::uint64_t> offsets_;  // line start of positions 0, kStride, 2 kStride, ...
    std::uintmax_t fileSize_ = 0;
    std::filesystem::file_time_type fileTime_{};
    std::vector<std::string> memoryFens_;  // inMemory only
};

}  // namespace mf::dataset
