#pragma once
// A chunk of a data set on its way to an MPI worker rank and back, as bytes (the payload of the
// item kind DatasetChunk, evolution/mpi/item_messages.h). The positions never travel: the job
// names the data file, the rank reads it itself (from the same path) and keeps it. Pure bytes,
// no MPI.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// Positions [first, first + count) of the data set in `file` (`positions` positions as rank 0
// read it, a file whose digest is `digest`), scored with one candidate's `options` on scoring
// path `path` (it travels as its name: auto, fast or uci; `uciLimit` per position on the uci path).
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

std::string encodeDatasetJob(const DatasetJob& job);
std::string encodeDatasetAnswer(const DatasetAnswer& answer);
// Each fails with "dataset job: <field>: <why>" / "dataset answer: ..." on bytes that are not
// one; a chunk beyond the data set's end and an unknown scoring path are refused.
Result<DatasetJob> decodeDatasetJob(std::string_view bytes);
Result<DatasetAnswer> decodeDatasetAnswer(std::string_view bytes);

}  // namespace mf::tuning
