// make-dataset's defaults, and its options written back as the command line that makes them.
#include <string>
#include <vector>

#include "evolution/dataset/make_dataset.h"
#include "evolution/uci/engine_probe.h"

namespace mf::dataset {

MakeDatasetOptions makeDatasetDefaults() {
    MakeDatasetOptions o;
    o.selfPlay.games = 1000;
    o.selfPlay.limit = uci::SearchLimit::nodes(3000);
    return o;
}

namespace {

// "--flag VALUE" when `value` is not the default's.
template <class T>
void addIfChanged(std::vector<std::string>& args, const char* flag, T value, T defaultValue) {
    if (value != defaultValue) args.insert(args.end(), {flag, std::to_string(value)});
}

}  // namespace

std::vector<std::string> makeDatasetArguments(const MakeDatasetOptions& o) {
    const MakeDatasetOptions d = makeDatasetDefaults();
    const suite::SelfPlayConfig& sp = o.selfPlay;
    std::vector<std::string> args = {"--self-play"};
    if (!o.engine.empty()) args.insert(args.end(), {"--engine", o.engine});
    // One argument each, so one that starts with '-' is not read as an option of make-dataset.
    for (const std::string& a : o.engineArguments) args.push_back("--engine-arg=" + a);
    for (const auto& [name, value] : o.engineOptions) args.insert(args.end(), {"--option", name + "=" + value});
    args.insert(args.end(), {std::string(uci::limitFlag(sp.limit.kind)), std::to_string(sp.limit.value)});
    if (o.overrideLimitCheck) args.push_back("--override-limit-check");
    args.insert(args.end(), {"--games", std::to_string(sp.games)});
    addIfChanged(args, "--random-plies", sp.randomPlies, d.selfPlay.randomPlies);
    addIfChanged(args, "--opening-window", sp.openingWindow, d.selfPlay.openingWindow);
    addIfChanged(args, "--adjudicate-cp", sp.adjudicateCp, d.selfPlay.adjudicateCp);
    addIfChanged(args, "--adjudicate-plies", sp.adjudicatePlies, d.selfPlay.adjudicatePlies);
    addIfChanged(args, "--max-game-plies", sp.maxPlies, d.selfPlay.maxPlies);
    addIfChanged(args, "--hash", o.hashMb, d.hashMb);
    addIfChanged(args, "--min-ply", o.minPly, d.minPly);
    addIfChanged(args, "--per-game", o.perGame, d.perGame);
    args.insert(args.end(), {"--workers", std::to_string(o.workers), "--seed", std::to_string(sp.seed), "--output", o.output});
    return args;
}

}  // namespace mf::dataset
