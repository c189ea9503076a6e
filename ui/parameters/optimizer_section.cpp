#include "ui/parameters/optimizer_section.h"

#include "ui/fields/input_validators.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/fields/path_row.h"
#include "ui/fields/validation_display.h"

#include "engine/options_file.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_extras.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>

namespace mf::ui {

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// A setting whose values all lie in 0..1 is typed as a probability; any other as a decimal.
bool fraction(const tuning::NumberSetting& s) { return s.low >= 0 && s.high <= 1; }

} // namespace

OptimizerSection::OptimizerSection(QWidget* parent) : QGroupBox(tr("Optimiser"), parent), form_(new QFormLayout(this)) {
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    addCombos();
    addNumbers();
    const PathRow values = addPathRow(
        form_, tr("Start values"), QStringLiteral("startValues"),
        tr("Options files (*.txt *.ini *.conf);;All files (*)"),
        tr("Start the run from these values: an options file (Name = value lines, as Export best as engine settings "
           "writes) or NAME=VALUE lines; each becomes its term's default for the run (and in its saved file), as if "
           "edited in the genome; empty: the genome's defaults (--start-values)"));
    startValues_ = values.edit;
    startValues_->setPlaceholderText(tr("none"));
    startValuesRow_ = values.row;
    connect(startValues_, &QLineEdit::textChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
    write(tuning::OptimizerSettings{}, ga::StartPopulation::AroundDefaults);
}

void OptimizerSection::addCombos() {
    optimizer_ = new QComboBox(this);
    optimizer_->setObjectName(QStringLiteral("optimizer"));
    QString help = tr("What makes each batch of candidates from the last (matefind-cli tune --optimizer):");
    for (const tuning::OptimizerInfo* info : tuning::optimizerInfos()) {
        optimizer_->addItem(q(info->label), q(info->name));
        help += QStringLiteral(" %1, %2;").arg(q(info->label), q(info->help));
    }
    help.chop(1);
    ValidationDisplay::setHelp(optimizer_, help);
    form_->addRow(tr("Optimiser"), optimizer_);
    addThen();
    start_ = new QComboBox(this);
    start_->setObjectName(QStringLiteral("startPopulation"));
    for (ga::StartPopulation s : {ga::StartPopulation::AroundDefaults, ga::StartPopulation::Uniform,
                                  ga::StartPopulation::LatinHypercube})
        start_->addItem(q(ga::startPopulationName(s)), static_cast<int>(s));
    ValidationDisplay::setHelp(start_, tr("How generation 0 is made (--start): around-defaults, the defaults and "
                                          "members a few percent from them; uniform, values over whole windows; "
                                          "latin-hypercube, the defaults and the others one per stratum of every "
                                          "window"));
    form_->addRow(tr("Start population"), start_);
    for (QComboBox* combo : {optimizer_, start_})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            applyEnabled();
            if (!writing_)
                emit edited();
        });
}

void OptimizerSection::addNumbers() {
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings()) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(q(setting->widget));
        edit->setValidator(validators::shape(fraction(*setting) ? validators::probability() : validators::decimal(9), edit));
        edit->setPlaceholderText(q(setting->emptyText));
        const QString owner = q(tuning::ownerOf(*setting).label);
        ValidationDisplay::setHelp(edit, QStringLiteral("%1: %2 (--%3)").arg(owner, q(setting->help), q(setting->flag)));
        form_->addRow(q(setting->label), edit);
        connect(edit, &QLineEdit::textEdited, this, [this] { emit edited(); });
        numbers_.emplace_back(setting, edit);
    }
}

void OptimizerSection::addThen() {
    then_ = new QComboBox(this);
    then_->setObjectName(QStringLiteral("thenStages"));
    then_->setEditable(true);
    then_->setInsertPolicy(QComboBox::NoInsert);
    // The stages users reach for: the gradient after the GA (the recipe that made the tuned
    // evaluation), Texel's local search, both.
    for (const QString& text : {QString(), QStringLiteral("gradient 10"), QStringLiteral("local 6"),
                                QStringLiteral("gradient 10, local 3")})
        then_->addItem(text);
    then_->lineEdit()->setPlaceholderText(tr("nothing"));
    QStringList names;
    for (const tuning::OptimizerInfo* info : tuning::optimizerInfos())
        names << q(info->name);
    ValidationDisplay::setHelp(then_, tr("Later stages of the run, each an optimiser and its generations, after the "
                                         "first stage's (Generations): \"gradient 10\", \"local 6, gradient 10\"; "
                                         "each starts from the values the stage before answers with. Optimisers: %1 "
                                         "(matefind-cli tune --then NAME:G)")
                                          .arg(names.join(QStringLiteral(", "))));
    form_->addRow(tr("Then"), then_);
    connect(then_, &QComboBox::currentTextChanged, this, [this] {
        applyEnabled();
        if (!writing_)
            emit edited();
    });
}

std::vector<tuning::Stage> OptimizerSection::laterStages() const {
    std::vector<tuning::Stage> later;
    if (tuning::parseLaterStages(then_->currentText().toStdString(), later))
        return {};
    return later;
}

QLineEdit* OptimizerSection::numberEdit(const tuning::NumberSetting& setting) const {
    for (const auto& [own, edit] : numbers_)
        if (*own == setting)
            return edit;
    return nullptr;
}

const tuning::NumberSetting* OptimizerSection::settingOf(const QLineEdit* edit) const {
    for (const auto& [own, field] : numbers_)
        if (field == edit)
            return own;
    return nullptr;
}

ga::StartPopulation OptimizerSection::start() const {
    return static_cast<ga::StartPopulation>(start_->currentData().toInt());
}

tuning::OptimizerSettings OptimizerSection::optimizer() const {
    tuning::OptimizerSettings o = written_;
    o.only(optimizer_->currentData().toString().toStdString());
    for (const tuning::Stage& stage : laterStages())
        o.stages.push_back(stage);
    for (const auto& [setting, edit] : numbers_) {
        bool ok = false;
        const double v = edit->text().toDouble(&ok);
        if (edit->text().trimmed().isEmpty() && !setting->emptyText.empty())
            o.set(*setting, setting->defaultValue);
        else if (ok && edit->hasAcceptableInput())
            o.set(*setting, v);
    }
    return o;
}

void OptimizerSection::write(const tuning::OptimizerSettings& o, ga::StartPopulation start) {
    const bool was = std::exchange(writing_, true);
    written_ = o;
    optimizer_->setCurrentIndex(optimizer_->findData(q(o.first())));
    then_->setCurrentText(q(tuning::laterStagesText({o.stages.begin() + 1, o.stages.end()})));
    start_->setCurrentIndex(start_->findData(static_cast<int>(start)));
    for (const auto& [setting, edit] : numbers_) {
        const double value = o.number(*setting);
        const bool empty = !setting->emptyText.empty() && value == setting->defaultValue;
        edit->setText(empty ? QString() : ParameterFields::exact(value));
    }
    writing_ = was;
    applyEnabled();
}

QStringList OptimizerSection::markTextProblems() const {
    QStringList problems;
    std::vector<tuning::Stage> later;
    const auto thenWhy = tuning::parseLaterStages(then_->currentText().toStdString(), later);
    ValidationDisplay::mark(then_, thenWhy ? tr("Then: %1").arg(q(*thenWhy)) : QString());
    if (thenWhy)
        problems << tr("Then: %1").arg(q(*thenWhy));
    for (const auto& [setting, edit] : numbers_) {
        const QString label = q(setting->label);
        QString why;
        if (edit->text().isEmpty() && setting->emptyText.empty())
            why = tr("%1 is empty").arg(label);
        else if (!edit->text().isEmpty() && !edit->hasAcceptableInput())
            why = tr("%1: \"%2\" is not %3")
                      .arg(label, edit->text(),
                           fraction(*setting) ? tr("a number from 0 to 1, like 0.25")
                                              : tr("a number of digits with one '.', not negative"));
        ValidationDisplay::mark(edit, why);
        if (!why.isEmpty())
            problems << why;
    }
    return problems;
}

QLineEdit* OptimizerSection::editNamedBy(const std::string& problem) const {
    // The optimisers' rules name the setting first, as the message's prefix.
    for (const auto& [setting, edit] : numbers_)
        if (problem.starts_with(std::string(setting->name) + ":"))
            return edit;
    return nullptr;
}

QString OptimizerSection::readStartValues(const QString& path) {
    startValuesPath_ = path;
    startValuesText_.reset();
    if (path.isEmpty())
        return {};  // none: the genome's defaults
    const OptionsFileText read = readOptionsFileText(path.toStdString());
    if (read.openError)
        return tr("Start values: %1").arg(QString::fromStdString(*read.openError));
    startValuesText_ = read.text;
    return {};
}

std::optional<std::string> OptimizerSection::startValuesText() const {
    if (startValuesPath() != startValuesPath_)
        return std::nullopt;  // not looked at since it was typed
    return startValuesText_;
}

QString OptimizerSection::startValuesPath() const { return startValues_->text().trimmed(); }

void OptimizerSection::setLocked(bool locked) {
    locked_ = locked;
    applyEnabled();
}

void OptimizerSection::applyEnabled() {
    const QString locked = ValidationDisplay::lockedDuringRun();
    const tuning::OptimizerSettings chosen = optimizer();
    const tuning::OptimizerWords words = ParameterFields::optimizerWords();
    ValidationDisplay::setEnabled(optimizer_, !locked_, locked);
    ValidationDisplay::setEnabled(then_, !locked_, locked);
    startValuesRow_->setEnabled(!locked_);
    const auto startWhy = tuning::unusedSettingReason(chosen, tuning::RunSetting::Start, words);
    ValidationDisplay::setEnabled(start_, !locked_ && !startWhy,
                                  locked_ || !startWhy ? locked : tr("Start population ") + q(*startWhy));
    // An optimiser's own numbers are shown only while a stage of the run uses them (a marked
    // field stays, to be fixed: the file keeps it).
    for (const auto& [setting, edit] : numbers_) {
        const auto why = tuning::unusedSettingReason(chosen, *setting, words);
        const bool used = !why || ValidationDisplay::isMarked(edit);
        form_->setRowVisible(edit, used);
        ValidationDisplay::setEnabled(edit, !locked_ && used,
                                      locked_ || !why ? locked : q(setting->label) + QLatin1Char(' ') + q(*why));
    }
}

void OptimizerSection::save(QSettings& settings) const {
    settings.setValue(QStringLiteral("optimizer"), optimizer_->currentData().toString());
    settings.setValue(QStringLiteral("thenStages"), then_->currentText());
    settings.setValue(QStringLiteral("startPopulation"), start_->currentText());
    for (const auto& [setting, edit] : numbers_)
        settings.setValue(edit->objectName(), edit->text());
    settings.setValue(QStringLiteral("startValues"), startValues_->text());
}

void OptimizerSection::restore(const QSettings& settings, const QString& group) {
    // Restored through the same parsing as typing; a key a version without it never wrote keeps
    // the default, a bad stored value stays visible and marked.
    const bool was = std::exchange(writing_, true);
    const int optimizer = optimizer_->findData(settings.value(group + QStringLiteral("optimizer")).toString());
    if (optimizer >= 0)
        optimizer_->setCurrentIndex(optimizer);
    if (settings.contains(group + QStringLiteral("thenStages")))
        then_->setCurrentText(settings.value(group + QStringLiteral("thenStages")).toString());
    const int start = start_->findText(settings.value(group + QStringLiteral("startPopulation")).toString());
    if (start >= 0)
        start_->setCurrentIndex(start);
    std::vector<QLineEdit*> edits{startValues_};
    for (const auto& [setting, edit] : numbers_)
        edits.push_back(edit);
    for (QLineEdit* edit : edits) {
        const QString key = group + edit->objectName();
        const QString value = settings.value(key).toString();
        // A start values file that has gone is not brought back: it would block the first Start.
        if (settings.contains(key) && (edit != startValues_ || value.isEmpty() || QFileInfo::exists(value)))
            edit->setText(value);
    }
    writing_ = was;
    applyEnabled();
}

} // namespace mf::ui
