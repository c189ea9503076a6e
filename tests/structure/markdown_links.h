#pragma once
// The project's markdown as the structure tests read it: its code (for the commands it shows) and
// the links between README.md and the manual under docs/, checked the way GitHub resolves them: a relative path must name a file or folder that exists, and a #anchor
// must be the anchor GitHub gives one of the target file's headings. External links (https:,
// mailto:) are left alone: the test must not depend on the network.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mf::docs {

// The anchor GitHub gives a heading (github-slugger's rule): the heading's rendered text, lower
// case, with ASCII punctuation other than '-' and '_' dropped and each space turned into '-'.
// Non-ASCII letters are kept as they are; non-ASCII punctuation (dashes, ellipsis, arrows,
// quotes, ×) is dropped, as GitHub drops it.
std::string githubSlug(std::string_view headingText);

struct Link {
    std::string target;  // as written between the parentheses, title removed
    int line = 0;        // 1-based line of the "](" that starts the target
};

struct MarkdownOutline {
    std::vector<std::string> anchors;  // every heading's anchor (repeats get -1, -2 ...), and HTML name/id anchors
    std::vector<Link> links;           // inline links and images outside code blocks and code spans
};

// Headings and links of one markdown text. Fenced code blocks (``` or ~~~, also indented inside
// list items) and code spans hold neither.
MarkdownOutline readOutline(std::string_view markdown);

struct CodeText {
    std::string text;  // a fenced block's lines (each ending in a newline), or a code span's content (line breaks as spaces)
    int line = 0;      // 1-based line of its first character
    bool block = false;
};

// The code of one markdown text: its fenced code blocks, then its code spans (outside blocks).
std::vector<CodeText> readCode(std::string_view markdown);

struct BrokenLink {
    std::filesystem::path file;  // the file the link is written in
    int line = 0;
    std::string target;
    std::string reason;
};

// The whole content of a file (empty when it cannot be read).
std::string readText(const std::filesystem::path& file);

// README.md and every *.md under docs/ (recursively) of the source tree at `root`, sorted.
std::vector<std::filesystem::path> documentationFiles(const std::filesystem::path& root);

// Every link of `files` whose target file or anchor does not exist.
std::vector<BrokenLink> brokenLinks(const std::vector<std::filesystem::path>& files);

// The files of `files` that cannot be reached from `start` by following links (a manual page no
// one links to is a page no reader finds).
std::vector<std::filesystem::path> unreachableFiles(const std::filesystem::path& start,
                                                    const std::vector<std::filesystem::path>& files);

}  // namespace mf::docs
