// The two renderings of a manual page: terminal text for `matefind-cli help NAME`, and man(7)
// roff for the installed man page. Both walk the same blocks, so they cannot say different things.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include "app/cli/manual/manual_markdown.h"

namespace mf::cli::manual {
namespace {

bool isSection(const Block& block, std::string_view section) {
    if (block.kind != Block::Kind::Section || block.text.size() != section.size()) return false;
    return std::equal(section.begin(), section.end(), block.text.begin(),
                      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); });
}

std::string upper(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
    return text;
}

// Columns a UTF-8 text takes (continuation bytes take none).
std::size_t columns(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    while (!lines.empty() && lines.front().empty()) lines.erase(lines.begin());
    return lines;
}

// ---- text ----

std::string plainText(std::string_view markdown) {
    std::string text;
    for (const Span& span : parseInline(markdown))
        text += span.style == Span::Style::Literal ? "`" + span.text + "`" : span.text;
    return text;
}

// `text` filled into lines of at most `width` columns; the first starts with `first`, the others
// with `hanging` spaces. A word longer than a line gets a line of its own.
void wrap(std::ostream& out, std::string_view text, const std::string& first, std::size_t hanging, std::size_t width) {
    std::istringstream words{std::string(text)};
    std::string line = first;
    std::size_t used = columns(first);
    bool empty = true;
    for (std::string word; words >> word;) {
        if (!empty && used + 1 + columns(word) > width) {
            out << line << '\n';
            line = std::string(hanging, ' ');
            used = hanging;
            empty = true;
        }
        if (!empty) {
            line += ' ';
            ++used;
        }
        line += word;
        used += columns(word);
        empty = false;
    }
    out << line << '\n';
}

void verbatim(std::ostream& out, const std::vector<std::string>& lines, std::size_t indent) {
    for (const std::string& line : lines) out << (line.empty() ? "" : std::string(indent, ' ') + line) << '\n';
}

// ---- roff ----

// Text made safe for roff: backslashes, non-ASCII as \[uXXXX], and in literal text '-' as the
// \- that man pages use for options (so a copied option is a real hyphen-minus).
std::string roffEscaped(std::string_view text, bool literal) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            char32_t code = c & (0x3F >> (length - 1));
            for (std::size_t k = 1; k < length && i + k < text.size(); ++k) code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, "\\[u%04X]", static_cast<unsigned>(code));
            out += buffer;
            i += length;
            continue;
        }
        if (c == '\\') out += "\\e";
        else if (c == '-' && literal) out += "\\-";
        else out += static_cast<char>(c);
        ++i;
    }
    return out;
}

// A line of roff text: a leading '.' or '\'' would be read as a request, so it gets \& first.
std::string roffLine(std::string text) {
    if (!text.empty() && (text.front() == '.' || text.front() == '\'')) text.insert(0, "\\&");
    return text;
}

std::string roffInline(std::string_view markdown) {
    std::string out;
    for (const Span& span : parseInline(markdown)) {
        if (span.style == Span::Style::Plain) out += roffEscaped(span.text, false);
        else out += "\\fB" + roffEscaped(span.text, true) + "\\fR";
    }
    return roffLine(out);
}

void roffVerbatim(std::ostream& out, const std::vector<std::string>& lines) {
    out << ".PP\n.RS 4\n.nf\n";
    for (const std::string& line : lines) out << roffLine(roffEscaped(line, true)) << '\n';
    out << ".fi\n.RE\n";
}

// An option line of Boost's --help ("  -h [ --help ]   show this help"): the flags, and the
// description after the gap of two or more spaces (empty when Boost put it on the next line).
std::optional<std::pair<std::string, std::string>> optionLine(const std::string& line) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start == std::string::npos || start == 0 || start > 4 || line[start] != '-') return std::nullopt;
    const std::size_t gap = line.find("  ", start);
    if (gap == std::string::npos) return std::make_pair(line.substr(start), std::string());
    const std::size_t text = line.find_first_not_of(' ', gap);
    return std::make_pair(line.substr(start, gap - start), text == std::string::npos ? "" : line.substr(text));
}

// A command's --help as man text: each option a tagged paragraph (.TP) whose description
// continues over the deeper-indented lines below it; every other line kept in a no-fill block.
void roffOptionList(std::ostream& out, const std::vector<std::string>& lines) {
    bool noFill = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (auto option = optionLine(lines[i])) {
            if (noFill) out << ".fi\n", noFill = false;
            std::string description = option->second;
            while (i + 1 < lines.size() && lines[i + 1].find_first_not_of(' ') != std::string::npos &&
                   lines[i + 1].find_first_not_of(' ') >= 6 && !optionLine(lines[i + 1])) {
                const std::string& next = lines[++i];
                while (!description.empty() && description.back() == ' ') description.pop_back();
                if (!description.empty()) description += ' ';
                description += next.substr(next.find_first_not_of(' '));
            }
            out << ".TP\n\\fB" << roffEscaped(option->first, true) << "\\fR\n";
            if (!description.empty()) out << roffLine(roffEscaped(description, false)) << '\n';
            continue;
        }
        if (!noFill) out << ".PP\n.nf\n", noFill = true;
        out << roffLine(roffEscaped(lines[i], true)) << '\n';
    }
    if (noFill) out << ".fi\n";
}

}  // namespace

std::string renderText(const std::vector<Block>& page, std::string_view summary, const Insertion& insertion,
                       std::size_t width) {
    std::ostringstream out;
    bool inInsertion = false;
    bool blankBefore = false;  // a blank line goes between blocks, not between a list's items
    auto flushInsertion = [&] {
        if (inInsertion && !insertion.text.empty()) {
            if (blankBefore) out << '\n';
            verbatim(out, splitLines(insertion.text), 4);
            blankBefore = true;
        }
        inInsertion = false;
    };
    Block::Kind previous = Block::Kind::Title;
    for (const Block& block : page) {
        const bool item = block.kind == Block::Kind::Bullet || block.kind == Block::Kind::Numbered;
        if (block.kind == Block::Kind::Title || block.kind == Block::Kind::Section) flushInsertion();
        if (blankBefore && !(item && block.kind == previous)) out << '\n';
        blankBefore = block.kind != Block::Kind::Section && block.kind != Block::Kind::Subsection;
        previous = block.kind;
        switch (block.kind) {
        case Block::Kind::Title:
            out << plainText(block.text) << (summary.empty() ? "" : " - ") << summary << '\n';  // one line, as man's NAME
            break;
        case Block::Kind::Section:
            out << upper(plainText(block.text)) << '\n';
            inInsertion = isSection(block, insertion.section);
            break;
        case Block::Kind::Subsection: out << "  " << plainText(block.text) << '\n'; break;
        case Block::Kind::Paragraph: wrap(out, plainText(block.text), "    ", 4, width); break;
        case Block::Kind::Bullet: wrap(out, plainText(block.text), "    - ", 6, width); break;
        case Block::Kind::Numbered: {
            const std::string mark = "    " + std::to_string(block.number) + ". ";
            wrap(out, plainText(block.text), mark, mark.size(), width);
            break;
        }
        case Block::Kind::Code: verbatim(out, block.lines, 6); break;
        }
    }
    flushInsertion();
    return out.str();
}

std::string renderRoff(const std::vector<Block>& page, std::string_view pageName, std::string_view summary,
                       const Insertion& insertion, std::string_view version) {
    std::ostringstream out;
    out << ".\\\" Made from docs/commands/*.md by `matefind-cli help --man`: edit the markdown, not this.\n";
    out << ".TH " << roffEscaped(upper(std::string(pageName)), true) << " 1 \"\" \"MateFind " << version
        << "\" \"MateFind manual\"\n";
    out << ".nh\n.ad l\n";  // options are not hyphenated, and ragged lines read better than stretched ones
    out << ".SH NAME\n" << roffEscaped(pageName, true) << " \\- " << roffEscaped(summary, false) << '\n';
    bool inInsertion = false;
    auto flushInsertion = [&] {
        if (inInsertion && !insertion.text.empty()) roffOptionList(out, splitLines(insertion.text));
        inInsertion = false;
    };
    for (const Block& block : page) {
        switch (block.kind) {
        case Block::Kind::Title: flushInsertion(); break;  // NAME says it
        case Block::Kind::Section:
            flushInsertion();
            out << ".SH " << roffEscaped(upper(plainText(block.text)), false) << '\n';
            inInsertion = isSection(block, insertion.section);
            break;
        case Block::Kind::Subsection: out << ".SS " << roffEscaped(plainText(block.text), false) << '\n'; break;
        case Block::Kind::Paragraph: out << ".PP\n" << roffInline(block.text) << '\n'; break;
        case Block::Kind::Bullet: out << ".IP \\(bu 2\n" << roffInline(block.text) << '\n'; break;
        case Block::Kind::Numbered: out << ".IP " << block.number << ". 4\n" << roffInline(block.text) << '\n'; break;
        case Block::Kind::Code: roffVerbatim(out, block.lines); break;
        }
    }
    flushInsertion();
    return out.str();
}

}  // namespace mf::cli::manual
