#include "engine/pgn_reader.h"

#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>

#include "engine/notation.h"

namespace mf {

std::string PgnGame::tag(std::string_view name) const {
    for (const PgnTag& t : tags)
        if (t.name == name) return t.value;
    return {};
}

std::string PgnError::describe() const {
    return file + ":" + std::to_string(line) + ": " + message;
}

namespace {

enum class TokenKind { Tag, Symbol, Nag, Open, Close, Result, Error };

struct Token {
    TokenKind kind;
    int line;
    std::string text;   // symbol text, tag name, error message
    std::string value;  // tag value
};

bool isResult(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

// Splits PGN text into tokens. Comments and escape lines are dropped here; lexical errors
// become Error tokens so the game assembler can drop the game they belong to.
class Lexer {
public:
    explicit Lexer(std::string_view text) : text_(text) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\n') { ++line_; ++pos_; atLineStart_ = true; continue; }
            if (std::isspace(static_cast<unsigned char>(c)) || c == '\0') { ++pos_; continue; }
            const bool lineStart = atLineStart_;
            atLineStart_ = false;
            if (c == '%' && lineStart) { skipToEol(); continue; }  // escape mechanism
            if (c == ';') { skipToEol(); continue; }
            if (c == '{') { if (auto e = skipBraceComment()) out.push_back(*e); continue; }
            if (c == '[') { out.push_back(tagPair()); continue; }
            if (c == '(') { out.push_back({TokenKind::Open, line_, "(", {}}); ++pos_; continue; }
            if (c == ')') { out.push_back({TokenKind::Close, line_, ")", {}}); ++pos_; continue; }
            if (c == '$') { out.push_back(nag()); continue; }
            out.push_back(symbol());
        }
        return out;
    }

private:
    void skipToEol() {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    }

    std::optional<Token> skipBraceComment() {
        const int startLine = line_;
        ++pos_;
        while (pos_ < text_.size() && text_[pos_] != '}') {
            if (text_[pos_] == '\n') ++line_;
            ++pos_;
        }
        if (pos_ >= text_.size())
            return Token{TokenKind::Error, startLine, "comment '{' opened here is never closed", {}};
        ++pos_;
        return std::nullopt;
    }

    Token nag() {
        const int l = line_;
        std::size_t end = pos_ + 1;
        while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
        std::string digits(text_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end;
        if (digits.empty()) return {TokenKind::Error, l, "'$' not followed by a NAG number", {}};
        return {TokenKind::Nag, l, "$" + digits, {}};
    }

    // [Name "value"] on one line; \" and \\ escape inside the value.
    Token tagPair() {
        const int l = line_;
        ++pos_;
        auto fail = [&](std::string why) {
            skipToEol();
            return Token{TokenKind::Error, l, "bad tag pair: " + why, {}};
        };
        skipBlanks();
        std::string name;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
            name += text_[pos_++];
        if (name.empty()) return fail("no tag name after '['");
        skipBlanks();
        if (pos_ >= text_.size() || text_[pos_] != '"') return fail("tag '" + name + "' has no quoted value");
        ++pos_;
        std::string value;
        while (true) {
            if (pos_ >= text_.size() || text_[pos_] == '\n') return fail("value of tag '" + name + "' is not closed by '\"'");
            const char ch = text_[pos_++];
            if (ch == '"') break;
            if (ch == '\\' && pos_ < text_.size() && (text_[pos_] == '"' || text_[pos_] == '\\')) {
                value += text_[pos_++];
                continue;
            }
            value += ch;
        }
        skipBlanks();
        if (pos_ >= text_.size() || text_[pos_] != ']') return fail("tag '" + name + "' is not closed by ']'");
        ++pos_;
        return {TokenKind::Tag, l, name, value};
    }

    void skipBlanks() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r')) ++pos_;
    }

    // A move, a move number, a result or a suffix annotation: everything up to a delimiter.
    Token symbol() {
        const int l = line_;
        std::size_t end = pos_;
        while (end < text_.size()) {
            const char ch = text_[end];
            if (std::isspace(static_cast<unsigned char>(ch)) || ch == '{' || ch == '}' || ch == '(' || ch == ')' ||
                ch == '[' || ch == ']' || ch == ';' || ch == '$' || ch == '\0')
                break;
            ++end;
        }
        if (end == pos_) {  // a lone ']' or '}'
            std::string bad(1, text_[pos_]);
            ++pos_;
            return {TokenKind::Error, l, "unexpected '" + bad + "'", {}};
        }
        std::string s(text_.substr(pos_, end - pos_));
        pos_ = end;
        if (isResult(s)) return {TokenKind::Result, l, s, {}};
        return {TokenKind::Symbol, l, s, {}};
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    bool atLineStart_ = true;
};

// Removes a leading move number ("12.", "12...", "12.e4" -> "e4"); "" when only a number.
std::string stripMoveNumber(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == 0) return s;
    std::size_t j = i;
    while (j < s.size() && s[j] == '.') ++j;
    if (j == i && j < s.size()) return s;  // digits not followed by dots: not a move number
    return s.substr(j);
}

bool isSuffixAnnotation(const std::string& s) {
    return !s.empty() && s.find_first_not_of("!?") == std::string::npos;
}

class GameAssembler {
public:
    GameAssembler(PgnFile& file) : file_(file) {}

    void feed(const Token& t) {
        switch (t.kind) {
            case TokenKind::Tag:
                if (inMovetext_) finish();
                begin(t.line);
                if (!broken_) tag(t);
                return;
            case TokenKind::Error:
                begin(t.line);
                fail(t.line, t.text);
                return;
            case TokenKind::Result:
                begin(t.line);
                if (depth_ == 0) {
                    game_.result = t.text;
                    finish();
                }
                return;
            case TokenKind::Open:
                begin(t.line);
                inMovetext_ = true;
                if (!broken_ && game_.moves.empty() && depth_ == 0)
                    fail(t.line, "variation '(' before any move");
                if (depth_ == 0) variationLine_ = t.line;
                ++depth_;
                return;
            case TokenKind::Close:
                begin(t.line);
                if (depth_ == 0) {
                    fail(t.line, "')' without a matching '('");
                    return;
                }
                --depth_;
                return;
            case TokenKind::Nag:
                begin(t.line);
                inMovetext_ = true;
                return;
            case TokenKind::Symbol:
                begin(t.line);
                inMovetext_ = true;
                if (depth_ == 0 && !broken_) move(t);
                return;
        }
    }

    void end() {
        if (!open_) return;
        if (depth_ > 0 && !broken_) fail(variationLine_, "variation '(' is never closed");
        finish();
    }

private:
    void begin(int line) {
        if (open_) return;
        open_ = true;
        game_ = PgnGame{};
        game_.line = line;
        position_ = Position::startPosition();
    }

    void tag(const Token& t) {
        game_.tags.push_back({t.text, t.value});
        if (t.text == "FEN") {
            auto pos = Position::fromFen(t.value);
            if (!pos) {
                fail(t.line, "FEN tag: " + pos.error().message);
                return;
            }
            position_ = *pos;
            game_.start = *pos;
        }
    }

    void move(const Token& t) {
        const std::string text = stripMoveNumber(t.text);
        if (text.empty() || isSuffixAnnotation(text)) return;
        auto m = parseSan(position_, text);
        if (!m) {
            fail(t.line, "move " + std::to_string(position_.fullMoveNumber()) +
                             (position_.sideToMove() == White ? ". " : "... ") + "'" + text +
                             "': " + m.error().message);
            return;
        }
        position_.doMove(*m);
        game_.moves.push_back(*m);
    }

    void fail(int line, const std::string& why) {
        if (broken_) return;  // one error per game: what follows a bad move means nothing
        broken_ = true;
        file_.errors.push_back({file_.path, line, why + " (game starting at line " + std::to_string(game_.line) + " left out)"});
    }

    void finish() {
        if (open_ && !broken_ && (!game_.moves.empty() || !game_.tags.empty() || !game_.result.empty()))
            file_.games.push_back(std::move(game_));
        open_ = false;
        broken_ = false;
        inMovetext_ = false;
        depth_ = 0;
    }

    PgnFile& file_;
    PgnGame game_;
    Position position_ = Position::startPosition();
    bool open_ = false;
    bool broken_ = false;
    bool inMovetext_ = false;
    int depth_ = 0;
    int variationLine_ = 0;
};

}  // namespace

PgnFile parsePgn(std::string_view text, const std::string& sourceName) {
    PgnFile file;
    file.path = sourceName;
    GameAssembler games(file);
    for (const Token& t : Lexer(text).run()) games.feed(t);
    games.end();
    return file;
}

PgnFile readPgnFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        PgnFile file;
        file.path = path;
        file.errors.push_back({path, 0, "cannot open the file"});
        return file;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return parsePgn(buffer.str(), path);
}

}  // namespace mf
