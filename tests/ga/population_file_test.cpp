#include "evolution/ga/population_file.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/gray.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <thread>
#include <fstream>
#include <sstream>

namespace mf::ga {
namespace {

const Genome kGenome({Term{"knight value", "KnightValue", 250, 9}, Term{"queen value", "QueenValue", 900, 9},
                      Term{"king safety", "King Safety", 100, 8, 0, 150}});

double deterministicFitness(const Chromosome& c) {
    const std::vector<int> v = decode(kGenome, c);
    return 1e6 - (v[0] - 320.0) * (v[0] - 320.0) - (v[1] - 950.0) * (v[1] - 950.0) - (v[2] - 77.0) * (v[2] - 77.0);
}

Parameters parameters() {
    Parameters p;
    p.populationSize = 12;
    p.elite = 2;
    p.pm = 0.03;
    p.seed = 987654321;
    p.selection.type = SelectionType::Linear;
    p.selection.linearMax = 1.7;
    p.limitKind = LimitKind::Depth;
    p.limitValue = 6;
    p.prize = 0.25;
    return p;
}

class PopulationFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("mf_ga_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_;
};

std::string withoutComments(const std::string& text) {
    std::istringstream in(text);
    std::string out;
    for (std::string line; std::getline(in, line);)
        if (line.rfind('#', 0) != 0)
            out += line + "\n";
    return out;
}

std::string bytesOf(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// While it lives, writing a regular file past `bytes` fails with EFBIG (SIGXFSZ ignored): a real
// write failure, also for root (the tests run as root, who writes into read-only folders).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &saved_);
        previous_ = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{bytes, saved_.rlim_max};
        set_ = ::setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previous_);
    }
    bool set() const { return set_; }

private:
    rlimit saved_{};
    void (*previous_)(int) = nullptr;
    bool set_ = false;
};

TEST_F(PopulationFileTest, SaveAfterGenerationGThenContinueEqualsUninterruptedRun) {
    RunState straight = startRun(parameters(), kGenome);
    evolve(straight, deterministicFitness, 7);

    RunState first = startRun(parameters(), kGenome);
    evolve(first, deterministicFitness, 4);
    first.extras = {{"suite", "/usr/share/matefind/suites/wac.epd"}, {"engine_option.Hash", "16"}};
    const auto file = dir_ / "run.mfpop";
    ASSERT_FALSE(savePopulation(first, file));
    Result<RunState> resumed = loadPopulation(file);
    ASSERT_TRUE(resumed.ok()) << resumed.error().message;
    EXPECT_EQ(*resumed, first);
    evolve(*resumed, deterministicFitness, 7);  // G is the total: generations 4..6

    resumed->extras.clear();
    EXPECT_EQ(*resumed, straight);
    EXPECT_EQ(withoutComments(populationToText(*resumed)), withoutComments(populationToText(straight)));
}

TEST_F(PopulationFileTest, RoundTripKeepsEverythingIncludingPendingMembersAndExtras) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 3);
    s.population[3].fitness.reset();
    s.population[4].fitness = 0.1 + 0.2;  // needs all 17 digits to round-trip
    s.extras = {{"engine", "/usr/games/toga2"}, {"engine_option.King_Safety", "value with = and | inside"}};
    const std::string text = populationToText(s);
    const Result<RunState> back = populationFromText(text, "mem");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, s);
    EXPECT_EQ(populationToText(*back), text);
    EXPECT_NE(text.find("member = "), std::string::npos);
    EXPECT_NE(text.find("| - |"), std::string::npos);  // the pending member
}

// A genome made from an engine with grouped options keeps each term's group through the file
// (resume compares the genomes), and a term without a group writes no group line.
TEST_F(PopulationFileTest, TermGroupsRoundTrip) {
    std::vector<Term> terms = {Term{"Psqt.Knight.Mg.d4", "Psqt.Knight.Mg.d4", 5, 4, -100, 100}, Term{"k", "KnightValue", 300, 9}};
    terms[0].group = "Psqt";
    RunState s = startRun(parameters(), Genome(terms));
    const std::string text = populationToText(s);
    EXPECT_NE(text.find("group = Psqt\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("group = \n"), std::string::npos) << text;
    const Result<RunState> back = populationFromText(text, "mem");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->genome, s.genome);
    EXPECT_EQ(back->genome[0].group, "Psqt");
    EXPECT_EQ(back->genome[1].group, "");
}

TEST_F(PopulationFileTest, OptimizerSectionRoundTripsAndIsAbsentWhenEmpty) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    EXPECT_EQ(populationToText(s).find("[optimizer]"), std::string::npos);  // the GA's file as before
    s.optimizer = {{"theta", "250.5 899.25 100"}, {"delta", "+-+ --+"}, {"algorithm", "0a1b"}};
    const std::string text = populationToText(s);
    EXPECT_NE(text.find("[optimizer]\ntheta = 250.5 899.25 100\n"), std::string::npos) << text;
    const Result<RunState> back = populationFromText(text, "mem");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, s);
    std::string twice = text;
    twice.replace(twice.find("delta = "), 5, "theta");
    const Result<RunState> refused = populationFromText(twice, "mem");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().field, "theta");
    EXPECT_NE(refused.error().message.find("appears twice in [optimizer]"), std::string::npos) << refused.error().message;
    s.optimizer = {{"bad key", "1"}};
    ASSERT_TRUE(savePopulation(s, dir_ / "bad.mfpop").has_value());
}

TEST_F(PopulationFileTest, AtomicSaveReplacesTheFileAndLeavesNoTemporary) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    const auto file = dir_ / "run.mfpop";
    ASSERT_FALSE(savePopulation(s, file));
    evolve(s, deterministicFitness, 3);
    ASSERT_FALSE(savePopulation(s, file));
    EXPECT_EQ(loadPopulation(file)->generation, 2);
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_))
        ++entries;
    EXPECT_EQ(entries, 1U);
    // A save that validation refuses reports it and leaves the previous file's bytes alone.
    const std::string before = bytesOf(file);
    evolve(s, deterministicFitness, 1);
    s.extras = {{"bad key", "x"}};
    const auto error = savePopulation(s, file);
    ASSERT_TRUE(error);
    EXPECT_EQ(bytesOf(file), before);
    const auto noDir = savePopulation(startRun(parameters(), kGenome), dir_ / "missing" / "x.mfpop");
    ASSERT_TRUE(noDir);
    EXPECT_NE(noDir->message.find("cannot create temporary file"), std::string::npos);
}

// A save whose write really fails (the file size limit stops it half-way) reports it, leaves the
// previous file byte for byte, and leaves no temporary file behind.
TEST_F(PopulationFileTest, FailedWriteLeavesThePreviousFileByteForByte) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 1);
    const auto file = dir_ / "run.mfpop";
    ASSERT_FALSE(savePopulation(s, file));
    const std::string before = bytesOf(file);
    ASSERT_GT(before.size(), 200U);
    evolve(s, deterministicFitness, 4);  // on to generation 3 (the total counts generation 0)
    std::optional<Error> error;
    {
        FileSizeLimit limit(before.size() / 2);
        ASSERT_TRUE(limit.set());
        error = savePopulation(s, file);
    }
    ASSERT_TRUE(error);
    EXPECT_NE(error->message.find("cannot write"), std::string::npos) << error->message;
    EXPECT_EQ(error->file, file.string());
    EXPECT_EQ(bytesOf(file), before);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), std::filesystem::directory_iterator()), 1);
    // Without the limit the same save goes through: the failure above was the write's.
    ASSERT_FALSE(savePopulation(s, file));
    EXPECT_NE(bytesOf(file), before);
    EXPECT_EQ(loadPopulation(file)->generation, 3);
}

// Replaces the first line starting with `prefix` (or removes it when replacement is empty).
std::string edit(const std::string& text, const std::string& prefix, const std::string& replacement) {
    const std::size_t at = text.find("\n" + prefix);
    EXPECT_NE(at, std::string::npos) << prefix;
    const std::size_t end = text.find('\n', at + 1);
    return text.substr(0, at + 1) + replacement + (replacement.empty() ? "" : "\n") + text.substr(end + 1);
}

int lineOf(const std::string& text, const std::string& prefix) {
    const std::size_t at = text.find("\n" + prefix);
    return 2 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// The window may save to the file a run is autosaving to, from another thread: every save must
// still leave one whole file (one writer's), and no temporary file behind.
TEST_F(PopulationFileTest, ConcurrentSavesToOneFileLeaveAWholeFile) {
    RunState early = startRun(parameters(), kGenome);
    evolve(early, deterministicFitness, 2);
    RunState late = early;
    evolve(late, deterministicFitness, 4);
    const std::filesystem::path file = dir_ / "shared.mfpop";
    std::atomic<int> failures{0};
    auto saveMany = [&](const RunState& state) {
        for (int i = 0; i < 100; ++i)
            if (savePopulation(state, file)) ++failures;
    };
    std::thread a(saveMany, std::cref(early)), b(saveMany, std::cref(late));
    a.join();
    b.join();
    EXPECT_EQ(failures.load(), 0);
    const Result<RunState> loaded = loadPopulation(file);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const std::string text = withoutComments(populationToText(*loaded));
    EXPECT_TRUE(text == withoutComments(populationToText(early)) || text == withoutComments(populationToText(late)));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), std::filesystem::directory_iterator()), 1);
}

TEST_F(PopulationFileTest, MalformedFilesFailWithFileLineAndReason) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    const std::string good = populationToText(s);
    auto errorOf = [](const std::string& text) {
        const Result<RunState> r = populationFromText(text, "p.mfpop");
        return r.ok() ? std::string("(loaded)") : r.error().message;
    };
    const int pmLine = lineOf(good, "p_m = ");
    EXPECT_EQ(errorOf(edit(good, "p_m = ", "p_m = 0,5")),
              "p.mfpop:" + std::to_string(pmLine) + ": p_m: expected a number, got '0,5'");
    EXPECT_EQ(errorOf(edit(good, "p_m = ", "p_m = 2")),
              "p.mfpop:" + std::to_string(lineOf(good, "[parameters]")) + ": p_m: p_m must be from 0 to 1 (got 2)");
    EXPECT_EQ(errorOf(edit(good, "p_m = ", "")),
              "p.mfpop:" + std::to_string(lineOf(good, "[parameters]")) + ": p_m: missing in [parameters]");
    EXPECT_EQ(errorOf(edit(good, "p_m = ", "p_mm = 0.1")),
              "p.mfpop:" + std::to_string(pmLine) + ": p_mm: unknown parameter");
    EXPECT_EQ(errorOf(edit(good, "version = ", "version = 9")),
              "p.mfpop:" + std::to_string(lineOf(good, "version = ")) + ": version: this program reads versions 1 to 2, the file has '9'");
    const int memberLine = lineOf(good, "member = ");
    const std::string firstMember = good.substr(good.find("\nmember = ") + 1, good.find('\n', good.find("\nmember = ") + 1) - good.find("\nmember = ") - 1);
    std::string flipped = firstMember;
    flipped[9] = flipped[9] == '0' ? '1' : '0';  // first bit of the chromosome, values unchanged
    EXPECT_EQ(errorOf(edit(good, "member = ", flipped)).rfind("p.mfpop:" + std::to_string(memberLine) + ": member values: KnightValue is ", 0), 0U);
    EXPECT_EQ(errorOf(edit(good, "member = ", "member = 0101 | 3 | 1 2 3")),
              "p.mfpop:" + std::to_string(memberLine) + ": member bits: has 4 bits; the genome has m = 26");
    EXPECT_EQ(errorOf(edit(good, "member = ", "member = 0101 | 3")),
              "p.mfpop:" + std::to_string(memberLine) + ": member: expected '<bits> | <fitness or -> | <values>', found 2 part(s)");
    EXPECT_EQ(errorOf(edit(good, "member = ", "")),
              "p.mfpop:" + std::to_string(lineOf(good, "[population]")) + ": population: has 11 members but population_size is 12");
    EXPECT_EQ(errorOf(edit(good, "bits = 9", "bits = 40")),
              "p.mfpop:" + std::to_string(lineOf(good, "term = knight")) + ": terms[0].bits: must be an integer from 1 to 16, got 40");
    EXPECT_EQ(errorOf(edit(good, "rng = ", "rng = 42")),
              "p.mfpop:" + std::to_string(lineOf(good, "rng = ")) + ": rng: expected 'seed <n> draws <n>' (optionally followed by 'state <i> <312 hex words>'), got '42'");
    // Issue 12, defect 3: loading takes bounded time. An absurd draw count without the state is
    // refused at once instead of replaying 10^19 draws (the window's file thread hung on it).
    EXPECT_EQ(errorOf(edit(good, "rng = ", "rng = seed 1 draws 18446744073709551615")),
              "p.mfpop:" + std::to_string(lineOf(good, "rng = ")) +
                  ": rng: draws 18446744073709551615 is more than 100000000 and the generator's state is missing "
                  "(replaying that many draws is refused), got 'seed 1 draws 18446744073709551615'");
    EXPECT_EQ(errorOf(edit(good, "[state]", "[stat]")),
              "p.mfpop:" + std::to_string(lineOf(good, "[state]")) + ": unknown section [stat]");
    EXPECT_EQ(errorOf(edit(good, "generation = ", "generation = 1\ngeneration = 2")),
              "p.mfpop:" + std::to_string(lineOf(good, "generation = ") + 1) + ": generation: appears twice in [state]");
    EXPECT_EQ(errorOf(edit(good, "[extras]", "[extras]\nno equals sign")),
              "p.mfpop:" + std::to_string(lineOf(good, "[extras]") + 1) + ": expected 'key = value', got 'no equals sign'");
    EXPECT_EQ(errorOf(""), "p.mfpop:1: section [parameters] is missing");

    // Loading a broken file leaves the file on disk as it was, byte for byte: what a user made
    // is never lost to a failed load.
    const auto file = dir_ / "broken.mfpop";
    const std::string broken = edit(good, "p_k = ", "p_k = x");
    std::ofstream(file, std::ios::binary) << broken;
    Result<RunState> r = loadPopulation(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().file, file.string());
    EXPECT_EQ(r.error().line, lineOf(good, "p_k = "));
    EXPECT_EQ(bytesOf(file), broken);
}

TEST_F(PopulationFileTest, CommentsAndBlankLinesAreIgnored) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    std::string text = populationToText(s, "saved by hand");
    text = "# leading comment\n\n" + edit(text, "[state]", "# note\n[state]\n   # indented comment");
    const Result<RunState> back = populationFromText(text);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, s);
}

} // namespace
} // namespace mf::ga

namespace mf::ga {
namespace {

// Parsers return errors, never crash: thousands of random corruptions of a good file either load
// (harmless edits such as a changed fitness) or fail with a line number and a reason.
TEST(PopulationFileRobustness, RandomCorruptionsNeverThrow) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    const std::string good = populationToText(s);
    Rng rng(31337);
    const std::string alphabet = "01-=|#[] \n9xq.e";
    int loaded = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::string text = good;
        const int edits = 1 + static_cast<int>(rng.below(3));
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = static_cast<std::size_t>(rng.below(text.size()));
            switch (rng.below(3)) {
            case 0: text[at] = alphabet[rng.below(alphabet.size())]; break;
            case 1: text.erase(at, 1 + rng.below(20)); break;
            default: text.insert(at, 1, alphabet[rng.below(alphabet.size())]); break;
            }
        }
        Result<RunState> r = Error{};
        ASSERT_NO_THROW(r = populationFromText(text, "f")) << text;
        if (r.ok()) {
            ++loaded;
            EXPECT_TRUE(validate(r->parameters).empty());
            EXPECT_EQ(r->population.size(), static_cast<std::size_t>(r->parameters.populationSize));
        } else {
            EXPECT_FALSE(r.error().reason.empty());
            EXPECT_GE(r.error().line, 1) << r.error().message;
        }
    }
    EXPECT_LT(loaded, 3000);
}

// Issue 12, item 2: version-1 files used the clamped mapping (codes past a ceiling decoded to the
// ceiling). They still load, and every member keeps the values its line lists; its bits are
// re-encoded for the spread mapping. The same lines as version 2 are refused: the bits decode
// to another value there.
TEST_F(PopulationFileTest, Version1FilesKeepTheirValuesUnderTheSpreadMapping) {
    RunState s = startRun(parameters(), kGenome);
    evolve(s, deterministicFitness, 2);
    // King safety (window 0..150, 8 bits: cut by its ceiling) of member 0 gets code 200: version 1
    // read 150 (clamped), the spread mapping reads floor(200 * 151 / 256) = 117.
    Chromosome c = s.population[0].chromosome;
    const std::size_t at = kGenome.offset(2);
    for (int b = 0; b < 8; ++b)
        c.set(at + static_cast<std::size_t>(b), (binaryToGray(200) >> (7 - b)) & 1U);
    s.population[0].chromosome = c;
    EXPECT_EQ(decode(kGenome, c)[2], 117);
    // The file as the old program wrote it: version 1, each member listing its clamped-mapping values.
    auto oldValues = [](const Chromosome& chromosome) {
        std::vector<int> values;
        for (std::size_t t = 0; t < kGenome.size(); ++t) {
            std::uint64_t gray = 0;
            for (int b = 0; b < kGenome[t].bits; ++b)
                gray = (gray << 1) | static_cast<std::uint64_t>(chromosome[kGenome.offset(t) + static_cast<std::size_t>(b)]);
            values.push_back(kGenome[t].valueAtClampedMapping(grayToBinary(gray)));
        }
        return values;
    };
    std::string v1 = populationToText(s);
    v1 = edit(v1.substr(0, v1.find("member = ")), "version = ", "version = 1");
    for (const Member& m : s.population) {
        v1 += "member = " + m.chromosome.toString() + " | " + std::to_string(*m.fitness) + " |";
        for (int v : oldValues(m.chromosome))
            v1 += " " + std::to_string(v);
        v1 += "\n";
    }
    EXPECT_EQ(oldValues(c)[2], 150);
    const Result<RunState> loaded = populationFromText(v1, "old.mfpop");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    for (std::size_t i = 0; i < s.population.size(); ++i) {
        EXPECT_EQ(decode(kGenome, loaded->population[i].chromosome), oldValues(s.population[i].chromosome)) << i;
        EXPECT_TRUE(loaded->population[i].fitness);
    }
    EXPECT_EQ(decode(kGenome, loaded->population[0].chromosome)[2], 150);
    // Saved again it is a version-2 file that loads back as it is.
    const Result<RunState> again = populationFromText(populationToText(*loaded), "new.mfpop");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(*again, *loaded);
    // The same lines read as version 2 are refused: member 0's bits decode to 117 there.
    const Result<RunState> asVersion2 = populationFromText(edit(v1, "version = ", "version = 2"), "x.mfpop");
    ASSERT_FALSE(asVersion2.ok());
    EXPECT_NE(asVersion2.error().message.find("King Safety is 150 but the bits decode to 117"), std::string::npos)
        << asVersion2.error().message;
}

} // namespace
} // namespace mf::ga
