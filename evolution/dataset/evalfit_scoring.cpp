#include "evolution/dataset/evalfit_scoring.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <map>
#include <set>
#include <thread>
#include <unistd.h>

#include "evolution/uci/engine_process.h"
#include "evolution/uci/local_engine_pool.h"

namespace mf::dataset {

std::string_view evalfitPathName(EvalfitPath path) {
    switch (path) {
        case EvalfitPath::Fast: return "fast";
        case EvalfitPath::Uci: return "uci";
        default: return "auto";
    }
}

std::optional<EvalfitPath> parseEvalfitPath(std::string_view name) {
    if (name == "auto") return EvalfitPath::Auto;
    if (name == "fast") return EvalfitPath::Fast;
    if (name == "uci") return EvalfitPath::Uci;
    return std::nullopt;
}

int scoreToCentipawns(const uci::Score& score) {
    if (score.kind == uci::ScoreKind::Centipawns) return std::clamp(score.value, -QuiescenceMateClamp, QuiescenceMateClamp);
    const int moves = std::min(std::abs(score.value), 1000);
    return score.value > 0 ? QuiescenceMateClamp - moves : -(QuiescenceMateClamp - moves);  // "mate 0": mated
}

namespace {

using Clock = std::chrono::steady_clock;

// A temporary file of FEN lines for `evalfit load`, removed with the object.
class PositionsFile {
public:
    explicit PositionsFile(const std::vector<LabelledPosition>& positions) {
        std::string pattern = (std::filesystem::temp_directory_path() / "matefind-evalfit-XXXXXX").string();
        const int fd = ::mkstemp(pattern.data());
        if (fd < 0) return;
        ::close(fd);
        path_ = pattern;
        std::ofstream out(path_, std::ios::binary | std::ios::trunc);
        for (const LabelledPosition& p : positions) out << p.position.fen() << '\n';
        if (!out.flush()) path_.clear();
    }
    ~PositionsFile() {
        if (!path_.empty()) std::remove(path_.c_str());
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// One engine process speaking the `evalfit` extension.
class FastEngine {
public:
    FastEngine(const EvalfitEngineConfig& config, std::string positionsPath, std::size_t count)
        : config_(config), positionsPath_(std::move(positionsPath)), count_(count) {}

    // Starts the process and loads the positions. `unsupported` is set when the engine does not
    // know the command (then the uci path is the way).
    std::optional<std::string> start(bool* unsupported = nullptr) {
        process_ = std::make_unique<uci::EngineProcess>();
        uci::EngineCommand command;
        command.program = config_.program;
        command.arguments = config_.arguments;
        if (auto error = process_->start(command)) return error;
        if (!process_->writeLine("uci")) return std::string("the engine closed its input");
        std::string line;
        const auto startup = Clock::now() + std::chrono::seconds(10);
        options_.clear();
        setByLastCandidate_.clear();  // a fresh process holds its defaults
        for (;;) {
            if (auto error = read(line, startup)) return "waiting for uciok: " + *error;
            if (line == "uciok") break;
            if (line.rfind("option name ", 0) == 0) {
                const std::size_t type = line.find(" type ");
                if (type == std::string::npos) continue;
                // The announced default, to put an option back when the next candidate leaves it out.
                std::string fallback;
                if (const std::size_t at = line.find(" default ", type); at != std::string::npos) {
                    const std::size_t from = at + 9, to = line.find(" min ", from);
                    fallback = line.substr(from, to == std::string::npos ? std::string::npos : to - from);
                }
                options_[lower(line.substr(12, type - 12))] = {line.substr(12, type - 12), fallback};
            }
        }
        for (const auto& [name, value] : config_.fixedOptions) process_->writeLine("setoption name " + name + " value " + value);
        process_->writeLine("evalfit load " + positionsPath_);
        const auto loading = Clock::now() + std::chrono::seconds(120);
        for (;;) {
            if (auto error = read(line, loading)) return "waiting for evalfit load: " + *error;
            if (line.rfind("info string unknown command", 0) == 0) {
                if (unsupported) *unsupported = true;
                return std::string("the engine has no evalfit command");
            }
            if (line.rfind("evalfit error ", 0) == 0) return line.substr(14);
            if (line.rfind("evalfit loaded ", 0) == 0) {
                if (line.substr(15) != std::to_string(count_))
                    return "the engine loaded " + line.substr(15) + " positions, expected " + std::to_string(count_);
                return std::nullopt;
            }
        }
    }

    std::optional<std::string> checkOptions(const uci::OptionValues& values) const {
        for (const auto& [name, value] : values)
            if (!options_.count(lower(name))) return "the engine has no option '" + name + "'";
        return std::nullopt;
    }

    // One candidate; restarts the process once when it fails.
    std::optional<std::string> scores(const uci::OptionValues& options, std::vector<int>& out) {
        if (auto problem = checkOptions(options)) return problem;
        auto error = tryScores(options, out);
        if (!error) return std::nullopt;
        if (auto restart = start()) return *error + "; restart failed: " + *restart;
        if (auto again = tryScores(options, out)) return *error + "; after a restart: " + *again;
        return std::nullopt;
    }

    ~FastEngine() {
        if (process_) {
            process_->writeLine("quit");
            process_->finish(std::chrono::milliseconds(300));
        }
    }

private:
    static std::string lower(std::string s) {
        for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
        return s;
    }

    std::optional<std::string> read(std::string& line, Clock::time_point deadline) {
        switch (process_->readLine(line, deadline)) {
            case uci::EngineProcess::ReadStatus::Line: return std::nullopt;
            case uci::EngineProcess::ReadStatus::Timeout: return std::string("timed out");
            case uci::EngineProcess::ReadStatus::Closed: return "the engine exited (" + process_->exitDescription() + ")";
            case uci::EngineProcess::ReadStatus::TooLong: return std::string("a line too long");
            default: return std::string("interrupted");
        }
    }

    std::optional<std::string> tryScores(const uci::OptionValues& options, std::vector<int>& out) {
        // A candidate is scored with its options and the engine's defaults for the rest: an option
        // the previous candidate on this process set, and this one does not, goes back to its
        // default (otherwise the score depended on which process a candidate happened to land on).
        std::set<std::string> setNow;
        for (const auto& [name, value] : options) setNow.insert(lower(name));
        for (const auto& previous : setByLastCandidate_) {
            if (setNow.count(previous)) continue;
            const auto& [name, fallback] = options_.at(previous);
            process_->writeLine("setoption name " + name + " value " + fallback);
        }
        setByLastCandidate_ = setNow;
        for (const auto& [name, value] : options) process_->writeLine("setoption name " + name + " value " + value);
        const char* kind = config_.kind == PositionScoreKind::Static ? "static" : "quiescence";
        if (!process_->writeLine(std::string("evalfit scores ") + kind)) return std::string("the engine closed its input");
        out.clear();
        out.reserve(count_);
        // Generous: a quiescence search per position never takes a millisecond on any machine.
        const auto deadline = Clock::now() + std::chrono::seconds(60) + std::chrono::milliseconds(count_);
        std::string line;
        for (;;) {
            if (auto error = read(line, deadline)) return "waiting for evalfit scores: " + *error;
            if (line.rfind("info string ", 0) == 0) {
                if (line.find("error") != std::string::npos) return line.substr(12);  // a refused setoption
                continue;
            }
            if (line.rfind("evalfit error ", 0) == 0) return line.substr(14);
            if (line.rfind("evalfit part", 0) == 0) {
                const char* p = line.data() + 12;
                const char* end = line.data() + line.size();
                while (p < end) {
                    while (p < end && *p == ' ') ++p;
                    if (p >= end) break;
                    int v = 0;
                    auto [next, ec] = std::from_chars(p, end, v);
                    if (ec != std::errc()) return "unreadable score in '" + line.substr(0, 60) + "...'";
                    out.push_back(v);
                    p = next;
                }
                continue;
            }
            if (line.rfind("evalfit scores ", 0) == 0) {
                if (out.size() != count_)
                    return "the engine sent " + std::to_string(out.size()) + " scores for " + std::to_string(count_) + " positions";
                return std::nullopt;
            }
        }
    }

    EvalfitEngineConfig config_;
    std::string positionsPath_;
    std::size_t count_;
    std::unique_ptr<uci::EngineProcess> process_;
    std::map<std::string, std::pair<std::string, std::string>> options_;  // lower-case name -> (name, default)
    std::set<std::string> setByLastCandidate_;                             // lower-case names
};

class FastScorer final : public EvalfitScorer {
public:
    FastScorer(std::unique_ptr<PositionsFile> file, std::vector<std::unique_ptr<FastEngine>> engines)
        : file_(std::move(file)), engines_(std::move(engines)) {}
    bool fastPath() const override { return true; }
    std::size_t workers() const override { return engines_.size(); }

    std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) override {
        std::vector<CandidateScores> out(candidates.size());
        std::atomic<std::size_t> next{0};
        auto work = [&](FastEngine& engine) {
            for (std::size_t i = next++; i < candidates.size(); i = next++) {
                if (stop.stop_requested()) {
                    out[i].failure = "cancelled";
                    continue;
                }
                if (auto error = engine.scores(candidates[i], out[i].q)) {
                    out[i].q.clear();
                    out[i].failure = *error;
                }
            }
        };
        std::vector<std::jthread> threads;
        for (std::size_t w = 1; w < engines_.size(); ++w) threads.emplace_back(work, std::ref(*engines_[w]));
        work(*engines_[0]);
        return out;
    }

private:
    std::unique_ptr<PositionsFile> file_;
    std::vector<std::unique_ptr<FastEngine>> engines_;
};

class UciScorer final : public EvalfitScorer {
public:
    UciScorer(std::unique_ptr<uci::LocalEnginePool> pool, const std::vector<LabelledPosition>& positions, uci::SearchLimit limit)
        : pool_(std::move(pool)), limit_(limit) {
        for (const LabelledPosition& p : positions) {
            fens_.push_back(p.position.fen());
            whiteToMove_.push_back(p.position.sideToMove() == White);
        }
    }
    bool fastPath() const override { return false; }
    std::size_t workers() const override { return pool_->workers(); }

    std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) override {
        std::vector<CandidateScores> out(candidates.size());
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            if (auto problem = pool_->checkOptions(candidates[c])) {
                out[c].failure = *problem;
                continue;
            }
            std::vector<uci::SearchRequest> requests(fens_.size());
            for (std::size_t i = 0; i < fens_.size(); ++i) {
                requests[i].id = i;
                requests[i].fen = fens_[i];
                requests[i].limit = limit_;
                requests[i].options = candidates[c];
            }
            auto batch = pool_->submit(std::move(requests), stop);
            batch->wait();
            std::vector<int>& q = out[c].q;
            q.assign(fens_.size(), 0);
            for (const uci::SearchResult& r : batch->results()) {
                if (r.status != uci::SearchStatus::Completed || !r.score) {
                    out[c].failure = r.status == uci::SearchStatus::Cancelled ? "cancelled"
                                     : "position " + std::to_string(r.id + 1) + ": " +
                                           (r.score ? r.failure : std::string("no score in the engine's info lines"));
                    q.clear();
                    break;
                }
                const int mover = scoreToCentipawns(*r.score);
                q[std::size_t(r.id)] = whiteToMove_[std::size_t(r.id)] ? mover : -mover;
            }
        }
        return out;
    }

private:
    std::unique_ptr<uci::LocalEnginePool> pool_;
    uci::SearchLimit limit_;
    std::vector<std::string> fens_;
    std::vector<bool> whiteToMove_;
};

Result<std::unique_ptr<EvalfitScorer>> makeUciScorer(const EvalfitEngineConfig& config, const std::vector<LabelledPosition>& positions) {
    uci::EngineConfig engine;
    engine.command.program = config.program;
    engine.command.arguments = config.arguments;
    engine.startOptions = config.fixedOptions;
    auto pool = uci::LocalEnginePool::create(engine, config.workers);
    if (!pool) return Error{"engine " + config.program.string() + ": " + pool.error().message};
    return std::unique_ptr<EvalfitScorer>(std::make_unique<UciScorer>(std::move(*pool), positions, config.uciLimit));
}

}  // namespace

Result<std::unique_ptr<EvalfitScorer>> EvalfitScorer::create(const EvalfitEngineConfig& config,
                                                             const std::vector<LabelledPosition>& positions) {
    if (positions.empty()) return Error{"the data set has no positions"};
    if (config.path == EvalfitPath::Uci) return makeUciScorer(config, positions);
    auto file = std::make_unique<PositionsFile>(positions);
    if (file->path().empty()) return Error{"cannot write a temporary positions file"};
    std::vector<std::unique_ptr<FastEngine>> engines;
    const std::size_t workers = std::max<std::size_t>(1, config.workers);
    std::vector<std::optional<std::string>> errors(workers);
    std::vector<bool> unsupported(workers, false);
    for (std::size_t w = 0; w < workers; ++w) engines.push_back(std::make_unique<FastEngine>(config, file->path(), positions.size()));
    {
        std::vector<std::jthread> starts;
        for (std::size_t w = 0; w < workers; ++w)
            starts.emplace_back([&, w] {
                bool u = false;
                errors[w] = engines[w]->start(&u);
                unsupported[w] = u;
            });
    }
    if (errors[0]) {
        if (unsupported[0] && config.path == EvalfitPath::Auto) {
            engines.clear();
            return makeUciScorer(config, positions);
        }
        return Error{"engine " + config.program.string() + ": " + *errors[0]};
    }
    for (std::size_t w = 1; w < workers; ++w)
        if (errors[w]) return Error{"engine " + config.program.string() + ": " + *errors[w]};
    return std::unique_ptr<EvalfitScorer>(std::make_unique<FastScorer>(std::move(file), std::move(engines)));
}

}  // namespace mf::dataset
