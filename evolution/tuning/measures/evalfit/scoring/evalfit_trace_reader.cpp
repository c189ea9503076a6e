#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/text.h"
#include "engine/whole_number.h"

namespace mf::dataset {
namespace {

// The most term columns a TraceTable holds (16-bit indices).
constexpr std::size_t kMaxTerms = 65536;

std::string quoted(std::string_view token) {
    return "'" + std::string(token.substr(0, 40)) + (token.size() > 40 ? "...'" : "'");
}

// The next space-separated word of `rest` (removed from it); empty at the end.
std::string_view nextWord(std::string_view& rest) {
    const std::size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) {
        rest = {};
        return {};
    }
    rest.remove_prefix(start);
    const std::string_view word = rest.substr(0, rest.find(' '));
    rest.remove_prefix(word.size());
    return word;
}

std::optional<double> finiteNumber(std::string_view text) {
    const std::optional<double> value = parseWholeNumber<double>(text);
    if (!value || !std::isfinite(*value)) return std::nullopt;
    return value;
}

std::string lowerCase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

}  // namespace

EvalfitTraceReader::EvalfitTraceReader(std::optional<std::size_t> positions) : positions_(positions) {}

void EvalfitTraceReader::fail(std::string text, std::optional<std::size_t> position) {
    if (!fault_.empty()) return;
    fault_ = std::move(text);
    faultPosition_ = position;
}

std::string EvalfitTraceReader::where(std::optional<std::size_t> position) const {
    std::string text = "line " + std::to_string(lineNumber_);
    if (position) text += " (position " + std::to_string(*position + 1) + ")";
    return text;
}

EvalfitTraceReader::Status EvalfitTraceReader::status() const {
    if (!over_) return Status::More;
    return failed() ? Status::Error : Status::Done;
}

EvalfitTraceReader::Status EvalfitTraceReader::feed(std::string_view line) {
    if (over_) return status();
    ++lineNumber_;
    line = trim(line);
    if (line != "evalfit" && line.substr(0, 8) != "evalfit ") return status();
    ++lines_;
    std::string_view rest = line.substr(std::min<std::size_t>(8, line.size()));
    const std::string_view keyword = nextWord(rest);
    if (keyword == "error") {
        engineError_ = std::string(trim(rest));
        fail("the engine answered 'evalfit error " + std::string(trim(rest).substr(0, 200)) + "'");
        over_ = true;
    } else if (keyword == "traced") {
        readClosing(rest);
        over_ = true;
    } else if (expect_ == Expect::Terms && keyword == "terms") {
        readTerms(rest);
    } else if (expect_ == Expect::TermLine && keyword == "term") {
        readTermLine(rest);
    } else if (expect_ == Expect::Rows && keyword == "t") {
        readRow(rest);
    } else {
        const char* expected = expect_ == Expect::Terms      ? "'evalfit terms N' first"
                               : expect_ == Expect::TermLine ? "the next 'evalfit term I NAME'"
                                                             : "'evalfit t C I:V ...' or the closing 'evalfit traced M'";
        fail(where() + ": expected " + expected + ", got " + quoted(line));
        if (expect_ != Expect::Rows) expect_ = Expect::Nothing;
    }
    return status();
}

EvalfitTraceReader::Status EvalfitTraceReader::endOfAnswer(std::string_view why) {
    if (over_) return status();
    fail("the answer ended (" + std::string(why) + ") before its closing 'evalfit traced M' line, after " +
         std::to_string(rows_) + " positions");
    over_ = true;
    return status();
}

void EvalfitTraceReader::readTerms(std::string_view rest) {
    const std::string_view word = nextWord(rest);
    const std::optional<std::size_t> count = parseWholeNumber<std::size_t>(word);
    if (!count || *count == 0 || *count > kMaxTerms || !trim(rest).empty()) {
        fail(where() + ": 'evalfit terms N' needs N, a whole number from 1 to " + std::to_string(kMaxTerms) + ", got " +
             quoted(word));
        expect_ = Expect::Nothing;
        return;
    }
    termCount_ = *count;
    names_.reserve(termCount_);
    expect_ = Expect::TermLine;
}

void EvalfitTraceReader::readTermLine(std::string_view rest) {
    const std::string_view word = nextWord(rest);
    const std::optional<std::size_t> index = parseWholeNumber<std::size_t>(word);
    const std::string_view name = trim(rest);
    if (!index || *index != names_.size()) {
        fail(where() + ": 'evalfit term I NAME' needs I = " + std::to_string(names_.size()) + " (the terms in order), got " +
             quoted(word));
        expect_ = Expect::Nothing;
        return;
    }
    if (name.empty()) {
        fail(where() + ": term " + std::to_string(*index) + " has no name");
        expect_ = Expect::Nothing;
        return;
    }
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (lowerCase(names_[i]) == lowerCase(name)) {
            fail(where() + ": term " + std::to_string(*index) + " " + quoted(name) + " has the name of term " + std::to_string(i));
            expect_ = Expect::Nothing;
            return;
        }
    names_.emplace_back(name);
    if (names_.size() == termCount_) {
        table_.setTerms(names_);
        seenInRow_.assign(termCount_, 0);
        expect_ = Expect::Rows;
    }
}

void EvalfitTraceReader::readRow(std::string_view rest) {
    const std::size_t position = rows_;
    const std::string_view constantText = nextWord(rest);
    const std::optional<double> constant = finiteNumber(constantText);
    if (!constant) {
        fail(where(position) + ", field 1 " + quoted(constantText) + ": the constant C is not a finite number", position);
        ++rows_;
        return;
    }
    entries_.clear();
    std::size_t field = 1;
    for (std::string_view word = nextWord(rest); !word.empty(); word = nextWord(rest)) {
        ++field;
        const std::string prefix = where(position) + ", field " + std::to_string(field) + " " + quoted(word) + ": ";
        const std::size_t colon = word.find(':');
        const std::optional<std::size_t> term =
            colon == std::string_view::npos ? std::nullopt : parseWholeNumber<std::size_t>(word.substr(0, colon));
        if (!term) {
            fail(prefix + "expected I:V, a term index, a colon and a coefficient", position);
            break;
        }
        if (*term >= termCount_) {
            fail(prefix + "term " + std::to_string(*term) + " is not below the " + std::to_string(termCount_) +
                     " terms announced",
                 position);
            break;
        }
        const std::optional<double> coefficient = finiteNumber(word.substr(colon + 1));
        if (!coefficient) {
            fail(prefix + "the coefficient " + quoted(word.substr(colon + 1)) + " is not a finite number", position);
            break;
        }
        if (seenInRow_[*term] == position + 1) {
            fail(prefix + "term " + std::to_string(*term) + " appears twice on the line", position);
            break;
        }
        seenInRow_[*term] = position + 1;
        entries_.push_back({static_cast<std::uint32_t>(*term), *coefficient});
    }
    // Rows after a fault are counted (the closing line is checked) but not kept.
    if (!failed()) table_.addPosition(*constant, entries_);
    ++rows_;
}

void EvalfitTraceReader::readClosing(std::string_view rest) {
    const std::string_view word = nextWord(rest);
    const std::optional<std::size_t> said = parseWholeNumber<std::size_t>(word);
    if (expect_ != Expect::Rows) {
        fail(where() + ": the closing 'evalfit traced' came before the " +
             (expect_ == Expect::Terms ? std::string("'evalfit terms N' line")
                                       : std::to_string(termCount_) + " term lines announced"));
    } else if (!said || !trim(rest).empty()) {
        fail(where() + ": 'evalfit traced M' needs M, a whole number, got " + quoted(word));
    } else if (*said != rows_) {
        fail(where() + ": 'evalfit traced " + std::to_string(*said) + "' but " + std::to_string(rows_) +
             " positions were traced");
    } else if (positions_ && rows_ < *positions_) {
        fail(where() + ": the engine traced " + std::to_string(rows_) + " positions, " + std::to_string(*positions_) +
                 " are loaded (position " + std::to_string(rows_ + 1) + " has no trace)",
             rows_);
    } else if (positions_ && rows_ > *positions_) {
        fail(where() + ": the engine traced " + std::to_string(rows_) + " positions, only " + std::to_string(*positions_) +
             " are loaded");
    }
    expect_ = Expect::Nothing;
}

}  // namespace mf::dataset
