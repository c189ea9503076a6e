// Options files (engine/options_file.h) applied to a small option table in-process.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "engine/options_file.h"

namespace mf {
namespace {

struct OptionsFile : ::testing::Test {
    OptionTable table;
    long long knight = 250;
    long long overhead = 2;
    bool tables = true;
    void SetUp() override {
        table.addSpin("KnightValue", 250, 0, 2047, [this](long long v) { knight = v; return std::nullopt; });
        table.addSpin("Move Overhead", 2, 0, 5000, [this](long long v) { overhead = v; return std::nullopt; });
        table.addCheck("EndgameTables", true, [this](bool on) { tables = on; return std::nullopt; });
    }
};

TEST(OptionsFileParse, LinesTable) {
    struct Row {
        const char* line;
        const char* name;    // nullptr: the line is refused
        const char* value;
        const char* error;   // the start of the reason when refused
    };
    const Row rows[] = {
        {"KnightValue = 312", "KnightValue", "312", nullptr},
        {"  Move Overhead=40  ", "Move Overhead", "40", nullptr},
        {"Book File = a=b.bin", "Book File", "a=b.bin", nullptr},
        {"Name =", "Name", "", nullptr},
        {"setoption name Hash value 64", "Hash", "64", nullptr},
        {"setoption name Clear Hash", "Clear Hash", "", nullptr},
        {"setoptionX = 1", "setoptionX", "1", nullptr},
        {"KnightValue 200", nullptr, nullptr, "expected '<option> = <value>'"},
        {"= 5", nullptr, nullptr, "the option name before '=' is missing"},
        {"setoption value 3", nullptr, nullptr, "setoption: expected 'name"},
    };
    for (const Row& row : rows) {
        const auto lines = parseOptionsText(row.line);
        ASSERT_EQ(lines.size(), 1u) << row.line;
        EXPECT_EQ(lines[0].number, 1);
        if (row.name) {
            ASSERT_TRUE(lines[0].option) << row.line << ": " << lines[0].error;
            EXPECT_EQ(lines[0].option->name, row.name);
            EXPECT_EQ(lines[0].option->value, row.value);
        } else {
            EXPECT_FALSE(lines[0].option) << row.line;
            EXPECT_EQ(lines[0].error.rfind(row.error, 0), 0u) << lines[0].error;
        }
    }
}

TEST(OptionsFileParse, CommentsAndBlankLinesAreLeftOutAndLinesKeepTheirNumbers) {
    const auto lines = parseOptionsText("# header\n\n  \t\nA = 1\r\n# note\nB 2\nC = 3");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].number, 4);
    EXPECT_EQ(lines[1].number, 6);
    EXPECT_FALSE(lines[1].option);
    EXPECT_EQ(lines[2].number, 7);
    EXPECT_EQ(optionsFileProblem("t.txt", lines[1].number, lines[1].error).rfind("t.txt:6: expected", 0), 0u);
}

TEST_F(OptionsFile, AppliesTheExportFormatWithCommentsBlankLinesAndSpacedNames) {
    const auto result = applyOptionsText(table,
                                         "# matefind-engine options\n"
                                         "# best of generation 12, fitness 231\n"
                                         "\n"
                                         "KnightValue = 312\r\n"
                                         "  move overhead=40  \n"
                                         "setoption name EndgameTables value false\n",
                                         "tuned.txt");
    EXPECT_FALSE(result.openError);
    EXPECT_TRUE(result.problems.empty()) << result.problems.front();
    EXPECT_EQ(result.applied, 3);
    EXPECT_EQ(knight, 312);
    EXPECT_EQ(overhead, 40);
    EXPECT_FALSE(tables);
    EXPECT_EQ(table.find("KnightValue")->value, "312");
}

TEST_F(OptionsFile, RefusedLinesNameFileAndLineAndTheRestIsApplied) {
    const auto result = applyOptionsText(table,
                                         "# header\n"
                                         "KnightValue = 3000\n"     // 2: out of range
                                         "Nonsense = 4\n"           // 3: unknown option
                                         "Move Overhead = 7\n"      // 4: applied
                                         "KnightValue 200\n"        // 5: no '='
                                         "= 5\n"                    // 6: no name
                                         "KnightValue = twelve\n"   // 7: not an integer
                                         "KnightValue = 280",       // 8: applied, no final newline
                                         "t.txt");
    ASSERT_EQ(result.problems.size(), 5u);
    EXPECT_EQ(result.problems[0], "t.txt:2: option 'KnightValue': value 3000 is out of range 0..2047");
    EXPECT_EQ(result.problems[1], "t.txt:3: unknown option 'Nonsense'");
    EXPECT_EQ(result.problems[2].rfind("t.txt:5: expected '<option> = <value>'", 0), 0u) << result.problems[2];
    EXPECT_EQ(result.problems[3].rfind("t.txt:6: ", 0), 0u) << result.problems[3];
    EXPECT_EQ(result.problems[4].rfind("t.txt:7: option 'KnightValue': value 'twelve'", 0), 0u) << result.problems[4];
    EXPECT_EQ(result.applied, 2);
    EXPECT_EQ(overhead, 7);
    EXPECT_EQ(knight, 280);
}

TEST_F(OptionsFile, UnreadableFileIsAnErrorAndChangesNothing) {
    const auto missing = applyOptionsFile(table, "/nonexistent/matefind/tuned.txt");
    ASSERT_TRUE(missing.openError);
    EXPECT_NE(missing.openError->find("/nonexistent/matefind/tuned.txt"), std::string::npos) << *missing.openError;
    const auto directory = applyOptionsFile(table, std::filesystem::temp_directory_path());
    ASSERT_TRUE(directory.openError);
    EXPECT_EQ(knight, 250);
}

TEST_F(OptionsFile, ReadsAFileFromDisk) {
    const auto path = std::filesystem::temp_directory_path() / ("mf_options_file_" + std::to_string(getpid()) + ".txt");
    std::ofstream(path) << "KnightValue = 199\nBogus = 1\n";
    const auto result = applyOptionsFile(table, path);
    std::filesystem::remove(path);
    EXPECT_FALSE(result.openError);
    EXPECT_EQ(knight, 199);
    ASSERT_EQ(result.problems.size(), 1u);
    EXPECT_EQ(result.problems[0], path.string() + ":2: unknown option 'Bogus'");
}

}  // namespace
}  // namespace mf
