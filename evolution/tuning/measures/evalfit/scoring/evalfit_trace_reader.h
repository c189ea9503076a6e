#pragma once
// Reads the answer to `evalfit trace` (the README's "The evalfit extension": an engine's score of
// each loaded position as constant + sum of coefficient x weight) into a TraceTable, strictly,
// line by line, so the same reader serves the probe's conformance check, the trace builder of a
// tuning run and tests that feed it tables of engine output. The grammar:
//
//   evalfit terms N              N: 1..65536, how many term lines follow
//   evalfit term I NAME          I = 0, 1, ..., N-1 in order; NAME: the rest of the line (a UCI
//                                option name, spaces allowed), not empty, no two alike (case aside)
//   evalfit t C I:V I:V ...      a line per position in file order: C the constant, I a term
//                                index below N (each at most once), V its coefficient; a term left
//                                out is 0. C and V: finite decimals (from_chars' general format)
//   evalfit traced M             M: how many `evalfit t` lines came (and, when the count of
//                                positions is known, that count)
//   evalfit error TEXT           instead, at any point: the engine refuses (TEXT kept)
//
// Lines that do not start with "evalfit" (info strings, noise) are skipped. The first fault is
// kept, named with the answer's line number, the position (for `evalfit t` lines), the field and
// what was expected; reading goes on to the closing line so the engine stays in step.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

namespace mf::dataset {

class EvalfitTraceReader {
public:
    enum class Status {
        More,   // the answer goes on
        Done,   // `evalfit traced M` closed a well-formed answer: table() is complete
        Error,  // the answer is over (closing line or `evalfit error`) and it has a fault
    };

    // `positions`: how many positions the engine has loaded, when known (the closing count must
    // match it); the caller's expectation, not a limit on what is read.
    explicit EvalfitTraceReader(std::optional<std::size_t> positions = std::nullopt);

    // Takes the answer's next line.
    Status feed(std::string_view line);
    // The answer ended without its closing line (the fence's readyok came, the engine quit):
    // a fault unless the answer was already over. Returns the status after it.
    Status endOfAnswer(std::string_view why);

    Status status() const;
    bool started() const { return lines_ > 0; }  // an `evalfit` line came
    bool failed() const { return !fault_.empty(); }
    // "line 24 (position 3), field 4 '7:1.5x': the coefficient '1.5x' is not a number (expected I:V ...)"
    const std::string& fault() const { return fault_; }
    std::optional<std::size_t> faultPosition() const { return faultPosition_; }  // 0-based
    // The TEXT of `evalfit error TEXT` when the engine answered that (the answer is then Error).
    const std::optional<std::string>& engineError() const { return engineError_; }
    // `evalfit error` was the engine's first `evalfit` line: it has no trace, or refuses it outright.
    bool refused() const { return engineError_ && lines_ == 1; }

    const TraceTable& table() const { return table_; }
    TraceTable takeTable() { return std::move(table_); }

private:
    enum class Expect { Terms, TermLine, Rows, Nothing };
    void fail(std::string text, std::optional<std::size_t> position = std::nullopt);
    std::string where(std::optional<std::size_t> position = std::nullopt) const;  // "line L (position P)"
    void readTerms(std::string_view rest);
    void readTermLine(std::string_view rest);
    void readRow(std::string_view rest);
    void readClosing(std::string_view rest);

    std::optional<std::size_t> positions_;
    Expect expect_ = Expect::Terms;
    std::size_t lineNumber_ = 0;  // of the answer, every line counted
    std::size_t lines_ = 0;       // `evalfit` lines among them
    std::size_t termCount_ = 0;
    std::vector<std::string> names_;
    std::size_t rows_ = 0;        // `evalfit t` lines read
    std::vector<std::size_t> seenInRow_;  // per term: the row+1 it last appeared in (duplicates)
    std::vector<TraceEntry> entries_;
    TraceTable table_;
    bool over_ = false;
    std::string fault_;
    std::optional<std::size_t> faultPosition_;
    std::optional<std::string> engineError_;
};

}  // namespace mf::dataset
