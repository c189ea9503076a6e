#pragma once
// FitKey: a record of what a run's fitted state was fitted on, saved with that state, so the state
// is never reused on something else. Measure evalfit fits K, E0 and the held-out E0 on the
// genome's defaults as one engine with its options scores the data files; the same numbers on
// another engine or other data would make every fitness wrong (E0 / E with the wrong E0).
//
// A key is a list of named parts, each a digest (a short text that changes when its input does).
// Two keys are compared part by part, so a user can be told what changed ("the engine", "the
// data"). The evalfit key's parts are made by evalfitFitKey (fit_rule.h):
//   engine   the program's bytes (as the engine process resolves it) and its arguments
//   options  the fixed options sent to every engine, the scoring path and the uci path's search
//   genome   each term's UCI option and default, in order (what the fit scores)
//   data     the data file's bytes
//   heldout  the held-out data file's bytes, or "none"
// What the parts do not follow: a program a wrapper script starts (the script's own bytes count),
// and files an engine reads by an option's value (an NNUE net: its name counts, not its bytes).
//
// Extending it: anything else that caches state computed from these inputs (the evalfit trace
// cache, say) keeps the key beside its state and compares it the same way: all parts, or only the
// ones it depends on (part(name)). An input the parts above do not cover gets its own part
// (add(name, digest)): a saved key without it then differs from a new one, so the old state is
// refitted, never reused on a guess. Part names are [a-z0-9_-]; digests hold no space or '='.

#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace mf::tuning {

struct FitKeyPart {
    std::string name;
    std::string digest;
    friend bool operator==(const FitKeyPart&, const FitKeyPart&) = default;
};

class FitKey {
public:
    // Appends a part, or replaces the digest of a part of that name (its place kept).
    void add(std::string name, std::string digest);
    // The digest of part `name`; null when the key has no such part.
    const std::string* part(std::string_view name) const;
    const std::vector<FitKeyPart>& parts() const { return parts_; }
    bool empty() const { return parts_.empty(); }

    // "engine=<digest> options=<digest> ...": the form saved in a population file's extras.
    std::string text() const;
    // text()'s inverse; an error says which word is not name=digest.
    static Result<FitKey> parse(std::string_view text);

    friend bool operator==(const FitKey&, const FitKey&) = default;

private:
    std::vector<FitKeyPart> parts_;
};

// The names of the parts whose digests differ between `saved` and `now`, in `now`'s order then
// `saved`'s: a part only one of them has differs too.
std::vector<std::string> differingParts(const FitKey& saved, const FitKey& now);

// A digest of a text (FNV-1a, 64 bits, as 16 hex digits), for the parts that are not files.
std::string textDigest(std::string_view text);

}  // namespace mf::tuning
