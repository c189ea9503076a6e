#include "evolution/dataset/dataset_reader.h"

#include <fstream>
#include <sstream>

#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/text.h"

namespace mf::dataset {

double parseResult(std::string_view text) {
    text = trim(text);
    if (text == "1-0" || text == "1" || text == "1.0" || text == "1.00") return 1.0;
    if (text == "0-1" || text == "0" || text == "0.0" || text == "0.00") return 0.0;
    if (text == "1/2-1/2" || text == "0.5" || text == "0.50" || text == ".5") return 0.5;
    return -1.0;
}

std::string resultText(double result) {
    if (result >= 0.75) return "1-0";
    if (result <= 0.25) return "0-1";
    return "1/2-1/2";
}

namespace {

Result<LabelledPosition> fromBracket(std::string_view line, std::size_t open) {
    const std::size_t close = line.find(']', open);
    if (close == std::string_view::npos) return Error{"the result bracket is not closed"};
    const std::string_view inside = line.substr(open + 1, close - open - 1);
    if (!trim(line.substr(close + 1)).empty())
        return Error{"text after the result bracket: '" + std::string(trim(line.substr(close + 1))) + "'"};
    LabelledPosition out;
    out.result = parseResult(inside);
    if (out.result < 0) return Error{"result '" + std::string(inside) + "' is not 1.0, 0.5 or 0.0"};
    auto pos = Position::fromFen(trim(line.substr(0, open)));
    if (!pos) return Error{"position: " + pos.error().message};
    out.position = std::move(*pos);
    out.position.forgetHistory();  // no search's room for 64 states in each of a million positions
    return out;
}

Result<LabelledPosition> fromEpd(const Result<EpdRecord>& record) {
    if (!record) return Error{record.error().message};
    const EpdOperation* c9 = record->find("c9");
    if (!c9) return Error{"no result: expected a c9 \"1-0\"; opcode or a [1.0] bracket"};
    if (c9->operands.empty()) return Error{"c9 has no result"};
    LabelledPosition out;
    out.result = parseResult(c9->operands.front());
    if (out.result < 0) return Error{"c9 result '" + c9->operands.front() + "' is not 1-0, 1/2-1/2 or 0-1"};
    auto pos = record->position();
    if (!pos) return Error{"position: " + pos.error().message};
    out.position = std::move(*pos);
    out.position.forgetHistory();
    return out;
}

Result<LabelledPosition> parseLabelledLine(std::string_view line) {
    line = trim(line);
    // A line with a c9 opcode is EPD, even with a '[' in a comment or in free text after it (found
    // by fuzz_dataset); otherwise a '[' starts the result of "FEN [1.0]". The EPD parse is tried
    // on bracket lines only when "c9" occurs at all, so that large FEN [r] files are read fast.
    const std::size_t open = line.find('[');
    if (open == std::string_view::npos) return fromEpd(parseEpdLine(line));
    if (line.find("c9") != std::string_view::npos) {
        auto record = parseEpdLine(line);
        if (record && record->find("c9")) return fromEpd(record);
    }
    return fromBracket(line, open);
}

// Checkmate and stalemate: the rules give the result, so no weight changes the error it adds, and
// engines answer `go` there with `bestmove (none)` and no score (Glaurung 2.2 in its own games).
Result<LabelledPosition> withLegalMove(Result<LabelledPosition> read) {
    if (read && countLegalMoves(read->position) == 0)
        return Error{read->position.inCheck() ? "checkmate: no legal move, nothing to score"
                                               : "stalemate: no legal move, nothing to score"};
    return read;
}

}  // namespace

Result<LabelledPosition> parseDatasetLine(std::string_view line) {
    return withLegalMove(parseLabelledLine(line));
}

Dataset parseDataset(std::string_view text, const std::string& name) {
    Dataset out;
    out.path = name;
    int number = 0;
    bool inHeader = true;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++number;
        line = trim(line);
        if (line.empty()) continue;
        if (line.front() == '#') {
            if (inHeader) out.header.emplace_back(trim(line.substr(1)));
            continue;
        }
        inHeader = false;
        auto parsed = parseDatasetLine(line);
        if (!parsed) {
            out.errors.push_back({number, parsed.error().message});
            continue;
        }
        parsed->line = number;
        out.positions.push_back(std::move(*parsed));
    }
    return out;
}

Dataset readDataset(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Dataset out;
        out.path = path;
        out.errors.push_back({0, "cannot open the file"});
        return out;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseDataset(text.str(), path);
}

std::string describeError(const Dataset& dataset, const DatasetLineError& error) {
    return dataset.path + ":" + std::to_string(error.line) + ": " + error.message;
}

}  // namespace mf::dataset
