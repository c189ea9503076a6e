#pragma once
// Genomes and the options an engine announces:
// - genomeFromEngineOptions: a genome for an engine's spin options (`matefind-cli genome`, the
//   window's "Genome from engine..."), chosen by regular expressions, bits per term by the
//   options' units (option_units.h) unless told otherwise;
// - checkGenomeAgainstEngine: before anything is searched, every term's option must exist as a
//   spin option and every window must fit the option's [min, max]; otherwise every search fails
//   with "invalid option" and every chromosome scores 0. The local evaluator factory (tune,
//   fight, the window's runs) and `print` call it; the window calls it to disable Start.
// - announcedOptions: starts the engine once and returns what it announced.

#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/uci_protocol.h"

namespace mf::tuning {

// The spin options among `announced`, in order, as the GA sees them.
std::vector<ga::SpinOption> spinOptions(const std::vector<uci::UciOption>& announced);

struct GenomeChoice {
    std::string include;  // ECMAScript regex a name must match somewhere (empty: every option)
    std::string exclude;  // names matching it somewhere are left out (empty: none)
    int bits = 0;         // bits per term; 0: by the option's unit (unitBits, option_units.h)
    // Bits for the options a regex matches (ECMAScript, anywhere in the name), before `bits`: the
    // first rule that matches wins. A full evaluation's terms have different units (a piece value
    // in centipawns, a piece-square entry in 1/30 cp), so one window size does not fit them all.
    std::vector<std::pair<std::string, int>> bitsFor;
    // Also the spin options that are not tunable (isTunableOption: Hash, Threads, Move Overhead...).
    bool allOptions = false;
};

// One term per chosen spin option (ga::fromSpinOptions: floor = min, ceiling = max; the window is
// 2^bits values around the default, kept inside [min, max]). Errors: a regex that does not
// compile, bits outside 1..16 (in `bits` or a `bitsFor` rule), no spin option chosen.
Result<ga::Genome> genomeFromEngineOptions(const std::vector<uci::UciOption>& announced, const GenomeChoice& choice);

// The window's checklist: the named spin options (names as announced, in this order), each with
// its own bits (0: the fewest that cover the option's range). Errors: a name that is not an
// announced spin option, bits outside 1..16, nothing chosen. genomeFromEngineOptions uses it.
struct ChosenOption {
    std::string name;
    int bits = 0;
};
Result<ga::Genome> genomeFromChosenOptions(const std::vector<uci::UciOption>& announced,
                                           const std::vector<ChosenOption>& chosen);

// Why `genome` cannot drive an engine announcing `announced`, naming the term: an option that
// does not exist (names compare case-insensitively, as UCI says), is not a spin, or a window
// [low, high] outside the option's [min, max]. std::nullopt when every term fits.
std::optional<std::string> checkGenomeAgainstEngine(const ga::Genome& genome,
                                                    const std::vector<uci::UciOption>& announced);

// Starts the engine once (its arguments and fixed options as a run would), reads what it
// announces, and quits it. Blocks for the handshake (at most the start-up timeout, 10 s).
Result<std::vector<uci::UciOption>> announcedOptions(const EngineSpec& engine, std::stop_token stop = {});

}  // namespace mf::tuning
