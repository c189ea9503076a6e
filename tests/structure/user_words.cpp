#include "tests/structure/user_words.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <string_view>
#include <vector>

#include "tests/structure/markdown_links.h"

namespace mf::docs {
namespace {

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// A C++ source read once from front to back: where each string literal is, what it holds.
class LiteralReader {
public:
    explicit LiteralReader(std::string_view source) : s_(source) {}

    std::vector<UserText> read() {
        while (i_ < s_.size()) step();
        flush();
        return found_;
    }

private:
    void step() {
        const char c = s_[i_];
        if (c == '\n') {
            ++line_;
            ++i_;
        } else if (c == '#' && atLineStart() && isInclude()) {
            skipTo("\n");
        } else if (s_.compare(i_, 2, "//") == 0) {
            skipTo("\n");
        } else if (s_.compare(i_, 2, "/*") == 0) {
            skipPast("*/");
        } else if (c == '\'' && (i_ == 0 || !isWordChar(s_[i_ - 1]))) {
            skipQuoted('\'');
        } else if (c == '"') {
            literal();
        } else if (isWordChar(c)) {
            word();
        } else {
            if (!std::isspace(static_cast<unsigned char>(c))) flush();
            ++i_;
        }
    }

    // An identifier or number; a literal's prefix (u8, L, R ...) keeps the run of literals open.
    void word() {
        std::size_t end = i_;
        while (end < s_.size() && isWordChar(s_[end])) ++end;
        static const std::vector<std::string_view> prefixes{"R", "u8", "u", "U", "L", "u8R", "uR", "UR", "LR"};
        const bool prefix = end < s_.size() && s_[end] == '"' &&
                            std::find(prefixes.begin(), prefixes.end(), s_.substr(i_, end - i_)) != prefixes.end();
        if (!prefix) flush();
        i_ = end;
    }

    bool isInclude() const {
        const std::size_t name = s_.find_first_not_of("# \t", i_);
        return name != std::string_view::npos && s_.compare(name, 7, "include") == 0;
    }

    bool atLineStart() const {
        const std::size_t lineStart = s_.rfind('\n', i_ == 0 ? 0 : i_ - 1);
        const std::size_t from = lineStart == std::string_view::npos ? 0 : lineStart + 1;
        return s_.find_first_not_of(" \t", from) == i_;
    }

    void literal() {
        const bool raw = i_ > 0 && s_[i_ - 1] == 'R';
        const int startLine = line_;
        std::string text;
        if (raw) {
            const std::size_t open = s_.find('(', i_);
            std::string close(1, ')');  // ")delimiter\"", built in steps (GCC 12's -Wrestrict misfires on a + b + c)
            close.append(s_.substr(i_ + 1, open - i_ - 1)).push_back('"');
            const std::size_t end = s_.find(close, open);
            text = std::string(s_.substr(open + 1, end - open - 1));
            line_ += static_cast<int>(std::count(text.begin(), text.end(), '\n'));
            i_ = end == std::string_view::npos ? s_.size() : end + close.size();
        } else {
            for (++i_; i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\n'; ++i_) {
                if (s_[i_] == '\\' && i_ + 1 < s_.size()) text += s_[++i_] == 'n' ? '\n' : s_[i_];
                else text += s_[i_];
            }
            ++i_;
        }
        if (!open_) pending_ = {{}, startLine, {}};
        pending_.text += text;
        open_ = true;
    }

    void flush() {
        if (open_) found_.push_back(pending_);
        open_ = false;
    }

    void skipQuoted(char quote) {
        for (++i_; i_ < s_.size() && s_[i_] != quote && s_[i_] != '\n'; ++i_)
            if (s_[i_] == '\\') ++i_;
        ++i_;
        flush();
    }

    void skipTo(std::string_view end) {
        const std::size_t at = s_.find(end, i_);
        i_ = at == std::string_view::npos ? s_.size() : at;
    }

    void skipPast(std::string_view end) {
        const std::size_t at = s_.find(end, i_);
        const std::size_t stop = at == std::string_view::npos ? s_.size() : at + end.size();
        line_ += static_cast<int>(std::count(s_.begin() + static_cast<long>(i_), s_.begin() + static_cast<long>(stop), '\n'));
        i_ = stop;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    int line_ = 1;
    bool open_ = false;  // a literal was read and only blanks followed it so far
    UserText pending_;
    std::vector<UserText> found_;
};

void addMarkdownUnder(const std::filesystem::path& folder, std::vector<UserText>& texts) {
    if (!std::filesystem::is_directory(folder)) return;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
        if (entry.is_regular_file() && entry.path().extension() == ".md")
            texts.push_back({entry.path(), 1, readText(entry.path())});
}

void addLiteralsUnder(const std::filesystem::path& folder, std::vector<UserText>& texts) {
    if (!std::filesystem::is_directory(folder)) return;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        const std::string extension = entry.path().extension().string();
        if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".h")) continue;
        for (UserText literal : stringLiterals(readText(entry.path()))) {
            literal.file = entry.path();
            texts.push_back(std::move(literal));
        }
    }
}

}  // namespace

std::vector<UserText> stringLiterals(std::string_view source) {
    return LiteralReader(source).read();
}

std::vector<UserText> userFacingTexts(const std::filesystem::path& root) {
    std::vector<UserText> texts;
    if (std::filesystem::exists(root / "README.md")) texts.push_back({root / "README.md", 1, readText(root / "README.md")});
    addMarkdownUnder(root / "docs", texts);
    addMarkdownUnder(root / "resources", texts);
    for (const char* folder : {"app", "engine", "evolution", "ui"}) addLiteralsUnder(root / folder, texts);
    std::sort(texts.begin(), texts.end(), [](const UserText& a, const UserText& b) {
        return a.file != b.file ? a.file < b.file : a.line < b.line;
    });
    return texts;
}

std::vector<ProjectWord> projectWords(const std::vector<UserText>& texts) {
    static const std::regex pattern(kProjectWordPattern, std::regex::ECMAScript | std::regex::icase);
    std::vector<ProjectWord> found;
    for (const UserText& text : texts)
        for (std::sregex_iterator m(text.text.begin(), text.text.end(), pattern), end; m != end; ++m) {
            const auto before = text.text.begin() + m->position();
            found.push_back({text.file, text.line + static_cast<int>(std::count(text.text.begin(), before, '\n')), m->str()});
        }
    return found;
}

}  // namespace mf::docs
