// Labelled-position files (EPD with c9 "1-0";, FEN with [1.0]): every broken line is reported
// with a number of a line that exists and is not blank or a comment, and says why; every position
// read has a line number of its own, and its result is 1, 0.5 or 0; what is read, written back
// with the writer (header included) and read again gives the same positions (the four EPD fields)
// with the same results and no error. A line that parses as an EPD record with a legal position
// and a usable c9 result is read as a position, whatever else it holds.
#include <set>
#include <string>

#include "engine/epd.h"
#include "engine/text.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/dataset/dataset_writer.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

bool isResult(double r) { return r == 0.0 || r == 0.5 || r == 1.0; }

// Whether the line is a valid labelled EPD record by the EPD parser's own reading.
bool isLabelledEpd(std::string_view line) {
    auto record = mf::parseEpdLine(line);
    if (!record) return false;
    const mf::EpdOperation* c9 = record->find("c9");
    if (!c9 || c9->operands.empty() || mf::dataset::parseResult(c9->operands.front()) < 0) return false;
    return record->position().ok();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf::dataset;
    namespace fuzz = mf::fuzz;
    const auto text = fuzz::asText(data, size);
    const auto lines = fuzz::lines(text);
    const Dataset read = parseDataset(text, "fuzz.epd");

    // Every line number names a line that exists and holds something other than a comment.
    const auto nameOf = [&](int line) { return "line " + std::to_string(line) + " of " + std::to_string(lines.size()); };
    std::set<int> used;
    for (const DatasetLineError& error : read.errors) {
        fuzz::require(error.line >= 1 && static_cast<std::size_t>(error.line) <= lines.size(), "a broken line's number exists",
                      nameOf(error.line) + ": " + error.message);
        const std::string_view line = mf::trim(lines[error.line - 1]);
        fuzz::require(!line.empty() && line.front() != '#', "a broken line is not blank or a comment", nameOf(error.line));
        fuzz::require(!error.message.empty(), "a broken line says why", nameOf(error.line));
        fuzz::require(used.insert(error.line).second, "a line is reported once", nameOf(error.line));
    }
    for (const LabelledPosition& p : read.positions) {
        fuzz::require(p.line >= 1 && static_cast<std::size_t>(p.line) <= lines.size(), "a position's line number exists",
                      nameOf(p.line));
        fuzz::require(used.insert(p.line).second, "a line gives one position or one error", nameOf(p.line));
        fuzz::require(isResult(p.result), "a result is 1, 0.5 or 0", std::to_string(p.result));
    }
    // A labelled EPD record by the EPD parser's reading is not refused by the dataset reader.
    for (const DatasetLineError& error : read.errors) {
        const std::string_view line = lines[error.line - 1];
        fuzz::require(!isLabelledEpd(line), "a valid EPD record with c9 and a legal position is read",
                      std::string(line) + "\n-> " + error.message);
    }

    // Written back and read again: the same positions and results, the same header, no error.
    const std::string written = writeDataset(read.header, read.positions);
    const Dataset again = parseDataset(written, "again.epd");
    const auto report = [&](const std::string& what) { return what + "\nwritten:\n" + written; };
    fuzz::require(again.errors.empty(), "what the writer wrote reads without error",
                  report(again.errors.empty() ? std::string() : describeError(again, again.errors.front())));
    fuzz::require(again.positions.size() == read.positions.size(), "the writer keeps every position",
                  report(std::to_string(read.positions.size()) + " read, " + std::to_string(again.positions.size()) + " again"));
    fuzz::require(again.header == read.header, "the writer keeps the header", report({}));
    for (std::size_t i = 0; i < read.positions.size(); ++i) {
        const std::string before = read.positions[i].position.epdFields(), after = again.positions[i].position.epdFields();
        fuzz::require(before == after, "a written position reads back the same", report(before + "\n" + after));
        fuzz::require(again.positions[i].position.key() == read.positions[i].position.key(),
                      "a written position reads back with the same key", report(before));
        fuzz::require(again.positions[i].result == read.positions[i].result, "a written result reads back the same",
                      report(before));
    }
    return 0;
}
