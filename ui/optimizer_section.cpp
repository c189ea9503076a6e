#include "ui/optimizer_section.h"

#include "ui/input_validators.h"
#include "ui/parameter_fields.h"
#include "ui/path_row.h"
#include "ui/validation_display.h"

#include "engine/options_file.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"
#include "evolution/tuning/optimizers/spsa/spsa_schedule.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>

namespace mf::ui {

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }


} // namespace

OptimizerSection::OptimizerSection(QWidget* parent) : QGroupBox(tr("Optimiser"), parent), form_(new QFormLayout(this)) {
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    addCombos();
    creep_ = addNumber(QStringLiteral("creep"), tr("Creep"),
                       tr("GA: probability per term that a bred member's value also takes a Gaussian step (1/8 of "
                          "the window at first, growing while the best improves, shrinking while not), beside the "
                          "bit flips; 0: off (matefind-cli tune --creep)"),
                       true);
    creepShrink_ = addNumber(QStringLiteral("creepShrink"), tr("Creep shrink"),
                             tr("GA: the creep's step is multiplied by this after a generation whose best did not "
                                "improve (x1.5 after one that did); more than 0, less than 1. 0.8 is the rule the "
                                "creep always had; 0.6 with p_m 0.005 found lower E in docs/tuning.md's task (a) "
                                "(--creep-shrink)"),
                             true);
    restartSpread_ = addNumber(QStringLiteral("restartSpread"), tr("Restart spread"),
                               tr("GA: when the members' values span less than this fraction of the windows (mean over "
                                  "terms), the elites stay and the others are drawn anew as a Latin hypercube; 0: never "
                                  "(--restart-spread)"),
                               true);
    spsaREnd_ = addNumber(QStringLiteral("spsaREnd"), tr("SPSA r_end"),
                          tr("SPSA: the last iteration's learning rate of terms whose genome gives no c_end/r_end "
                             "(c_end is then the window / 20), as fishtest's (--spsa-r-end)"),
                          false);
    spsaScale_ = addNumber(QStringLiteral("spsaScale"), tr("SPSA scale"),
                           tr("SPSA: an iteration's result (fishtest's wins - losses) is this times the fitness "
                              "difference of theta+ and theta-; empty: the measure's (games 2, evalfit 1000, suites 1) "
                              "(--spsa-scale)"),
                           false);
    cmaesSigma_ = addNumber(QStringLiteral("cmaesSigma"), tr("CMA-ES sigma"),
                            tr("CMA-ES: the first step size as a fraction of every window, more than 0, at most 1 "
                               "(--cmaes-sigma)"),
                            true);
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
    optimizer_->addItem(tr("GA"), static_cast<int>(tuning::OptimizerKind::Ga));
    optimizer_->addItem(tr("SPSA"), static_cast<int>(tuning::OptimizerKind::Spsa));
    optimizer_->addItem(tr("CMA-ES"), static_cast<int>(tuning::OptimizerKind::Cmaes));
    ValidationDisplay::setHelp(optimizer_,
                               tr("What makes each batch of candidates from the last (matefind-cli tune --optimizer): "
                                  "GA, the genetic algorithm; SPSA, fishtest/OpenBench SPSA (an even population, 2 "
                                  "candidates per iteration); CMA-ES, pagmo's (population at least 5)"));
    form_->addRow(tr("Optimiser"), optimizer_);
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

QLineEdit* OptimizerSection::addNumber(const QString& objectName, const QString& label, const QString& tip,
                                       bool probability) {
    auto* edit = new QLineEdit(this);
    edit->setObjectName(objectName);
    edit->setValidator(validators::shape(probability ? validators::probability() : validators::decimal(9), edit));
    edit->setProperty("label", label);
    ValidationDisplay::setHelp(edit, tip);
    form_->addRow(label, edit);
    connect(edit, &QLineEdit::textEdited, this, [this] { emit edited(); });
    return edit;
}

QString OptimizerSection::label(const QLineEdit* edit) const { return edit->property("label").toString(); }

tuning::OptimizerKind OptimizerSection::kind() const {
    return static_cast<tuning::OptimizerKind>(optimizer_->currentData().toInt());
}

ga::StartPopulation OptimizerSection::start() const {
    return static_cast<ga::StartPopulation>(start_->currentData().toInt());
}

tuning::OptimizerSettings OptimizerSection::optimizer() const {
    tuning::OptimizerSettings o = written_;
    o.kind = kind();
    auto read = [](const QLineEdit* edit, double& value) {
        bool ok = false;
        const double v = edit->text().toDouble(&ok);
        if (ok && edit->hasAcceptableInput())
            value = v;
    };
    read(creep_, o.ga.creep);
    read(creepShrink_, o.ga.creepShrink);
    read(restartSpread_, o.ga.restartSpread);
    read(spsaREnd_, o.spsa.rEnd);
    if (spsaScale_->text().trimmed().isEmpty())
        o.spsa.resultScale = 0;  // the measure's own
    else
        read(spsaScale_, o.spsa.resultScale);
    read(cmaesSigma_, o.cmaes.sigma0);
    return o;
}

void OptimizerSection::write(const tuning::OptimizerSettings& o, ga::StartPopulation start) {
    const bool was = std::exchange(writing_, true);
    written_ = o;
    optimizer_->setCurrentIndex(optimizer_->findData(static_cast<int>(o.kind)));
    start_->setCurrentIndex(start_->findData(static_cast<int>(start)));
    creep_->setText(ParameterFields::exact(o.ga.creep));
    creepShrink_->setText(ParameterFields::exact(o.ga.creepShrink));
    restartSpread_->setText(ParameterFields::exact(o.ga.restartSpread));
    spsaREnd_->setText(ParameterFields::exact(o.spsa.rEnd));
    spsaScale_->setText(o.spsa.resultScale > 0 ? ParameterFields::exact(o.spsa.resultScale) : QString());
    cmaesSigma_->setText(ParameterFields::exact(o.cmaes.sigma0));
    writing_ = was;
    applyEnabled();
}

QStringList OptimizerSection::markTextProblems() const {
    QStringList problems;
    for (QLineEdit* edit : {creep_, creepShrink_, restartSpread_, spsaREnd_, spsaScale_, cmaesSigma_}) {
        const bool optional = edit == spsaScale_;
        QString why;
        if (edit->text().isEmpty() && !optional)
            why = tr("%1 is empty").arg(label(edit));
        else if (!edit->text().isEmpty() && !edit->hasAcceptableInput())
            why = tr("%1: \"%2\" is not %3")
                      .arg(label(edit), edit->text(),
                           edit == creep_ || edit == creepShrink_ || edit == restartSpread_ || edit == cmaesSigma_
                               ? tr("a number from 0 to 1, like 0.25")
                               : tr("a number of digits with one '.', not negative"));
        ValidationDisplay::mark(edit, why);
        if (!why.isEmpty())
            problems << why;
    }
    return problems;
}

QLineEdit* OptimizerSection::editNamedBy(const std::string& problem) const {
    // The optimisers' validate() names the setting first, as its message's prefix.
    const std::pair<const char*, QLineEdit*> prefixes[] = {{"creep:", creep_},
                                                            {"creep shrink:", creepShrink_},
                                                            {"restart spread:", restartSpread_},
                                                            {"spsa r_end:", spsaREnd_},
                                                            {"spsa scale:", spsaScale_},
                                                            {"cmaes sigma0:", cmaesSigma_}};
    for (const auto& [prefix, edit] : prefixes)
        if (problem.starts_with(prefix))
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

void OptimizerSection::showMeasure(tuning::FitnessMeasure measure) {
    spsaScale_->setPlaceholderText(tr("the measure's: %1").arg(tuning::spsaResultScale(measure, 0)));
}

void OptimizerSection::setLocked(bool locked) {
    locked_ = locked;
    applyEnabled();
}

void OptimizerSection::applyEnabled() {
    const QString locked = ValidationDisplay::lockedDuringRun();
    const tuning::OptimizerKind k = kind();
    ValidationDisplay::setEnabled(optimizer_, !locked_, locked);
    startValuesRow_->setEnabled(!locked_);
    auto greyUnused = [&](QWidget* field, const QString& name, tuning::OptimizerSetting setting) {
        const auto why = tuning::unusedSettingReason(k, setting, ParameterFields::optimizerWords());
        const bool used = !why || ValidationDisplay::isMarked(field);
        ValidationDisplay::setEnabled(field, !locked_ && used,
                                      locked_ || !why ? locked : name + QLatin1Char(' ') + QString::fromStdString(*why));
    };
    greyUnused(start_, tr("Start population"), tuning::OptimizerSetting::Start);
    greyUnused(creep_, label(creep_), tuning::OptimizerSetting::Creep);
    greyUnused(creepShrink_, label(creepShrink_), tuning::OptimizerSetting::CreepShrink);
    greyUnused(restartSpread_, label(restartSpread_), tuning::OptimizerSetting::RestartSpread);
    // The other optimisers' own settings are shown only with them.
    using tuning::OptimizerKind;
    for (QLineEdit* e : {spsaREnd_, spsaScale_}) {
        form_->setRowVisible(e, k == OptimizerKind::Spsa);
        ValidationDisplay::setEnabled(e, !locked_, locked);
    }
    form_->setRowVisible(cmaesSigma_, k == OptimizerKind::Cmaes);
    ValidationDisplay::setEnabled(cmaesSigma_, !locked_, locked);
}

void OptimizerSection::save(QSettings& settings) const {
    settings.setValue(QStringLiteral("optimizer"), q(tuning::optimizerName(kind())));
    settings.setValue(QStringLiteral("startPopulation"), start_->currentText());
    settings.setValue(QStringLiteral("creep"), creep_->text());
    settings.setValue(QStringLiteral("creepShrink"), creepShrink_->text());
    settings.setValue(QStringLiteral("restartSpread"), restartSpread_->text());
    settings.setValue(QStringLiteral("spsaREnd"), spsaREnd_->text());
    settings.setValue(QStringLiteral("spsaScale"), spsaScale_->text());
    settings.setValue(QStringLiteral("cmaesSigma"), cmaesSigma_->text());
    settings.setValue(QStringLiteral("startValues"), startValues_->text());
}

void OptimizerSection::restore(const QSettings& settings, const QString& group) {
    // Restored through the same parsing as typing; a key a version without it never wrote keeps
    // the default, a bad stored value stays visible and marked.
    const bool was = std::exchange(writing_, true);
    if (auto kind = tuning::parseOptimizer(settings.value(group + QStringLiteral("optimizer")).toString().toStdString()))
        optimizer_->setCurrentIndex(optimizer_->findData(static_cast<int>(*kind)));
    const int start = start_->findText(settings.value(group + QStringLiteral("startPopulation")).toString());
    if (start >= 0)
        start_->setCurrentIndex(start);
    for (QLineEdit* edit : {creep_, creepShrink_, restartSpread_, spsaREnd_, spsaScale_, cmaesSigma_, startValues_}) {
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
