// README.md stays the newcomer's page: at most 200 lines, the two commands in its first 40, no
// table over 12 rows. The rules are checked on made-up READMEs first, so a check that found
// nothing could not pass unnoticed.
#include <gtest/gtest.h>

#include <string>

#include "tests/structure/markdown_links.h"
#include "tests/structure/readme_shape.h"

using mf::docs::readmeShapeProblems;

namespace {

std::string lines(int count, const std::string& text = "text") {
    std::string out;
    for (int i = 0; i < count; ++i) out += text + "\n";
    return out;
}

const std::string kCommands = "```sh\nscripts/setup-and-run.sh\nscripts/test.sh\n```\n";

std::string table(int bodyRows) {
    return "| date | finding |\n|---|:--:|\n" + lines(bodyRows, "| 2026-11-28 | +1 Elo |");
}

std::string joined(const std::vector<std::string>& problems) {
    std::string out;
    for (const auto& p : problems) out += p + "\n";
    return out;
}

}  // namespace

TEST(ReadmeShape, AReadmeWithinTheLimitsHasNoProblems) {
    const std::string readme = "# Name\n" + kCommands + table(12) + lines(200 - 19);
    EXPECT_EQ(joined(readmeShapeProblems(readme)), "");
}

TEST(ReadmeShape, TooManyLinesLateCommandsAndALongTableAreEachReported) {
    EXPECT_EQ(joined(readmeShapeProblems("# Name\n" + kCommands + lines(196))), "201 lines (at most 200)\n");
    EXPECT_EQ(joined(readmeShapeProblems("# Name\n" + lines(39) + kCommands)),
              "scripts/setup-and-run.sh is not in the first 40 lines\nscripts/test.sh is not in the first 40 lines\n");
    EXPECT_EQ(joined(readmeShapeProblems("# Name\n" + kCommands + "\n" + table(13))),
              "line 7: a table of 13 rows (at most 12)\n");
    // A table without a delimiter row counts every line as a row.
    EXPECT_EQ(joined(readmeShapeProblems(kCommands + lines(13, "| a | b |"))), "line 5: a table of 13 rows (at most 12)\n");
}

TEST(ReadmeShape, ATableInACodeBlockIsCodeNotATable) {
    EXPECT_EQ(joined(readmeShapeProblems(kCommands + "```\n" + table(20) + "```\n")), "");
}

TEST(ReadmeShape, TheReadmeIsWithinTheLimits) {
    const std::string readme = mf::docs::readText(std::filesystem::path(MATEFIND_SOURCE_DIR) / "README.md");
    ASSERT_FALSE(readme.empty()) << "README.md not found under " << MATEFIND_SOURCE_DIR;
    EXPECT_EQ(joined(readmeShapeProblems(readme)), "");
}
