// No line of the README, the manual or the programs' own texts speaks of how the project was made
// (sessions, issues, briefs, done-whens, tasks by letter: the pattern is kProjectWordPattern
// in user_words.h); and the check finds such words where they are planted.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

#include "tests/structure/user_words.h"

namespace fs = std::filesystem;
using namespace mf::docs;

namespace {

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

std::vector<std::string> describe(const std::vector<ProjectWord>& words, const fs::path& root) {
    std::vector<std::string> lines;
    for (const ProjectWord& word : words)
        lines.push_back(fs::relative(word.file, root).string() + ":" + std::to_string(word.line) + ": " + word.words);
    return lines;
}

}  // namespace

TEST(UserWords, StringLiteralsAreReadWithoutCommentsIncludesOrCharacterLiterals) {
    const auto literals = stringLiterals(
        "#include \"ui/run_session.h\"\n"
        "// a comment with \"a quoted session\"\n"
        "const char* help = \"one \"\n"
        "                   \"two\"; /* \"not this\" */ char q = '\"'; int n = 1'000;\n"
        "auto raw = R\"x(a \"raw\" one\nover two lines)x\"; auto wide = L\"wide\";\n");
    ASSERT_EQ(literals.size(), 3u);
    EXPECT_EQ(literals[0].text, "one two");
    EXPECT_EQ(literals[0].line, 3);
    EXPECT_EQ(literals[1].text, "a \"raw\" one\nover two lines");
    EXPECT_EQ(literals[1].line, 5);
    EXPECT_EQ(literals[2].text, "wide");
    EXPECT_EQ(literals[2].line, 6);
}

// The check can fail: a made-up tree with one such word planted in each kind of file, beside
// identifiers and comments that must pass.
TEST(UserWords, APlantedWordIsFoundInTheReadmeTheManualTheResourcesAndTheSourcesStrings) {
    const fs::path root = fs::temp_directory_path() / ("mf-user-words-" + std::to_string(::getpid()));
    fs::remove_all(root);
    write(root / "README.md", "# MateFind\n\nMeasured in the sixth\nsession: EngineSession and RunSession are names.\n");
    write(root / "docs/tuning.md", "As issue 14 asked, the brief's done-when\nholds for task (a).\n");
    write(root / "docs/results/2026-01-01-x.md", "Tasks (b) and (c).\n");
    write(root / "resources/epd/README.md", "Regrown for Issue 12.\n");
    write(root / "ui/panel.cpp", "#include \"ui/run_session.h\"\n// this session's comment is not read\n"
                                 "auto tip = tr(\"see docs/tuning.md's task \"\n              \"(a)\");\n");
    write(root / "app/cli/cmd.cpp", "std::cout << \"fine\" << R\"(the briefs)\";\n");
    write(root / "tests/x_test.cpp", "auto s = \"tests are not read: session\";\n");
    EXPECT_EQ(describe(projectWords(userFacingTexts(root)), root),
              (std::vector<std::string>{"README.md:4: session", "app/cli/cmd.cpp:1: briefs", "docs/results/2026-01-01-x.md:1: Tasks (b)",
                                        "docs/tuning.md:1: issue", "docs/tuning.md:1: brief", "docs/tuning.md:1: done-when",
                                        "docs/tuning.md:2: task (a)", "resources/epd/README.md:1: Issue",
                                        "ui/panel.cpp:3: task (a)"}));
    fs::remove_all(root);
}

TEST(UserWords, NoUserFacingTextSpeaksOfSessionsIssuesBriefsDoneWhensOrTasksByLetter) {
    const auto texts = userFacingTexts(MATEFIND_SOURCE_DIR);
    ASSERT_GT(texts.size(), 1000u) << "the README, the manual and the sources' strings not found under " << MATEFIND_SOURCE_DIR;
    std::ostringstream found;
    for (const std::string& line : describe(projectWords(texts), MATEFIND_SOURCE_DIR)) found << line << "\n";
    EXPECT_TRUE(found.str().empty()) << "words of how the project was made, where users read them:\n" << found.str();
}
