#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

#include "engine/whole_number.h"

namespace mf::dataset {
namespace {

bool startsWith(std::string_view line, std::string_view prefix) { return line.substr(0, prefix.size()) == prefix; }

std::string quoted(std::string_view token) {
    return "'" + std::string(token.substr(0, 24)) + (token.size() > 24 ? "...'" : "'");
}

}  // namespace

EvalfitScoresReader::EvalfitScoresReader(std::size_t count) : count_(count) { scores_.reserve(count); }

void EvalfitScoresReader::fail(std::string text, std::optional<std::size_t> position) {
    if (!fault_.empty()) return;
    fault_ = std::move(text);
    faultPosition_ = position;
}

bool EvalfitScoresReader::feed(std::string_view line) {
    if (startsWith(line, "evalfit error")) {
        fail("the engine answered '" + std::string(line.substr(0, 200)) + "'", std::nullopt);
        return true;
    }
    if (startsWith(line, "evalfit part")) {
        std::string_view rest = line.substr(12);
        while (!rest.empty()) {
            const std::size_t start = rest.find_first_not_of(' ');
            if (start == std::string_view::npos) break;
            rest.remove_prefix(start);
            const std::string_view token = rest.substr(0, rest.find(' '));
            rest.remove_prefix(token.size());
            const std::size_t position = scores_.size();
            const std::optional<int> value = parseWholeNumber<int>(token);
            if (!value) {
                fail("score " + std::to_string(position + 1) + " " + quoted(token) + " is not a whole number (position " +
                         std::to_string(position + 1) + ")",
                     position);
            }
            // A bad score is counted too, so the positions after it keep their numbers.
            scores_.push_back(value.value_or(0));
        }
        if (scores_.size() > count_)
            fail("the engine sent more scores than the " + std::to_string(count_) + " positions loaded", std::nullopt);
        return false;
    }
    if (startsWith(line, "evalfit scores")) {
        std::string_view said = line.substr(14);
        while (!said.empty() && said.front() == ' ') said.remove_prefix(1);
        const std::optional<std::size_t> announced = parseWholeNumber<std::size_t>(said);
        if (scores_.size() < count_)
            fail("the engine sent " + std::to_string(scores_.size()) + " scores for " + std::to_string(count_) +
                     " positions (position " + std::to_string(scores_.size() + 1) + " has none)",
                 scores_.size());
        else if (!announced)
            fail("the closing line '" + std::string(line.substr(0, 60)) + "' has no count", std::nullopt);
        else if (*announced != scores_.size())
            fail("the closing line says " + std::to_string(*announced) + " scores, " + std::to_string(scores_.size()) +
                     " were sent",
                 std::nullopt);
        return true;
    }
    return false;
}

TraceAnswer exchangeEvalfitTrace(uci::EngineSession& session, const uci::OptionValues& options, PositionScoreKind kind,
                                 EvalfitTraceReader& reader, std::chrono::milliseconds budget, std::stop_token stop) {
    const char* command = kind == PositionScoreKind::Static ? "evalfit trace static" : "evalfit trace quiescence";
    auto onLine = [&](std::string_view line) {
        if (line != "readyok") {
            reader.feed(line);
            return false;
        }
        if (reader.started()) reader.endOfAnswer("readyok came");
        return true;
    };
    TraceAnswer answer;
    if (auto fault = session.exchange(options, std::string(command) + "\nisready", onLine, budget, stop)) {
        answer.detail = *fault;
        return answer;
    }
    if (!reader.started()) {
        answer.kind = TraceAnswer::Kind::NoTrace;
        answer.detail = "readyok came first";
    } else if (reader.refused()) {
        answer.kind = TraceAnswer::Kind::NoTrace;
        answer.detail = "the engine answered 'evalfit error " + *reader.engineError() + "'";
    } else if (reader.failed()) {
        answer.detail = reader.fault();
    } else {
        answer.kind = TraceAnswer::Kind::Traced;
    }
    return answer;
}

PositionsFile::PositionsFile(const std::vector<std::string>& fens)
    : PositionsFile([&fens](std::ostream& out) {
          for (const std::string& fen : fens) out << fen << '\n';
          return true;
      }) {}

PositionsFile::PositionsFile(const std::function<bool(std::ostream&)>& write) {
    std::string pattern = (std::filesystem::temp_directory_path() / "matefind-evalfit-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) return;
    ::close(fd);
    path_ = pattern;
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    if (!write(out) || !out.flush()) {
        std::remove(path_.c_str());
        path_.clear();
    }
}

PositionsFile::~PositionsFile() {
    if (!path_.empty()) std::remove(path_.c_str());
}

namespace {

// The process holds the loaded positions: a new one at a weight change would have none.
uci::EngineConfig keepingTheProcess(uci::EngineConfig config) {
    config.freshProcessOnOptionChange = false;
    return config;
}

}  // namespace

ExtensionEngine::ExtensionEngine(uci::EngineConfig config, std::string positionsPath, std::size_t count)
    : session_(keepingTheProcess(std::move(config))), positionsPath_(std::move(positionsPath)), count_(count) {}

std::chrono::milliseconds ExtensionEngine::budget() const {
    // Generous: loading or scoring a position never takes a millisecond on any machine.
    return std::chrono::seconds(60) + std::chrono::milliseconds(count_);
}

ExtensionEngine::LoadOutcome ExtensionEngine::load(std::stop_token stop) {
    LoadOutcome outcome;
    bool answered = false;  // an `evalfit` line came before readyok
    std::string error, other;
    auto onLine = [&](std::string_view line) {
        if (line == "readyok") return true;
        if (startsWith(line, "evalfit loaded ")) {
            answered = true;
            const std::string said(line.substr(15));
            if (said != std::to_string(count_))
                error = "the engine loaded " + said + " positions, expected " + std::to_string(count_);
        } else if (startsWith(line, "evalfit error")) {
            answered = true;
            error = std::string(line.size() > 14 ? line.substr(14) : std::string_view("(no reason given)"));
        } else if (other.empty()) {
            other = std::string(line.substr(0, 120));
        }
        return false;
    };
    if (auto fault = session_.exchange({}, "evalfit load " + positionsPath_ + "\nisready", onLine, budget(), stop)) {
        outcome.detail = *fault;
        return outcome;
    }
    if (!answered) {
        outcome.loaded = Loaded::NoExtension;
        outcome.detail = other.empty() ? "readyok came first" : "readyok came first, after '" + other + "'";
        return outcome;
    }
    if (!error.empty()) {
        outcome.detail = "evalfit load: " + error;
        return outcome;
    }
    outcome.loaded = Loaded::Yes;
    return outcome;
}

std::optional<std::string> ExtensionEngine::scoresOnce(const uci::OptionValues& options, PositionScoreKind kind,
                                                       EvalfitScoresReader& reader, std::stop_token stop) {
    const char* command = kind == PositionScoreKind::Static ? "evalfit scores static" : "evalfit scores quiescence";
    if (auto fault = session_.exchange(options, command, [&](std::string_view line) { return reader.feed(line); },
                                       budget(), stop))
        return fault;
    if (reader.failed()) return reader.fault();
    return std::nullopt;
}

std::optional<std::string> ExtensionEngine::scores(const uci::OptionValues& options, PositionScoreKind kind,
                                                   std::vector<int>& out, std::stop_token stop) {
    out.clear();
    for (int attempt = 1;; ++attempt) {
        EvalfitScoresReader reader(count_);
        auto error = scoresOnce(options, kind, reader, stop);
        if (!error) {
            out = reader.scores();
            return std::nullopt;
        }
        if (stop.stop_requested()) return std::string("cancelled");
        if (error->rfind("invalid option", 0) == 0 || attempt == 2) return error;
        // A fresh process, loaded again, gets one more try.
        session_.shutdown();
        const LoadOutcome again = load(stop);
        if (again.loaded != Loaded::Yes)
            return *error + "; restart failed: " + (again.detail.empty() ? "no evalfit extension" : again.detail);
    }
}


TraceAnswer ExtensionEngine::traceOnce(const uci::OptionValues& options, PositionScoreKind kind, EvalfitTraceReader& reader,
                                       std::stop_token stop) {
    return exchangeEvalfitTrace(session_, options, kind, reader, budget(), stop);
}

std::optional<std::string> ExtensionEngine::trace(const uci::OptionValues& options, PositionScoreKind kind, TraceTable& out,
                                                  std::stop_token stop) {
    for (int attempt = 1;; ++attempt) {
        EvalfitTraceReader reader(count_);
        const TraceAnswer answer = traceOnce(options, kind, reader, stop);
        if (answer.kind == TraceAnswer::Kind::Traced) {
            out = reader.takeTable();
            return std::nullopt;
        }
        if (answer.kind == TraceAnswer::Kind::NoTrace) return "no evalfit trace: " + answer.detail;
        if (stop.stop_requested()) return std::string("cancelled");
        // A malformed answer is the engine's way, not an accident: a fresh process would repeat it.
        if (reader.failed() || answer.detail.rfind("invalid option", 0) == 0 || attempt == 2) return answer.detail;
        session_.shutdown();
        const LoadOutcome again = load(stop);
        if (again.loaded != Loaded::Yes)
            return answer.detail + "; restart failed: " + (again.detail.empty() ? "no evalfit extension" : again.detail);
    }
}

}  // namespace mf::dataset
