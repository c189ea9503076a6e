// OpenBench and fishtest tune lines as a genome and back: rows of good lines with the term each
// gives, rows of bad lines with the whole message each gets, and round trips through the lines,
// the genome JSON and the population file.
#include "evolution/ga/spsa_lines.h"

#include "evolution/ga/evolution.h"
#include "evolution/ga/population_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace mf::ga {
namespace {

struct GoodRow {
    const char* what;
    const char* text;
    SpsaFormat format;
    Term term;  // the first line's term
    std::size_t terms;
};

Term spsaTerm(const char* name, int start, int min, int max, int bits, double cEnd, double rEnd) {
    Term t{name, name, start, bits, min, max};
    t.spsa = SpsaSteps{cEnd, rEnd};
    return t;
}

TEST(SpsaLines, GoodLinesOfBothFormats) {
    const GoodRow rows[] = {
        {"OpenBench", "KnightValue, int, 320, 200, 450, 10, 0.002\n", SpsaFormat::OpenBench,
         spsaTerm("KnightValue", 320, 200, 450, 8, 10, 0.002), 1},
        {"fishtest as Stockfish prints it", "KnightValue,320,200,450,12.5,0.0020\n", SpsaFormat::Fishtest,
         spsaTerm("KnightValue", 320, 200, 450, 8, 12.5, 0.002), 1},
        {"no final newline, CRLF, blanks, comments, spaces and tabs",
         "# from the engine's tune output\r\n\r\n \tKnight Value , int , 320 , 200 , 450 , 12.5 , 0.002 \r\n\r\n"
         "# a comment between\r\nBishop, int, 330, 200, 450, 12.5, 0.002",
         SpsaFormat::OpenBench, spsaTerm("Knight Value", 320, 200, 450, 8, 12.5, 0.002), 2},
        {"OpenBench shows its numbers as floats", "Tempo, int, 20.0, 0.0, 40.0, 2.0, 0.002\n", SpsaFormat::OpenBench,
         spsaTerm("Tempo", 20, 0, 40, 6, 2, 0.002), 1},
        {"exponents and a plus sign", "Tempo,+2e1,0,4.0e1,2,2e-3\n", SpsaFormat::Fishtest,
         spsaTerm("Tempo", 20, 0, 40, 6, 2, 0.002), 1},
        {"negative range", "Contempt,0,-100,100,10,0.002\n", SpsaFormat::Fishtest,
         spsaTerm("Contempt", 0, -100, 100, 8, 10, 0.002), 1},
        {"Stockfish array element", "myValue[0][1],100,0,200,10,0.0020\n", SpsaFormat::Fishtest,
         spsaTerm("myValue[0][1]", 100, 0, 200, 8, 10, 0.002), 1},
        {"nothing to tune (min = max)", "Fixed,5,5,5,0.5,0.002\n", SpsaFormat::Fishtest, spsaTerm("Fixed", 5, 5, 5, 1, 0.5, 0.002),
         1},
        {"start on the bounds, power-of-two range", "Low,0,0,255,12.75,0.002\nHigh,255,0,255,12.75,0.002\n",
         SpsaFormat::Fishtest, spsaTerm("Low", 0, 0, 255, 8, 12.75, 0.002), 2},
    };
    for (const GoodRow& row : rows) {
        SCOPED_TRACE(row.what);
        EXPECT_EQ(detectSpsaFormat(row.text), row.format);
        const Result<Genome> genome = genomeFromSpsaLines(row.text, "t.txt");
        ASSERT_TRUE(genome.ok()) << genome.error().message;
        ASSERT_EQ(genome->size(), row.terms);
        EXPECT_EQ((*genome)[0], row.term);
        // The window is [min, max] exactly: what an SPSA tuner searches, and what export writes.
        EXPECT_EQ((*genome)[0].low(), row.term.floor);
        EXPECT_EQ((*genome)[0].high(), *row.term.ceiling);
    }
}

struct BadRow {
    const char* text;
    const char* message;
};

TEST(SpsaLines, EveryBadLineNamesFileLineAndField) {
    const BadRow rows[] = {
        {"", "t.txt: no tune lines: expected a genome as JSON (format matefind-genome), OpenBench lines (name, int, "
             "start, min, max, c_end, r_end) or fishtest lines (name,start,min,max,c_end,r_end)"},
        {"# only a comment\n\n", "t.txt: no tune lines: expected a genome as JSON (format matefind-genome), OpenBench "
                                 "lines (name, int, start, min, max, c_end, r_end) or fishtest lines "
                                 "(name,start,min,max,c_end,r_end)"},
        {"\nStockfish 17 by the Stockfish developers (see AUTHORS file)\nA,1,0,2,1,0.002\n",
         "t.txt:2: expected a tune line of 7 (OpenBench: name, int, start, min, max, c_end, r_end) or 6 (fishtest: "
         "name,start,min,max,c_end,r_end) comma-separated fields, found 1"},
        {"A,1,0,2,1,0.002\nB, int, 1, 0, 2, 1, 0.002\n",
         "t.txt:2: expected 6 (fishtest: name,start,min,max,c_end,r_end) comma-separated fields like the first tune "
         "line, found 7"},
        {"A, int, 1, 0, 2, 1, 0.002\nB, int, 1, 0, 2, 1\n",
         "t.txt:2: expected 7 (OpenBench: name, int, start, min, max, c_end, r_end) comma-separated fields like the "
         "first tune line, found 6"},
        {"A,1,0,2,1,0.002\nB, float, 1, 0, 2, 1\n",
         "t.txt:2: expected 7 (OpenBench: name, int, start, min, max, c_end, r_end) comma-separated fields, found 6 "
         "(the second field is a type, so this is an OpenBench line with a field missing)"},
        {"Scale, float, 1.5, 1.0, 2.0, 0.1, 0.002\n",
         "t.txt:1: type: float parameters are not read: MateFind searches integer spin options (scale the parameter "
         "in the engine, e.g. 1.25 as 125, and declare it int)"},
        {"A, integer, 1, 0, 2, 1, 0.002\n", "t.txt:1: type: must be int, got 'integer'"},
        {"A, int, 320.5, 200, 450, 10, 0.002\n",
         "t.txt:1: start: expected a whole number, got '320.5' (MateFind tunes integer spin options)"},
        {"A,320,200.25,450,10,0.002\n",
         "t.txt:1: min: expected a whole number, got '200.25' (MateFind tunes integer spin options)"},
        {"A,320,200,4e2x,10,0.002\n", "t.txt:1: max: expected a number, got '4e2x'"},
        {"A, int, , 200, 450, 10, 0.002\n", "t.txt:1: start: expected a number, got ''"},
        {"A,nan,200,450,10,0.002\n", "t.txt:1: start: expected a number, got 'nan'"},
        {"A,99999999999,0,1,10,0.002\n", "t.txt:1: start: out of the int range, got '99999999999'"},
        {"A, int, 320, 450, 200, 10, 0.002\n", "t.txt:1: min: must not exceed max (200), got 450"},
        {"A\n", "t.txt:1: expected a tune line of 7 (OpenBench: name, int, start, min, max, c_end, r_end) or 6 "
                "(fishtest: name,start,min,max,c_end,r_end) comma-separated fields, found 1"},
        {"A,1,0,2,1,0.002\n\nB,500,200,450,10,0.002\n", "t.txt:3: start: must lie in [min, max] = [200, 450], got 500"},
        {"A,-1,0,2,1,0.002\n", "t.txt:1: start: must lie in [min, max] = [0, 2], got -1"},
        {"A, int, 1, 0, 20, 0.3, 0.002\n", "t.txt:1: c_end: must be at least 0.5, got '0.3'"},
        {"A,1,0,20,0,0.002\n", "t.txt:1: c_end: must be greater than 0, got '0'"},
        {"A,1,0,20,-1,0.002\n", "t.txt:1: c_end: must be greater than 0, got '-1'"},
        {"A,1,0,20,1,0\n", "t.txt:1: r_end: must be greater than 0, got '0'"},
        {"A, int, 1, 0, 20, 1, fast\n", "t.txt:1: r_end: expected a number, got 'fast'"},
        {" , int, 1, 0, 20, 1, 0.002\n", "t.txt:1: name: must not be empty"},
        {"A\x01" "B,1,0,20,1,0.002\n", "t.txt:1: name: must not hold control characters"},
        {"\xEF\xBB\xBF\xEF\xBB\xBF" "A,1,0,20,1,0.002\n", "t.txt:1: name: must not hold a byte order mark (U+FEFF)"},
        {"# first\n\xEF\xBB\xBF" "A,1,0,20,1,0.002\n", "t.txt:2: name: must not hold a byte order mark (U+FEFF)"},
        {"KnightValue,320,200,450,10,0.002\nBishop,330,200,450,10,0.002\nknightvalue,300,200,450,10,0.002\n",
         "t.txt:3: name: 'knightvalue' is already on line 1 (UCI option names ignore case)"},
        {"Edge,2147483641,2147483641,2147483647,1,0.002\n", "t.txt:1: start: window would exceed the largest int"},
    };
    for (const BadRow& row : rows) {
        SCOPED_TRACE(row.text);
        const Result<Genome> genome = genomeFromSpsaLines(row.text, "t.txt");
        ASSERT_FALSE(genome.ok());
        EXPECT_EQ(genome.error().message, row.message);
    }
}

TEST(SpsaLines, FormatNames) {
    EXPECT_EQ(parseSpsaFormat("openbench"), SpsaFormat::OpenBench);
    EXPECT_EQ(parseSpsaFormat("fishtest"), SpsaFormat::Fishtest);
    EXPECT_EQ(parseSpsaFormat("OpenBench"), std::nullopt);
    EXPECT_EQ(spsaFormatName(SpsaFormat::OpenBench), "openbench");
    EXPECT_EQ(spsaFormatName(SpsaFormat::Fishtest), "fishtest");
    EXPECT_EQ(detectSpsaFormat("A,B,C\n"), std::nullopt);
}

TEST(SpsaLines, LinesToGenomeToLinesGivesTheSameLines) {
    const std::string openBench = "KnightValue, int, 320, 200, 450, 12.5, 0.002\n"
                                  "Contempt, int, -10, -100, 100, 10, 0.0025\n"
                                  "Tempo, int, 20, 0, 40, 2, 0.002\n";
    const std::string fishtest = "KnightValue,320,200,450,12.5,0.002\n"
                                 "Contempt,-10,-100,100,0.25,0.0025\n"
                                 "myValue[1],20,0,40,2,0.002\n";
    for (const auto& [text, format] : {std::pair{openBench, SpsaFormat::OpenBench}, std::pair{fishtest, SpsaFormat::Fishtest}}) {
        SCOPED_TRACE(text);
        const Result<Genome> genome = genomeFromSpsaLines(text, "t.txt");
        ASSERT_TRUE(genome.ok()) << genome.error().message;
        EXPECT_EQ(spsaLines(*genome, genome->defaults(), format), text);
    }
}

TEST(SpsaLines, ExportWritesTheWinnerInsideTheWindow) {
    const Result<Genome> genome = genomeFromSpsaLines("KnightValue,320,200,450,12.5,0.0020\nContempt,0,-100,100,0.25,0.002\n");
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    EXPECT_EQ(spsaLines(*genome, {333, -7}, SpsaFormat::Fishtest),
              "KnightValue,333,200,450,12.5,0.002\nContempt,-7,-100,100,0.25,0.002\n");
    // OpenBench refuses an int c_end below 0.5, so a fishtest c_end of 0.25 is written as 0.5.
    EXPECT_EQ(spsaLines(*genome, {333, -7}, SpsaFormat::OpenBench),
              "KnightValue, int, 333, 200, 450, 12.5, 0.002\nContempt, int, -7, -100, 100, 0.5, 0.002\n");
}

TEST(SpsaLines, TermsWithoutStepsGetStockfishsDefaults) {
    // A JSON genome: name and option differ (the lines name the option), no ceiling (the window is
    // 0..511), no steps: c_end = (max - min) / 20, r_end = 0.002; a narrow range gets c_end 0.5.
    const Genome genome({Term{"knight value", "KnightValue", 250, 9}, Term{"tempo", "Tempo", 5, 3, 0, 7}});
    EXPECT_EQ(spsaLines(genome, {260, 4}, SpsaFormat::OpenBench),
              "KnightValue, int, 260, 0, 511, 25.55, 0.002\nTempo, int, 4, 0, 7, 0.5, 0.002\n");
    EXPECT_EQ(spsaLines(genome, {260, 4}, SpsaFormat::Fishtest), "KnightValue,260,0,511,25.55,0.002\nTempo,4,0,7,0.5,0.002\n");
    EXPECT_EQ(defaultSpsaSteps(200, 450), (SpsaSteps{12.5, 0.002}));
}

TEST(SpsaLines, GenomeFilesAreRecognisedByContent) {
    const std::string json = R"({"format": "matefind-genome", "version": 1, "terms": [
        {"name": "knight value", "option": "KnightValue", "default": 250, "bits": 9}]})";
    const Result<Genome> fromJson = genomeFromText("\xEF\xBB\xBF  \n" + json, "g.json");
    ASSERT_TRUE(fromJson.ok()) << fromJson.error().message;
    EXPECT_EQ((*fromJson)[0].option, "KnightValue");
    const Result<Genome> fromLines = genomeFromText("\xEF\xBB\xBF" "KnightValue,320,200,450,12.5,0.0020\n", "g.txt");
    ASSERT_TRUE(fromLines.ok()) << fromLines.error().message;
    EXPECT_EQ((*fromLines)[0].defaultValue, 320);
    // JSON that is not a genome is a JSON error, not a tune-line error.
    const Result<Genome> array = genomeFromText("[1, 2]", "g.json");
    ASSERT_FALSE(array.ok());
    EXPECT_EQ(array.error().message, "g.json: (top level): must be an object");
}

TEST(SpsaLines, LoadGenomeReadsTuneLineFiles) {
    const auto dir = std::filesystem::temp_directory_path() / "mf_spsa_lines_test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "tune.txt") << "KnightValue, int, 320, 200, 450, 12.5, 0.002\n";
    const Result<Genome> genome = loadGenome(dir / "tune.txt");
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    EXPECT_EQ((*genome)[0], spsaTerm("KnightValue", 320, 200, 450, 8, 12.5, 0.002));
    std::ofstream(dir / "bad.txt") << "KnightValue, int, 320, 200, 450, 12.5\n";
    const Result<Genome> bad = loadGenome(dir / "bad.txt");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, (dir / "bad.txt").string() +
                                         ":1: expected 7 (OpenBench: name, int, start, min, max, c_end, r_end) "
                                         "comma-separated fields, found 6 (the second field is a type, so this is an "
                                         "OpenBench line with a field missing)");
    std::filesystem::remove_all(dir);
}

TEST(SpsaLines, StepsSurviveTheGenomeJsonAndThePopulationFile) {
    const Result<Genome> genome =
        genomeFromSpsaLines("KnightValue,320,200,450,12.5,0.0020\nContempt,0,-100,100,0.1,0.000123456789\n");
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    const std::string json = genomeToJson(*genome);
    EXPECT_NE(json.find("\"c_end\": 12.5"), std::string::npos) << json;
    const Result<Genome> fromJson = genomeFromJson(json);
    ASSERT_TRUE(fromJson.ok()) << fromJson.error().message;
    EXPECT_EQ(*fromJson, *genome);

    Parameters p;
    p.populationSize = 4;
    p.elite = 1;
    const RunState state = startRun(p, *genome);
    const std::string text = populationToText(state);
    EXPECT_NE(text.find("c_end = 0.1\nr_end = 0.000123456789\n"), std::string::npos) << text;
    const Result<RunState> back = populationFromText(text, "run.mfpop");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->genome, *genome);
    EXPECT_EQ(spsaLines(back->genome, back->genome.defaults(), SpsaFormat::Fishtest),
              "KnightValue,320,200,450,12.5,0.002\nContempt,0,-100,100,0.1,0.000123456789\n");
}

TEST(SpsaLines, StepsComeTogetherAndArePositive) {
    const Result<Genome> lonely = genomeFromJson(R"({"format": "matefind-genome", "version": 1, "terms": [
        {"name": "k", "option": "K", "default": 250, "bits": 9, "c_end": 10}]})",
                                                 "g.json");
    ASSERT_FALSE(lonely.ok());
    EXPECT_EQ(lonely.error().message, "g.json: terms[0].r_end: missing (c_end and r_end, the SPSA step sizes, come together)");
    const Result<Genome> zero = genomeFromJson(R"({"format": "matefind-genome", "version": 1, "terms": [
        {"name": "k", "option": "K", "default": 250, "bits": 9, "c_end": 10, "r_end": 0}]})",
                                               "g.json");
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.error().message, "g.json: terms[0].r_end: must be a number greater than 0, got 0");
    const Result<Genome> text = genomeFromJson(R"({"format": "matefind-genome", "version": 1, "terms": [
        {"name": "k", "option": "K", "default": 250, "bits": 9, "c_end": "10", "r_end": 0.002}]})",
                                               "g.json");
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.error().message, "g.json: terms[0].c_end: must be a number");

    // The population file: a term with c_end but no r_end is refused at the c_end line.
    Parameters p;
    p.populationSize = 2;
    p.elite = 0;
    const Result<Genome> genome = genomeFromSpsaLines("K,320,200,450,12.5,0.002\n");
    ASSERT_TRUE(genome.ok());
    std::string file = populationToText(startRun(p, *genome));
    const std::size_t at = file.find("r_end = 0.002\n");
    ASSERT_NE(at, std::string::npos) << file;
    file.erase(at, std::string("r_end = 0.002\n").size());
    const Result<RunState> broken = populationFromText(file, "run.mfpop");
    ASSERT_FALSE(broken.ok());
    EXPECT_NE(broken.error().message.find("run.mfpop:"), std::string::npos);
    EXPECT_NE(broken.error().message.find(": term 'K' r_end: missing (c_end and r_end, the SPSA step sizes, come together)"),
              std::string::npos)
        << broken.error().message;
}

} // namespace
} // namespace mf::ga
