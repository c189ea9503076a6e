#pragma once
// Everything the UCI commands of the search need, behind one object: the option table, the
// transposition table, the move history, the evaluation weights, the search constants and the
// search thread.
// `go` returns at once; the search runs on its own std::jthread and prints `info` lines and the
// final `bestmove` through the output function, which may be called from either thread (the
// controller serialises the calls).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "engine/eval_params.h"
#include "engine/movepick.h"
#include "engine/options.h"
#include "engine/pawn_cache.h"
#include "engine/position.h"
#include "engine/search_limits.h"
#include "engine/search_params.h"
#include "engine/tb/search_tables.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace mf {

class SearchController {
public:
    using Output = std::function<void(std::string_view line)>;
    using Clock = std::chrono::steady_clock;

    explicit SearchController(Output output);
    ~SearchController();
    SearchController(const SearchController&) = delete;
    SearchController& operator=(const SearchController&) = delete;

    OptionTable& options() { return options_; }
    const EvalParams& evalParams() const { return params_; }
    const SearchParams& searchParams() const { return searchParams_; }

    // `setoption`: the reason as an `info string` line when refused.
    void setOption(std::string_view args);
    // `matefind-engine --options FILE`: the same as `setoption name OptionsFile value FILE`
    // (each refused line is an `info string` with file and line; the other lines are applied),
    // and then the values in use are the defaults `uci` reports.
    void loadOptionsFile(const std::string& path);
    // `ucinewgame`: waits for a running search, then forgets everything learned (hash, history)
    // and has the next search look again for endgame table files that were missing.
    void newGame();
    // `go`: starts searching `pos` on the search thread; `received` is when the command arrived
    // (time limits count from it, plus the time of a one-off endgame-table preparation that
    // `isready` did not do beforehand). A search still running is stopped first.
    void go(const Position& pos, const SearchLimits& limits, Clock::time_point received);
    // `stop`: ends the search; returns once `bestmove` has been printed.
    void stop();
    // `isready`: makes the endgame tables ready (the one-off generation of the 3-piece tables, or
    // loading files that appeared since `ucinewgame`) while no search is running, so that work
    // is not charged to the next search's clock.
    void prepareTables();
    // Blocks until the current search (if any) has printed `bestmove` by itself.
    void waitForSearch();
    bool searching() const { return searching_.load(std::memory_order_acquire); }

    // `bench`: searches the fixed bench positions to `depth` on the calling thread, from a
    // cleared hash and history; prints per-position counts and the totals.
    struct BenchTotals {
        std::uint64_t nodes = 0;
        std::int64_t milliseconds = 0;
    };
    BenchTotals bench(int depth);

    void print(std::string_view line);

private:
    void registerOptions();

    std::mutex outputMutex_;
    Output output_;
    TranspositionTable tt_;
    std::unique_ptr<MoveHistory> history_ = std::make_unique<MoveHistory>();  // large: on the heap
    // Holds weight-free pawn data only, so it is never cleared (see pawn_cache.h).
    std::unique_ptr<PawnCache> pawnCache_ = std::make_unique<PawnCache>();
    EvalParams params_;
    SearchParams searchParams_;  // the options Search.*
    OptionTable options_;
    int moveOverheadMs_ = 2;
    ClockLag clockLag_;  // the GUI's clock against ours: more overhead on a loaded machine (timeman.h)
    bool loadingOptionsFile_ = false;  // an options file naming OptionsFile is refused, not followed
    tb::SearchTables tables_; // UCI options EndgameTables, EndgameTablesPath
    std::atomic<bool> searching_{false};
    std::jthread worker_;
};

}  // namespace mf
