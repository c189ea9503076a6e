// The evalfit run loop with a fake engine (q a linear function of the weights): K and E0 come from
// the defaults, fitness is E0/E, the loop lowers E, and a resumed run is exact.
#include <gtest/gtest.h>

#include <cmath>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "evolution/dataset/evalfit_run.h"
#include "evolution/ga/population_file.h"

namespace mf::dataset {
namespace {

ga::Genome genome() {
    return ga::Genome({ga::Term("a", "A", 40, 7), ga::Term("b", "B", 20, 6), ga::Term("c", "C", 10, 6)});
}

// Position i: features (x, y, z); q = a*x + b*y - c*z. Results from weights (60, 12, 25) and K 1.1.
struct FakeEngine {
    std::vector<std::array<int, 3>> features;
    std::vector<double> results;
    int calls = 0;
    FakeEngine() {
        for (int i = 0; i < 400; ++i) {
            const std::array<int, 3> f = {i % 9 - 4, (i * 7) % 11 - 5, (i * 5) % 7 - 3};
            features.push_back(f);
            const double q = 60 * f[0] + 12 * f[1] - 25 * f[2];
            results.push_back(1.0 / (1.0 + std::pow(10.0, -1.1 * q / 400.0)));
        }
    }
    std::vector<CandidateScores> operator()(const std::vector<uci::OptionValues>& candidates) {
        ++calls;
        std::vector<CandidateScores> out;
        for (const auto& c : candidates) {
            const int a = std::stoi(c[0].second), b = std::stoi(c[1].second), cc = std::stoi(c[2].second);
            CandidateScores s;
            for (const auto& f : features) s.q.push_back(a * f[0] + b * f[1] - cc * f[2]);
            out.push_back(s);
        }
        return out;
    }
};

std::string withoutComments(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line, out;
    while (std::getline(in, line))
        if (line.empty() || line[0] != '#') out += line + "\n";
    return out;
}

class EvalfitRunTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("matefind-evalfit-run-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    EvalfitRunSettings settings(const std::string& out) {
        EvalfitRunSettings s;
        s.parameters.populationSize = 12;
        s.parameters.seed = 9;
        s.parameters.elite = 1;
        s.parameters.pm = 0.05;
        s.genome = genome();
        s.data = "fake.epd";
        s.out = dir_ / out;
        s.engineExtras = {{"engine", "fake"}};
        return s;
    }
    std::filesystem::path dir_;
};

TEST_F(EvalfitRunTest, FitsKOnTheDefaultsAndLowersE) {
    FakeEngine engine;
    EvalfitRun run(settings("a.mfpop"), engine.results, std::ref(engine));
    auto fit = run.fit();
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    EXPECT_GT(fit->startError, 0.0);
    std::vector<double> best;
    ASSERT_TRUE(run.run(8, [&](const EvalfitGeneration& g) {
                       best.push_back(g.bestError);
                       EXPECT_NEAR(g.stats.best, fit->startError / g.bestError, 1e-12);  // fitness = E0 / E
                   }).ok());
    ASSERT_EQ(best.size(), 9u);
    EXPECT_LE(best.back(), best.front());
    EXPECT_LT(best.back(), fit->startError);  // the defaults are not the best weights here
}

TEST_F(EvalfitRunTest, ResumeIsExact) {
    FakeEngine engine;
    {
        EvalfitRun straight(settings("straight.mfpop"), engine.results, std::ref(engine));
        ASSERT_TRUE(straight.fit().ok());
        ASSERT_TRUE(straight.run(4, {}).ok());
    }
    {
        EvalfitRun first(settings("resumed.mfpop"), engine.results, std::ref(engine));
        ASSERT_TRUE(first.fit().ok());
        ASSERT_TRUE(first.run(2, {}).ok());
    }
    auto saved = ga::loadPopulation(dir_ / "resumed.mfpop");
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved->generation, 2);
    EvalfitRun second(settings("resumed.mfpop"), engine.results, std::ref(engine));
    ASSERT_TRUE(second.resume(std::move(*saved)).ok());
    ASSERT_TRUE(second.run(4, {}).ok());
    EXPECT_EQ(withoutComments(dir_ / "resumed.mfpop"), withoutComments(dir_ / "straight.mfpop"));
    EXPECT_NE(withoutComments(dir_ / "straight.mfpop").find("measure = evalfit"), std::string::npos)
        << withoutComments(dir_ / "straight.mfpop");
}

TEST_F(EvalfitRunTest, ResumeRefusesAFileWithoutK) {
    FakeEngine engine;
    EvalfitRun run(settings("x.mfpop"), engine.results, std::ref(engine));
    ga::Parameters p;
    p.populationSize = 4;
    auto fit = run.resume(ga::startRun(p, genome()));
    ASSERT_FALSE(fit.ok());
    EXPECT_NE(fit.error().message.find("evalfit_k"), std::string::npos);
}

}  // namespace
}  // namespace mf::dataset
