// The manual pages' reader and its two renderings (app/cli/manual): what `matefind-cli help NAME`
// prints and what the man pages hold come from the same blocks.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/cli/manual/manual_markdown.h"

using namespace mf::cli::manual;

namespace {

const char* const Page = R"(# matefind-cli demo

## Synopsis

```
matefind-cli demo [--depth N | --nodes N]
```

## Description

First line of a paragraph
continued on the next, with `--code`, **bold** and a [link](../tuning.md).

- an item
  that continues
- another item

1. first
2. second

## Options

Only what the list does not say.

## See also

.dotted start and a back\slash, café 50–60.
)";

}  // namespace

TEST(ManualPage, ReadsHeadingsParagraphsListsAndCodeBlocks) {
    const auto blocks = parsePage(Page);
    std::vector<Block::Kind> kinds;
    for (const auto& block : blocks) kinds.push_back(block.kind);
    using K = Block::Kind;
    EXPECT_EQ(kinds, (std::vector<K>{K::Title, K::Section, K::Code, K::Section, K::Paragraph, K::Bullet, K::Bullet,
                                     K::Numbered, K::Numbered, K::Section, K::Paragraph, K::Section, K::Paragraph}));
    EXPECT_EQ(blocks[0].text, "matefind-cli demo");
    EXPECT_EQ(blocks[2].lines, (std::vector<std::string>{"matefind-cli demo [--depth N | --nodes N]"}));
    EXPECT_EQ(blocks[4].text, "First line of a paragraph continued on the next, with `--code`, **bold** and a [link](../tuning.md).");
    EXPECT_EQ(blocks[5].text, "an item that continues");
    EXPECT_EQ(blocks[8].number, 2);
}

TEST(ManualPage, InlineMarkupKeepsLiteralsAndLinkTextButNotTargetsOrBrackets) {
    const auto spans = parseInline("run `tune --resume` **now**, see [tuning](../tuning.md) [--depth N]");
    ASSERT_EQ(spans.size(), 5u);
    EXPECT_EQ(spans[0].text, "run ");
    EXPECT_EQ(spans[1].style, Span::Style::Literal);
    EXPECT_EQ(spans[1].text, "tune --resume");
    EXPECT_EQ(spans[3].style, Span::Style::Strong);
    EXPECT_EQ(spans[3].text, "now");
    EXPECT_EQ(spans[4].text, ", see tuning [--depth N]");
}

TEST(ManualText, WrapsIndentsAndPlacesTheInsertionUnderItsSection) {
    const std::string text = renderText(parsePage(Page), "a demo command", {"Options", "  --depth arg   the depth\n"}, 40);
    EXPECT_EQ(text.substr(0, text.find('\n')), "matefind-cli demo - a demo command");
    EXPECT_NE(text.find("\nSYNOPSIS\n      matefind-cli demo [--depth N | --nodes N]\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\n    First line of a paragraph continued\n    on the next,"), std::string::npos) << text;
    EXPECT_NE(text.find("\n    - an item that continues\n    - another item\n\n    1. first\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\nOPTIONS\n    Only what the list does not say.\n\n      --depth arg   the depth\n\nSEE ALSO\n"),
              std::string::npos) << text;
    // Every line but the verbatim ones (code, the insertion) fits 40 columns (UTF-8: é is one).
    for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
        if (text.compare(start, 6, "      ") == 0) continue;
        const std::string line = text.substr(start, end - start);
        const auto columns = std::count_if(line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
        EXPECT_LE(columns, 40) << line;
    }
}

TEST(ManualRoff, WritesAManPageWithNameSectionsAndEscapes) {
    const std::string roff = renderRoff(parsePage(Page), "matefind-cli-demo", "a demo command", {"Options", "  --depth arg\n"}, "1.2");
    EXPECT_NE(roff.find(".TH MATEFIND\\-CLI\\-DEMO 1 \"\" \"MateFind 1.2\" \"MateFind manual\"\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find(".SH NAME\nmatefind\\-cli\\-demo \\- a demo command\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find(".SH SYNOPSIS\n.PP\n.RS 4\n.nf\nmatefind\\-cli demo [\\-\\-depth N | \\-\\-nodes N]\n.fi\n.RE\n"),
              std::string::npos) << roff;
    EXPECT_NE(roff.find("with \\fB\\-\\-code\\fR, \\fBbold\\fR and a link."), std::string::npos) << roff;
    EXPECT_NE(roff.find(".IP \\(bu 2\nan item that continues\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find(".IP 2. 4\nsecond\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find(".SH OPTIONS\n.PP\nOnly what the list does not say.\n.TP\n\\fB\\-\\-depth arg\\fR\n.SH SEE ALSO\n"),
              std::string::npos) << roff;
    EXPECT_NE(roff.find("\n\\&.dotted start and a back\\eslash, caf\\[u00E9] 50\\[u2013]60.\n"), std::string::npos) << roff;
    EXPECT_EQ(roff.find("# matefind"), std::string::npos) << "the markdown title is left to NAME";
}

TEST(ManualRoff, MakesEachOptionLineOfTheHelpATaggedParagraph) {
    const std::string help =
        "usage: matefind-cli demo [options]:\n"
        "  -h [ --help ]            show this help\n"
        "  --population arg        population size N \n"
        "                           (default 30)\n"
        "  --a-very-long-option-name-indeed arg\n"
        "                           described on the next line,\n"
        "                           over two\n"
        "\n"
        "  gen G best B ...\n";
    const std::string roff = renderRoff(parsePage(Page), "matefind-cli-demo", "demo", {"Options", help}, "1");
    EXPECT_NE(roff.find(".PP\n.nf\nusage: matefind\\-cli demo [options]:\n.fi\n"
                        ".TP\n\\fB\\-h [ \\-\\-help ]\\fR\nshow this help\n"
                        ".TP\n\\fB\\-\\-population arg\\fR\npopulation size N (default 30)\n"
                        ".TP\n\\fB\\-\\-a\\-very\\-long\\-option\\-name\\-indeed arg\\fR\ndescribed on the next line, over two\n"
                        ".PP\n.nf\n\n  gen G best B ...\n.fi\n.SH SEE ALSO\n"),
              std::string::npos) << roff;
}

TEST(ManualPage, AppendsBlocksAtTheEndOfANamedSection) {
    auto page = parsePage("# t\n\n## Commands\n\nSee below.\n\n## Files\n\nNone.\n");
    appendToSection(page, "commands", {Block{Block::Kind::Bullet, "**tune**: tune", {}, 0}});
    ASSERT_EQ(page.size(), 6u);
    EXPECT_EQ(page[3].kind, Block::Kind::Bullet);
    EXPECT_EQ(page[4].text, "Files");
}
