#include "ui/parameters/settings_fields.h"

#include "ui/parameters/engine_section.h"
#include "ui/parameters/evaluation_section.h"
#include "ui/parameters/fitness_section.h"
#include "ui/models/genome_model.h"
#include "ui/parameters/genome_section.h"
#include "ui/parameters/optimizer_section.h"
#include "ui/parameters/parameter_fields.h"

#include "evolution/tuning/settings/start_values.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSettings>

#include "evolution/tuning/optimizers/optimizer_extras.h"

namespace mf::ui {

namespace {
QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString q(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }
std::string path(const QLineEdit* e) { return e->text().trimmed().toStdString(); }
} // namespace

RunSettings SettingsFields::read() const {
    RunSettings s;
    s.parameters = s_.parameters->parameters();
    s.genome = s_.genome->model()->genome();
    if (auto text = s_.optimizer->startValuesText()) {
        // As --start-values: the values become the defaults the run starts from (and saves).
        if (auto genome = tuning::withStartValues(s.genome, *text, s_.optimizer->startValuesPath().toStdString()))
            s.genome = std::move(*genome);
    }
    s.optimizer = s_.optimizer->optimizer();
    // The generations field is the first stage's; the run's are the stages' sum.
    tuning::joinStages(s.optimizer, s.parameters.generations, {s.optimizer.stages.begin() + 1, s.optimizer.stages.end()});
    s.start = s_.optimizer->start();
    s.engine.program = path(s_.engine->engineEdit());
    s.engine.arguments = splitArguments(s_.engine->argumentsEdit()->text());
    s.engine.fixedOptions = parseOptions(s_.engine->optionsEdit()->toPlainText());
    s.engine.keepProcess = s_.engine->keepProcessBox()->isChecked();
    s.of<tuning::SuiteSettings>().suite = path(s_.engine->suiteEdit());
    s.of<tuning::SuiteSettings>().heldOutSuite = path(s_.engine->heldOutEdit());
    s.heldOutEvery = s_.engine->heldOutEveryEdit()->text().toInt();
    s.measure = s_.fitness->measure();
    s.of<tuning::GamesSettings>() = s_.fitness->games();
    if (s.measure == tuning::FitnessMeasure::Games) tuning::takeClockAsLimit(s.of<tuning::GamesSettings>(), s.parameters);
    s.of<tuning::EvalfitSettings>() = s_.fitness->evalfit();
    s.workers = s_.evaluation->workersEdit()->text().toUInt();
    s.autosave = path(s_.engine->autosaveEdit());
    return s;
}

void SettingsFields::write(const RunSettings& s) {
    ga::Parameters first = s.parameters;
    tuning::OptimizerSettings shown = s.optimizer;
    const std::vector<tuning::Stage> later = tuning::laterStagesOf(s.optimizer, s.parameters.generations, first.generations);
    shown.stages.resize(1);
    shown.stages.insert(shown.stages.end(), later.begin(), later.end());
    s_.parameters->setParameters(first);
    s_.optimizer->write(shown, s.start);
    EngineSection* e = s_.engine;
    if (!s.engine.program.empty())
        e->write(e->engineEdit(), q(s.engine.program));
    e->write(e->argumentsEdit(), joinArguments(s.engine.arguments));
    e->writeOptions(joinOptions(s.engine.fixedOptions));
    e->writeKeepProcess(s.engine.keepProcess);
    if (!s.of<tuning::SuiteSettings>().suite.empty())
        e->write(e->suiteEdit(), q(s.of<tuning::SuiteSettings>().suite));
    e->write(e->heldOutEdit(), q(s.of<tuning::SuiteSettings>().heldOutSuite));
    e->write(e->heldOutEveryEdit(), QString::number(s.heldOutEvery));
    e->write(e->autosaveEdit(), q(s.autosave));
    s_.fitness->setMeasure(s.measure);
    s_.fitness->setGames(s.of<tuning::GamesSettings>());
    s_.fitness->setEvalfit(s.of<tuning::EvalfitSettings>());
    if (s.workers > 0)
        s_.evaluation->workersEdit()->setText(QString::number(s.workers));
    if (s.genome.size() > 0)
        s_.genome->model()->setGenome(s.genome);
}

QString SettingsFields::startValuesProblem() const {
    const auto text = s_.optimizer->startValuesText();
    if (!text)
        return {};
    auto genome = tuning::withStartValues(s_.genome->model()->genome(), *text, s_.optimizer->startValuesPath().toStdString());
    return genome ? QString() : QObject::tr("Start values: %1").arg(QString::fromStdString(genome.error().message));
}

QString SettingsFields::optionsTextProblem() const {
    QString problem;
    parseOptions(s_.engine->optionsEdit()->toPlainText(), &problem);
    return problem;
}

std::vector<std::string> SettingsFields::splitArguments(const QString& text) {
    std::vector<std::string> arguments;
    for (const QString& word : QProcess::splitCommand(text))
        arguments.push_back(word.toStdString());
    return arguments;
}

QString SettingsFields::joinArguments(const std::vector<std::string>& arguments) {
    QStringList words;
    for (const std::string& a : arguments) {
        QString word = QString::fromStdString(a);
        const bool plain = !word.isEmpty() && !word.contains(QLatin1Char(' ')) && !word.contains(QLatin1Char('"')) &&
                           !word.contains(QLatin1Char('\t'));
        if (!plain)
            word = QLatin1Char('"') + word.replace(QLatin1Char('"'), QStringLiteral("\"\"\"")) + QLatin1Char('"');
        words << word;
    }
    return words.join(QLatin1Char(' '));
}

uci::OptionValues SettingsFields::parseOptions(const QString& text, QString* problem) {
    uci::OptionValues options;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals < 0) {
            if (problem && problem->isEmpty())
                *problem = QObject::tr("Engine options, line %1: expected Name=value, got \"%2\"").arg(i + 1).arg(line);
            continue;
        }
        // An empty name is kept: the library's rule (engineOptionProblems) says what is wrong with it.
        options.emplace_back(line.left(equals).trimmed().toStdString(), line.mid(equals + 1).trimmed().toStdString());
    }
    return options;
}

QString SettingsFields::joinOptions(const uci::OptionValues& options) {
    QStringList lines;
    for (const auto& [name, value] : options)
        lines << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value);
    return lines.join(QLatin1Char('\n'));
}

void SettingsFields::writeDefaults(const QString& engine, const QString& suite, const QString& heldOut) {
    EngineSection* e = s_.engine;
    e->write(e->engineEdit(), engine);
    e->write(e->suiteEdit(), suite);
    e->write(e->heldOutEdit(), heldOut);
}

void SettingsFields::writeDefaultData(const QString& data, const QString& heldOutData) {
    tuning::EvalfitSettings evalfit;
    evalfit.data = data.toStdString();
    evalfit.heldOutData = heldOutData.toStdString();
    s_.fitness->setEvalfit(evalfit);
}

void SettingsFields::save(QSettings& settings) const {
    settings.beginGroup(QStringLiteral("parameters"));
    const auto& edits = s_.parameters->edits();
    for (auto it = edits.constBegin(); it != edits.constEnd(); ++it)
        settings.setValue(q(ga::fieldName(it.key())), s_.parameters->savedText(it.key()));
    settings.setValue(QStringLiteral("selection"), s_.parameters->selectionCombo()->currentText());
    settings.setValue(QStringLiteral("limit"), s_.parameters->limitKindCombo()->currentText());
    settings.setValue(QStringLiteral("workers"), s_.evaluation->workersEdit()->text());
    settings.setValue(QStringLiteral("heldOutEvery"), s_.engine->heldOutEveryEdit()->text());
    settings.setValue(QStringLiteral("measure"), s_.fitness->measureCombo()->currentText());
    const tuning::GamesSettings games = s_.fitness->games();
    settings.setValue(QStringLiteral("gamePairs"), games.pairs);
    settings.setValue(QStringLiteral("gameBaseline"), QString::fromStdString(tuning::baselineText(games.baseline)));
    settings.setValue(QStringLiteral("gameOpenings"), q(games.openings));
    settings.setValue(QStringLiteral("gameHeldOutPairs"), games.heldOutPairs);
    settings.setValue(QStringLiteral("gameClock"), QString::fromStdString(games.timeControl));
    settings.setValue(QStringLiteral("gameConfirmPairs"), games.confirmPairs);
    settings.setValue(QStringLiteral("gameConfirmAt"), QString::fromStdString(games.confirmLimit));
    settings.setValue(QStringLiteral("gameChargeSpeed"), games.chargeSpeed);
    const tuning::EvalfitSettings evalfit = s_.fitness->evalfit();
    settings.setValue(QStringLiteral("evalfitData"), q(evalfit.data));
    settings.setValue(QStringLiteral("evalfitHeldOutData"), q(evalfit.heldOutData));
    settings.setValue(QStringLiteral("evalfitPath"), s_.fitness->evalfitPathCombo()->currentText());
    settings.setValue(QStringLiteral("evalfitUciKind"), s_.fitness->uciLimitKindCombo()->currentIndex() == 1
                                                            ? QStringLiteral("nodes")
                                                            : QStringLiteral("depth"));
    settings.setValue(QStringLiteral("evalfitUciValue"), s_.fitness->uciLimitSpin()->value());
    settings.setValue(QStringLiteral("engine"), s_.engine->engineEdit()->text());
    settings.setValue(QStringLiteral("engineArguments"), s_.engine->argumentsEdit()->text());
    settings.setValue(QStringLiteral("engineOptions"), s_.engine->optionsEdit()->toPlainText());
    settings.setValue(QStringLiteral("suite"), s_.engine->suiteEdit()->text());
    settings.setValue(QStringLiteral("heldOut"), s_.engine->heldOutEdit()->text());
    settings.setValue(QStringLiteral("autosave"), s_.engine->autosaveEdit()->text());
    settings.setValue(QStringLiteral("genome"), QString::fromStdString(ga::genomeToJson(s_.genome->model()->genome())));
    s_.optimizer->save(settings);
    settings.endGroup();
}

bool SettingsFields::restore(const QSettings& settings) {
    const QString group = QStringLiteral("parameters/");
    if (!settings.contains(group + QStringLiteral("generations")))
        return false;  // first run: keep the bundled defaults
    s_.parameters->selectByText(s_.parameters->selectionCombo(), settings.value(group + QStringLiteral("selection")).toString());
    s_.parameters->selectByText(s_.parameters->limitKindCombo(), settings.value(group + QStringLiteral("limit")).toString());
    restorePaths(settings, group);
    s_.optimizer->restore(settings, group);
    const QString w = settings.value(group + QStringLiteral("workers")).toString();
    if (!w.isEmpty())
        s_.evaluation->workersEdit()->setText(w);
    const QString every = settings.value(group + QStringLiteral("heldOutEvery")).toString();
    if (!every.isEmpty())
        s_.engine->write(s_.engine->heldOutEveryEdit(), every);
    const int measure = s_.fitness->measureCombo()->findText(settings.value(group + QStringLiteral("measure")).toString());
    if (measure >= 0)
        s_.fitness->setMeasure(static_cast<tuning::FitnessMeasure>(s_.fitness->measureCombo()->itemData(measure).toInt()));
    tuning::GamesSettings games;
    games.pairs = settings.value(group + QStringLiteral("gamePairs"), games.pairs).toInt();
    games.baseline = tuning::parseBaseline(
        settings.value(group + QStringLiteral("gameBaseline"), QString::fromStdString(tuning::baselineText(games.baseline)))
            .toString()
            .toStdString());
    games.openings = settings.value(group + QStringLiteral("gameOpenings")).toString().toStdString();
    games.heldOutPairs = settings.value(group + QStringLiteral("gameHeldOutPairs"), 0).toInt();
    games.timeControl = settings.value(group + QStringLiteral("gameClock")).toString().toStdString();
    games.confirmPairs = settings.value(group + QStringLiteral("gameConfirmPairs"), 0).toInt();
    games.confirmLimit = settings.value(group + QStringLiteral("gameConfirmAt")).toString().toStdString();
    games.chargeSpeed = settings.value(group + QStringLiteral("gameChargeSpeed"), false).toBool();
    s_.fitness->setGames(games);
    // Paths only: K and E0 belong to a run, not to the user's choices. An empty data file (as
    // saved before there was a bundled data set) keeps the bundled one; an empty held-out file
    // is the user's "none".
    const tuning::EvalfitSettings shown = s_.fitness->evalfit();
    tuning::EvalfitSettings evalfit;
    evalfit.data = settings.value(group + QStringLiteral("evalfitData")).toString().toStdString();
    if (evalfit.data.empty()) evalfit.data = shown.data;
    evalfit.heldOutData =
        settings.value(group + QStringLiteral("evalfitHeldOutData"), q(shown.heldOutData)).toString().toStdString();
    evalfit.path = shown.path;
    evalfit.uciLimit = shown.uciLimit;
    s_.fitness->setEvalfit(evalfit);
    // The path and the uci search through the same combos as a click (an unknown stored name
    // keeps the default).
    const int path = s_.fitness->evalfitPathCombo()->findText(settings.value(group + QStringLiteral("evalfitPath")).toString());
    if (path >= 0)
        s_.fitness->evalfitPathCombo()->setCurrentIndex(path);
    const QString kind = settings.value(group + QStringLiteral("evalfitUciKind")).toString();
    if (kind == QStringLiteral("nodes") || kind == QStringLiteral("depth"))
        s_.fitness->uciLimitKindCombo()->setCurrentIndex(kind == QStringLiteral("nodes") ? 1 : 0);
    const int value = settings.value(group + QStringLiteral("evalfitUciValue"), 0).toInt();
    if (value >= 1)
        s_.fitness->uciLimitSpin()->setValue(value);
    restoreParameters(settings, group);
    const QString json = settings.value(group + QStringLiteral("genome")).toString();
    if (!json.isEmpty()) {
        auto genome = ga::genomeFromJson(json.toStdString(), "settings");
        if (genome && !ga::validateGenome(*genome))
            s_.genome->model()->setGenome(*genome);
    }
    return true;
}

void SettingsFields::restorePaths(const QSettings& settings, const QString& group) {
    EngineSection* e = s_.engine;
    // Paths only if they still exist: a moved build must not break the first Start.
    for (auto [edit, key] : {std::pair{e->engineEdit(), QStringLiteral("engine")},
                             std::pair{e->suiteEdit(), QStringLiteral("suite")},
                             std::pair{e->heldOutEdit(), QStringLiteral("heldOut")}}) {
        const QString v = settings.value(group + key).toString();
        if (v.isEmpty() ? key == QStringLiteral("heldOut") : QFileInfo::exists(v))
            e->write(edit, v);
    }
    // Arguments and options go with the engine they were typed for.
    if (e->engineEdit()->text() == settings.value(group + QStringLiteral("engine")).toString()) {
        e->write(e->argumentsEdit(), settings.value(group + QStringLiteral("engineArguments")).toString());
        e->writeOptions(settings.value(group + QStringLiteral("engineOptions")).toString());
    }
    // The autosave file need not exist yet; an empty value is the user's "no autosave".
    if (settings.contains(group + QStringLiteral("autosave")))
        e->write(e->autosaveEdit(), settings.value(group + QStringLiteral("autosave")).toString());
}

void SettingsFields::restoreParameters(const QSettings& settings, const QString& group) {
    // Replayed as edits so the parameters are rebuilt through the same parsing as typing.
    // Population size first: q_lin depends on it; q_lin itself follows MAX.
    using ga::Field;
    for (Field f : {Field::PopulationSize, Field::Generations, Field::Pk, Field::Pm, Field::Elite, Field::LinearMax,
                    Field::QNolin, Field::TournamentSize, Field::Seed, Field::LimitValue, Field::Prize}) {
        const QString key = group + q(ga::fieldName(f));
        if (settings.contains(key))  // else written by a version without this field: keep the default
            s_.parameters->setFieldText(f, settings.value(key).toString());
    }
}

} // namespace mf::ui
