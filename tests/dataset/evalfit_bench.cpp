// evalfit_bench: the figures of the evalfit measure, on a data set made by make-dataset.
//   evalfit_bench speed   --data FILE [--engine PATH] [--uci-positions N]
//       positions scored per second on one engine process (one core): the fast path
//       (`evalfit scores`) with quiescence and with the static evaluation, against the generic
//       UCI path (one `go depth 0` / `go depth 1` search per position) on the first N positions,
//       and the trace path (E of the defaults from traces taken once: the engine's own, or finite
//       differences over the fast path; one thread). trace_bench times E on 10^6 positions.
//   evalfit_bench compare --data FILE --heldout FILE --genome FILE --evaluations N
//                         [--population P] [--seed S] [--engine PATH] [--workers W] [--out PREFIX]
//       MateFind's GA (around-defaults start) against Texel's own local search (+-1 on each term
//       in turn, kept when E falls), both from the genome's defaults with the same number of
//       evaluations; final E and held-out E of both. With --out, each winner's options go to
//       PREFIX-ga.txt and PREFIX-local.txt (NAME=VALUE lines, usable as `--option` lists);
//       `--ga-only 1` stops after the GA (the tuning run of the recipe in docs/protocol-evalfit.md).
//   evalfit_bench match   --options FILE [--against FILE] --games N [--nodes N] [--seed S] [--engine PATH]
//       a quick check in games while `matefind-cli match` is not available: the engine with the
//       options of FILE (NAME=VALUE lines) against the engine with --against's (default: none,
//       i.e. its defaults), self-play code of make-suite (seeded random 8-ply openings, first score
//       within 150 cp, adjudicated at 1000 cp for 8 plies, draws at 300 plies), colours alternating
//       by game; W/D/L and the Elo with a 95% interval from the trinomial distribution.
// A `long` program: it runs for minutes. The numbers it prints are the ones in docs/evalfit.md.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "evolution/dataset/dataset_reader.h"
#include "engine/eval_params.h"
#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"
#include "evolution/tuning/measures/evalfit/trace/engine_trace.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/start_population.h"
#include "evolution/suite/self_play.h"
#include "evolution/uci/local_engine_pool.h"

using namespace mf;
using namespace mf::dataset;

namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::map<std::string, std::string> options(int argc, char** argv, int from) {
    std::map<std::string, std::string> o;
    for (int i = from; i + 1 < argc; i += 2) o[argv[i]] = argv[i + 1];
    return o;
}

Dataset load(const std::string& path) {
    Dataset d = readDataset(path);
    for (const auto& e : d.errors) std::cerr << describeError(d, e) << "\n";
    if (d.positions.empty()) {
        std::cerr << path << ": no positions\n";
        std::exit(1);
    }
    return d;
}

std::unique_ptr<EvalfitScorer> scorer(const std::string& engine, std::size_t workers, EvalfitPath path,
                                      const std::vector<LabelledPosition>& positions, PositionScoreKind kind = PositionScoreKind::Quiescence,
                                      uci::SearchLimit limit = uci::SearchLimit::depth(1)) {
    EvalfitEngineConfig c;
    c.program = engine;
    c.workers = workers;
    c.path = path;
    c.kind = kind;
    c.uciLimit = limit;
    auto s = EvalfitScorer::create(c, positions);
    if (!s) {
        std::cerr << s.error().message << "\n";
        std::exit(1);
    }
    return std::move(*s);
}

// The trace path's rate on the same positions: the engine's own traces when it writes them, else
// finite differences over its fast path (taken once, not timed), then E of the defaults from them.
double traceRate(const std::string& engine, const std::vector<LabelledPosition>& positions) {
    EvalfitEngineConfig c;
    c.program = engine;
    c.workers = 1;
    c.path = EvalfitPath::Fast;
    uci::OptionValues point;
    std::vector<DifferenceTerm> terms;
    for (const EvalTerm& t : evalTerms()) {
        point.emplace_back(std::string(t.name), std::to_string(t.defaultValue));
        terms.push_back({std::string(t.name), t.defaultValue, t.min, t.max});
    }
    TraceTable table;
    if (auto traced = traceThroughEngine(c, positions, point)) {
        table = std::move(traced->table);
    } else {
        auto differences = traceByDifferences(*scorer(engine, 1, EvalfitPath::Fast, positions), terms, {});
        if (!differences) {
            std::cerr << differences.error().message << "\n";
            std::exit(1);
        }
        table = std::move(*differences);
    }
    const auto weights = traceWeights(table, point, {});
    table.setResults(resultsOf(positions));
    constexpr int Rounds = 20;
    const auto t = Clock::now();
    for (int r = 0; r < Rounds; ++r) traceError(table, weights.values, 1.0, 1);
    return double(positions.size()) * Rounds / secondsSince(t);
}

int speed(const std::map<std::string, std::string>& o, const std::string& engine) {
    const Dataset d = load(o.at("--data"));
    const std::size_t uciCount = std::min<std::size_t>(d.positions.size(), o.count("--uci-positions") ? std::stoul(o.at("--uci-positions")) : 2000);
    std::vector<LabelledPosition> head(d.positions.begin(), d.positions.begin() + long(uciCount));
    auto rate = [](EvalfitScorer& s, std::size_t n, int rounds) {
        const auto t = Clock::now();
        for (int r = 0; r < rounds; ++r) s.score({{}}, {});
        return double(n) * rounds / secondsSince(t);
    };
    auto fastQ = scorer(engine, 1, EvalfitPath::Fast, d.positions);
    const double q = rate(*fastQ, d.positions.size(), 3);
    auto fastS = scorer(engine, 1, EvalfitPath::Fast, d.positions, PositionScoreKind::Static);
    const double s = rate(*fastS, d.positions.size(), 3);
    auto uci0 = scorer(engine, 1, EvalfitPath::Uci, head, PositionScoreKind::Quiescence, uci::SearchLimit::depth(0));
    const double u0 = rate(*uci0, head.size(), 1);
    auto uci1 = scorer(engine, 1, EvalfitPath::Uci, head, PositionScoreKind::Quiescence, uci::SearchLimit::depth(1));
    const double u1 = rate(*uci1, head.size(), 1);
    const double tr = traceRate(engine, d.positions);
    std::printf("positions per second on one engine process, %zu positions (UCI path: the first %zu)\n", d.positions.size(), uciCount);
    std::printf("  fast path, quiescence     %10.0f   (baseline)\n", q);
    std::printf("  fast path, static eval    %10.0f   x%.2f\n", s, s / q);
    std::printf("  trace path (one thread)   %10.0f   x%.2f\n", tr, tr / q);
    std::printf("  UCI path, go depth 0 (q)  %10.0f   x%.4f\n", u0, u0 / q);
    std::printf("  UCI path, go depth 1      %10.0f   x%.4f\n", u1, u1 / q);
    std::printf("  a generation of 30 candidates on %zu positions, fast path: %.1f s per process\n", d.positions.size(),
                30.0 * double(d.positions.size()) / q);
    return 0;
}

struct Evaluator {
    EvalfitScorer& scorer;
    const ga::Genome& genome;
    std::vector<double> results;
    double k = 1.0;
    double e0 = 0.0;
    std::size_t evaluations = 0;

    uci::OptionValues optionsOf(const std::vector<int>& values) const {
        uci::OptionValues o;
        for (std::size_t i = 0; i < values.size(); ++i) o.emplace_back(genome.terms()[i].option, std::to_string(values[i]));
        return o;
    }
    std::vector<double> errors(const std::vector<std::vector<int>>& candidates) {
        std::vector<uci::OptionValues> opts;
        for (const auto& v : candidates) opts.push_back(optionsOf(v));
        const auto scores = scorer.score(opts, {});
        evaluations += candidates.size();
        std::vector<double> e;
        for (const auto& r : errorsOf(scores, results, k, e0)) {
            if (!r.failure.empty()) {
                std::cerr << "candidate failed: " << r.failure << "\n";
                std::exit(1);
            }
            e.push_back(r.error);
        }
        return e;
    }
};

void writeOptions(const std::string& path, const ga::Genome& g, const std::vector<int>& values) {
    std::ofstream out(path);
    for (std::size_t i = 0; i < values.size(); ++i) out << g.terms()[i].option << "=" << values[i] << "\n";
}

std::string show(const ga::Genome& g, const std::vector<int>& values) {
    std::string s;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] != g.terms()[i].defaultValue)
            s += g.terms()[i].option + "=" + std::to_string(values[i]) + " ";
    return s.empty() ? "(the defaults)" : s;
}

int compare(const std::map<std::string, std::string>& o, const std::string& engine) {
    const Dataset train = load(o.at("--data"));
    const Dataset held = load(o.at("--heldout"));
    auto genome = ga::loadGenome(o.at("--genome"));
    if (!genome) {
        std::cerr << genome.error().message << "\n";
        return 1;
    }
    const std::size_t budget = std::stoul(o.at("--evaluations"));
    const std::size_t workers = o.count("--workers") ? std::stoul(o.at("--workers")) : 2;
    auto trainScorer = scorer(engine, workers, EvalfitPath::Fast, train.positions);
    auto heldScorer = scorer(engine, workers, EvalfitPath::Fast, held.positions);
    std::vector<int> defaults;
    for (const auto& t : genome->terms()) defaults.push_back(t.defaultValue);

    Evaluator ev{*trainScorer, *genome, resultsOf(train.positions)};
    const auto q0 = trainScorer->score({{}}, {});
    const KFit fit = fitK(q0[0].q, ev.results);
    ev.k = fit.k;
    ev.e0 = ev.errors({defaults})[0];
    ev.evaluations = 0;
    Evaluator hv{*heldScorer, *genome, resultsOf(held.positions), fit.k, 0.0};
    const double heldE0 = hv.errors({defaults})[0];
    std::printf("data: %zu positions, held-out %zu; K = %.4f; defaults: E = %.6f, held-out E = %.6f\n", train.positions.size(),
                held.positions.size(), fit.k, ev.e0, heldE0);

    // GA: around-defaults start, the GA's own operators and selection, fitness E0/E.
    const auto gaStart = Clock::now();
    ga::Parameters params;
    params.populationSize = o.count("--population") ? std::stoi(o.at("--population")) : 30;
    params.seed = o.count("--seed") ? std::stoull(o.at("--seed")) : 1;
    params.pm = 1.5 / double(genome->length());  // about one and a half bit flips per child
    params.elite = 2;
    params.selection.tournamentSize = 3;         // E0/E is near 1 for everyone: rank-based pressure
    ga::RunState state = ga::startRun(params, *genome, ga::StartPopulation::AroundDefaults);
    double gaBest = ev.e0;
    std::vector<int> gaValues = defaults;
    for (;;) {
        const auto pending = ga::pendingMembers(state.population);
        if (ev.evaluations + pending.size() > budget) break;
        std::vector<std::vector<int>> cands;
        for (std::size_t i : pending) cands.push_back(ga::decode(*genome, state.population[i].chromosome));
        const auto errs = ev.errors(cands);
        for (std::size_t j = 0; j < pending.size(); ++j) {
            state.population[pending[j]].fitness = evalfitFitness(errs[j], ev.e0);
            if (errs[j] < gaBest) {
                gaBest = errs[j];
                gaValues = cands[j];
            }
        }
        state.evaluations += pending.size();
        std::printf("  GA generation %d: best E %.6f after %zu evaluations, %.0f s\n", state.generation, gaBest, ev.evaluations,
                    secondsSince(gaStart));
        std::fflush(stdout);
        if (o.count("--out")) writeOptions(o.at("--out") + "-ga.txt", *genome, gaValues);  // the best so far, every generation
        ga::nextGeneration(state);
    }
    const std::size_t gaEvaluations = ev.evaluations;
    const double gaSeconds = secondsSince(gaStart);

    if (o.count("--ga-only")) {
        const auto held1 = hv.errors({gaValues});
        std::printf("\nGA (population %d, around-defaults): %zu evaluations, %.0f s: E %.6f (defaults %.6f), held-out E %.6f (defaults %.6f)\n",
                    params.populationSize, gaEvaluations, gaSeconds, gaBest, ev.e0, held1[0], heldE0);
        std::printf("  GA weights: %s\n", show(*genome, gaValues).c_str());
        return 0;
    }
    // Texel's local search: +1 then -1 on each term in turn, a change kept when E falls.
    ev.evaluations = 0;
    const auto lsStart = Clock::now();
    std::vector<int> ls = defaults;
    double lsBest = ev.e0;
    bool improved = true;
    int passes = 0;
    while (improved && ev.evaluations + 2 <= gaEvaluations) {
        improved = false;
        ++passes;
        for (std::size_t i = 0; i < ls.size() && ev.evaluations + 2 <= gaEvaluations; ++i) {
            const ga::Term& t = genome->terms()[i];
            std::vector<int> up = ls, down = ls;
            up[i] = std::min(up[i] + 1, t.high());
            down[i] = std::max(down[i] - 1, t.low());
            const auto errs = ev.errors({up, down});  // both at once: one per worker
            if (errs[0] < lsBest && errs[0] <= errs[1]) {
                ls = up;
                lsBest = errs[0];
                improved = true;
            } else if (errs[1] < lsBest) {
                ls = down;
                lsBest = errs[1];
                improved = true;
            }
        }
        std::printf("  local search pass %d: E %.6f after %zu evaluations\n", passes, lsBest, ev.evaluations);
        std::fflush(stdout);
    }
    const double lsSeconds = secondsSince(lsStart);

    const auto heldErrors = hv.errors({gaValues, ls});
    std::printf("\nresult (same data, K = %.4f; the defaults: E %.6f, held-out %.6f)\n", fit.k, ev.e0, heldE0);
    std::printf("  GA (population %d, around-defaults): %zu evaluations, %.0f s: E %.6f, held-out E %.6f\n", params.populationSize,
                gaEvaluations, gaSeconds, gaBest, heldErrors[0]);
    std::printf("  Texel local search:                %zu evaluations, %.0f s: E %.6f, held-out E %.6f\n", ev.evaluations, lsSeconds,
                lsBest, heldErrors[1]);
    std::printf("  GA weights:    %s\n  local weights: %s\n", show(*genome, gaValues).c_str(), show(*genome, ls).c_str());
    if (o.count("--out")) {
        writeOptions(o.at("--out") + "-ga.txt", *genome, gaValues);
        writeOptions(o.at("--out") + "-local.txt", *genome, ls);
    }
    return 0;
}

uci::OptionValues readOptions(const std::string& path) {
    uci::OptionValues o;
    if (path.empty()) return o;
    std::ifstream in(path);
    if (!in) {
        std::cerr << path << ": cannot open\n";
        std::exit(1);
    }
    for (std::string line; std::getline(in, line);) {
        const auto eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
        o.emplace_back(line.substr(0, eq), line.substr(eq + 1));
    }
    return o;
}

int match(const std::map<std::string, std::string>& o, const std::string& engine) {
    auto pool = [&](const uci::OptionValues& options) {
        uci::EngineConfig c;
        c.command.program = engine;
        c.startOptions = {{"Threads", "1"}, {"Hash", "16"}};
        for (const auto& kv : options) c.startOptions.push_back(kv);
        auto p = uci::LocalEnginePool::create(c, 1);
        if (!p) {
            std::cerr << p.error().message << "\n";
            std::exit(1);
        }
        return std::move(*p);
    };
    auto first = pool(readOptions(o.at("--options")));
    auto second = pool(readOptions(o.count("--against") ? o.at("--against") : std::string()));
    suite::SelfPlayConfig config;
    config.games = std::stoi(o.at("--games"));
    config.limit = uci::SearchLimit::nodes(o.count("--nodes") ? std::stoll(o.at("--nodes")) : 5000);
    config.seed = o.count("--seed") ? std::stoull(o.at("--seed")) : 1;
    config.openingWindow = 150;
    suite::SelfPlayReport report;
    int shown = -1;
    const auto games = suite::playGames({first.get(), second.get()}, config, report, [&](const suite::SelfPlayProgress& p) {
        if ((p.done % 50 == 0 || p.done == p.total) && p.done != shown) std::fprintf(stderr, "%d/%d games\n", p.done, p.total);
        shown = p.done;
    });
    // Game i (of all games, dropped ones included) has the first engine as White when i is even;
    // the kept records keep that order, so recover each game's index from its name.
    int w = 0, d = 0, l = 0;
    for (const auto& g : games) {
        const int index = std::stoi(g.name.substr(g.name.rfind(' ') + 1)) - 1;
        const bool firstIsWhite = index % 2 == 0;
        const double white = g.result == "1-0" ? 1.0 : g.result == "0-1" ? 0.0 : 0.5;  // "*" (300 plies): a draw
        const double s = firstIsWhite ? white : 1.0 - white;
        (s == 1.0 ? w : s == 0.0 ? l : d) += 1;
    }
    const int n = w + d + l;
    const double score = (w + 0.5 * d) / std::max(1, n);
    const double var = (w * std::pow(1 - score, 2) + d * std::pow(0.5 - score, 2) + l * std::pow(score, 2)) / std::max(1, n);
    const double se = std::sqrt(var / std::max(1, n));
    auto elo = [](double p) { p = std::clamp(p, 1e-6, 1 - 1e-6); return -400.0 * std::log10(1.0 / p - 1.0); };
    std::printf("%d games (%d dropped as unbalanced openings): +%d =%d -%d, score %.4f, Elo %+.1f [%+.1f, %+.1f] (95%%, trinomial)\n", n,
                report.unbalanced, w, d, l, score, elo(score), elo(score - 1.96 * se), elo(score + 1.96 * se));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    attacks::init();
    if (argc < 2) {
        std::cerr << "usage: evalfit_bench speed|compare --data FILE ... (see the comment at the top of evalfit_bench.cpp)\n";
        return 2;
    }
    const auto o = options(argc, argv, 2);
    const std::string engine = o.count("--engine") ? o.at("--engine") : std::string(MATEFIND_BIN_DIR) + "/matefind-engine";
    const std::string mode = argv[1];
    if (mode == "speed") return speed(o, engine);
    if (mode == "compare") return compare(o, engine);
    if (mode == "match") return match(o, engine);
    std::cerr << "unknown mode " << mode << "\n";
    return 2;
}
