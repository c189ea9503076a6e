#include "evolution/tuning/common/installed_paths.h"

#include <system_error>

namespace mf::tuning {

namespace {

std::filesystem::path ifExists(std::filesystem::path path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec) ? path : std::filesystem::path();
}

}  // namespace

std::filesystem::path executableDir() {
    const std::filesystem::path self = executablePath();
    return self.empty() ? std::filesystem::current_path() : self.parent_path();
}

std::filesystem::path bundledEngine(const std::filesystem::path& binDir) { return binDir / "matefind-engine"; }

std::filesystem::path bundledEngine() { return bundledEngine(executableDir()); }

std::filesystem::path shareDir(const std::filesystem::path& binDir) {
    return (binDir / ".." / "share" / "matefind").lexically_normal();
}

std::filesystem::path bundledGenome(const std::filesystem::path& binDir) {
    return shareDir(binDir) / "genomes" / "matefind.json";
}

std::filesystem::path bundledAllTermsGenome(const std::filesystem::path& binDir) {
    return shareDir(binDir) / "genomes" / "matefind-all-terms.json";
}

// The suites shipped in resources/epd (see its README): 300 positions to tune on and 200 held
// out (other games, none of the tuning positions).
std::filesystem::path bundledSuite(const std::filesystem::path& binDir) {
    return ifExists(shareDir(binDir) / "epd" / "matefind-tune.epd");
}

std::filesystem::path bundledHeldOutSuite(const std::filesystem::path& binDir) {
    return ifExists(shareDir(binDir) / "epd" / "matefind-heldout.epd");
}

// Self-play of the bundled engine, labelled by result (resources/data/README.md): positions to
// tune on, and positions of other games held out.
std::filesystem::path bundledDataset(const std::filesystem::path& binDir) {
    return ifExists(shareDir(binDir) / "data" / "matefind-selfplay.epd");
}

std::filesystem::path bundledHeldOutDataset(const std::filesystem::path& binDir) {
    return ifExists(shareDir(binDir) / "data" / "matefind-selfplay-heldout.epd");
}

// Made by `matefind-cli make-openings` (resources/openings/README.md).
std::filesystem::path bundledOpenings(const std::filesystem::path& binDir) {
    return ifExists(shareDir(binDir) / "openings" / "matefind-openings.epd");
}

}  // namespace mf::tuning
