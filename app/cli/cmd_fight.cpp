// matefind-cli fight: the multiselection fight — the five selection types from one start, a
// table per generation with one column per type.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "app/cli/interrupt.h"
#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "app/cli/mpi_mode.h"
#include "app/cli/limit_check.h"
#include "engine/fixed_decimals.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

std::string cell(const std::string& text) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%14s", text.c_str());
    return buffer;
}

class FightPrinter : public tuning::RunObserver {
public:
    void statusChanged(const tuning::StatusChange& change) override {
        progress_.clear();
        if (change.status == tuning::RunStatus::Failed || change.status == tuning::RunStatus::Finished ||
            change.status == tuning::RunStatus::Idle)
            std::cerr << runStatusName(change.status) << ": " << change.reason << "\n";
    }
    void progress(const tuning::RunProgress& progress) override { progress_.show(progress); }
    void fightRoundFinished(const tuning::FightRound& round) override {
        progress_.clear();
        std::cout << "generation " << round.generation << "\n" << cell("");
        for (const auto& lane : round.lanes) std::cout << cell(std::string(ga::selectionName(*lane.lane)));
        std::cout << "\n";
        auto row = [&](const char* name, auto field) {
            std::cout << cell(name);
            for (const auto& lane : round.lanes) std::cout << cell(field(lane.stats));
            std::cout << "\n";
        };
        row("best", [](const ga::GenerationStats& s) { return formatNumber(s.best); });
        row("mean", [](const ga::GenerationStats& s) { return formatNumber(s.mean); });
        row("worst", [](const ga::GenerationStats& s) { return formatNumber(s.worst); });
        row("sum", [](const ga::GenerationStats& s) { return formatNumber(s.sum); });
        row("evals", [](const ga::GenerationStats& s) { return std::to_string(s.evaluations); });
        row("diversity", [](const ga::GenerationStats& s) { return formatNumber(s.diversity); });
        if (round.lanes.front().heldOut) {
            // Evalfit: the held-out E fits a column (heldOutText's "E e (fitness f)" does not).
            const bool error = round.lanes.front().heldOut->error.has_value();
            std::cout << cell(error ? "held-out E" : "held-out");
            for (const auto& lane : round.lanes) {
                std::string text = "-";
                if (lane.heldOut) text = lane.heldOut->error ? fixedDecimals(*lane.heldOut->error, 6) : heldOutText(*lane.heldOut);
                std::cout << cell(text);
            }
            std::cout << "\n";
        }
        std::cout << std::endl;
        // The round's shared cost: the lanes' pending members were scored together.
        std::cerr << "  searched " << round.cost.searchedCandidates << ", cached " << round.cost.cachedCandidates << " (hit rate "
                  << formatNumber(round.lanes.front().cacheHitRate) << cacheEvictionText(round.lanes.front().cache)
                  << ")";
        if (round.cost.failedSearches) std::cerr << ", failed searches " << round.cost.failedSearches << " (not scored)";
        if (round.cost.limitBreakingSearches)
            std::cerr << ", limit-breaking searches " << round.cost.limitBreakingSearches
                      << " (reported nodes above 10x or below 1/10 of the limit)";
        if (round.lanes.front().noisyFitness) std::cerr << ", fitness is noisy (time limit)";
        const double wall = std::chrono::duration<double>(round.cost.wallTime).count();
        if (wall > 0) std::cerr << ", " << formatNumber(wall) << " s";
        std::cerr << "\n";
    }
    bool wantsEngineLog() const override { return false; }  // the terminal shows no engine lines
    void warning(const std::string& text) override { std::cerr << "warning: " << text << "\n"; }

private:
    TuneProgress progress_;
};

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli fight [--suite FILE] [--engine PATH] [--genome FILE] [--out FILE] [--heldout FILE [--heldout-every K]]\n"
        "  [GA, limit, --prize, --option, --engine-arg, --workers, --cache-mb, --seed, --mpi as for tune]");
    addTuneOptions(options, TuneCommand::Fight);
    addMpiOption(options);
    tuning::TuningSettings settings;
    CommandLine line("fight", options);
    auto finished = line.parse(args,
                           "\nRuns proportional, baker, linear, nonlinear and tournament selection from the\n"
                           "same population and random state; prints best/mean/worst/sum/evals/diversity\n"
                           "per generation, one column per selection type (and each lane's held-out result\n"
                           "every K-th generation). Each lane is saved after every generation; continue one\n"
                           "with `matefind-cli tune --resume FILE`.\n",
                           [&](const po::variables_map& values) {
                               settings = settingsFromOptions(values);
                               settings.engine.searchTimeout = searchTimeoutOption(values);
                               settings.autosave =
                                   values.count("out") ? values["out"].as<std::string>() : "matefind-fight.mfpop";
                               if (auto problems = tuning::validateSettings(settings); !problems.empty())
                                   throw std::invalid_argument(problems.front());
                           });
    if (finished) return *finished;
    Interrupt interrupt;  // Ctrl-C stops in every phase, as in tune
    if (auto refused = checkEngineLimit("fight", settings, line.values(), interrupt.token())) return *refused;
    FightPrinter printer;
    tuning::RunController controller(evaluatorFactory(mpiRequested(line.values())), &printer);
    if (auto error = controller.startFight(settings)) return line.usageError(*error);
    std::stop_callback stopRun(interrupt.token(), [&controller] { controller.stop(); });
    controller.wait();
    return controller.status() == tuning::RunStatus::Finished ? 0 : 1;
}

RegisterCommand fight{"fight", "multiselection fight: the five selection types from one start, side by side", run};

}  // namespace
}  // namespace mf::cli
