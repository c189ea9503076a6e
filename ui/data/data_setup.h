#pragma once
// The Data tab's run as make-dataset's own options: the Parameters panel's engine (program,
// arguments, fixed options) and the tab's choices become the dataset::MakeDatasetOptions that
// `matefind-cli make-dataset --self-play` reads, with the command line that makes the same file
// (it goes into the file's header, and the tab shows it). Both front ends then run the one
// library call, so the same engine, seed and choices give the same file byte for byte.
#include "engine/result.h"
#include "evolution/dataset/make_dataset.h"
#include "evolution/tuning/common/engine_spec.h"

#include <QString>
#include <QStringList>

#include <cstdint>

namespace mf::ui {

// What the tab asks for; the rest keeps make-dataset's defaults.
struct DataChoices {
    int games = 1000;
    uci::SearchLimit limit = uci::SearchLimit::nodes(3000);
    int perGame = 0;  // positions a game at most (0: all)
    std::uint64_t seed = 1;
    std::size_t workers = 2;
    QString output;   // made absolute: the header names it, and the command line is run elsewhere
    bool overrideLimitCheck = false;
};

// make-dataset's defaults as the tab's choices.
DataChoices defaultDataChoices();

struct DataSetup {
    dataset::MakeDatasetOptions options;  // `arguments`: the command line that makes the same file
    // Fixed options of the engine that make-dataset sets itself, and what became of them:
    // "Threads=4 is not sent: make-dataset plays with one search thread".
    QStringList notes;
};

// Fails, naming the option, when a fixed Hash is no whole number of MB from 1 to 65536 (it
// becomes --hash: make-dataset sends the hash itself).
Result<DataSetup> dataSetupOf(const tuning::EngineSpec& engine, const DataChoices& choices);

// "matefind-cli make-dataset --self-play ...", each argument quoted for a shell as needed.
QString commandLineOf(const dataset::MakeDatasetOptions& options);

}  // namespace mf::ui
