#pragma once
// The client side of the evalfit extension: an engine that scores a whole file of positions per
// weight set in one command, instead of one UCI search per position (docs/protocol-evalfit.md
// is the protocol an engine author follows; matefind-engine speaks it). The exchange:
//
//   > evalfit load PATH          PATH: one FEN per line
//   > isready                    the fence (below)
//   < evalfit loaded N           or: evalfit error TEXT
//   < readyok
//   > setoption name ... value ...   a candidate's weights (any other option: its default)
//   > evalfit scores quiescence  or: evalfit scores static
//   < evalfit part V1 V2 ...     White's view in centipawns, file order, any number per line
//   < evalfit scores N           N = the number of scores sent
//
// The fence decides, without waiting, whether an engine has the extension: commands are
// answered in order, so an engine that knows `evalfit load` says `evalfit loaded` (or `evalfit
// error`) before the `readyok` of the `isready` behind it; an engine that does not ignores the
// line or answers it with anything else, and its `readyok` comes at once.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_reader.h"
#include "evolution/tuning/measures/evalfit/trace/trace_table.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"

namespace mf::dataset {

// Reads the answer to `evalfit scores` for `count` positions, line by line (pure, so the tests
// feed it tables of engine output). A fault is kept (the first one) and named with the position
// it concerns; reading goes on to the closing `evalfit scores N` line so the engine stays in step.
class EvalfitScoresReader {
public:
    explicit EvalfitScoresReader(std::size_t count);
    // Takes one line of the engine's answer; true when the answer is complete (the closing line,
    // or `evalfit error TEXT`). Other lines (info strings, noise) are skipped.
    bool feed(std::string_view line);
    bool failed() const { return !fault_.empty(); }
    // "score 7 'x12' is not a number (position 7)", "the engine sent 31 scores for 32 positions
    // (position 32 has none)", "the closing line says 33 scores, 32 were sent", ...
    const std::string& fault() const { return fault_; }
    // The 0-based index of the position the fault concerns, when it concerns one.
    std::optional<std::size_t> faultPosition() const { return faultPosition_; }
    const std::vector<int>& scores() const { return scores_; }

private:
    void fail(std::string text, std::optional<std::size_t> position);
    std::size_t count_;
    std::vector<int> scores_;
    std::string fault_;
    std::optional<std::size_t> faultPosition_;
};

// The outcome of one `evalfit trace` exchange.
struct TraceAnswer {
    enum class Kind {
        Traced,   // the reader is Done: its table holds every position
        NoTrace,  // the engine has no trace: readyok came first, or `evalfit error` was its answer
        Failed,   // a fault of the answer (the reader's) or of the engine (exit, timeout)
    };
    Kind kind = Kind::Failed;
    std::string detail;  // NoTrace: what the engine said; Failed: the fault
};

// `evalfit trace static|quiescence` behind the fence (`isready` in the same write), on a started
// or not yet started session: `options` as for a search, every line to `reader` until the closing
// line, then up to readyok. An engine that ignores the command is told apart by its readyok at
// once, as `evalfit load` is; one that stops answering is killed after `budget`.
TraceAnswer exchangeEvalfitTrace(uci::EngineSession& session, const uci::OptionValues& options, PositionScoreKind kind,
                                 EvalfitTraceReader& reader, std::chrono::milliseconds budget, std::stop_token stop = {});

// A temporary file of FEN lines for `evalfit load`, removed with the object.
class PositionsFile {
public:
    explicit PositionsFile(const std::vector<std::string>& fens);
    // The file written by `write` (false: it failed, and the file is not kept), for positions
    // that are streamed from elsewhere instead of held as FENs all at once.
    explicit PositionsFile(const std::function<bool(std::ostream&)>& write);
    ~PositionsFile();
    PositionsFile(const PositionsFile&) = delete;
    PositionsFile& operator=(const PositionsFile&) = delete;
    const std::string& path() const { return path_; }  // empty when it could not be written

private:
    std::string path_;
};

// One engine process speaking the extension, on top of a UCI session (handshake, options, fault
// containment).
class ExtensionEngine {
public:
    enum class Loaded { Yes, NoExtension, Failed };
    struct LoadOutcome {
        Loaded loaded = Loaded::Failed;
        std::string detail;  // Failed: why; NoExtension: what the engine said instead, if anything
    };

    ExtensionEngine(uci::EngineConfig config, std::string positionsPath, std::size_t count);
    // Starts the engine and loads the positions behind the fence. An engine without the
    // extension is NoExtension as soon as its readyok arrives.
    LoadOutcome load(std::stop_token stop = {});
    // One weight set's scores; restarts the engine (and reloads) once when it fails.
    std::optional<std::string> scores(const uci::OptionValues& options, PositionScoreKind kind, std::vector<int>& out,
                                      std::stop_token stop = {});
    // One try, no restart, and the reader kept for a conformance check to inspect.
    std::optional<std::string> scoresOnce(const uci::OptionValues& options, PositionScoreKind kind,
                                          EvalfitScoresReader& reader, std::stop_token stop = {});
    // One trace at `options`, no restart, the reader kept for a conformance check to inspect.
    TraceAnswer traceOnce(const uci::OptionValues& options, PositionScoreKind kind, EvalfitTraceReader& reader,
                          std::stop_token stop = {});
    // One trace at `options` into `out`; restarts the engine (and reloads) once when it fails. The
    // error (with "no evalfit trace: " in front when the engine has none), or std::nullopt.
    std::optional<std::string> trace(const uci::OptionValues& options, PositionScoreKind kind, TraceTable& out,
                                     std::stop_token stop = {});
    uci::EngineSession& session() { return session_; }
    std::size_t count() const { return count_; }

private:
    std::chrono::milliseconds budget() const;
    uci::EngineSession session_;
    std::string positionsPath_;
    std::size_t count_;
};

}  // namespace mf::dataset
