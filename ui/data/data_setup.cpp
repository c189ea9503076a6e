#include "ui/data/data_setup.h"

#include "evolution/suite/suite_entry.h"
#include "evolution/uci/harness_options.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace mf::ui {

namespace {

bool sameOptionName(const std::string& a, const std::string& b) {  // UCI option names ignore case
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
}

bool isThreadOption(const std::string& name) {
    const auto& names = uci::threadOptionNames();
    return std::any_of(names.begin(), names.end(), [&](const std::string& t) { return sameOptionName(name, t); });
}

// The engine's fixed options as make-dataset takes them: threads left to it, Hash as --hash.
Result<QStringList> takeFixedOptions(const uci::OptionValues& fixed, dataset::MakeDatasetOptions& o) {
    QStringList notes;
    for (const auto& [name, value] : fixed) {
        const QString pair = QString::fromStdString(name + "=" + value);
        if (isThreadOption(name)) {
            notes << QObject::tr("%1 is not sent: make-dataset plays with one search thread, so a game replays the same").arg(pair);
        } else if (sameOptionName(name, "Hash")) {
            int mb = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), mb);
            if (error != std::errc() || end != value.data() + value.size() || mb < 1 || mb > 65536)
                return Error{"fixed option " + name + "=" + value + ": the hash must be a whole number of MB from 1 to 65536"};
            o.hashMb = mb;
            notes << QObject::tr("%1 is sent as make-dataset's hash (cleared before every search)").arg(pair);
        } else {
            o.engineOptions.emplace_back(name, value);
        }
    }
    return notes;
}

}  // namespace

DataChoices defaultDataChoices() {
    const dataset::MakeDatasetOptions d = dataset::makeDatasetDefaults();
    DataChoices c;
    c.games = d.selfPlay.games;
    c.limit = d.selfPlay.limit;
    c.perGame = d.perGame;
    c.seed = d.selfPlay.seed;
    c.workers = d.workers;
    return c;
}

Result<DataSetup> dataSetupOf(const tuning::EngineSpec& engine, const DataChoices& choices) {
    DataSetup setup;
    dataset::MakeDatasetOptions& o = setup.options;
    o = dataset::makeDatasetDefaults();
    o.engine = engine.program.string();
    o.engineArguments = engine.arguments;
    auto notes = takeFixedOptions(engine.fixedOptions, o);
    if (!notes) return notes.error();
    setup.notes = *notes;
    o.selfPlay.games = choices.games;
    o.selfPlay.limit = choices.limit;
    o.selfPlay.seed = choices.seed;
    o.perGame = choices.perGame;
    o.workers = choices.workers;
    o.overrideLimitCheck = choices.overrideLimitCheck;
    if (!choices.output.isEmpty())
        o.output = QDir::cleanPath(QFileInfo(choices.output).absoluteFilePath()).toStdString();
    o.arguments = dataset::makeDatasetArguments(o);
    return setup;
}

QString commandLineOf(const dataset::MakeDatasetOptions& options) {
    QString line = QStringLiteral("matefind-cli make-dataset");
    for (const std::string& a : options.arguments) line += QLatin1Char(' ') + QString::fromStdString(suite::shellQuote(a));
    return line;
}

}  // namespace mf::ui
