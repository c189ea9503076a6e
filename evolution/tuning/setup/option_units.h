#pragma once
// Which of an engine's spin options a genome offers as terms, and how many bits each gets by its
// unit: the one rule `matefind-cli genome --engine` and the window's "Genome from engine" share.
//
// Tunable: a spin option named `Group.Name` (an evaluation term, or a search constant such as
// `Search.RazorMargin`), or a spin option of no group whose name is not one of an engine's
// resources or playing settings (Hash, Threads, Move Overhead, MultiPV, Skill Level, UCI_*,
// Syzygy*, ...). Checks, strings, buttons and combos are never terms.
//
// Bits: an option's whole range is far too wide a window to search (a piece-square entry of the
// bundled engine is 1/30 cp in -16383..16383), so each unit gets a window around its default:
//   Material.*                 9 bits (centipawns, +-256)
//   Psqt.*                     11 bits (1/30 cp, +-1024: what the trace path's linearity allows)
//   Passed.TheirKing/OwnKing.* 12 bits (per square of king distance, 1/30 cp)
//   Passed.* and KingAttack.*  8 bits
//   Search.*                   the whole range (the bundled engine's search constants: their
//                              ranges were chosen as tuning windows)
//   any other Group.Name       7 bits
//   an option of no group      a window of about a quarter of its range (at least 32 values, or
//                              the whole range when it is smaller)
// and never more bits than cover the option's range.
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/genome.h"
#include "evolution/uci/uci_protocol.h"

namespace mf::tuning {

struct UnitRule {
    std::string_view pattern;  // ECMAScript, searched in the option's name
    int bits;
    std::string_view unit;     // what one step of the option is, for the reader
    std::string_view names;    // the options it names, for the reader ("Psqt.*")
};

// The groups' rules, first match wins (the evaluation's: the README's million-position recipe).
const std::vector<UnitRule>& evaluationUnitRules();
inline constexpr int kGroupTermBits = 7;  // a Group.Name option no rule names

// Whether `option` is offered as a term unless every option is asked for (see above).
bool isTunableOption(const uci::UciOption& option);
bool isTunableSpinName(std::string_view name);  // for a spin option, by its name alone

// The bits `option` gets by its unit (see above), kMinBits..kMaxBits.
int unitBits(const ga::SpinOption& option);

// Why unitBits gave what it gave, in a few words ("Psqt: 1/30 cp, 11 bits").
std::string unitBitsReason(const ga::SpinOption& option);

// The whole rule, one indented line per case, for help texts.
std::string unitRulesText();

}  // namespace mf::tuning
