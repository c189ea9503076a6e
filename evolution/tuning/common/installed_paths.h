#pragma once
// Where the bundled pieces are, relative to the program's own folder (<prefix>/bin): the engine
// beside it, suites and genomes in <prefix>/share/matefind. Used for the defaults of the CLI and
// the window so a fresh install runs without any option.

#include <filesystem>
#include <system_error>

namespace mf::tuning {

// The running executable (the target of /proc/self/exe); empty when the system does not say.
inline std::filesystem::path executablePath() {
    std::error_code ec;
    auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : path;
}

// The folder of the running executable, for binDir; the working folder when the executable is
// unknown, so every bundled piece falls back to the same place.
std::filesystem::path executableDir();

std::filesystem::path bundledEngine(const std::filesystem::path& binDir);   // binDir/matefind-engine
// The engine beside the running executable: every default engine of the CLI and the window.
std::filesystem::path bundledEngine();
std::filesystem::path shareDir(const std::filesystem::path& binDir);        // binDir/../share/matefind
std::filesystem::path bundledGenome(const std::filesystem::path& binDir);   // share/genomes/matefind.json
// Every evaluation term of the bundled engine (share/genomes/matefind-all-terms.json): the
// default genome of measure evalfit, whose scoring is cheap enough to tune them all.
std::filesystem::path bundledAllTermsGenome(const std::filesystem::path& binDir);
// The default tuning suite and held-out suite (share/epd/...); empty path when not installed.
std::filesystem::path bundledSuite(const std::filesystem::path& binDir);
std::filesystem::path bundledHeldOutSuite(const std::filesystem::path& binDir);
// The labelled positions of measure evalfit, and the held-out ones (share/data/...; made by
// `make-dataset --self-play`, see resources/data/README.md); empty path when not installed.
std::filesystem::path bundledDataset(const std::filesystem::path& binDir);
std::filesystem::path bundledHeldOutDataset(const std::filesystem::path& binDir);
// The balanced openings for games (share/openings/matefind-openings.epd); empty when not installed.
std::filesystem::path bundledOpenings(const std::filesystem::path& binDir);

}  // namespace mf::tuning
