#include "ui/fields/baseline_picker.h"

#include "ui/fields/validation_display.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

namespace mf::ui {

BaselinePicker::BaselinePicker(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    kind_ = new QComboBox(this);
    kind_->setObjectName(QStringLiteral("gameBaselineKind"));
    kind_->addItem(tr("defaults"), Defaults);
    kind_->addItem(tr("start"), Start);
    kind_->addItem(tr("partners"), Partners);
    kind_->addItem(tr("engine"), Engine);
    kind_->addItem(tr("population"), Population);
    kind_->setToolTip(tr("The opponent every member plays: defaults = the tuned engine with its own values; start "
                         "= the tuned engine with the values the run starts from (the genome's defaults, or "
                         "the start values given); partners = members play each other in couples (1 and 2, 3 and 4, ...: SPSA's "
                         "two sides of a perturbation), an even population; engine = another engine with its own values; population = the "
                         "best member of a population file, played by the tuned engine. On the command line: "
                         "--baseline defaults | start | partners | engine:PATH | FILE"));
    path_ = new QLineEdit(this);
    path_->setObjectName(QStringLiteral("gameBaseline"));
    path_->setClearButtonEnabled(true);
    path_->setMinimumWidth(60);
    browse_ = new QToolButton(this);
    browse_->setText(tr("…"));
    browse_->setObjectName(QStringLiteral("gameBaselineBrowse"));
    browse_->setToolTip(tr("Choose the engine or the population file"));
    row->addWidget(kind_);
    row->addWidget(path_, 1);
    row->addWidget(browse_);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] {
        applyKind();
        if (!writing_)
            emit edited();
    });
    connect(path_, &QLineEdit::textChanged, this, [this] {
        if (!writing_)
            emit edited();
    });
    connect(browse_, &QToolButton::clicked, this, [this] {
        const bool engine = kind_->currentData().toInt() == Engine;
        const QString start = path_->text().isEmpty() ? QString() : QFileInfo(path_->text()).absolutePath();
        const QString file = QFileDialog::getOpenFileName(
            this, engine ? tr("Baseline engine") : tr("Baseline population"), start,
            engine ? tr("All files (*)") : tr("Populations (*.mfpop *.pop);;All files (*)"));
        if (!file.isEmpty())
            path_->setText(file);
    });
    applyKind();
}

tuning::BaselineChoice BaselinePicker::baseline() const {
    const std::string path = path_->text().trimmed().toStdString();
    switch (kind_->currentData().toInt()) {
    case Engine:
        return tuning::EngineBaseline{path};
    case Population:
        return tuning::PopulationBaseline{path};
    case Start:
        return tuning::StartBaseline{};
    case Partners:
        return tuning::PartnerBaseline{};
    default:
        return tuning::DefaultsBaseline{};
    }
}

void BaselinePicker::setBaseline(const tuning::BaselineChoice& baseline) {
    const bool was = std::exchange(writing_, true);
    if (const auto* engine = std::get_if<tuning::EngineBaseline>(&baseline)) {
        kind_->setCurrentIndex(kind_->findData(Engine));
        path_->setText(QString::fromStdString(engine->program.string()));
    } else if (const auto* population = std::get_if<tuning::PopulationBaseline>(&baseline)) {
        kind_->setCurrentIndex(kind_->findData(Population));
        path_->setText(QString::fromStdString(population->file.string()));
    } else {
        const bool start = std::holds_alternative<tuning::StartBaseline>(baseline);
        const bool partners = std::holds_alternative<tuning::PartnerBaseline>(baseline);
        kind_->setCurrentIndex(kind_->findData(partners ? Partners : start ? Start : Defaults));
        path_->clear();
    }
    writing_ = was;
    applyKind();
}

void BaselinePicker::setLocked(bool locked) {
    locked_ = locked;
    applyKind();
}

void BaselinePicker::applyKind() {
    const int kind = kind_->currentData().toInt();
    path_->setPlaceholderText(kind == Engine       ? tr("the engine's program, e.g. /usr/games/stockfish")
                              : kind == Population ? tr("a population file (.mfpop): its best member plays")
                              : kind == Start      ? tr("no file: the tuned engine with the run's start values")
                              : kind == Partners   ? tr("no file: the members play each other in couples")
                                                   : tr("no file: the tuned engine's own values"));
    ValidationDisplay::setHelp(path_, kind == Engine ? tr("The baseline engine's program; it plays with its own default values")
                                     : tr("The population file whose best member plays, with the tuned engine"));
    ValidationDisplay::setEnabled(kind_, !locked_, ValidationDisplay::lockedDuringRun());
    const bool needsFile = kind == Engine || kind == Population;
    const QString why = locked_     ? ValidationDisplay::lockedDuringRun()
                        : kind == Start ? tr("Baseline start needs no file")
                        : kind == Partners ? tr("Baseline partners needs no file")
                                        : tr("Baseline defaults needs no file");
    ValidationDisplay::setEnabled(path_, !locked_ && needsFile, why);
    ValidationDisplay::setEnabled(browse_, !locked_ && needsFile, why);
}

} // namespace mf::ui
