// evalfit_uci_bench: evalfit's UCI path against the protocol's own speed, engine by engine.
//
//   evalfit_uci_bench --data FILE [--positions N] [--rounds R] [--seed S]
//                     [--engine PATH[,NAME=VALUE...]]...
//
// For each engine (default: the bundled one and the Debian engines found in /usr/games), on the
// first N positions of FILE (default 500), R rounds (default 3), blocks of 25 positions scored
// alternately by:
//  - the minimal client: one engine process, `position fen F` + `go depth 1` per position in one
//    write, read to `bestmove`; no handshake, no new game: the fastest a UCI client can be, and
//    not reproducible (the engine's hash and histories carry over from one position to the next);
//  - the same with `ucinewgame` in front of each position: the least a reproducible client pays;
//  - MateFind's UCI path: one engine session scoring chunk by chunk, as a tuning run's worker
//    does (dataset::scoreThroughUci on dataset::engineConfigFor(..., Uci)).
// The rates are over all rounds, the ratio MateFind / minimal also per round. Then the order
// check: the positions
// scored in file order and in a shuffled order (seeded) by two fresh scorers must give every
// position the same q; the number of positions whose q differs is printed.
// A program run by hand (its figures are in docs/evalfit.md), not a ctest test.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "evolution/dataset/dataset_reader.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"
#include "evolution/uci/engine_process.h"

using namespace mf;
using Clock = std::chrono::steady_clock;

namespace {

struct EngineUnderTest {
    std::string program;
    uci::OptionValues options;
};

EngineUnderTest parseEngine(const std::string& text) {
    EngineUnderTest e;
    std::size_t comma = text.find(',');
    e.program = text.substr(0, comma);
    while (comma != std::string::npos) {
        const std::size_t next = text.find(',', comma + 1);
        const std::string pair = text.substr(comma + 1, next == std::string::npos ? std::string::npos : next - comma - 1);
        const std::size_t eq = pair.find('=');
        if (eq != std::string::npos) e.options.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
        comma = next;
    }
    return e;
}

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The minimal client: one process, kept between blocks.
class MinimalClient {
public:
    // `newGame`: "ucinewgame" before each position (in the same write), which makes its scores
    // reproducible and costs what the engine's reset costs.
    MinimalClient(const EngineUnderTest& engine, bool newGame) : newGame_(newGame) {
        uci::EngineCommand command;
        command.program = engine.program;
        ok_ = !process_.start(command);
        std::string line;
        const auto deadline = Clock::now() + std::chrono::seconds(30);
        process_.writeLine("uci");
        while (ok_ && process_.readLine(line, deadline) == uci::EngineProcess::ReadStatus::Line && line != "uciok") {}
        for (const auto& [name, value] : engine.options) process_.writeLine("setoption name " + name + " value " + value);
        process_.writeLine("isready");
        while (ok_ && process_.readLine(line, deadline) == uci::EngineProcess::ReadStatus::Line && line != "readyok") {}
    }
    ~MinimalClient() {
        process_.writeLine("quit");
        process_.finish(std::chrono::milliseconds(500));
    }
    // Seconds for fens[first, first+count), or a negative number when the engine misbehaved.
    double time(const std::vector<std::string>& fens, std::size_t first, std::size_t count) {
        std::string line;
        const auto start = Clock::now();
        for (std::size_t i = first; i < first + count; ++i) {
            if (!process_.writeLine(std::string(newGame_ ? "ucinewgame\n" : "") + "position fen " + fens[i] + "\ngo depth 1"))
                return -1;
            for (;;) {
                if (process_.readLine(line, Clock::now() + std::chrono::seconds(30)) != uci::EngineProcess::ReadStatus::Line)
                    return -1;
                if (line.rfind("bestmove", 0) == 0) break;
            }
        }
        return secondsSince(start);
    }
    bool ok() const { return ok_; }

private:
    uci::EngineProcess process_;
    bool newGame_ = false;
    bool ok_ = false;
};

dataset::EvalfitEngineConfig scorerConfig(const EngineUnderTest& engine) {
    dataset::EvalfitEngineConfig config;
    config.program = engine.program;
    config.fixedOptions = engine.options;
    config.workers = 1;
    config.path = dataset::EvalfitPath::Uci;
    return config;
}

std::unique_ptr<dataset::EvalfitScorer> uciScorer(const EngineUnderTest& engine,
                                                  const std::vector<dataset::LabelledPosition>& positions) {
    auto made = dataset::EvalfitScorer::create(scorerConfig(engine), positions);
    if (!made) {
        std::cerr << engine.program << ": " << made.error().message << "\n";
        return nullptr;
    }
    return std::move(*made);
}

std::vector<int> scoresOf(dataset::EvalfitScorer& scorer) {
    auto scores = scorer.score({{}}, {});
    if (scores.size() != 1 || !scores[0].failure.empty()) {
        std::cerr << "  MateFind's UCI path failed: " << (scores.empty() ? "no result" : scores[0].failure) << "\n";
        return {};
    }
    return scores[0].q;
}


// Blocks of this many positions alternate between the two clients, so a change of the machine's
// load hits both alike.
constexpr std::size_t kBlock = 25;

void benchEngine(const EngineUnderTest& engine, const std::vector<dataset::LabelledPosition>& positions, int rounds,
                 std::uint64_t seed) {
    std::vector<std::string> fens;
    for (const auto& p : positions) fens.push_back(p.position.fen());
    std::printf("%s", engine.program.c_str());
    for (const auto& [name, value] : engine.options) std::printf(" %s=%s", name.c_str(), value.c_str());
    std::printf("\n");
    MinimalClient minimal(engine, false), reproducible(engine, true);
    // MateFind's UCI path as a tuning run drives it: one session per worker, chunk by chunk
    // (tuning/dataset_scoring.cpp).
    uci::EngineSession session(dataset::engineConfigFor(scorerConfig(engine), dataset::EvalfitPath::Uci));
    if (!minimal.ok() || !reproducible.ok() || session.start()) {
        std::printf("  the engine does not start\n");
        return;
    }
    // Seconds per client and round: [0] minimal, [1] minimal with ucinewgame, [2] MateFind.
    std::vector<std::array<double, 3>> seconds(std::size_t(rounds), {0, 0, 0});
    for (int r = 0; r < rounds; ++r) {
        for (std::size_t first = 0; first < fens.size(); first += kBlock) {
            const std::size_t count = std::min(kBlock, fens.size() - first);
            for (int turn = 0; turn < 3; ++turn) {
                const int client = (turn + int(first / kBlock) + r) % 3;  // each client goes first in turn
                if (client < 2) {
                    const double t = (client == 0 ? minimal : reproducible).time(fens, first, count);
                    if (t < 0) return void(std::printf("  a minimal client failed\n"));
                    seconds[std::size_t(r)][std::size_t(client)] += t;
                } else {
                    const auto start = Clock::now();
                    auto scores = dataset::scoreThroughUci(session, fens, first, count, {}, uci::SearchLimit::depth(1));
                    if (!scores.failure.empty()) return void(std::printf("  MateFind failed: %s\n", scores.failure.c_str()));
                    seconds[std::size_t(r)][2] += secondsSince(start);
                }
            }
        }
    }
    std::array<double, 3> total{0, 0, 0};
    for (const auto& round : seconds)
        for (std::size_t c = 0; c < 3; ++c) total[c] += round[c];
    const double n = double(fens.size()) * rounds;
    std::printf("  positions/s: minimal %6.0f, minimal + ucinewgame %6.0f, MateFind UCI path %6.0f\n", n / total[0],
                n / total[1], n / total[2]);
    std::printf("  MateFind / minimal %.2f (rounds:", total[0] / total[2]);
    for (const auto& round : seconds) std::printf(" %.2f", round[0] / round[2]);
    std::printf("), MateFind / minimal + ucinewgame %.2f\n", total[1] / total[2]);

    // Order: two fresh scorers, the positions in file order and shuffled; each must keep its q.
    std::vector<std::size_t> order(positions.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 random(seed);
    std::shuffle(order.begin(), order.end(), random);
    std::vector<dataset::LabelledPosition> shuffled;
    for (std::size_t i : order) shuffled.push_back(positions[i]);
    auto inOrder = uciScorer(engine, positions);
    auto other = uciScorer(engine, shuffled);
    if (!inOrder || !other) return;
    const std::vector<int> fileQ = scoresOf(*inOrder), shuffledQ = scoresOf(*other);
    if (fileQ.size() != positions.size() || shuffledQ.size() != positions.size()) return;
    std::size_t differ = 0;
    for (std::size_t k = 0; k < order.size(); ++k) differ += shuffledQ[k] != fileQ[order[k]] ? 1 : 0;
    std::printf("  order check: %zu of %zu positions scored differently in file order and shuffled (seed %llu)\n", differ,
                positions.size(), static_cast<unsigned long long>(seed));
}

}  // namespace

int main(int argc, char** argv) {
    std::string data;
    std::size_t count = 500;
    int rounds = 3;
    std::uint64_t seed = 1;
    std::vector<EngineUnderTest> engines;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--data") data = value;
        else if (flag == "--positions") count = std::stoul(value);
        else if (flag == "--rounds") rounds = std::stoi(value);
        else if (flag == "--seed") seed = std::stoull(value);
        else if (flag == "--engine") engines.push_back(parseEngine(value));
        else {
            std::cerr << "unknown flag " << flag << "\n";
            return 2;
        }
    }
    if (data.empty()) {
        std::cerr << "usage: evalfit_uci_bench --data FILE [--positions N] [--rounds R] [--seed S] [--engine PATH[,NAME=VALUE...]]...\n";
        return 2;
    }
    if (engines.empty()) {
        engines.push_back({(std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine").string(), {}});
        for (const EngineUnderTest& e : {EngineUnderTest{"/usr/games/stockfish", {}},
                                         EngineUnderTest{"/usr/games/toga2", {{"OwnBook", "false"}}},
                                         EngineUnderTest{"/usr/games/glaurung", {{"OwnBook", "false"}, {"Threads", "1"}}},
                                         EngineUnderTest{"/usr/games/ethereal-chess", {}}})
            if (std::filesystem::exists(e.program)) engines.push_back(e);
    }
    dataset::Dataset set = dataset::readDataset(data);
    if (set.positions.empty()) {
        std::cerr << data << ": no positions\n";
        return 1;
    }
    if (set.positions.size() > count) set.positions.resize(count);
    std::printf("%zu positions of %s, `go depth 1` each, %d rounds\n", set.positions.size(), data.c_str(), rounds);
    for (const auto& engine : engines) benchEngine(engine, set.positions, rounds, seed);
    return 0;
}
