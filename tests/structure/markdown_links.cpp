#include "tests/structure/markdown_links.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace mf::docs {
namespace {

// Code points of the Latin-1 supplement and of the punctuation, arrow and operator blocks that
// GitHub's slugger drops (ª, µ and º are letters and stay).
bool droppedNonAscii(char32_t c) {
    if (c >= 0x80 && c <= 0xBF) return c != 0xAA && c != 0xB5 && c != 0xBA;
    if (c == 0xD7 || c == 0xF7) return true;
    return (c >= 0x2000 && c <= 0x206F) || (c >= 0x2190 && c <= 0x22FF);
}

// The UTF-8 sequence starting at text[i]: its code point and length (a stray byte counts as one).
std::pair<char32_t, std::size_t> decodeUtf8(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (length == 1 || i + length > text.size()) return {lead, 1};
    char32_t code = lead & (0x3F >> (length - 1));
    for (std::size_t k = 1; k < length; ++k) code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    return {code, length};
}

// What GitHub renders of a heading's inline markup: link texts without their targets, no HTML tags.
std::string renderedText(std::string_view heading) {
    static const std::regex link(R"(!?\[([^\]]*)\]\([^)]*\))");
    static const std::regex tag(R"(<[^>]*>)");
    std::string text = std::regex_replace(std::string(heading), link, "$1");
    return std::regex_replace(text, tag, "");
}

// The heading text of an ATX heading line ("## Title ##"), or nothing.
std::optional<std::string> atxHeading(std::string_view line) {
    std::size_t i = line.find_first_not_of(' ');
    if (i == std::string_view::npos || i > 3 || line[i] != '#') return std::nullopt;
    std::size_t hashes = line.find_first_not_of('#', i);
    if (hashes == std::string_view::npos) hashes = line.size();
    if (hashes - i > 6 || (hashes < line.size() && line[hashes] != ' ')) return std::nullopt;
    std::string text(line.substr(std::min(hashes + 1, line.size())));
    while (!text.empty() && text.back() == ' ') text.pop_back();
    const std::size_t closing = text.find_last_not_of('#');
    if (closing != std::string::npos && closing + 1 < text.size() && text[closing] == ' ') text.resize(closing);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

// The fence a line opens or closes (``` or ~~~, three or more), or an empty view.
std::string_view fenceOf(std::string_view line) {
    const std::size_t i = line.find_first_not_of(' ');
    if (i == std::string_view::npos) return {};
    const char c = line[i];
    if (c != '`' && c != '~') return {};
    const std::size_t end = line.find_first_not_of(c, i);
    const std::size_t length = (end == std::string_view::npos ? line.size() : end) - i;
    return length >= 3 ? line.substr(i, length) : std::string_view{};
}

// Calls found(begin, end) with the content of every code span of `text` (a run of backticks up to
// the next run of the same length; content may run over line breaks).
template <class Found>
void forEachCodeSpan(const std::string& text, Found found) {
    std::size_t i = 0;
    while ((i = text.find('`', i)) != std::string::npos) {
        const std::size_t runEnd = text.find_first_not_of('`', i);
        const std::size_t run = (runEnd == std::string::npos ? text.size() : runEnd) - i;
        const std::string ticks(run, '`');
        std::size_t close = text.find(ticks, i + run);
        while (close != std::string::npos && close + run < text.size() && text[close + run] == '`')
            close = text.find(ticks, text.find_first_not_of('`', close));
        if (close == std::string::npos) {
            i += run;
            continue;
        }
        found(i + run, close);
        i = close + run;
    }
}

// `text` with every code span's content blanked (newlines kept, so line numbers hold).
std::string blankCodeSpans(std::string text) {
    forEachCodeSpan(text, [&text](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k)
            if (text[k] != '\n') text[k] = ' ';
    });
    return text;
}

int lineAt(const std::string& text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

// The markdown split into its prose (fenced code blocks blanked to empty lines, so line numbers
// hold) and its fenced code blocks (each with the line of its first code line).
struct ProseAndBlocks {
    std::string prose;
    std::vector<CodeText> blocks;
};

ProseAndBlocks splitFencedBlocks(std::string_view markdown) {
    ProseAndBlocks split;
    std::string fence;  // the open code fence, empty outside code blocks
    std::istringstream lines{std::string(markdown)};
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        const std::string_view lineFence = fenceOf(line);
        if (fence.empty() && !lineFence.empty()) {
            fence = lineFence;
            split.blocks.push_back({"", number + 1, true});
        } else if (!fence.empty() && lineFence.size() >= fence.size() && lineFence.front() == fence.front()) {
            fence.clear();
        } else if (!fence.empty()) {
            split.blocks.back().text += line + '\n';
        } else {
            split.prose += line + '\n';
            continue;
        }
        split.prose += '\n';
    }
    return split;
}

// Inline links "[text](target "title")" of prose (code already blanked); the '[' must open on the
// same paragraph as the "](".
void collectLinks(const std::string& prose, std::vector<Link>& links) {
    std::size_t i = 0;
    while ((i = prose.find("](", i)) != std::string::npos) {
        const std::size_t open = prose.rfind('[', i);
        const std::size_t blank = prose.rfind("\n\n", i);
        const std::size_t close = prose.find(')', i + 2);
        if (open == std::string::npos || (blank != std::string::npos && blank > open) || close == std::string::npos) {
            i += 2;
            continue;
        }
        std::string target = prose.substr(i + 2, close - i - 2);
        if (const std::size_t space = target.find(' '); space != std::string::npos) target.resize(space);
        if (!target.empty()) links.push_back({target, lineAt(prose, i)});
        i = close;
    }
}

bool isExternal(const std::string& target) {
    return target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0;
}

// The file a link of `from` points to (the link's path part, resolved against from's folder).
std::filesystem::path resolve(const std::filesystem::path& from, const std::string& path) {
    if (path.empty()) return from;
    return (from.parent_path() / path).lexically_normal();
}

}  // namespace

std::string githubSlug(std::string_view headingText) {
    const std::string text = renderedText(headingText);
    std::string slug;
    for (std::size_t i = 0; i < text.size();) {
        const auto [code, length] = decodeUtf8(text, i);
        if (code >= 0x80) {
            if (!droppedNonAscii(code)) slug += text.substr(i, length);
        } else if (code >= 'A' && code <= 'Z') {
            slug += static_cast<char>(code - 'A' + 'a');
        } else if ((code >= 'a' && code <= 'z') || (code >= '0' && code <= '9') || code == '-' || code == '_') {
            slug += static_cast<char>(code);
        } else if (code == ' ') {
            slug += '-';
        }
        i += length;
    }
    return slug;
}

MarkdownOutline readOutline(std::string_view markdown) {
    MarkdownOutline outline;
    std::map<std::string, int> seen;
    const std::string prose = splitFencedBlocks(markdown).prose;
    std::istringstream lines{prose};
    static const std::regex htmlAnchor(R"re(<a\s[^>]*(?:name|id)="([^"]+)")re");
    for (std::string line; std::getline(lines, line);) {
        if (auto heading = atxHeading(line)) {
            const std::string slug = githubSlug(*heading);
            const int repeat = seen[slug]++;
            outline.anchors.push_back(repeat == 0 ? slug : slug + "-" + std::to_string(repeat));
        }
        for (std::sregex_iterator m(line.begin(), line.end(), htmlAnchor), end; m != end; ++m)
            outline.anchors.push_back((*m)[1]);
    }
    collectLinks(blankCodeSpans(prose), outline.links);
    return outline;
}

std::vector<CodeText> readCode(std::string_view markdown) {
    ProseAndBlocks split = splitFencedBlocks(markdown);
    std::vector<CodeText> code = std::move(split.blocks);
    forEachCodeSpan(split.prose, [&](std::size_t begin, std::size_t end) {
        std::string text = split.prose.substr(begin, end - begin);
        std::replace(text.begin(), text.end(), '\n', ' ');
        code.push_back({text, lineAt(split.prose, begin), false});
    });
    return code;
}

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::filesystem::path> documentationFiles(const std::filesystem::path& root) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::exists(root / "README.md")) files.push_back(root / "README.md");
    if (std::filesystem::is_directory(root / "docs"))
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / "docs"))
            if (entry.is_regular_file() && entry.path().extension() == ".md") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<BrokenLink> brokenLinks(const std::vector<std::filesystem::path>& files) {
    std::map<std::filesystem::path, MarkdownOutline> outlines;
    auto outlineOf = [&](const std::filesystem::path& file) -> const MarkdownOutline& {
        auto it = outlines.find(file);
        if (it == outlines.end()) it = outlines.emplace(file, readOutline(readText(file))).first;
        return it->second;
    };
    std::vector<BrokenLink> broken;
    for (const auto& file : files) {
        for (const auto& link : outlineOf(file).links) {
            if (isExternal(link.target)) continue;
            const std::size_t hash = link.target.find('#');
            const std::filesystem::path target = resolve(file, link.target.substr(0, hash));
            if (!std::filesystem::exists(target)) {
                broken.push_back({file, link.line, link.target, "no file " + target.string()});
                continue;
            }
            if (hash == std::string::npos) continue;
            const std::string anchor = link.target.substr(hash + 1);
            if (target.extension() != ".md") {
                broken.push_back({file, link.line, link.target, "an anchor into a file that is not markdown"});
                continue;
            }
            const auto& anchors = outlineOf(target).anchors;
            if (std::find(anchors.begin(), anchors.end(), anchor) == anchors.end())
                broken.push_back({file, link.line, link.target, "no heading of " + target.string() + " has the anchor #" + anchor});
        }
    }
    return broken;
}

std::vector<std::filesystem::path> unreachableFiles(const std::filesystem::path& start,
                                                    const std::vector<std::filesystem::path>& files) {
    std::set<std::filesystem::path> reached{start.lexically_normal()};
    std::vector<std::filesystem::path> queue{start.lexically_normal()};
    while (!queue.empty()) {
        const std::filesystem::path file = queue.back();
        queue.pop_back();
        if (file.extension() != ".md" || !std::filesystem::is_regular_file(file)) continue;
        for (const auto& link : readOutline(readText(file)).links) {
            if (isExternal(link.target)) continue;
            const auto target = resolve(file, link.target.substr(0, link.target.find('#')));
            if (reached.insert(target).second) queue.push_back(target);
        }
    }
    std::vector<std::filesystem::path> unreachable;
    for (const auto& file : files)
        if (!reached.count(file.lexically_normal())) unreachable.push_back(file);
    return unreachable;
}

}  // namespace mf::docs
