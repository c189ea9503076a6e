#include "ui/engine_section.h"

#include "ui/input_validators.h"
#include "ui/parameter_panel.h"
#include "ui/user_prompts.h"
#include "ui/path_checks.h"
#include "ui/validation_display.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace mf::ui {

EngineSection::EngineSection(PathChecks* checks, QWidget* parent)
    : QGroupBox(tr("Engine and suites"), parent), checks_(checks) {
    auto* form = new QFormLayout(this);
    addEngineRows(form);
    suite_ = addPathRow(form, tr("EPD suite"), QStringLiteral("suite"), tr("EPD suites (*.epd);;All files (*)"),
                        tr("Positions whose bm/am moves decide fitness"));
    heldOut_ = addPathRow(form, tr("Held-out suite"), QStringLiteral("heldOut"), tr("EPD suites (*.epd);;All files (*)"),
                          tr("Optional: positions never used for fitness, scored for the best to check overfitting"));
    heldOutEvery_ = new QLineEdit(this);
    heldOutEvery_->setObjectName(QStringLiteral("heldOutEvery"));
    heldOutEvery_->setValidator(validators::make(validators::count(4), heldOutEvery_));
    ValidationDisplay::setHelp(heldOutEvery_, tr("Score the best chromosome on the held-out suite every k-th generation"));
    heldOutEvery_->setText(QStringLiteral("5"));
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
}

QLineEdit* EngineSection::addPathRow(QFormLayout* form, const QString& label, const QString& objectName,
                                     const QString& filter, const QString& tip, bool forWriting) {
    auto* row = new QWidget(this);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* edit = new QLineEdit(row);
    edit->setObjectName(objectName);
    edit->setValidator(validators::make(validators::path(), edit));
    ValidationDisplay::setHelp(edit, tip);
    edit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("…"), row);
    browse->setToolTip(tr("Choose a file"));
    browse->setFixedWidth(32);
    h->addWidget(edit, 1);
    h->addWidget(browse);
    form->addRow(label, row);
    connect(browse, &QPushButton::clicked, this, [this, edit, label, filter, forWriting] {
        const QString start = QFileInfo(edit->text()).absolutePath();
        const QString path = forWriting ? QFileDialog::getSaveFileName(this, label, edit->text(), filter)
                                        : QFileDialog::getOpenFileName(this, label, start, filter);
        if (!path.isEmpty())
            edit->setText(path);  // textChanged reports it
    });
    checks_->watch(edit);
    connect(edit, &QLineEdit::textChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
    return edit;
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

void EngineSection::setLocked(bool locked) {
    for (QLineEdit* e : {engine_, arguments_, suite_, heldOut_, heldOutEvery_, autosave_})
        e->setReadOnly(locked);
    options_->setReadOnly(locked);
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(!locked);
}

} // namespace mf::ui
