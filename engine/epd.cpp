#include "engine/epd.h"

#include "engine/notation.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace mf {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\0'; }

bool isInteger(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// EPD's opcode syntax: a letter, then letters, digits or '_'. Anything else (a quoted string, a
// move number) cannot be written back as an opcode: parseEpdLine keeps such an operation as free
// text (empty opcode, the text as its one operand).
bool isOpcode(std::string_view op) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    return !op.empty() && letter(op.front())
           && std::all_of(op.begin(), op.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9') || c == '_'; });
}

bool isCommentOpcode(std::string_view op) {
    return op == "id" || (op.size() == 2 && op[0] == 'c' && op[1] >= '0' && op[1] <= '9');
}

// Operands of one operation: blank-separated words, or "quoted strings" kept whole.
std::vector<std::string> splitOperands(std::string_view text, int& unterminatedQuote) {
    std::vector<std::string> out;
    bool lastWasWord = false;  // a quoted string never takes a check sign (it would not survive writing)
    std::size_t i = 0;
    while (i < text.size()) {
        if (isBlank(text[i])) {
            ++i;
            continue;
        }
        if (text[i] == '"') {
            const auto close = text.find('"', i + 1);
            if (close == std::string_view::npos) {
                unterminatedQuote = int(i);
                out.emplace_back(text.substr(i + 1));
                break;
            }
            out.emplace_back(text.substr(i + 1, close - i - 1));
            lastWasWord = false;
            i = close + 1;
            continue;
        }
        const std::size_t start = i;
        while (i < text.size() && !isBlank(text[i]) && text[i] != '"') ++i;
        const std::string_view word = text.substr(start, i - start);
        // "Qd1 +": a check sign standing alone belongs to the move before it.
        if ((word == "+" || word == "#") && lastWasWord) out.back() += word;
        else out.emplace_back(word);
        lastWasWord = true;
    }
    return out;
}

std::string formatOperand(const std::string& opcode, const std::string& operand) {
    // Quoted whenever the reader would otherwise split or end it: any character isBlank()
    // counts (a NUL too, found by fuzz_epd), ';' and '"'.
    // A lone "+" or "#" too: unquoted, the reader would join it to the operand before it.
    const bool needsQuotes = isCommentOpcode(opcode) || operand.empty() || operand == "+" || operand == "#"
                             || std::any_of(operand.begin(), operand.end(),
                                            [](char c) { return isBlank(c) || c == ';' || c == '"'; });
    if (!needsQuotes) return operand;
    std::string clean;
    for (char c : operand)
        if (c != '"') clean += c; // EPD has no escape for a quote inside a string
    return '"' + clean + '"';
}

// Some suites carry a castling right that the pieces cannot have (no rook in the corner). Drops
// such rights; returns the repaired fields and the letters dropped, or nothing if that does not help.
std::optional<std::pair<std::string, std::string>> dropImpossibleCastling(const std::string& positionFields) {
    std::istringstream in(positionFields);
    std::vector<std::string> parts{std::istream_iterator<std::string>(in), {}};
    if (parts.size() < 4 || parts[2] == "-") return std::nullopt;
    std::string kept, dropped;
    for (char c : parts[2]) {
        const std::string probe = parts[0] + ' ' + parts[1] + ' ' + std::string(1, c) + " -";
        (Position::fromFen(probe) ? kept : dropped) += c;
    }
    if (dropped.empty()) return std::nullopt;
    parts[2] = kept.empty() ? "-" : kept;
    std::string fields;
    for (const auto& p : parts) fields += (fields.empty() ? "" : " ") + p;
    return std::make_pair(fields, dropped);
}

} // namespace

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
    for (const auto& op : operations)
        if (op.opcode == opcode) return &op;
    return nullptr;
}

std::string EpdRecord::id() const {
    const EpdOperation* op = find("id");
    return op && !op->operands.empty() ? op->operands.front() : std::string();
}

Result<Position> EpdRecord::position() const {
    std::string fen = positionFields;
    const EpdOperation* hmvc = find("hmvc");
    const EpdOperation* fmvn = find("fmvn");
    std::istringstream fields(positionFields);
    const std::vector<std::string> parts{std::istream_iterator<std::string>(fields), {}};
    if (parts.size() == 4 && (hmvc || fmvn)) {
        const auto counter = [](const EpdOperation* op, const char* fallback) {
            return op && !op->operands.empty() ? op->operands.front() : std::string(fallback);
        };
        fen += ' ' + counter(hmvc, "0") + ' ' + counter(fmvn, "1");
    }
    return Position::fromFen(fen);
}

std::string EpdRecord::toString() const {
    std::string out = positionFields;
    for (const auto& op : operations) {
        out += ' ';
        if (op.opcode.empty()) {  // free text, kept verbatim by parseEpdLine
            // Right after the position a number would be read as a move counter: a ';' first
            // makes it an operation again.
            if (&op == &operations.front()) out += "; ";
            for (const auto& text : op.operands) out += text;
            out += ';';
            continue;
        }
        out += op.opcode;
        for (const auto& operand : op.operands) out += ' ' + formatOperand(op.opcode, operand);
        out += ';';
    }
    return out;
}

Result<EpdRecord> parseEpdLine(std::string_view line) {
    EpdRecord record;
    std::size_t i = 0;
    auto nextWord = [&](std::size_t& start) -> std::string_view {
        while (i < line.size() && isBlank(line[i])) ++i;
        start = i;
        while (i < line.size() && !isBlank(line[i]) && line[i] != ';') ++i;
        return line.substr(start, i - start);
    };

    std::vector<std::string_view> fields;
    std::size_t start = 0;
    for (int f = 0; f < 4; ++f) {
        const auto word = nextWord(start);
        if (word.empty())
            return Error{"EPD: expected 4 position fields (placement, side, castling, en passant), found "
                         + std::to_string(fields.size()) + " (column " + std::to_string(start + 1) + ")"};
        fields.push_back(word);
    }
    // Optional counters as in a full FEN ("... - 0 1 ; bm e4").
    for (int f = 0; f < 2; ++f) {
        const std::size_t saved = i;
        const auto word = nextWord(start);
        if (!isInteger(word)) {
            i = saved;
            break;
        }
        fields.push_back(word);
    }
    for (const auto& f : fields) record.positionFields += (record.positionFields.empty() ? "" : " ") + std::string(f);

    // Operations, separated by ';' outside quoted strings.
    while (i < line.size()) {
        std::size_t end = i;
        bool inQuote = false;
        while (end < line.size() && (inQuote || line[end] != ';')) {
            if (line[end] == '"') inQuote = !inQuote;
            ++end;
        }
        const std::string_view text = line.substr(i, end - i);
        i = end < line.size() ? end + 1 : end;
        int unterminated = -1;
        auto words = splitOperands(text, unterminated);
        if (words.empty()) continue;
        if (unterminated >= 0)
            return Error{"EPD operation " + words.front() + ": unterminated quoted string (column "
                         + std::to_string(text.data() - line.data() + unterminated + 1) + ")"};
        // Free text where an operation should be ("1 Kb2! Kg8 2 Ka1!!, draw", a quoted string):
        // kept verbatim, so toString() writes it back as it came.
        const auto from = std::find_if_not(text.begin(), text.end(), isBlank);
        const auto to = std::find_if_not(text.rbegin(), text.rend(), isBlank).base();
        if (*from == '"' || !isOpcode(words.front())) {
            record.operations.push_back({"", {std::string(from, to)}});
            continue;
        }
        EpdOperation op{words.front(), {words.begin() + 1, words.end()}};
        record.operations.push_back(std::move(op));
    }
    return record;
}

Result<std::vector<Move>> parseMoves(const Position& pos, const std::vector<std::string>& sanOrUci) {
    std::vector<Move> moves;
    for (const auto& text : sanOrUci) {
        auto m = parseSan(pos, text);
        if (!m) return m.error();
        moves.push_back(*m);
    }
    return moves;
}

EpdFile readEpdFile(const std::string& path) {
    EpdFile file{path, {}, {}, {}};
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        file.errors.push_back({0, "cannot open " + path});
        return file;
    }
    const std::string content{std::istreambuf_iterator<char>(in), {}};
    int nulLines = 0, firstNulLine = 0;
    int number = 0;
    for (std::size_t pos = 0; pos < content.size();) {
        const auto eol = content.find('\n', pos);
        std::string text = content.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
        pos = eol == std::string::npos ? content.size() : eol + 1;
        ++number;

        if (text.find('\0') != std::string::npos) {
            std::erase(text, '\0');
            if (!nulLines++) firstNulLine = number;
        }
        while (!text.empty() && isBlank(text.back())) text.pop_back();
        const auto first = text.find_first_not_of(" \t");
        if (first == std::string::npos || text[first] == '#') continue;

        auto parsed = parseEpdLine(text);
        if (!parsed) {
            file.errors.push_back({number, parsed.error().message});
            continue;
        }
        EpdRecord record = std::move(*parsed);

        // "id X c0 text": a comment that lost its ';' — give it back its own operation.
        for (std::size_t k = 0; k < record.operations.size(); ++k) {
            auto& op = record.operations[k];
            if (op.opcode != "id" || op.operands.size() < 2 || !isCommentOpcode(op.operands[1]) || op.operands[1] == "id")
                continue;
            EpdOperation comment{op.operands[1], {}};
            std::string joined;
            for (std::size_t w = 2; w < op.operands.size(); ++w) joined += (joined.empty() ? "" : " ") + op.operands[w];
            comment.operands.push_back(joined);
            op.operands.resize(1);
            record.operations.insert(record.operations.begin() + std::ptrdiff_t(k) + 1, std::move(comment));
            file.warnings.push_back({number, "operation " + record.operations[k + 1].opcode
                                                 + " was merged into id (missing ';'); split it off"});
        }

        auto position = record.position();
        if (!position && position.error().message.starts_with("FEN castling")) {
            if (auto repaired = dropImpossibleCastling(record.positionFields)) {
                EpdRecord fixed = record;
                fixed.positionFields = repaired->first;
                if (auto retry = fixed.position()) {
                    file.warnings.push_back({number, position.error().message + "; dropped castling right(s) '"
                                                         + repaired->second + "'"});
                    record = std::move(fixed);
                    position = std::move(retry);
                }
            }
        }
        if (!position) {
            file.errors.push_back({number, position.error().message});
            continue;
        }
        bool ok = true;
        for (const char* opcode : {"bm", "am"}) {
            const EpdOperation* op = record.find(opcode);
            if (!op) continue;
            if (op->operands.empty()) {
                file.errors.push_back({number, std::string(opcode) + ": no move given"});
                ok = false;
                break;
            }
            if (auto moves = parseMoves(*position, op->operands); !moves) {
                file.errors.push_back({number, std::string(opcode) + ": " + moves.error().message});
                ok = false;
                break;
            }
        }
        if (ok) file.entries.push_back({number, std::move(record), std::move(*position)});
    }
    if (nulLines)
        file.warnings.push_back({firstNulLine, "removed NUL bytes on " + std::to_string(nulLines) + " line(s), the first at line "
                                                   + std::to_string(firstNulLine)});
    return file;
}

} // namespace mf
