#include "engine/search_controller.h"

#include <string>

#include "engine/bench.h"
#include "engine/options_file.h"
#include "engine/search.h"

namespace mf {

SearchController::SearchController(Output output) : output_(std::move(output)) { registerOptions(); }

SearchController::~SearchController() { stop(); }

void SearchController::print(std::string_view line) {
    std::lock_guard lock(outputMutex_);
    output_(line);
}

void SearchController::registerOptions() {
    auto whileIdle = [this](const char* what) -> std::optional<std::string> {
        if (searching()) return std::string("cannot ") + what + " while searching";
        return std::nullopt;
    };
    options_.addSpin("Hash", 16, 1, 65536, [this, whileIdle](long long mb) -> std::optional<std::string> {
        if (auto busy = whileIdle("resize the hash")) return busy;
        tt_.resize(static_cast<std::size_t>(mb));
        return std::nullopt;
    });
    // One search thread; the option exists so GUIs that always send it get a clear answer.
    options_.addSpin("Threads", 1, 1, 1, [](long long) { return std::nullopt; });
    options_.addButton("Clear Hash", [this, whileIdle]() -> std::optional<std::string> {
        if (auto busy = whileIdle("clear the hash")) return busy;
        tt_.clear();
        return std::nullopt;
    });
    options_.addSpin("Move Overhead", moveOverheadMs_, 0, 5000, [this, whileIdle](long long ms) -> std::optional<std::string> {
        if (auto busy = whileIdle("change the move overhead")) return busy;
        moveOverheadMs_ = static_cast<int>(ms);
        return std::nullopt;
    });
    options_.addCheck("EndgameTables", true, [this, whileIdle](bool on) -> std::optional<std::string> {
        if (auto busy = whileIdle("switch the endgame tables")) return busy;
        return tables_.setEnabled(on);
    });
    options_.addString("EndgameTablesPath", "", [this, whileIdle](const std::string& path) -> std::optional<std::string> {
        if (auto busy = whileIdle("change the endgame tables path")) return busy;
        return tables_.setPath(path);
    });
    // A batch of setoptions from a file (engine/options_file.h); the value is the file's path.
    options_.addString("OptionsFile", "", [this, whileIdle](const std::string& path) -> std::optional<std::string> {
        if (path.empty()) return std::nullopt;
        if (loadingOptionsFile_) return std::string("options files do not nest");
        if (auto busy = whileIdle("load an options file")) return busy;
        loadingOptionsFile_ = true;
        const OptionsFileResult result = applyOptionsFile(options_, path);
        loadingOptionsFile_ = false;
        if (result.openError) return result.openError;
        for (const std::string& problem : result.problems) print("info string " + problem);
        return std::nullopt;
    });
    for (const EvalTerm& term : evalTerms()) {
        const std::size_t index = term.index;
        options_.addSpin(std::string(term.name), term.defaultValue, term.min, term.max,
                         [this, index, whileIdle](long long v) -> std::optional<std::string> {
                             if (auto busy = whileIdle("change the evaluation")) return busy;
                             params_.at(index) = static_cast<int>(v);
                             return std::nullopt;
                         });
    }
    for (std::size_t index = 0; index < searchTerms().size(); ++index) {
        const SearchTerm& term = searchTerms()[index];
        options_.addSpin(std::string(term.name), term.defaultValue, term.min, term.max,
                         [this, index, whileIdle](long long v) -> std::optional<std::string> {
                             if (auto busy = whileIdle("change the search")) return busy;
                             searchParams_.set(index, static_cast<int>(v));
                             return std::nullopt;
                         });
    }
}

void SearchController::setOption(std::string_view args) {
    std::string error;
    auto cmd = parseSetOption(args, &error);
    if (cmd) {
        if (auto refused = options_.set(cmd->name, cmd->value)) error = *refused;
        else return;
    }
    print("info string " + error);
}

void SearchController::loadOptionsFile(const std::string& path) {
    if (auto refused = options_.set("OptionsFile", path)) print("info string " + *refused);
    // The file's values become the defaults `uci` reports. A tuner takes the reported defaults as
    // the values in use: MateFind's trace path folds the terms a genome does not hold at them, and
    // a genome made from the engine starts there. Reported as before, an engine started with the
    // 30-weight file was modelled as the 624 tuned terms (2.5 % off in E on the bundled data).
    options_.adoptValuesAsDefaults();
}

void SearchController::newGame() {
    stop();
    tt_.clear();
    history_->clear();
    clockLag_.reset();
    tables_.newGame(); // table files generated since the last look are used from now on
}

void SearchController::go(const Position& pos, const SearchLimits& limits, Clock::time_point received) {
    stop();
    searching_.store(true, std::memory_order_release);
    const Clock::time_point arrived = received;
    const Color us = pos.sideToMove();
    clockLag_.atGo(limits.usesClock() ? limits.time[us] : std::nullopt, limits.increment[us]);
    const int overheadMs = moveOverheadMs_ + clockLag_.extraMs();
    // A GUI that sent `isready` finds the tables ready; otherwise the one-off preparation happens
    // here, and its time is not taken from the search: a movetime shorter than the generation of
    // the 3-piece tables would otherwise leave no time to search at all.
    const auto preparing = Clock::now();
    const tb::Tablebases* tables = tables_.prepare([this](const std::string& line) { print("info string " + line); });
    received += Clock::now() - preparing;
    worker_ = std::jthread([this, pos, limits, received, arrived, overheadMs, tables](std::stop_token token) {
        Search search(pos, limits, received, overheadMs, tt_, *history_, params_, searchParams_,
                      [this](std::string_view line) { print(line); });
        search.setEndgameTables(tables);
        search.setPawnCache(pawnCache_.get());
        const SearchResult result = search.run(token);
        // UCI: after `go infinite` the answer waits for `stop`, even when the search is done.
        if (limits.infinite && !token.stop_requested()) {
            std::mutex m;
            std::condition_variable_any cv;
            std::unique_lock lock(m);
            cv.wait(lock, token, [] { return false; });
        }
        std::string line = "bestmove " + uciMove(result.bestMove);
        if (result.ponderMove != Move::none()) line += " ponder " + uciMove(result.ponderMove);
        // Idle before the answer goes out: a GUI may send `setoption` the moment it reads
        // `bestmove`, and options are refused while searching.
        searching_.store(false, std::memory_order_release);
        clockLag_.answered(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - arrived).count());
        print(line);
    });
}

void SearchController::prepareTables() {
    if (!searching()) tables_.prepare([this](const std::string& line) { print("info string " + line); });
}

void SearchController::stop() {
    if (worker_.joinable()) {
        worker_.request_stop();
        worker_.join();
    }
}

void SearchController::waitForSearch() {
    if (worker_.joinable()) worker_.join();
}

SearchController::BenchTotals SearchController::bench(int depth) {
    stop();
    tt_.clear();
    history_->clear();
    BenchTotals totals;
    int index = 0;
    const auto positions = benchPositions();
    for (std::string_view fen : positions) {
        ++index;
        auto pos = Position::fromFen(fen);
        if (!pos) {
            print("info string bench position " + std::to_string(index) + " rejected: " + pos.error().message);
            continue;
        }
        SearchLimits limits;
        limits.depth = depth;
        const auto start = Clock::now();
        Search search(*pos, limits, start, 0, tt_, *history_, params_, searchParams_, [](std::string_view) {});
        search.setPawnCache(pawnCache_.get());
        const SearchResult r = search.run(std::stop_token{});
        totals.milliseconds += std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
        totals.nodes += r.nodes;
        print("info string bench " + std::to_string(index) + "/" + std::to_string(positions.size()) + " nodes " +
              std::to_string(r.nodes) + " bestmove " + uciMove(r.bestMove) + " score " + uciScore(r.score));
    }
    print("Nodes searched: " + std::to_string(totals.nodes));
    print("Nodes/second: " + std::to_string(totals.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(totals.milliseconds, 1))));
    print("Total time (ms): " + std::to_string(totals.milliseconds));
    return totals;
}

}  // namespace mf
