// Tuning benchmarks on the bundled engine (matefind-engine) and the bundled suites.
//
//   tuning_bench speed   [ENGINE] [MOVETIME_MS] [NODES]
//     A 10-generation run, population 10, on the first 30 positions of matefind-tune.epd with
//     2 workers: once at a movetime (default 20 ms: generations per minute, harness efficiency)
//     and once at a nodes limit (default 20000: generations per minute, cache hit rate).
//     Efficiency = sum of the engines' think time (go -> bestmove, as measured by the harness)
//     / (wall x workers), over the evaluations and over the whole run from the first
//     generation's start to the end (GA, autosave and reporting included).
//
//   tuning_bench improve [ENGINE] [NODES] [POSITIONS] [GENERATIONS]
//     The four piece values start at the bottom of their windows (knight 0, bishop 44, rook 244,
//     queen 644) in every member; the GA tunes them on the first POSITIONS (default 100) of
//     matefind-tune.epd at NODES (default 5000) per search. The best is scored on the held-out
//     suite matefind-heldout.epd (100 positions). The control: random search at the same budget
//     (as many chromosomes as the GA sent to the engines, drawn uniformly with a fixed seed,
//     scored on the same positions; its best is scored on the held-out suite). Exit code 1 when
//     the GA's held-out result does not improve on the bad start's, or is below the control's.
//
// Exit code 77 (ctest: skipped) when there is no engine.
//
// Both look for the engine and the suites in the build tree (MATEFIND_BIN_DIR and
// ../share/matefind); the engine may be given instead.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "evolution/ga/chromosome.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/rng.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"

using namespace mf;
using namespace mf::tuning;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kSkipped = 77;  // SKIP_RETURN_CODE in CMakeLists.txt

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// The first `count` records of an EPD file, in a scratch file.
std::filesystem::path headOf(const std::filesystem::path& suite, int count, const std::string& name) {
    const auto out = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()) + ".epd");
    std::ifstream in(suite);
    std::ofstream file(out);
    std::string line;
    for (int kept = 0; kept < count && std::getline(in, line);)
        if (!line.empty() && line.front() != '#') {
            file << line << '\n';
            ++kept;
        }
    return out;
}

// Records what the benchmark prints: per generation think/wall, cache, held-out results.
class Recorder : public RunObserver {
public:
    void statusChanged(const StatusChange& change) override {
        if (change.status == RunStatus::Running && !runningSince) runningSince = Clock::now();
        if (change.status == RunStatus::Finished || change.status == RunStatus::Failed || change.status == RunStatus::Idle) {
            endedAt = Clock::now();
            final = change;
        }
    }
    void generationFinished(const GenerationReport& report) override {
        searched += report.cost.searchedCandidates;
        think += report.cost.thinkTime;
        evaluationWall += report.cost.wallTime;
        cacheHitRate = report.cacheHitRate;
        failed = report.failedSearchesTotal;
        best = report.stats.best;
        bestValues = report.stats.bestValues;
        if (report.heldOut) heldOut = report.heldOut;
        std::printf("  gen %d best %.3f mean %.3f searched %zu cached %zu wall %.2f s think %.2f s%s\n",
                    report.stats.generation, report.stats.best, report.stats.mean, report.cost.searchedCandidates,
                    report.cost.cachedCandidates, seconds(report.cost.wallTime), seconds(report.cost.thinkTime),
                    report.heldOut ? (" held-out " + std::to_string(report.heldOut->solved) + "/" +
                                      std::to_string(report.heldOut->scored))
                                         .c_str()
                                   : "");
        std::fflush(stdout);
    }
    bool wantsEngineLog() const override { return false; }

    std::optional<Clock::time_point> runningSince;
    Clock::time_point endedAt;
    StatusChange final;
    std::size_t searched = 0;  // chromosomes sent to the engines over the run: the GA's budget
    std::chrono::nanoseconds think{0};
    std::chrono::nanoseconds evaluationWall{0};
    double cacheHitRate = 0;
    std::size_t failed = 0;
    double best = 0;
    std::vector<int> bestValues;
    std::optional<HeldOutResult> heldOut;
};

bool runToEnd(const TuningSettings& settings, Recorder& recorder, std::optional<ga::RunState> start = {}) {
    RunController controller(localEvaluatorFactory(), &recorder);
    auto error = start ? controller.continueRun(*start, settings) : controller.start(settings);
    if (error) {
        std::cerr << "cannot start: " << *error << "\n";
        return false;
    }
    controller.wait();
    if (recorder.final.status != RunStatus::Finished) {
        std::cerr << "run ended " << runStatusName(recorder.final.status) << ": " << recorder.final.reason << "\n";
        return false;
    }
    return true;
}

int speed(const std::filesystem::path& engine, std::int64_t movetime, std::int64_t nodes) {
    const std::filesystem::path bin = MATEFIND_BIN_DIR;
    const auto suite = bundledSuite(bin);
    auto genome = ga::loadGenome(bundledGenome(bin));
    if (suite.empty() || !genome) {
        std::cerr << "needs the bundled suite and genome in " << shareDir(bin) << "\n";
        return 1;
    }
    const auto head = headOf(suite, 30, "mf_tuning_bench");
    constexpr int kWorkers = 2;
    constexpr int kGenerations = 10;
    int status = 0;
    for (const bool timeMode : {true, false}) {
        TuningSettings settings;
        settings.genome = *genome;
        settings.parameters.populationSize = 10;
        settings.parameters.generations = kGenerations;
        settings.parameters.seed = 1;
        settings.parameters.limitKind = timeMode ? ga::LimitKind::Time : ga::LimitKind::Nodes;
        settings.parameters.limitValue = timeMode ? movetime : nodes;
        settings.engine.program = engine;
        settings.of<tuning::SuiteSettings>().suite = head;
        settings.workers = kWorkers;
        std::printf("%s: %d generations x population 10 x 30 positions, %s %lld, %d workers, engine %s\n",
                    timeMode ? "time mode" : "nodes mode", kGenerations, timeMode ? "movetime ms" : "nodes",
                    static_cast<long long>(settings.parameters.limitValue), kWorkers, engine.c_str());
        std::fflush(stdout);
        Recorder recorder;
        if (!runToEnd(settings, recorder) || !recorder.runningSince) {
            status = 1;
            continue;
        }
        const double runWall = seconds(recorder.endedAt - *recorder.runningSince);
        std::printf("  generations per minute %.1f (run %.2f s from the first generation to the end)\n",
                    kGenerations * 60.0 / runWall, runWall);
        std::printf("  efficiency over evaluations %.3f, over the whole run %.3f (think %.2f s)\n",
                    seconds(recorder.think) / (seconds(recorder.evaluationWall) * kWorkers),
                    seconds(recorder.think) / (runWall * kWorkers), seconds(recorder.think));
        if (!timeMode) std::printf("  cache hit rate %.3f\n", recorder.cacheHitRate);
        std::printf("  failed searches %zu\n", recorder.failed);
        std::fflush(stdout);
    }
    std::filesystem::remove(head);
    return status;
}

// The control of `improve`: random search with the GA's budget. `budget` chromosomes drawn
// uniformly (seeded), each scored on the training positions with the same rule; the best (the
// first on a tie) is scored on the held-out suite.
std::optional<HeldOutResult> randomSearch(const std::filesystem::path& engine, const ga::Genome& genome,
                                          const std::filesystem::path& training, const std::filesystem::path& heldOut,
                                          std::int64_t nodes, std::size_t budget, std::uint64_t seed) {
    EngineSpec spec;
    spec.program = engine;
    auto evaluator = LocalEvaluator::create(spec, 2);
    if (!evaluator) {
        std::cerr << "random search: " << evaluator.error().message << "\n";
        return std::nullopt;
    }
    ga::Rng rng(seed);
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < budget; ++i)
        candidates.push_back(makeCandidate(genome, ga::decode(genome, ga::Chromosome::random(genome.length(), rng))));
    const ScoringRule rule{uci::SearchLimit::nodes(nodes), 0.0, FitnessMeasure::Solved};
    const uci::Suite trainingSuite = uci::loadSuite(training.string());
    const auto scores = (*evaluator)->evaluate(FitnessWork{SuiteWork{trainingSuite, rule}}, candidates, {}, {});
    std::size_t best = 0;
    for (std::size_t i = 1; i < scores.size(); ++i)
        if (scores[i].fitness > scores[best].fitness) best = i;
    const uci::Suite heldOutSuite = uci::loadSuite(heldOut.string());
    const auto held = (*evaluator)->evaluate(FitnessWork{SuiteWork{heldOutSuite, rule}}, {candidates[best]}, {}, {});
    std::printf("random search (%zu chromosomes, seed %llu): best on training %.1f, values",
                budget, static_cast<unsigned long long>(seed), scores[best].fitness);
    for (std::size_t i = 0; i < genome.size(); ++i) std::printf(" %s=%d", genome[i].option.c_str(), candidates[best].values[i]);
    std::printf("\n");
    HeldOutResult result;
    result.fitness = held[0].fitness;
    result.solved = held[0].solved;
    result.scored = held[0].scored;
    result.failed = held[0].failed;
    result.positions = heldOutSuite.positions.size();
    return result;
}

int improve(const std::filesystem::path& engine, std::int64_t nodes, int positions, int generations) {
    const std::filesystem::path bin = MATEFIND_BIN_DIR;
    const auto suite = bundledSuite(bin);
    const auto heldOutSuite = bundledHeldOutSuite(bin);
    auto preset = ga::loadGenome(bundledGenome(bin));
    if (suite.empty() || heldOutSuite.empty() || !preset) {
        std::cerr << "needs the bundled suites and genome in " << shareDir(bin) << "\n";
        return 1;
    }
    std::vector<ga::Term> pieces;
    for (const auto& term : preset->terms())
        if (term.option.ends_with("Value")) pieces.push_back(term);  // KnightValue .. QueenValue
    const ga::Genome genome(pieces);
    std::vector<int> bottom;
    for (const auto& term : genome.terms()) bottom.push_back(term.low());

    const auto head = headOf(suite, positions, "mf_tuning_improve");
    TuningSettings settings;
    settings.genome = genome;
    settings.parameters.populationSize = 12;
    settings.parameters.generations = generations;
    settings.parameters.seed = 7;
    settings.parameters.pm = 0.05;  // the start is one chromosome: mutation must spread it
    settings.parameters.limitKind = ga::LimitKind::Nodes;
    settings.parameters.limitValue = nodes;
    settings.engine.program = engine;
    settings.of<tuning::SuiteSettings>().suite = head;
    settings.of<tuning::SuiteSettings>().heldOutSuite = heldOutSuite;
    settings.heldOutEvery = generations;  // held out at generation 0 (the bad start's best) and the last
    settings.workers = 2;

    // Every member is the bad chromosome.
    ga::RunState start = ga::startRun(settings.parameters, genome);
    for (auto& member : start.population) member.chromosome = ga::encode(genome, bottom);

    std::printf("improve: piece values start at");
    for (std::size_t i = 0; i < genome.size(); ++i) std::printf(" %s=%d", genome[i].option.c_str(), bottom[i]);
    std::printf("; %d positions of %s, nodes %lld, population 12, %d generations, 2 workers, engine %s\n",
                positions, suite.filename().c_str(), static_cast<long long>(nodes), generations, engine.c_str());
    std::fflush(stdout);

    std::optional<HeldOutResult> before;
    struct FirstHeldOut : Recorder {
        std::optional<HeldOutResult>* first;
        void generationFinished(const GenerationReport& report) override {
            if (report.heldOut && !*first) *first = report.heldOut;
            Recorder::generationFinished(report);
        }
    } observer;
    observer.first = &before;
    const auto started = Clock::now();
    const bool ok = runToEnd(settings, observer, start);
    const double gaWall = seconds(Clock::now() - started);
    if (!ok || !before || !observer.heldOut) {
        std::filesystem::remove(head);
        return 1;
    }
    std::printf("held-out (%zu positions): bad start solved %d/%d (fitness %.1f), tuned best solved %d/%d (fitness %.1f)\n",
                observer.heldOut->positions, before->solved, before->scored, before->fitness, observer.heldOut->solved,
                observer.heldOut->scored, observer.heldOut->fitness);
    std::printf("tuned values:");
    for (std::size_t i = 0; i < genome.size(); ++i) std::printf(" %s=%d", genome[i].option.c_str(), observer.bestValues[i]);
    std::printf("\nwall %.1f s, failed searches %zu, chromosomes searched %zu\n", gaWall, observer.failed, observer.searched);
    std::fflush(stdout);

    const auto control = randomSearch(engine, genome, head, heldOutSuite, nodes, observer.searched, 11);
    std::filesystem::remove(head);
    if (!control) return 1;
    std::printf("held-out: GA %d/%d (fitness %.1f), random search at the same budget %d/%d (fitness %.1f)\n",
                observer.heldOut->solved, observer.heldOut->scored, observer.heldOut->fitness, control->solved,
                control->scored, control->fitness);
    const bool improved = observer.heldOut->fitness > before->fitness;
    const bool beatsControl = observer.heldOut->fitness >= control->fitness;
    if (!improved) std::printf("FAILED: the tuned best does not improve on the bad start\n");
    if (!beatsControl) std::printf("FAILED: random search at the same budget does better than the GA\n");
    return improved && beatsControl ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "speed";
    std::filesystem::path engine =
        argc > 2 && std::string(argv[2]) != "-" ? std::filesystem::path(argv[2]) : bundledEngine(MATEFIND_BIN_DIR);
    if (!std::filesystem::exists(engine)) {
        std::cout << "skipped: no engine " << engine << "\n";
        return kSkipped;
    }
    if (mode == "speed")
        return speed(engine, argc > 3 ? std::atoll(argv[3]) : 20, argc > 4 ? std::atoll(argv[4]) : 20000);
    if (mode == "improve")
        return improve(engine, argc > 3 ? std::atoll(argv[3]) : 5000, argc > 4 ? std::atoi(argv[4]) : 100,
                       argc > 5 ? std::atoi(argv[5]) : 8);
    std::cerr << "usage: tuning_bench speed|improve [ENGINE|-] ...\n";
    return 2;
}
