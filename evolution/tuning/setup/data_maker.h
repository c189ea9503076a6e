#pragma once
// Which engine made a file of labelled positions, from the header make-dataset writes ("rebuild
// with: matefind-cli make-dataset ... --engine PATH ..."; no --engine: the bundled engine), and the
// check a run makes before it starts: held-out positions another engine played are no test of this
// engine's weights (its held-out E then says nothing, and the run keeps its start values).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// The program named by a make-dataset command line ("--engine PATH" or "--engine=PATH", shell
// quotes undone), or `bundledEngine` when it names none; nullopt when `header` holds no
// make-dataset command line.
std::optional<std::filesystem::path> dataMakerOf(std::string_view header, const std::filesystem::path& bundledEngine);

// The same for a file: its leading '#' lines. nullopt for a file without that header (positions
// from elsewhere: nothing to say) or one that does not open.
std::optional<std::filesystem::path> dataMaker(const std::filesystem::path& file, const std::filesystem::path& bundledEngine);

// When the run's held-out data (measure evalfit) was made by another program than the run's
// engine: the sentence that says so and what to do; nullopt otherwise.
std::optional<std::string> heldOutMadeByAnotherEngine(const TuningSettings& settings,
                                                      const std::filesystem::path& bundledEngine);

}  // namespace mf::tuning
