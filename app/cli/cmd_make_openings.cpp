// matefind-cli make-openings: a balanced openings file for matches, made by a reference engine
// from a seed (recipe in evolution/match/make_openings.h and resources/openings/README.md).
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "evolution/match/make_openings.h"
#include "evolution/uci/local_engine_pool.h"
#include "evolution/tuning/common/installed_paths.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

void addMakeOpeningsOptions(po::options_description& options) {
    options.add_options()
        ("help,h", "show this help")
        ("out", po::value<std::string>(), "the EPD file to write")
        ("engine", po::value<std::string>(), "the reference engine (default: the bundled matefind-engine)")
        ("option", po::value<std::vector<std::string>>()->composing(), "NAME=VALUE for the engine (repeatable)")
        ("count", po::value<int>()->default_value(250), "openings to keep")
        ("candidates", po::value<int>()->default_value(5000), "give up after this many candidates")
        ("random-plies", po::value<int>()->default_value(4), "uniformly random legal plies first")
        ("engine-plies", po::value<int>()->default_value(4), "then plies the engine plays itself")
        ("play-nodes", po::value<std::int64_t>()->default_value(5000), "nodes per engine move")
        ("check-nodes", po::value<std::int64_t>(), "nodes of the balance check (default 100000)")
        ("check-depth", po::value<std::int64_t>(), "depth of the balance check instead")
        ("window", po::value<int>()->default_value(50), "keep when |score| <= CP centipawns")
        ("seed", po::value<std::uint64_t>()->default_value(1), "seed of the random plies")
        ("workers", po::value<unsigned>(), "engine processes (default: hardware threads)");
}

match::MakeOpeningsConfig recipeFromOptions(const po::variables_map& v) {
    match::MakeOpeningsConfig config;
    config.count = v["count"].as<int>();
    config.maxCandidates = v["candidates"].as<int>();
    config.randomPlies = v["random-plies"].as<int>();
    config.enginePlies = v["engine-plies"].as<int>();
    config.playLimit = uci::SearchLimit::nodes(v["play-nodes"].as<std::int64_t>());
    if (v.count("check-nodes") && v.count("check-depth")) throw std::invalid_argument("give one of --check-nodes and --check-depth");
    if (v.count("check-nodes")) config.checkLimit = uci::SearchLimit::nodes(v["check-nodes"].as<std::int64_t>());
    if (v.count("check-depth")) config.checkLimit = uci::SearchLimit::depth(v["check-depth"].as<std::int64_t>());
    config.windowCp = v["window"].as<int>();
    config.seed = v["seed"].as<std::uint64_t>();
    if (config.count < 1 || config.maxCandidates < 1 || config.randomPlies < 0 || config.enginePlies < 0 ||
        config.playLimit.value < 1 || config.checkLimit.value < 1 || config.windowCp < 0)
        throw std::invalid_argument("counts, plies, limits and the window must be positive");
    return config;
}

// The comment lines the file starts with: the command, the engine and recipe, the tallies.
std::vector<std::string> fileHeader(const std::vector<std::string>& args, const std::string& engineName,
                                    const match::MakeOpeningsConfig& config, const match::MakeOpeningsReport& report) {
    std::string command = "matefind-cli make-openings";
    for (const auto& arg : args) command += " " + arg;
    return {"MateFind balanced openings (recipe: resources/openings/README.md)",
            "command: " + command,
            "engine: " + engineName + "; play " + config.playLimit.describe() + "; check " +
                config.checkLimit.describe() + "; window +-" + std::to_string(config.windowCp) + " cp; seed " +
                std::to_string(config.seed),
            "tallies: candidates " + std::to_string(report.candidates) + ", game over " + std::to_string(report.ended) +
                ", failed searches " + std::to_string(report.failed) + ", unbalanced " +
                std::to_string(report.unbalanced) + ", duplicates " + std::to_string(report.duplicates) + ", kept " +
                std::to_string(report.kept)};
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli make-openings --out FILE [--engine PATH] [--option N=V]... [--count N] [--seed S]\n"
        "  [--random-plies N] [--engine-plies N] [--play-nodes N] [--check-nodes N|--check-depth N] [--window CP]");
    addMakeOpeningsOptions(options);
    CommandLine line("make-openings", options);
    match::MakeOpeningsConfig config;
    uci::EngineConfig engine;
    std::string out;
    std::size_t workers = 0;
    auto finished = line.parse(args,
        "\nCandidate i: `random-plies` random legal moves from the start (seeded by --seed and i),\n"
        "then `engine-plies` moves by the engine at --play-nodes; kept when the engine's score at\n"
        "the check limit is within --window centipawns and the position is new. The file starts\n"
        "with the command and the tallies as comments. Same arguments, same engine: same file.\n",
        [&](const po::variables_map& v) {
            if (!v.count("out")) throw std::invalid_argument("--out FILE is required");
            out = v["out"].as<std::string>();
            engine.command.program = v.count("engine") ? std::filesystem::path(v["engine"].as<std::string>()) : tuning::bundledEngine();
            if (v.count("option")) engine.startOptions = parseOptionAssignments(v["option"].as<std::vector<std::string>>());
            config = recipeFromOptions(v);
            if (v.count("workers")) workers = v["workers"].as<unsigned>();
        });
    if (finished) return *finished;

    auto pool = uci::LocalEnginePool::create(engine, workers);
    if (!pool) return line.failure(engine.command.program.string() + ": " + pool.error().message);
    Progress progress("make-openings", std::size_t(config.count));
    match::MakeOpeningsReport report;
    auto openings = match::makeOpenings(**pool, config, report, [&](int kept, int candidates) {
        progress.update(std::size_t(kept), std::to_string(candidates) + " candidates");
    });
    progress.finish();

    const std::vector<std::string> header = fileHeader(args, (*pool)->engine().name, config, report);
    std::ofstream file(out, std::ios::out | std::ios::trunc);
    if (!file) return line.failure(out + ": cannot be written");
    file << match::openingsEpd(openings, header);
    if (!file) return line.failure(out + ": write failed");
    std::cerr << header[3] << "\n";
    if (report.kept < config.count) {
        std::cerr << "matefind-cli make-openings: only " << report.kept << " of " << config.count
                  << " openings kept (raise --candidates or --window)\n";
        return 1;
    }
    return 0;
}

RegisterCommand makeOpenings{"make-openings", "make a balanced openings file for matches from a seed and a reference engine", run};

}  // namespace
}  // namespace mf::cli
