// matefind-engine --options FILE and the UCI option OptionsFile, over pipes: the weights in the
// file are the ones the engine evaluates with, refused lines come back as `info string FILE:LINE`.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "engine/eval_defaults.h"
#include "engine/search_params.h"
#include "engine/types.h"
#include "engine_pipe.h"

namespace mf::test {
namespace {

using namespace std::chrono_literals;

struct TempFile {
    std::filesystem::path path;
    TempFile(const std::string& name, const std::string& text)
        : path(std::filesystem::temp_directory_path() / ("mf_" + std::to_string(getpid()) + "_" + name)) {
        std::ofstream(path) << text;
    }
    ~TempFile() { std::filesystem::remove(path); }
};

// The format matefind-cli export --engine-options writes, plus three bad lines.
const char* TunedText =
    "# matefind-engine options\n"
    "# tuned for the test\n"
    "KnightValue = 200\n"
    "NoSuchTerm = 5\n"
    "BishopValue = 99999\n"
    "RookValue = 450\n"
    "OptionsFile = /tmp/elsewhere.txt\n";

// The `eval` lines of the start position; its Material row shows the piece values in use
// (White mg: 8 pawns + 2 knights + 2 bishops + 2 rooks + a queen).
std::string materialRow(EnginePipe& engine) {
    engine.send("position startpos");
    engine.send("eval");
    std::vector<std::string> lines;
    auto final = engine.waitFor("Final evaluation", 10s, &lines);
    EXPECT_TRUE(final);
    for (const auto& l : lines)
        if (l.rfind("Material", 0) == 0) return l;
    return "";
}

// White's middlegame material in the start position at the terms' defaults.
int startMaterial() {
    const auto& d = defaultTermValues();
    const auto mg = [&d](PieceType pt) { return d[layout::slot(layout::MaterialPair + pt - Pawn, layout::Mg)]; };
    return 8 * mg(Pawn) + 2 * mg(Knight) + 2 * mg(Bishop) + 2 * mg(Rook) + mg(Queen);
}

int whiteMaterial(const std::string& row) {
    // "Material             |   3700   3700 | ..."
    const auto bar = row.find('|');
    return bar == std::string::npos ? -1 : std::stoi(row.substr(bar + 1));
}

void expectTunedProblems(const std::vector<std::string>& lines, const std::string& file) {
    auto has = [&](const std::string& text) {
        for (const auto& l : lines)
            if (l.rfind(text, 0) == 0) return true;
        return false;
    };
    EXPECT_TRUE(has("info string " + file + ":4: unknown option 'NoSuchTerm'"));
    EXPECT_TRUE(has("info string " + file + ":5: option 'BishopValue': value 99999 is out of range"));
    EXPECT_TRUE(has("info string " + file + ":7: option 'OptionsFile': options files do not nest"));
}

TEST(OptionsFilePipe, CommandLineOptionsFileSetsTheWeightsAndReportsBadLines) {
    TempFile tuned("tuned.txt", TunedText);
    EnginePipe engine(engineExecutable(), {"--options", tuned.path.string()});
    engine.send("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(engine.waitFor("uciok", 10s, &lines));
    expectTunedProblems(lines, tuned.path.string());
    // `uci` reports the file's values as the defaults (a tuner reads them as the values in use);
    // the refused bishop line and the options not in the file keep theirs.
    auto declares = [&](const std::string& line) { return std::find(lines.begin(), lines.end(), line) != lines.end(); };
    EXPECT_TRUE(declares("option name KnightValue type spin default 200 min 0 max 2047"));
    EXPECT_TRUE(declares("option name RookValue type spin default 450 min 0 max 2047"));
    EXPECT_TRUE(declares("option name BishopValue type spin default 301 min 0 max 2047"));
    EXPECT_TRUE(declares("option name OptionsFile type string default <empty>"));
    // KnightValue 200 and RookValue 450 move each knight by 200 - 300 and each rook by 450 - 461
    // from the terms' defaults; the bishop's line is refused.
    EXPECT_EQ(whiteMaterial(materialRow(engine)), startMaterial() + 2 * (200 - 300) + 2 * (450 - 461));
    EXPECT_EQ(engine.finish(10s), 0);

    EnginePipe plain(engineExecutable());
    EXPECT_EQ(whiteMaterial(materialRow(plain)), startMaterial());
}

TEST(OptionsFilePipe, UciOptionLoadsTheFileAndAnUnreadableFileIsReported) {
    TempFile tuned("tuned_uci.txt", TunedText);
    EnginePipe engine(engineExecutable());
    engine.send("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(engine.waitFor("uciok", 10s, &lines));
    bool declared = false;
    for (const auto& l : lines) declared |= l == "option name OptionsFile type string default <empty>";
    EXPECT_TRUE(declared);

    engine.send("setoption name OptionsFile value " + tuned.path.string());
    engine.send("isready");
    lines.clear();
    ASSERT_TRUE(engine.waitFor("readyok", 10s, &lines));
    expectTunedProblems(lines, tuned.path.string());
    const int tunedMaterial = startMaterial() + 2 * (200 - 300) + 2 * (450 - 461);
    EXPECT_EQ(whiteMaterial(materialRow(engine)), tunedMaterial);

    engine.send("setoption name OptionsFile value /nonexistent/tuned.txt");
    auto error = engine.waitFor("info string", 10s);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("cannot read options file /nonexistent/tuned.txt"), std::string::npos) << *error;
    EXPECT_EQ(whiteMaterial(materialRow(engine)), tunedMaterial);  // nothing changed
}

// The "Nodes searched:" line of `matefind-engine ARGS` (a bench).
std::string benchSignature(const std::vector<std::string>& args) {
    EnginePipe bench(engineExecutable(), args);
    auto line = bench.waitFor("Nodes searched:", 120s);
    EXPECT_EQ(bench.finish(10s), 0);
    return line.value_or("none");
}

TEST(OptionsFilePipe, BenchWithAnOptionsFileSearchesWithItsWeights) {
    TempFile tuned("tuned_bench.txt", "KnightValue = 200\n");
    const std::string tunedA = benchSignature({"--options", tuned.path.string(), "bench", "6"});
    const std::string tunedB = benchSignature({"--options=" + tuned.path.string(), "bench", "6"});
    const std::string plain = benchSignature({"bench", "6"});
    EXPECT_EQ(tunedA, tunedB);
    EXPECT_NE(tunedA, plain);
}

// `terms` writes every term as the evaluation reads it: an old file of legacy weights (the hand-set
// one: legacy weights over the terms at the 30-weight values) written as terms alone searches the
// same tree as the file itself.
TEST(OptionsFilePipe, TermsWritesTheWeightsInUseAsAnOptionsFileOfTerms) {
    const std::filesystem::path handSet =
        std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources/engine-options/matefind-hand-set-defaults.txt";
    EnginePipe writer(engineExecutable(), {"--options", handSet.string(), "terms"});
    std::string text;
    std::size_t terms = 0;
    while (auto line = writer.readLine(10s)) {
        text += *line + "\n";
        if (!line->empty() && line->front() != '#') ++terms;
    }
    EXPECT_EQ(writer.finish(10s), 0);
    EXPECT_EQ(terms, std::size_t(layout::SlotCount));
    EXPECT_EQ(text.find("KnightValue"), std::string::npos);  // the legacy options are folded in
    TempFile written("terms.txt", text);
    EXPECT_EQ(benchSignature({"--options", written.path.string(), "bench", "6"}),
              benchSignature({"--options", handSet.string(), "bench", "6"}));
    EXPECT_NE(benchSignature({"--options", written.path.string(), "bench", "6"}), benchSignature({"bench", "6"}));
}

// An options file setting every search constant to `valueOf(term)`.
template <class ValueOf>
std::string searchConstantsFile(ValueOf valueOf) {
    std::string text = "# every search constant\n";
    for (const SearchTerm& term : searchTerms()) text += std::string(term.name) + " = " + std::to_string(valueOf(term)) + "\n";
    return text;
}

// The search constants through an options file: each is announced back with the file's value as
// its default, `setoption` still takes them and refuses out-of-range ones with the range, and the
// engine searches with all of them at the ends of their ranges.
void expectSearchConstantsRoundTrip(const std::string& fileName, int (*valueOf)(const SearchTerm&)) {
    TempFile file(fileName, searchConstantsFile(valueOf));
    EnginePipe engine(engineExecutable(), {"--options", file.path.string()});
    engine.send("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(engine.waitFor("uciok", 10s, &lines));
    for (const auto& l : lines) EXPECT_EQ(l.find("info string"), std::string::npos) << l;  // no refused line
    for (const SearchTerm& term : searchTerms()) {
        const std::string declared = "option name " + std::string(term.name) + " type spin default " +
                                     std::to_string(valueOf(term)) + " min " + std::to_string(term.min) + " max " +
                                     std::to_string(term.max);
        EXPECT_NE(std::find(lines.begin(), lines.end(), declared), lines.end()) << declared;
    }
    engine.send("setoption name Search.LmrBase value 81");
    engine.send("setoption name search.lmrbase value 301");
    auto refused = engine.waitFor("info string", 10s);
    ASSERT_TRUE(refused);
    EXPECT_EQ(*refused, "info string option 'Search.LmrBase': value 301 is out of range 0..300");
    engine.send("position fen r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14");
    engine.send("go depth 8");
    EXPECT_TRUE(engine.waitFor("bestmove", 120s));
    EXPECT_EQ(engine.finish(10s), 0);
}

TEST(OptionsFilePipe, SearchConstantsRoundTripThroughAnOptionsFile) {
    expectSearchConstantsRoundTrip("search_min.txt", [](const SearchTerm& t) { return t.min; });
    expectSearchConstantsRoundTrip("search_max.txt", [](const SearchTerm& t) { return t.max; });
}

// The same file given to `bench` searches with its constants; at the defaults, as without it.
TEST(OptionsFilePipe, BenchWithSearchConstantsInAnOptionsFileSearchesWithThem) {
    TempFile changed("search_bench.txt", "Search.NullMoveReduction = 2\nSearch.LmrDivisor = 200\n");
    TempFile defaults("search_defaults.txt", searchConstantsFile([](const SearchTerm& t) { return t.defaultValue; }));
    const std::string plain = benchSignature({"bench", "6"});
    EXPECT_NE(benchSignature({"--options", changed.path.string(), "bench", "6"}), plain);
    EXPECT_EQ(benchSignature({"--options", defaults.path.string(), "bench", "6"}), plain);
}

TEST(OptionsFilePipe, OptionsWithoutAFileIsAUsageError) {
    EnginePipe engine(engineExecutable(), {"--options"});
    EXPECT_EQ(engine.finish(10s), 2);
}

}  // namespace
}  // namespace mf::test
