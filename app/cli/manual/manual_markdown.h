#pragma once
// A command's manual, written once in markdown (docs/commands/NAME.md), read into blocks that
// become the text `matefind-cli help NAME` prints and the man page the build installs. The pages
// use a small part of markdown, which docs/commands/README.md lists: headings, paragraphs, "- "
// and "1. " list items, fenced code blocks, and inline `code`, **bold** and [links](target).

#include <string>
#include <string_view>
#include <vector>

namespace mf::cli::manual {

struct Block {
    enum class Kind { Title, Section, Subsection, Paragraph, Bullet, Numbered, Code };
    Kind kind;
    std::string text;                // Title/Section/Subsection: the heading; Paragraph and items: one line, joined
    std::vector<std::string> lines;  // Code: the lines, verbatim
    int number = 0;                  // Numbered: the item's number
};

// The blocks of a page, in order. A line that the subset does not know is read as paragraph text.
std::vector<Block> parsePage(std::string_view markdown);

// A span of inline text: plain, literal (`code`), or strong (**bold**). Link targets are dropped;
// their text stays, plain.
struct Span {
    enum class Style { Plain, Literal, Strong };
    Style style;
    std::string text;
};
std::vector<Span> parseInline(std::string_view text);

// `blocks` added at the end of the page's section `section` (compared without case), or at the
// page's end when it has no such section: the overview page's list of the registered commands.
void appendToSection(std::vector<Block>& page, std::string_view section, std::vector<Block> blocks);

// Text a page does not hold but its program prints, placed under one section of the page: a
// command's option list (its --help) under "Options". The terminal shows it verbatim; the man
// page makes each option line ("  --name arg   what it does", continued below) a tagged
// paragraph and keeps the other lines as they are.
struct Insertion {
    std::string_view section;  // the section's heading, compared without case
    std::string_view text;     // shown verbatim
};

// The page as a terminal shows it: section headings in capitals, text wrapped at `width` columns
// and indented by 4 (list items by 6, after their marks), code blocks verbatim. The title line
// gets " - summary".
std::string renderText(const std::vector<Block>& page, std::string_view summary, const Insertion& insertion,
                       std::size_t width = 80);

// The page as a man(7) page of section 1: `.TH`, a NAME section "pageName \- summary", then the
// blocks (the markdown title is left out: NAME says it).
std::string renderRoff(const std::vector<Block>& page, std::string_view pageName, std::string_view summary,
                       const Insertion& insertion, std::string_view version);

}  // namespace mf::cli::manual
