// matefind-cli tune --measure evalfit: the GA with Texel's error as fitness (evolution/dataset/
// evalfit_run.h). `tune` hands its arguments here when they ask for evalfit or resume an evalfit
// population file. One line per generation on stdout; K, E0, held-out E and failures on stderr.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "app/cli/cmd_tune_evalfit.h"
#include "engine/attacks.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/dataset/evalfit_run.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/installed_paths.h"

namespace po = boost::program_options;

namespace mf::cli {

namespace {

std::string fixed(double v, int digits) {
    char b[48];
    std::snprintf(b, sizeof b, "%.*f", digits, v);
    return b;
}

std::optional<std::string> extraOf(const ga::RunState& s, const std::string& key) {
    for (const auto& [k, v] : s.extras)
        if (k == key) return v;
    return std::nullopt;
}

dataset::Dataset loadData(const std::string& path, const char* what) {
    dataset::Dataset d = dataset::readDataset(path);
    std::size_t shown = 0;
    for (const auto& e : d.errors)
        if (shown++ < 10) std::cerr << dataset::describeError(d, e) << "\n";
    if (d.errors.size() > 10) std::cerr << path << ": " << d.errors.size() - 10 << " more broken lines\n";
    if (d.positions.empty()) throw std::runtime_error(std::string(what) + " " + path + ": no labelled position");
    std::cerr << what << " " << path << ": " << d.positions.size() << " positions";
    if (!d.errors.empty()) std::cerr << " (" << d.errors.size() << " broken lines left out)";
    std::cerr << "\n";
    return d;
}

}  // namespace

bool wantsEvalfit(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--measure=evalfit" || (args[i] == "--measure" && i + 1 < args.size() && args[i + 1] == "evalfit"))
            return true;
        std::string file;
        if (args[i] == "--resume" && i + 1 < args.size()) file = args[i + 1];
        else if (args[i].rfind("--resume=", 0) == 0) file = args[i].substr(9);
        if (!file.empty())
            if (auto state = ga::loadPopulation(file); state.ok())
                if (extraOf(*state, dataset::kEvalfitMeasureKey) == std::string(dataset::kEvalfitMeasure)) return true;
    }
    return false;
}

std::string evalfitTuneUsage() {
    return "usage: matefind-cli tune --measure evalfit --data FILE [--heldout-data FILE [--heldout-every K]]\n"
           "  [--engine PATH] [--genome FILE] [--engine-arg A]... [--option NAME=VALUE]...\n"
           "  [--evalfit-path auto|fast|uci] [--evalfit-depth D | --evalfit-nodes N]\n"
           "  [--start around-defaults|uniform] [--population N] [--generations G]\n"
           "  [--selection proportional|baker|linear|nonlinear|tournament] [--pk P] [--pm P] [--elite E] [--k K]\n"
           "  [--max X] [--qnolin Q] [--polish PASSES] [--workers N] [--seed S] [--out FILE] [--resume FILE]\n"
           "--polish PASSES: after the last generation, Texel's local search from the best member (each term in\n"
           "  turn moved by +-step, kept when E falls; steps start at 2^bits/32 and halve; at most PASSES passes,\n"
           "  fewer when no term moved by 1 lowers E). The polished weights become the file's best.\n";
}

int runEvalfitTune(const std::vector<std::string>& args) {
    po::options_description o("evalfit");
    o.add_options()("help,h", "")("measure", po::value<std::string>(), "")("data", po::value<std::string>(), "")(
        "heldout-data", po::value<std::string>(), "")("heldout-every", po::value<int>()->default_value(5), "")(
        "engine", po::value<std::string>(), "")("genome", po::value<std::string>(), "")(
        "engine-arg", po::value<std::vector<std::string>>()->composing(), "")(
        "option", po::value<std::vector<std::string>>()->composing(), "")(
        "evalfit-path", po::value<std::string>()->default_value("auto"), "")("evalfit-depth", po::value<int>(), "")(
        "evalfit-nodes", po::value<long long>(), "")("start", po::value<std::string>()->default_value("around-defaults"), "")(
        "population", po::value<int>(), "")("generations", po::value<int>(), "")("selection", po::value<std::string>(), "")(
        "pk", po::value<double>(), "")("pm", po::value<double>(), "")("elite", po::value<int>(), "")("k", po::value<int>(), "")(
        "max", po::value<double>(), "")("polish", po::value<int>()->default_value(0), "")("qnolin", po::value<double>(), "")("workers", po::value<std::size_t>()->default_value(2), "")(
        "seed", po::value<std::uint64_t>(), "")("out", po::value<std::string>()->default_value("matefind-evalfit.mfpop"), "")(
        "resume", po::value<std::string>(), "");
    po::variables_map v;
    try {
        po::store(po::command_line_parser(args).options(o).run(), v);
        po::notify(v);
    } catch (const std::exception& e) {
        std::cerr << "matefind-cli tune: " << e.what() << "\n" << evalfitTuneUsage();
        return 2;
    }
    if (v.count("help")) {
        std::cout << evalfitTuneUsage();
        return 0;
    }
    attacks::init();
    try {
        const std::filesystem::path bin = tuning::executableDir();
        std::optional<ga::RunState> resumed;
        dataset::EvalfitRunSettings s;
        std::string engine, dataPath, heldPath;
        std::vector<std::string> engineArgs;
        uci::OptionValues fixedOptions;
        std::string pathName = v["evalfit-path"].as<std::string>();
        uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);
        if (v.count("resume")) {
            for (const char* fixedOnly : {"data", "heldout-data", "engine", "genome", "engine-arg", "option", "population", "seed",
                                          "selection", "pk", "pm", "elite", "k", "max", "qnolin", "evalfit-depth", "evalfit-nodes"})
                if (v.count(fixedOnly)) throw std::invalid_argument(std::string("--") + fixedOnly + " cannot change a resumed run (it is saved in the file)");
            auto state = ga::loadPopulation(v["resume"].as<std::string>());
            if (!state) throw std::runtime_error(state.error().message());
            resumed = std::move(*state);
            s.parameters = resumed->parameters;
            s.genome = resumed->genome;
            for (const auto& [key, value] : resumed->extras) {
                if (key == "data") dataPath = value;
                else if (key == "heldout") heldPath = value;
                else if (key == "heldout_every") s.heldOutEvery = std::stoi(value);
                else if (key == "engine") engine = value;
                else if (key == "evalfit_path") pathName = value;
                else if (key == "evalfit_limit") uciLimit = value.rfind("nodes ", 0) == 0 ? uci::SearchLimit::nodes(std::stoll(value.substr(6)))
                                                                                          : uci::SearchLimit::depth(std::stoll(value.substr(6)));
                else if (key.rfind("engine_arg.", 0) == 0) engineArgs.push_back(value);
                else if (key.rfind("engine_option.", 0) == 0) {
                    const auto eq = value.find('=');
                    fixedOptions.emplace_back(value.substr(0, eq), eq == std::string::npos ? "" : value.substr(eq + 1));
                }
            }
            if (v.count("heldout-every") && !v["heldout-every"].defaulted()) s.heldOutEvery = v["heldout-every"].as<int>();
        } else {
            if (!v.count("data")) throw std::invalid_argument("--data FILE is required with --measure evalfit (make one with make-dataset)");
            dataPath = v["data"].as<std::string>();
            if (v.count("heldout-data")) heldPath = v["heldout-data"].as<std::string>();
            s.heldOutEvery = v["heldout-every"].as<int>();
            engine = v.count("engine") ? v["engine"].as<std::string>() : tuning::bundledEngine(bin).string();
            std::string genomeFile = v.count("genome") ? v["genome"].as<std::string>() : std::string();
            if (genomeFile.empty()) {
                if (v.count("engine")) throw std::invalid_argument("--genome FILE is required with another engine");
                genomeFile = (tuning::shareDir(bin) / "genomes" / "matefind-all-terms.json").string();
            }
            auto genome = ga::loadGenome(genomeFile);
            if (!genome) throw std::runtime_error(genome.error().message());
            s.genome = *genome;
            if (v.count("engine-arg")) engineArgs = v["engine-arg"].as<std::vector<std::string>>();
            if (v.count("option"))
                for (const std::string& pair : v["option"].as<std::vector<std::string>>()) {
                    const auto eq = pair.find('=');
                    if (eq == std::string::npos || eq == 0) throw std::invalid_argument("--option '" + pair + "' is not NAME=VALUE");
                    fixedOptions.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
                }
            auto start = ga::parseStartPopulation(v["start"].as<std::string>());
            if (!start) throw std::invalid_argument("--start: '" + v["start"].as<std::string>() + "' is not around-defaults or uniform");
            s.start = *start;
            ga::Parameters& p = s.parameters;
            p.populationSize = v.count("population") ? v["population"].as<int>() : 30;
            if (v.count("seed")) p.seed = v["seed"].as<std::uint64_t>();
            if (v.count("selection")) {
                auto type = ga::parseSelectionType(v["selection"].as<std::string>());
                if (!type) throw std::invalid_argument("--selection: unknown type '" + v["selection"].as<std::string>() + "'");
                p.selection.type = *type;
            }
            if (v.count("pk")) p.pk = v["pk"].as<double>();
            p.pm = v.count("pm") ? v["pm"].as<double>() : 1.5 / double(std::max<std::size_t>(1, s.genome.length()));
            if (v.count("elite")) p.elite = v["elite"].as<int>();
            p.selection.tournamentSize = v.count("k") ? v["k"].as<int>() : 3;
            if (v.count("max")) p.selection.linearMax = v["max"].as<double>();
            if (v.count("qnolin")) p.selection.qNolin = v["qnolin"].as<double>();
            if (v.count("evalfit-depth") && v.count("evalfit-nodes")) throw std::invalid_argument("give one of --evalfit-depth and --evalfit-nodes");
            if (v.count("evalfit-depth")) uciLimit = uci::SearchLimit::depth(v["evalfit-depth"].as<int>());
            if (v.count("evalfit-nodes")) uciLimit = uci::SearchLimit::nodes(v["evalfit-nodes"].as<long long>());
            if (uciLimit.value < 0 || (uciLimit.kind == uci::SearchLimit::Kind::Nodes && uciLimit.value < 1))
                throw std::invalid_argument("--evalfit-depth must be >= 0 and --evalfit-nodes >= 1");
        }
        if (auto errors = ga::validate(s.parameters); !errors.empty()) throw std::invalid_argument(errors.front().message);
        if (v["polish"].as<int>() < 0) throw std::invalid_argument("--polish must be >= 0");
        if (s.heldOutEvery < 1) throw std::invalid_argument("--heldout-every must be at least 1");
        auto path = dataset::parseEvalfitPath(pathName);
        if (!path) throw std::invalid_argument("--evalfit-path: '" + pathName + "' is not auto, fast or uci");

        s.data = dataPath;
        s.heldOutData = heldPath;
        s.out = v["out"].as<std::string>();
        s.engineExtras.emplace_back("engine", engine);
        for (std::size_t i = 0; i < engineArgs.size(); ++i) s.engineExtras.emplace_back("engine_arg." + std::to_string(i + 1), engineArgs[i]);
        for (std::size_t i = 0; i < fixedOptions.size(); ++i)
            s.engineExtras.emplace_back("engine_option." + std::to_string(i + 1), fixedOptions[i].first + "=" + fixedOptions[i].second);
        s.engineExtras.emplace_back("evalfit_path", std::string(dataset::evalfitPathName(*path)));
        s.engineExtras.emplace_back("evalfit_limit", (uciLimit.kind == uci::SearchLimit::Kind::Nodes ? "nodes " : "depth ") +
                                                          std::to_string(uciLimit.value));

        const dataset::Dataset train = loadData(dataPath, "data");
        std::optional<dataset::Dataset> held;
        if (!heldPath.empty()) held = loadData(heldPath, "held-out data");
        dataset::EvalfitEngineConfig config;
        config.program = engine;
        config.arguments = engineArgs;
        config.fixedOptions = fixedOptions;
        config.workers = v["workers"].as<std::size_t>();
        config.path = *path;
        config.uciLimit = uciLimit;
        auto scorer = dataset::EvalfitScorer::create(config, train.positions);
        if (!scorer) throw std::runtime_error(scorer.error().message);
        std::unique_ptr<dataset::EvalfitScorer> heldScorer;
        if (held) {
            dataset::EvalfitEngineConfig heldConfig = config;
            heldConfig.workers = 1;
            auto h = dataset::EvalfitScorer::create(heldConfig, held->positions);
            if (!h) throw std::runtime_error(h.error().message);
            heldScorer = std::move(*h);
        }
        std::cerr << "engine " << engine << ": " << ((*scorer)->fastPath() ? "fast path (evalfit scores)" : "UCI path (one search per position)")
                  << ", " << (*scorer)->workers() << " process(es)\n";
        auto scoreTrain = [&](const std::vector<uci::OptionValues>& c) { return (*scorer)->score(c, {}); };
        dataset::ScoreFunction scoreHeld;
        if (heldScorer) scoreHeld = [&](const std::vector<uci::OptionValues>& c) { return heldScorer->score(c, {}); };
        dataset::EvalfitRun run(s, dataset::resultsOf(train.positions), scoreTrain,
                                held ? dataset::resultsOf(held->positions) : std::vector<double>{}, scoreHeld);
        auto fit = resumed ? run.resume(std::move(*resumed)) : run.fit();
        if (!fit) throw std::runtime_error(fit.error().message);
        std::cerr << "K = " << fixed(fit->k, 4) << ", E0 (the defaults' E) = " << fixed(fit->startError, 6);
        if (fit->heldOutStartError) std::cerr << ", held-out E0 = " << fixed(*fit->heldOutStartError, 6);
        std::cerr << "; fitness = E0 / E\n";
        const int generations = v.count("generations") ? v["generations"].as<int>() : 50;
        const int last = resumed ? run.state().generation + generations : generations;
        auto done = run.run(last, [&](const dataset::EvalfitGeneration& g) {
            std::cout << "gen " << g.stats.generation << " best-E " << fixed(g.bestError, 6) << " mean-E " << fixed(g.meanError, 6)
                      << " best " << fixed(g.stats.best, 6) << " evals " << g.stats.evaluations << " best-values";
            for (int x : g.stats.bestValues) std::cout << ' ' << x;
            std::cout << std::endl;
            std::cerr << "  scored " << g.scored << ", cached " << g.cached;
            if (g.failed) std::cerr << ", failed " << g.failed << " (fitness 0): " << g.failures.front();
            if (g.heldOutError) std::cerr << ", held-out E " << fixed(*g.heldOutError, 6);
            std::cerr << "\n";
        });
        if (!done) throw std::runtime_error(done.error().message);
        if (const int passes = v["polish"].as<int>(); passes > 0) {
            auto polished = run.polish(passes, [&](const dataset::PolishPass& p) {
                std::cout << "polish " << p.pass << " E " << fixed(p.error, 6) << " moved " << p.moved << " evals " << p.evaluations
                          << " values";
                for (int x : p.values) std::cout << ' ' << x;
                std::cout << std::endl;
            });
            if (!polished) throw std::runtime_error(polished.error().message);
            const dataset::PolishResult& r = polished->result;
            std::cerr << "polish: E " << fixed(polished->startError, 6) << " -> " << fixed(r.error, 6) << " in " << r.passes << " passes, "
                      << r.evaluations << " evaluations" << (r.converged ? " (no term moved by 1 lowers E)" : " (pass limit)");
            if (polished->heldOutError) std::cerr << ", held-out E " << fixed(*polished->heldOutError, 6);
            if (!polished->failures.empty())
                std::cerr << "; " << polished->failures.size() << " failed: " << polished->failures.front();
            std::cerr << "\n";
        }
        return 0;
    } catch (const std::invalid_argument& e) {
        std::cerr << "matefind-cli tune: " << e.what() << "\n" << evalfitTuneUsage();
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "matefind-cli tune: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace mf::cli
