#pragma once
// The rules of a run's fields besides ga::Parameters (whose rules are ga::validateField): one
// place for the CLI, the controller (tuning::validateSettings applies them all) and the window
// (which shows each beside its field). Each returns a message naming the field as `what` (the
// CLI's key, or the window's label), or nothing.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/genome.h"
#include "evolution/tuning/common/engine_spec.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// A file to read: `required` (else empty is fine), must exist, be a regular file, and be
// executable when `executable`.
std::optional<std::string> inputFileProblem(const std::filesystem::path& path, std::string_view what, bool required,
                                            bool executable = false);
// A file to write (empty: none written): an existing one must be a writable regular file; a new
// one needs a writable folder as its nearest existing ancestor (missing folders are made on start).
std::optional<std::string> outputFileProblem(const std::filesystem::path& path, std::string_view what);
// A folder to write in (empty: none): an existing one must be a writable folder; a new one is made
// on start under the nearest existing ancestor, which must be a writable folder.
std::optional<std::string> outputDirectoryProblem(const std::filesystem::path& path, std::string_view what);

inline constexpr std::size_t kMaxWorkers = 1024;
std::optional<std::string> workersProblem(std::size_t workers);  // 0 (one per core) .. kMaxWorkers
std::optional<std::string> heldOutEveryProblem(int every);       // 1 or more
// The fixed options: each has a name, none is also a tuned term of the genome.
std::vector<std::string> engineOptionProblems(const EngineSpec& engine, const ga::Genome& genome);

}  // namespace mf::tuning
