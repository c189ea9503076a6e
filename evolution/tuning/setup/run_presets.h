#pragma once
// Runs a user can start from a name: the settings of a whole tuning recipe on the bundled engine
// and data, so that a first session shows a real finding in minutes. `matefind-cli tune --preset
// NAME` and the window's File > New run from preset both take them from here.
//
//   recover-hand-set   The bundled engine from its hand-set evaluation (the 30 weights it had
//                      before MateFind tuned them, share/matefind/engine-options/
//                      matefind-hand-set-defaults.txt; its 624 terms fixed at the values those
//                      weights gave them), tuned on labelled positions (the bundled ones unless the
//                      user gives their own: 3000 self-play games make a finding of it): the GA,
//                      then Texel's local search, every generation's pick checked on the held-out
//                      positions. The pick plays the start in the Match tab (one click).
//   search-by-games    Any engine's search and evaluation spin options (the harness's own, Hash,
//                      Threads, MultiPV, Randomness, split and book options, left out; the bundled
//                      engine: its 31 search constants), tuned by games at a clock as fishtest
//                      and OpenBench tune: SPSA between partners, one game pair an iteration at
//                      5+0.05, and the answer confirmed against the start at the same clock in
//                      150 pairs on openings no iteration played before it is handed out.

#include <filesystem>
#include <string>
#include <stop_token>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

struct RunPreset {
    std::string_view name;         // on the command line: tune --preset NAME
    std::string_view title;        // in the window's menu
    std::string_view description;  // one sentence: what it tunes, from where, on what
    bool anyEngine = false;        // the recipe fits the engine it is given (its options are read)
};

const std::vector<RunPreset>& runPresets();

// The preset's settings with the bundled files beside `binDir` (bin/../share/matefind); an error
// naming the missing file or the unknown preset. A preset for any engine takes `engine` (the
// bundled one when none is given) and starts it once to read its options; `stop` ends that wait.
Result<TuningSettings> presetSettings(std::string_view name, const std::filesystem::path& binDir,
                                      const EngineSpec* engine = nullptr, std::stop_token stop = {});

// `text` (an options file's) split by the genome: lines naming a term become its start value
// (withStartValues), the others engine options every search gets (fixed options). For a start
// given as a whole engine state, of which the genome tunes a part.
Result<TuningSettings> withStartState(TuningSettings settings, std::string_view text, const std::string& fileName);

}  // namespace mf::tuning
