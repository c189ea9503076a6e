// Linked into every test program that runs the engine (in-process SearchController or
// matefind-engine over pipes): before main() it points XDG_CACHE_HOME at a fresh directory of this
// test process, inherited by the engines it starts, so the endgame tables the engine writes on its
// first search (defaultCacheDirectory()) land there and never in the user's ~/.cache. The directory
// is removed when the test program exits.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace {

class TemporaryCacheHome {
public:
    TemporaryCacheHome()
        : dir_(std::filesystem::temp_directory_path() / ("matefind_test_cache_" + std::to_string(::getpid()))) {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
        std::filesystem::create_directories(dir_, ec);
        ::setenv("XDG_CACHE_HOME", dir_.c_str(), 1);
    }
    ~TemporaryCacheHome() {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    TemporaryCacheHome(const TemporaryCacheHome&) = delete;
    TemporaryCacheHome& operator=(const TemporaryCacheHome&) = delete;

private:
    std::filesystem::path dir_;
};

const TemporaryCacheHome cacheHome;

}  // namespace
