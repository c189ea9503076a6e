#include "evolution/tuning/common/settings_rules.h"

#include <unistd.h>

#include <system_error>

namespace mf::tuning {

std::optional<std::string> inputFileProblem(const std::filesystem::path& path, std::string_view what, bool required,
                                            bool executable) {
    const std::string name(what);
    if (path.empty()) return required ? std::optional(name + ": no file chosen") : std::nullopt;
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) return name + ": " + path.string() + " does not exist";
    if (!std::filesystem::is_regular_file(status)) return name + ": " + path.string() + " is not a file";
    if (executable && ::access(path.c_str(), X_OK) != 0) return name + ": " + path.string() + " is not executable";
    return std::nullopt;
}

std::optional<std::string> outputFileProblem(const std::filesystem::path& path, std::string_view what) {
    if (path.empty()) return std::nullopt;  // optional: nothing written
    const std::string name(what);
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    const auto status = std::filesystem::status(absolute, ec);
    if (std::filesystem::exists(status)) {
        if (!std::filesystem::is_regular_file(status)) return name + ": " + path.string() + " is not a file";
        if (::access(absolute.c_str(), W_OK) != 0) return name + ": " + path.string() + " cannot be written";
        return std::nullopt;
    }
    // A missing folder is made on start: the nearest existing ancestor must be a writable folder.
    std::filesystem::path ancestor = absolute.parent_path();
    while (!std::filesystem::exists(ancestor, ec) && ancestor.has_parent_path() && ancestor != ancestor.parent_path())
        ancestor = ancestor.parent_path();
    if (!std::filesystem::is_directory(ancestor, ec)) return name + ": " + ancestor.string() + " is not a folder";
    if (::access(ancestor.c_str(), W_OK) != 0) return name + ": cannot write in " + ancestor.string();
    return std::nullopt;
}

std::optional<std::string> outputDirectoryProblem(const std::filesystem::path& path, std::string_view what) {
    if (path.empty()) return std::nullopt;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    if (std::filesystem::exists(absolute, ec)) {
        if (!std::filesystem::is_directory(absolute, ec)) return std::string(what) + ": " + path.string() + " is not a folder";
        if (::access(absolute.c_str(), W_OK) != 0) return std::string(what) + ": cannot write in " + path.string();
        return std::nullopt;
    }
    return outputFileProblem(path, what);  // a folder to be made: the same rule as a new file's
}

std::optional<std::string> workersProblem(std::size_t workers) {
    if (workers <= kMaxWorkers) return std::nullopt;
    return "workers: must be from 0 (one per core) to " + std::to_string(kMaxWorkers) + ", got " +
           std::to_string(workers);
}

std::optional<std::string> heldOutEveryProblem(int every) {
    if (every >= 1) return std::nullopt;
    return "held-out every: must be at least 1, got " + std::to_string(every);
}

std::vector<std::string> engineOptionProblems(const EngineSpec& engine, const ga::Genome& genome) {
    std::vector<std::string> problems;
    for (const auto& [name, value] : engine.fixedOptions) {
        if (name.empty()) problems.push_back("engine option: empty name (value '" + value + "')");
        for (const ga::Term& term : genome.terms())
            if (term.option == name) problems.push_back("engine option " + name + ": also a tuned term of the genome");
    }
    return problems;
}

}  // namespace mf::tuning
