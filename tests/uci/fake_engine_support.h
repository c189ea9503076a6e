#pragma once
// Helpers for tests that drive the fake engine (tests/uci/fake_engine.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "tests/test_time.h"

namespace mf::uci::testing {

// A fresh scratch folder per test, removed at the end.
class ScratchDir {
public:
    ScratchDir() {
        auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::temp_directory_path() /
                ("mf_uci_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() { std::filesystem::remove_all(path_); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Timeouts short enough for tests, long enough for a loaded two-core machine (scaled: a message
// that names one names mf::test_time::scaledMs of the value here).
inline EngineConfig fakeEngine(std::vector<std::string> arguments, const std::filesystem::path& log = {}) {
    EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    config.command.arguments = std::move(arguments);
    config.command.stderrLog = log;
    using mf::test_time::scaled;
    config.timeouts.startup = scaled(std::chrono::milliseconds(1500));
    config.timeouts.ping = scaled(std::chrono::milliseconds(1000));
    config.timeouts.searchGrace = scaled(std::chrono::milliseconds(500));
    config.timeouts.unmeasuredSearch = scaled(std::chrono::milliseconds(1000));
    config.timeouts.searchFloor = scaled(std::chrono::milliseconds(1000));
    config.timeouts.stopGrace = scaled(std::chrono::milliseconds(300));
    config.timeouts.quit = scaled(std::chrono::milliseconds(200));
    config.maxNoiseLines = 200;
    return config;
}

inline const char* startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

inline SearchRequest request(std::uint64_t id, SearchLimit limit = SearchLimit::depth(5), OptionValues options = {}) {
    SearchRequest r;
    r.id = id;
    r.fen = startFen;
    r.limit = limit;
    r.options = std::move(options);
    return r;
}

// How many lines of the fake engine's log are exactly `text` (it logs "< command" per input).
inline int countLogLines(const std::filesystem::path& log, const std::string& text) {
    std::ifstream in(log);
    std::string line;
    int count = 0;
    while (std::getline(in, line))
        if (line == text) ++count;
    return count;
}

}  // namespace mf::uci::testing
