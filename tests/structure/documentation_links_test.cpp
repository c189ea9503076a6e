// The links of README.md and the manual under docs/ resolve as GitHub resolves them, and every
// page of the manual can be reached from the README.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

#include "tests/structure/markdown_links.h"

namespace fs = std::filesystem;
using mf::docs::githubSlug;

namespace {

std::string describe(const std::vector<mf::docs::BrokenLink>& broken) {
    std::ostringstream out;
    for (const auto& link : broken) out << link.file.string() << ":" << link.line << ": (" << link.target << ") " << link.reason << "\n";
    return out.str();
}

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

}  // namespace

TEST(GitHubSlug, LowerCasesDropsPunctuationAndTurnsEachSpaceIntoAHyphen) {
    EXPECT_EQ(githubSlug("Beyond one machine: Open MPI (`--mpi`)"), "beyond-one-machine-open-mpi---mpi");
    EXPECT_EQ(githubSlug("Tuning: matefind-cli tune/fight/print/export"), "tuning-matefind-cli-tunefightprintexport");
    EXPECT_EQ(githubSlug("Figures at a glance"), "figures-at-a-glance");
    EXPECT_EQ(githubSlug("On paper: 64 hosts x 32 cores"), "on-paper-64-hosts-x-32-cores");
    EXPECT_EQ(githubSlug("snake_case and a-b"), "snake_case-and-a-b");
    EXPECT_EQ(githubSlug("See [the window](docs/window.md) <em>now</em>"), "see-the-window-now");
    EXPECT_EQ(githubSlug("A \xE2\x80\x94 dash, caf\xC3\xA9 \xC3\x97 2"), "a--dash-caf\xC3\xA9--2");
}

TEST(MarkdownOutline, RepeatedHeadingsAreNumberedAndCodeHoldsNoHeadingsOrLinks) {
    const auto outline = mf::docs::readOutline(
        "# Figures\n\ntext [a](x.md#figures-1)\n\n## Figures\n\n```sh\n# not a heading [b](nowhere.md)\n```\n"
        "  ```\n  ## nor this\n  ```\n`[c](in-a-code-span.md)` and [d](y.md \"title\")\n<a name=\"kept\"></a>\n");
    EXPECT_EQ(outline.anchors, (std::vector<std::string>{"figures", "figures-1", "kept"}));
    ASSERT_EQ(outline.links.size(), 2u);
    EXPECT_EQ(outline.links[0].target, "x.md#figures-1");
    EXPECT_EQ(outline.links[0].line, 3);
    EXPECT_EQ(outline.links[1].target, "y.md");
    EXPECT_EQ(outline.links[1].line, 13);
}

// The check can fail: a tree with a missing file, a missing anchor and an unlinked page.
TEST(DocumentationLinks, ReportsAMissingFileAMissingAnchorAndAPageNoOneLinksTo) {
    const fs::path root = fs::temp_directory_path() / ("mf-doc-links-" + std::to_string(::getpid()));
    fs::remove_all(root);
    write(root / "README.md", "# Top\n\n[good](docs/a.md#part-one), [gone](docs/missing.md),\n"
                              "[wrong anchor](docs/a.md#part-two), [here](#top), [web](https://example.org/#x)\n");
    write(root / "docs/a.md", "# A\n\n## Part one\n\n[back](../README.md#top)\n");
    write(root / "docs/orphan.md", "# Orphan\n");
    const auto files = mf::docs::documentationFiles(root);
    ASSERT_EQ(files.size(), 3u);
    const auto broken = mf::docs::brokenLinks(files);
    ASSERT_EQ(broken.size(), 2u) << describe(broken);
    EXPECT_EQ(broken[0].target, "docs/missing.md");
    EXPECT_EQ(broken[0].line, 3);
    EXPECT_EQ(broken[1].target, "docs/a.md#part-two");
    EXPECT_EQ(broken[1].line, 4);
    EXPECT_EQ(mf::docs::unreachableFiles(root / "README.md", files), (std::vector<fs::path>{root / "docs/orphan.md"}));
    fs::remove_all(root);
}

TEST(DocumentationLinks, EveryLinkBetweenTheReadmeAndTheManualResolves) {
    const auto files = mf::docs::documentationFiles(MATEFIND_SOURCE_DIR);
    ASSERT_GT(files.size(), 1u) << "README.md and docs/*.md not found under " << MATEFIND_SOURCE_DIR;
    const auto broken = mf::docs::brokenLinks(files);
    EXPECT_TRUE(broken.empty()) << describe(broken);
}

TEST(DocumentationLinks, EveryPageOfTheManualIsReachableFromTheReadme) {
    const fs::path root = MATEFIND_SOURCE_DIR;
    for (const auto& page : mf::docs::unreachableFiles(root / "README.md", mf::docs::documentationFiles(root)))
        ADD_FAILURE() << page.string() << ": no link leads to it from README.md";
}
