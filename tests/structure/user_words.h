#pragma once
// Words of how the project was made, kept out of what users read. The README, the manual and the
// programs' own texts describe the product as it is; a line that speaks of the sessions, issues or
// briefs it was built in, of their "done-when" lines or of "task (a)" tells a user nothing about
// the product. This finds such words in what users read:
//   - README.md and every markdown file under docs/ and resources/ (code blocks included);
//   - the string literals of the sources in app/, engine/, evolution/ and ui/ (help texts, window
//     texts, messages), adjacent literals joined; comments and #include lines are not read.
// Identifiers that hold such a word inside them (EngineSession, RunSession) are not words.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mf::docs {

// The pattern, case-insensitive (ECMAScript): any form of session, issue, brief and done-when, and
// a task named by a letter.
inline constexpr const char* kProjectWordPattern =
    R"(\b(sessions?|issues?|briefs?|done-whens?)\b|\btasks?\s*\(\s*[a-z]\s*\))";

// A text users read: a whole markdown file, or one string literal (with the literals written
// right after it).
struct UserText {
    std::filesystem::path file;
    int line = 0;  // 1-based line of its first character
    std::string text;
};

// The string literals of a C++ source (ordinary and raw), each run of adjacent literals as one
// text; comments, character literals and #include lines are skipped.
std::vector<UserText> stringLiterals(std::string_view source);

// Everything users read in the source tree at `root`, as listed above.
std::vector<UserText> userFacingTexts(const std::filesystem::path& root);

struct ProjectWord {
    std::filesystem::path file;
    int line = 0;
    std::string words;  // what matched
};

// Every match of the pattern in the texts, with the line it is on.
std::vector<ProjectWord> projectWords(const std::vector<UserText>& texts);

}  // namespace mf::docs
