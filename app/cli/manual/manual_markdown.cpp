#include "app/cli/manual/manual_markdown.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace mf::cli::manual {
namespace {

std::string_view trimmed(std::string_view line) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string_view::npos) return {};
    return line.substr(first, line.find_last_not_of(' ') - first + 1);
}

std::size_t indentOf(std::string_view line) {
    const std::size_t first = line.find_first_not_of(' ');
    return first == std::string_view::npos ? line.size() : first;
}

bool isFence(std::string_view line) { return trimmed(line).substr(0, 3) == "```"; }

// "## Title" -> the heading block; nothing for other lines.
std::optional<Block> heading(std::string_view line) {
    std::size_t level = 0;
    while (level < line.size() && line[level] == '#') ++level;
    if (level == 0 || level > 3 || level >= line.size() || line[level] != ' ') return std::nullopt;
    static constexpr Block::Kind kinds[] = {Block::Kind::Title, Block::Kind::Section, Block::Kind::Subsection};
    return Block{kinds[level - 1], std::string(trimmed(line.substr(level))), {}, 0};
}

// "- item" or "1. item" (indented at most 3) -> the item block with its first line.
std::optional<Block> listItem(std::string_view line) {
    if (indentOf(line) > 3) return std::nullopt;
    const std::string_view rest = trimmed(line);
    if (rest.size() > 2 && (rest[0] == '-' || rest[0] == '*') && rest[1] == ' ')
        return Block{Block::Kind::Bullet, std::string(trimmed(rest.substr(2))), {}, 0};
    std::size_t digits = 0;
    while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
    if (digits == 0 || digits + 2 > rest.size() || rest[digits] != '.' || rest[digits + 1] != ' ') return std::nullopt;
    return Block{Block::Kind::Numbered, std::string(trimmed(rest.substr(digits + 2))), {},
                 std::stoi(std::string(rest.substr(0, digits)))};
}

// The lines of a fenced block that starts at lines[i], de-indented by the fence's indentation;
// `i` ends past the closing fence.
Block codeBlock(const std::vector<std::string>& lines, std::size_t& i) {
    const std::size_t indent = indentOf(lines[i]);
    Block block{Block::Kind::Code, {}, {}, 0};
    for (++i; i < lines.size() && !isFence(lines[i]); ++i) {
        const std::string& line = lines[i];
        block.lines.push_back(line.substr(std::min(indent, indentOf(line))));
    }
    if (i < lines.size()) ++i;  // the closing fence
    return block;
}

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Where the link "[text](target)" that starts at text[i] ends, or 0 when none starts there (a
// "[--depth N]" of a synopsis is text).
std::size_t linkEnd(std::string_view text, std::size_t i) {
    if (text[i] != '[') return 0;
    const std::size_t middle = text.find(']', i);
    if (middle == std::string_view::npos || middle + 1 >= text.size() || text[middle + 1] != '(') return 0;
    if (text.substr(i + 1, middle - i - 1).find('[') != std::string_view::npos) return 0;
    const std::size_t close = text.find(')', middle);
    return close == std::string_view::npos ? 0 : close + 1;
}

}  // namespace

std::vector<Block> parsePage(std::string_view markdown) {
    const std::vector<std::string> lines = splitLines(markdown);
    std::vector<Block> blocks;
    bool open = false;  // the last block is a paragraph or item that the next text line continues
    for (std::size_t i = 0; i < lines.size();) {
        const std::string& line = lines[i];
        if (isFence(line)) {
            blocks.push_back(codeBlock(lines, i));
            open = false;
            continue;
        }
        ++i;
        if (trimmed(line).empty()) {
            open = false;
        } else if (auto title = heading(line)) {
            blocks.push_back(*title);
            open = false;
        } else if (auto item = listItem(line)) {
            blocks.push_back(*item);
            open = true;
        } else if (open) {
            blocks.back().text += ' ';
            blocks.back().text += trimmed(line);
        } else {
            blocks.push_back(Block{Block::Kind::Paragraph, std::string(trimmed(line)), {}, 0});
            open = true;
        }
    }
    return blocks;
}

void appendToSection(std::vector<Block>& page, std::string_view section, std::vector<Block> blocks) {
    auto sameName = [&](const Block& block) {
        return block.kind == Block::Kind::Section && block.text.size() == section.size() &&
               std::equal(section.begin(), section.end(), block.text.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
               });
    };
    auto at = std::find_if(page.begin(), page.end(), sameName);
    if (at != page.end())
        at = std::find_if(at + 1, page.end(), [](const Block& b) { return b.kind == Block::Kind::Section; });
    page.insert(at, std::make_move_iterator(blocks.begin()), std::make_move_iterator(blocks.end()));
}

std::vector<Span> parseInline(std::string_view text) {
    std::vector<Span> spans;
    auto add = [&](Span::Style style, std::string_view piece) {
        if (piece.empty()) return;
        if (!spans.empty() && spans.back().style == style) spans.back().text += piece;
        else spans.push_back({style, std::string(piece)});
    };
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == '\\' && i + 1 < text.size() && std::string_view("\\`*_[]()#").find(text[i + 1]) != std::string_view::npos) {
            add(Span::Style::Plain, text.substr(i + 1, 1));
            i += 2;
        } else if (text[i] == '`') {
            const std::size_t runEnd = text.find_first_not_of('`', i);
            const std::size_t run = (runEnd == std::string_view::npos ? text.size() : runEnd) - i;
            const std::size_t close = text.find(std::string(run, '`'), i + run);
            if (close == std::string_view::npos) { add(Span::Style::Plain, text.substr(i, run)); i += run; continue; }
            std::string_view code = text.substr(i + run, close - i - run);
            if (code.size() > 1 && code.front() == ' ' && code.back() == ' ') code = code.substr(1, code.size() - 2);
            add(Span::Style::Literal, code);
            i = close + run;
        } else if (text.substr(i, 2) == "**" && text.find("**", i + 2) != std::string_view::npos) {
            const std::size_t close = text.find("**", i + 2);
            for (const Span& inner : parseInline(text.substr(i + 2, close - i - 2)))
                add(inner.style == Span::Style::Literal ? Span::Style::Literal : Span::Style::Strong, inner.text);
            i = close + 2;
        } else if (const std::size_t end = linkEnd(text, i); end != 0) {
            const std::size_t middle = text.find(']', i);
            for (const Span& inner : parseInline(text.substr(i + 1, middle - i - 1))) add(inner.style, inner.text);
            i = end;
        } else {
            add(Span::Style::Plain, text.substr(i, 1));
            ++i;
        }
    }
    return spans;
}

}  // namespace mf::cli::manual
