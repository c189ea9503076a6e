// Every matefind-cli and matefind-engine command line of README.md and the manual names a command
// the program has and only options it parses, as the built programs say; and the check fails on a
// made-up option or command.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/structure/documented_commands.h"
#include "tests/structure/markdown_links.h"

namespace fs = std::filesystem;
using namespace mf::docs;

namespace {

const std::vector<ProgramInterface>& programs() {
    static const std::vector<ProgramInterface> asked{askCli(fs::path(MATEFIND_BIN_DIR) / "matefind-cli"),
                                                     askEngine(fs::path(MATEFIND_BIN_DIR) / "matefind-engine")};
    return asked;
}

// "LINE: problem" for every problem of a markdown text.
std::vector<std::string> problemsIn(const std::string& markdown) {
    std::vector<std::string> problems;
    for (const DocumentedCommand& used : documentedCommands(markdown, programs()))
        for (const std::string& problem : problemsOf(used, programs()))
            problems.push_back(std::to_string(used.line) + ": " + problem);
    return problems;
}

}  // namespace

TEST(ProgramHelp, TheCommandListAndAnOptionTableAreReadAsTheProgramsPrintThem) {
    EXPECT_EQ(commandsInList("usage: matefind-cli <command> [options]\n\ncommands:\n  export         write it\n"
                             "  make-dataset   labelled positions\n\n`matefind-cli help <command>` shows ...\n"),
              (std::vector<std::string>{"export", "make-dataset"}));
    EXPECT_EQ(optionsInHelp("matefind-cli print FILE [--engine PATH] [--workers N]:\n  -h [ --help ]   show this help\n"
                            "  --file arg      population file\n                  --not-an-option, a wrapped line\n",
                            "matefind-cli", "print"),
              (std::set<std::string>{"--help", "--file", "--engine", "--workers"}));
    const ProgramInterface engine = interfaceFromUsage(
        "usage: matefind-engine [--options FILE]            (UCI on stdin/stdout)\n"
        "       matefind-engine [--options FILE] bench [depth]\n       matefind-engine perft <depth> [fen]\n",
        "matefind-engine");
    EXPECT_EQ(engine.commands.at(""), (std::set<std::string>{"--options"}));
    EXPECT_EQ(engine.commands.at("bench"), (std::set<std::string>{"--options"}));
    EXPECT_TRUE(engine.commands.at("perft").empty());
    EXPECT_EQ(engine.valued, (std::set<std::string>{"--options"}));
}

TEST(ProgramHelp, TheBuiltProgramsAnswerWithTheirCommandsAndOptions) {
    const ProgramInterface& cli = programs()[0];
    ASSERT_TRUE(cli.commands.count("tune")) << "no commands from " << MATEFIND_BIN_DIR << "/matefind-cli help";
    EXPECT_TRUE(cli.commands.at("tune").count("--then"));
    EXPECT_TRUE(cli.commands.at("tune").count("--preset"));
    EXPECT_TRUE(cli.commands.at("match").count("--against"));
    EXPECT_TRUE(cli.commands.at("help").count("--man"));
    EXPECT_FALSE(cli.commands.at("tune").count("--against"));
    const ProgramInterface& engine = programs()[1];
    ASSERT_TRUE(engine.commands.count("terms")) << "no usage from " << MATEFIND_BIN_DIR << "/matefind-engine --help";
    EXPECT_TRUE(engine.commands.at("terms").count("--options"));
}

// The check can fail: a made-up page with a made-up option in each place a command line is read,
// a made-up command and a made-up engine option; the real lines beside them pass.
TEST(DocumentedCommands, AMadeUpOptionOrCommandIsReportedWhereverItIsWritten) {
    const std::string page =
        "# A page\n"                                                                          // 1
        "Run `matefind-cli tune --population 8 --no-such-option 3` first, then\n"            // 2
        "`tune --measure games --made-up-inline`, and `matefind-cli`'s `--whatever` is no line.\n"  // 3
        "\n"                                                                                  // 4
        "```sh\n"                                                                             // 5
        "matefind-cli frobnicate --out x\n"                                                   // 6
        "matefind-cli match --pairs 2 \\\n"                                                   // 7
        "    --invented 1 --workers 2   # a comment --not-an-option\n"                        // 8
        "mpirun -np 3 build/release/bin/matefind-cli solve --suite s.epd --mpi --bogus-mpi\n"  // 9
        "matefind-engine --options tuned.txt bench\n"                                         // 10
        "$ matefind-engine --made-up-engine-option terms > terms.txt\n"                       // 11
        "matefind-cli solve: Toga II 3.0 ignores `go nodes`: use --depth or --movetime\n"     // 12
        "matefind-cli COMMAND --help\n"                                                       // 13
        "matefind-cli tune [--data FILE] [--nodes N | --depth D]\n"                           // 14
        "                  [--imaginary-synopsis-option X]\n"                                 // 15
        "```\n";
    EXPECT_EQ(problemsIn(page), (std::vector<std::string>{
                                    "2: matefind-cli tune has no option --no-such-option",
                                    "3: matefind-cli tune has no option --made-up-inline",
                                    "6: matefind-cli has no command 'frobnicate'",
                                    "7: matefind-cli match has no option --invented",
                                    "9: matefind-cli solve has no option --bogus-mpi",
                                    "11: matefind-engine terms has no option --made-up-engine-option",
                                    "14: matefind-cli tune has no option --imaginary-synopsis-option",
                                }));
}

TEST(DocumentedCommands, EveryCommandLineOfTheReadmeAndTheManualIsOneTheProgramsAccept) {
    ASSERT_TRUE(programs()[0].commands.count("tune") && programs()[1].commands.count("bench"))
        << "the programs in " << MATEFIND_BIN_DIR << " did not answer";
    int lines = 0;
    std::ostringstream problems;
    for (const fs::path& file : documentationFiles(MATEFIND_SOURCE_DIR)) {
        for (const DocumentedCommand& used : documentedCommands(readText(file), programs())) {
            ++lines;
            for (const std::string& problem : problemsOf(used, programs()))
                problems << file.string() << ":" << used.line << ": " << problem << "\n    " << used.text << "\n";
        }
    }
    EXPECT_GT(lines, 100) << "too few command lines found: the reader misses them";
    EXPECT_TRUE(problems.str().empty()) << problems.str();
}
