#pragma once
// Shared helpers of the tuning tests: temporary folders, small suites, a recording observer.

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "evolution/tuning/run/run_observer.h"
#include "tests/test_time.h"

namespace mf::tuning::test {

// A fresh folder under the temporary directory, removed with everything in it when the test
// program exits (so runs leave no mf_tuning_* folders behind).
inline std::filesystem::path scratchDir(const std::string& name) {
    struct Made {
        std::vector<std::filesystem::path> dirs;
        ~Made() {
            std::error_code ignored;
            for (const auto& dir : dirs) std::filesystem::remove_all(dir, ignored);
        }
    };
    static Made made;
    auto dir = std::filesystem::temp_directory_path() / ("mf_tuning_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    made.dirs.push_back(dir);
    return dir;
}

// `count` records on real positions with legal bm moves (the fake evaluator ignores the moves).
inline std::filesystem::path writeSuite(const std::filesystem::path& file, int count) {
    static const char* const kRecords[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5;",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5;",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#;",
    };
    std::ofstream out(file);
    for (int i = 0; i < count; ++i)
        out << kRecords[i % 5] << " id \"p" << i << "\";\n";
    return file;
}

// `count` labelled positions (EPD with c9, measure evalfit), from the `from`-th of ten quiet
// and not-so-quiet positions, cyclically.
inline std::filesystem::path writeData(const std::filesystem::path& file, int from, int count) {
    static const char* const kLines[] = {
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 \"1-0\";",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";",
        "4k3/4p3/8/8/8/8/8/4K3 w - - c9 \"0-1\";",
        "r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R w KQkq - c9 \"0-1\";",
        "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";",
        "4k3/8/8/8/8/8/8/R3K3 b - - c9 \"1-0\";",
        "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";",
        "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - c9 \"1/2-1/2\";",
    };
    std::ofstream out(file);
    for (int i = from; i < from + count; ++i) out << kLines[i % 10] << "\n";
    return file;
}

// The file as two runs of one seed share it: no comment lines (they hold the time of the save),
// and no speed ratios of games runs (nodes a second, measured in time).
inline std::string withoutComments(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream out;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("#")) continue;
        for (auto at = line.find(" speed="); at != std::string::npos; at = line.find(" speed=", at)) {
            const auto end = line.find(' ', at + 1);
            line.erase(at, end == std::string::npos ? std::string::npos : end - at);
        }
        out << line << '\n';
    }
    return out.str();
}

// A run stopped after generation G and resumed scored its best on the held-out data at G, as the
// last generation it then had; an unbroken run does not at G (unless G is a held-out round). The
// rest of the file must match: this drops that one recorded held-out figure from history.G.
inline std::string withoutHeldOutAt(std::string text, int generation) {
    const std::string key = "history." + std::to_string(generation) + " = ";
    const auto line = text.find(key);
    if (line == std::string::npos) return text;
    const auto end = text.find('\n', line);
    const auto heldOut = text.find(" heldout=", line);
    if (heldOut != std::string::npos && heldOut < end) text.erase(heldOut, end - heldOut);
    return text;
}

// Records every callback; tests wait for conditions on it.
class RecordingObserver : public RunObserver {
public:
    void statusChanged(const StatusChange& change) override {
        std::lock_guard lock(mutex_);
        statuses.push_back(change);
        changed_.notify_all();
    }
    void progress(const RunProgress& p) override {
        std::lock_guard lock(mutex_);
        ++progressCalls;
        lastProgress = p;
        changed_.notify_all();
    }
    void generationFinished(const GenerationReport& report) override {
        std::lock_guard lock(mutex_);
        generations.push_back(report);
        changed_.notify_all();
    }
    void fightRoundFinished(const FightRound& round) override {
        std::lock_guard lock(mutex_);
        rounds.push_back(round);
        changed_.notify_all();
    }
    void engineLog(const EngineLogLine& line) override {
        std::lock_guard lock(mutex_);
        engineLines.push_back(line);
    }
    void warning(const std::string& text) override {
        std::lock_guard lock(mutex_);
        warnings.push_back(text);
    }
    void note(const std::string& text) override {
        std::lock_guard lock(mutex_);
        notes.push_back(text);
    }

    // `timeout` is scaled by the tests' time factor.
    template <class Predicate>
    bool waitFor(Predicate predicate, std::chrono::seconds timeout = std::chrono::seconds(30)) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, mf::test_time::scaled(timeout), [&] { return predicate(*this); });
    }
    bool sawStatus(RunStatus status) const {
        for (const auto& change : statuses)
            if (change.status == status) return true;
        return false;
    }
    template <class F>
    auto locked(F f) {
        std::lock_guard lock(mutex_);
        return f(*this);
    }

    std::vector<StatusChange> statuses;
    std::vector<GenerationReport> generations;
    std::vector<FightRound> rounds;
    std::vector<std::string> warnings;
    std::vector<std::string> notes;
    std::vector<EngineLogLine> engineLines;
    std::size_t progressCalls = 0;
    RunProgress lastProgress;

private:
    std::mutex mutex_;
    std::condition_variable changed_;
};

}  // namespace mf::tuning::test
