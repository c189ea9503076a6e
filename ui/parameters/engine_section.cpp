#include "ui/parameters/engine_section.h"

#include "ui/fields/input_validators.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/dialogs/user_prompts.h"
#include "ui/fields/path_checks.h"
#include "ui/fields/path_row.h"
#include "ui/fields/validation_display.h"

#include "evolution/tuning/settings/tuning_settings.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace mf::ui {

EngineSection::EngineSection(PathChecks* checks, QWidget* parent)
    : QGroupBox(tr("Engine and suites"), parent), checks_(checks) {
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    addEngineRows(form);
    suite_ = addPathRow(form, tr("EPD suite"), QStringLiteral("suite"), tr("EPD suites (*.epd);;All files (*)"),
                        tr("Positions whose bm/am moves decide fitness"));
    heldOut_ = addPathRow(form, tr("Held-out suite"), QStringLiteral("heldOut"), tr("EPD suites (*.epd);;All files (*)"),
                          tr("Optional: positions never used for fitness, scored for the best to check overfitting"));
    heldOutEvery_ = new QLineEdit(this);
    heldOutEvery_->setObjectName(QStringLiteral("heldOutEvery"));
    heldOutEvery_->setValidator(validators::make(validators::count(4), heldOutEvery_));
    ValidationDisplay::setHelp(heldOutEvery_, tr("Score the best chromosome on the held-out suite every k-th generation"));
    heldOutEvery_->setText(QString::number(tuning::defaultSettings().heldOutEvery));
    form->addRow(tr("Held-out every"), heldOutEvery_);
    connect(heldOutEvery_, &QLineEdit::textEdited, this, &EngineSection::edited);
    autosave_ = addPathRow(form, tr("Autosave"), QStringLiteral("autosave"),
                           UserPrompts::populationFilter(),
                           tr("Written after every generation (replaced atomically), so a crash loses at most "
                              "one generation; empty: no autosave. A fight writes one file per selection type "
                              "next to it."),
                           true);
    write(autosave_, ParameterPanel::defaultAutosavePath());
}

void EngineSection::addEngineRows(QFormLayout* form) {
    engine_ = addPathRow(form, tr("Engine"), QStringLiteral("engine"), tr("Executables (*)"),
                         tr("Any UCI engine; the bundled matefind-engine by default"));
    arguments_ = new QLineEdit(this);
    arguments_->setObjectName(QStringLiteral("engineArguments"));
    arguments_->setValidator(validators::make(validators::path(), arguments_));
    arguments_->setPlaceholderText(tr("none"));
    ValidationDisplay::setHelp(arguments_, tr("Command-line arguments of the engine, as in a shell: "
                                              "\"a b\" is one argument (matefind-cli --engine-arg)"));
    form->addRow(tr("Engine arguments"), arguments_);
    connect(arguments_, &QLineEdit::textEdited, this, &EngineSection::edited);
    options_ = new QPlainTextEdit(this);
    options_->setObjectName(QStringLiteral("engineOptions"));
    options_->setPlaceholderText(tr("Hash=64\nOwnBook=false"));
    options_->setTabChangesFocus(true);
    options_->setFixedHeight(options_->fontMetrics().lineSpacing() * 3 + 2 * options_->frameWidth() + 8);
    ValidationDisplay::setHelp(options_, tr("Options the engine always runs with, one Name=value per line, sent "
                                            "after it starts (matefind-cli --option); never a tuned term"));
    form->addRow(tr("Engine options"), options_);
    connect(options_, &QPlainTextEdit::textChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
    keepProcess_ = new QCheckBox(tr("Keep the process across weight changes"), this);
    keepProcess_->setObjectName(QStringLiteral("keepProcess"));
    ValidationDisplay::setHelp(keepProcess_,
                               tr("Only for an engine that carries nothing from one weight set to the next "
                                  "(matefind-cli probe --genome checks it): saves a start-up per candidate. Off, "
                                  "each weight change gets a fresh engine process, because some engines (Toga II) "
                                  "keep evaluation caches that ucinewgame does not clear (matefind-cli "
                                  "--keep-process)"));
    form->addRow(QString(), keepProcess_);
    connect(keepProcess_, &QCheckBox::toggled, this, [this] {
        if (!writing_)
            emit edited();
    });
}

QLineEdit* EngineSection::addPathRow(QFormLayout* form, const QString& label, const QString& objectName,
                                     const QString& filter, const QString& tip, bool forWriting) {
    const PathRow row = mf::ui::addPathRow(form, label, objectName, filter, tip, forWriting ? PathUse::Write : PathUse::Read);
    rows_.insert(row.edit, row.row);
    checks_->watch(row.edit);
    connect(row.edit, &QLineEdit::textChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
    return row.edit;
}

void EngineSection::write(QLineEdit* edit, const QString& text) {
    const bool was = std::exchange(writing_, true);
    edit->setText(text);
    writing_ = was;
}

void EngineSection::writeOptions(const QString& text) {
    const bool was = std::exchange(writing_, true);
    options_->setPlainText(text);
    writing_ = was;
}

void EngineSection::writeKeepProcess(bool keep) {
    const bool was = std::exchange(writing_, true);
    keepProcess_->setChecked(keep);
    writing_ = was;
}

void EngineSection::setLocked(bool locked) {
    locked_ = locked;
    applyEnabled();
}

void EngineSection::setSuitesUsed(bool used, const QString& why) {
    suitesUsed_ = used;
    unusedWhy_ = why;
    applyEnabled();
}

void EngineSection::applyEnabled() {
    // Greyed during a run, as the combos are; the suites also while the measure does not use them.
    const QString locked = ValidationDisplay::lockedDuringRun();
    for (QLineEdit* e : {engine_, arguments_, heldOutEvery_, autosave_})
        ValidationDisplay::setEnabled(e, !locked_, locked);
    ValidationDisplay::setEnabled(options_, !locked_, locked);
    ValidationDisplay::setEnabled(keepProcess_, !locked_, locked);
    for (QLineEdit* e : {engine_, autosave_})
        rows_.value(e)->setEnabled(!locked_);
    for (QLineEdit* e : {suite_, heldOut_}) {
        QWidget* row = rows_.value(e);
        row->setEnabled(!locked_ && suitesUsed_);
        ValidationDisplay::setEnabled(e, !locked_ && suitesUsed_, suitesUsed_ ? locked : unusedWhy_);
        row->setToolTip(suitesUsed_ ? QString() : unusedWhy_);
    }
}

} // namespace mf::ui
