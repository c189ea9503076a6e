#pragma once
// The genome spec: which engine terms are tuned, and the window of values each one searches.
// A term with b bits searches 2^b consecutive values around its default, kept non-negative:
//     lo = max(floor, default - 2^(b-1)),  window = [lo, lo + 2^b - 1]
// (knight 250, 9 bits: 0..511; queen 900, 9 bits: 644..1155). A term made from an engine's spin
// option also has a ceiling (the option's max): the window is shifted down to end at the ceiling
// where it can. Where it cannot (the option allows fewer than 2^b values, e.g. 0..400 with 9
// bits) the window holds w < 2^b values and the codes are spread over them (the spread mapping):
//     value(index) = low + floor(index * w / 2^b)
// so every value is reached by floor(2^b/w) or ceil(2^b/w) codes (0..400: 111 values by two codes,
// 290 by one), and neighbouring codes, which Gray coding makes one mutation apart, give equal or
// neighbouring values. Before it (population files of version 1) every code past the ceiling
// decoded to the ceiling (0..400: 112 of 512 codes gave 400); the loader re-encodes such files by
// their values (population_file.h).
#include "engine/result.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mf::ga {

inline constexpr int kMinBits = 1;
inline constexpr int kMaxBits = 16;  // Gray coding is exhaustively tested up to this width

// The step sizes of an SPSA tune line (OpenBench, fishtest; spsa_lines.h): c_end, the final
// perturbation, and r_end, the final learning rate. The GA does not use them; a term read from
// such a line keeps them so that `export --spsa` writes them back unchanged.
struct SpsaSteps {
    double cEnd = 0;
    double rEnd = 0;
    friend bool operator==(const SpsaSteps&, const SpsaSteps&) = default;
};

struct Term {
    Term() = default;
    Term(std::string name_, std::string option_, int defaultValue_, int bits_, int floor_ = 0,
         std::optional<int> ceiling_ = std::nullopt)
        : name(std::move(name_)), option(std::move(option_)), defaultValue(defaultValue_), bits(bits_),
          floor(floor_), ceiling(ceiling_) {}

    std::string name;          // shown to the user ("knight value")
    std::string option;        // the UCI spin option it sets ("KnightValue")
    int defaultValue = 0;
    int bits = 8;
    int floor = 0;                    // lowest value ever searched (0: weights stay non-negative)
    std::optional<int> ceiling;       // highest value ever sent (an engine option's max)
    std::optional<SpsaSteps> spsa;    // c_end and r_end of the tune line it was read from
    std::string group;                // the option's group, e.g. "Psqt" (optionGroup); empty: none

    int low() const;                  // first value of the window
    int high() const;                 // last value of the window (clamped to the ceiling)
    long long valueCount() const;             // w: values in the window (2^bits unless a ceiling cuts it)
    int valueAt(std::uint64_t index) const;   // index in [0, 2^bits): the value it stands for
    std::uint64_t indexOf(int value) const;   // first index of a value (clamped to the window)
    // The mapping of version-1 population files: low + index, clamped to the ceiling. Only for
    // reading such files.
    int valueAtClampedMapping(std::uint64_t index) const;

    friend bool operator==(const Term&, const Term&) = default;
};

// The per-term rule in isolation (used by Term::low and by tests of the two spec examples).
int windowLow(int defaultValue, int bits, int floor = 0, std::optional<int> ceiling = std::nullopt);

class Genome {
public:
    Genome() = default;
    explicit Genome(std::vector<Term> terms);

    const std::vector<Term>& terms() const { return terms_; }
    std::size_t size() const { return terms_.size(); }
    const Term& operator[](std::size_t i) const { return terms_[i]; }

    std::size_t length() const { return length_; }             // chromosome length m
    std::size_t offset(std::size_t term) const { return offsets_[term]; }  // first bit of a term

    std::vector<int> defaults() const;

    friend bool operator==(const Genome& a, const Genome& b) { return a.terms_ == b.terms_; }

private:
    std::vector<Term> terms_;
    std::vector<std::size_t> offsets_;
    std::size_t length_ = 0;
};

// Checks one term; the error's field is "terms[i].<key>" (i = index, given by the caller). SPSA
// steps, when present, must be finite and greater than 0.
std::optional<Error> validateTerm(const Term& term, std::size_t index);
// Checks every term, non-empty list, unique names and options.
std::optional<Error> validateGenome(const Genome& genome);

// JSON (format documented in docs/genetic-algorithm.md):
// {"format": "matefind-genome", "version": 1,
//  "terms": [{"name": "knight value", "option": "KnightValue", "default": 250, "bits": 9,
//             "floor": 0 (optional), "ceiling": 1000 (optional), "group": "Material" (optional),
//             "c_end": 12.5, "r_end": 0.002 (optional, together)}, ...]}
Result<Genome> genomeFromJson(std::string_view text, const std::string& fileName = {});
// A genome file in any format MateFind reads, recognised by its content: JSON when the first
// character that is not white space is '{' or '[', otherwise OpenBench or fishtest tune lines
// (genomeFromSpsaLines, spsa_lines.h).
Result<Genome> genomeFromText(std::string_view text, const std::string& fileName = {});
Result<Genome> loadGenome(const std::filesystem::path& file);
std::string genomeToJson(const Genome& genome);
std::optional<Error> saveGenome(const Genome& genome, const std::filesystem::path& file);

// The group of an option name: the text before its first dot ("Psqt" for "Psqt.Knight.Mg.d4"),
// empty for a name without a dot or starting with one. Engines with many terms name them
// `Group.Rest` so a genome (and the window) can gather them.
std::string optionGroup(std::string_view optionName);

// A UCI "option name X type spin default D min A max B", without depending on the UCI library.
struct SpinOption {
    std::string name;
    int min = 0;
    int max = 0;
    int defaultValue = 0;
};

// The fewest bits (kMinBits..kMaxBits) whose 2^bits values cover [min, max].
int bitsCovering(int min, int max);

// One term per option, bits = the fewest that cover [min, max] (at most kMaxBits; a wider range
// gets a 2^kMaxBits window around the default), floor = min and ceiling = max, so every value
// sent is one the engine accepts.
Genome fromSpinOptions(const std::vector<SpinOption>& options);

} // namespace mf::ga
