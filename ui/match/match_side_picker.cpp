#include "ui/match/match_side_picker.h"

#include "ui/match/match_side_dialog.h"
#include "ui/parameters/settings_fields.h"

#include "evolution/tuning/results/engine_export.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace mf::ui {
namespace {

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

Result<uci::OptionValues> parseOptionList(const QString& text) {
    uci::OptionValues values;
    for (const QString& raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString part = raw.trimmed();
        if (part.isEmpty()) continue;
        const qsizetype equals = part.indexOf(QLatin1Char('='));
        if (equals <= 0 || part.left(equals).trimmed().isEmpty())
            return Error{QObject::tr("option values: '%1' is not Name=Value").arg(part).toStdString()};
        values.emplace_back(part.left(equals).trimmed().toStdString(), part.mid(equals + 1).trimmed().toStdString());
    }
    return values;
}

MatchSidePicker::MatchSidePicker(const QString& title, MatchSources sources, QWidget* parent)
    : QWidget(parent), title_(title), sources_(std::move(sources)) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    kind_ = new QComboBox(this);
    kind_->addItems({tr("Start values (the panel's genome)"), tr("The current run's pick"),
                     tr("A population file's pick"), tr("The engine's own defaults")});
    kind_->setToolTip(tr("What %1 plays; its Engine… button gives it an engine, an options file and a name of its own")
                          .arg(title));
    // Narrower than its longest choice when the tab is (the list still shows it whole).
    kind_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    kind_->setMinimumContentsLength(14);
    path_ = new QLineEdit(this);
    path_->setPlaceholderText(tr(".mfpop file"));
    browse_ = new QPushButton(tr("Browse…"), this);
    options_ = new QLineEdit(this);
    options_->setPlaceholderText(tr("Name=Value, Name=Value"));
    options_->setToolTip(tr("Option values sent on top of the side's own and its options file's, e.g. KnightValue=320"));
    engine_ = new QPushButton(tr("Engine…"), this);
    dialog_ = new MatchSideDialog(title, this);
    row->addWidget(kind_, 2);
    row->addWidget(path_, 2);
    row->addWidget(browse_);
    row->addWidget(options_, 2);
    row->addWidget(engine_);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] {
        showKind();
        emit changed();
    });
    connect(path_, &QLineEdit::textChanged, this, &MatchSidePicker::changed);
    connect(options_, &QLineEdit::textChanged, this, &MatchSidePicker::changed);
    connect(browse_, &QPushButton::clicked, this, &MatchSidePicker::browse);
    connect(engine_, &QPushButton::clicked, this, &MatchSidePicker::openEngineDialog);
    connect(dialog_, &MatchSideDialog::changed, this, [this] {
        describeChoices();
        showDefaultName();
        emit changed();
    });
    showKind();
    describeChoices();
}

QLineEdit* MatchSidePicker::nameEdit() const { return dialog_->nameEdit(); }
QLineEdit* MatchSidePicker::programEdit() const { return dialog_->programEdit(); }
QLineEdit* MatchSidePicker::argumentsEdit() const { return dialog_->argumentsEdit(); }
QLineEdit* MatchSidePicker::optionsFileEdit() const { return dialog_->optionsFileEdit(); }

void MatchSidePicker::setKind(Kind kind) { kind_->setCurrentIndex(kind); }

void MatchSidePicker::showKind() {
    // Only a population file side has a file to name: the row keeps its width for the option values otherwise.
    const bool file = kind_->currentIndex() == PopulationFile;
    path_->setVisible(file);
    browse_->setVisible(file);
}

void MatchSidePicker::browse() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Population file of %1").arg(title()),
                                                      QFileInfo(path_->text()).absolutePath(),
                                                      tr("Populations (*.mfpop *.pop);;All files (*)"));
    if (!path.isEmpty()) path_->setText(path);
}

void MatchSidePicker::showDefaultName() {
    QString name;
    if (preview_) {
        tuning::MatchSide side = *preview_;
        tuning::SideChoices unnamed = choices();
        unnamed.name.clear();
        if (!unnamed.program.empty()) side.engine.command.program = unnamed.program;
        name = fromStd(tuning::sideName(side, unnamed));
    }
    nameEdit()->setPlaceholderText(name);
}

void MatchSidePicker::openEngineDialog() {
    // What plays, read once (a population file may be large), names the side as the dialog's
    // fields change: the name field's placeholder is the name it would play under.
    auto side = whatPlays(sources_.settings());
    preview_.reset();
    if (side) preview_ = std::move(*side);
    showDefaultName();
    const std::string panelProgram = sources_.settings().engine.program.filename().string();
    programEdit()->setPlaceholderText(panelProgram.empty() ? tr("the panel's engine")
                                                           : tr("the panel's engine (%1)").arg(fromStd(panelProgram)));
    dialog_->show();
    dialog_->raise();
    dialog_->activateWindow();
}

void MatchSidePicker::describeChoices() {
    QStringList parts;
    for (auto [label, edit] : {std::pair{tr("name"), nameEdit()}, std::pair{tr("engine"), programEdit()},
                               std::pair{tr("arguments"), argumentsEdit()}, std::pair{tr("options file"), optionsFileEdit()}})
        if (!edit->text().trimmed().isEmpty()) parts << tr("%1: %2").arg(label, edit->text().trimmed());
    engine_->setText(parts.isEmpty() ? tr("Engine…") : tr("Engine*…"));
    engine_->setToolTip(parts.isEmpty() ? tr("Give %1 an engine, arguments, an options file or a name of its own").arg(title())
                                        : parts.join(QLatin1Char('\n')));
}

tuning::SideChoices MatchSidePicker::choices() const {
    tuning::SideChoices c;
    c.program = programEdit()->text().trimmed().toStdString();
    c.arguments = SettingsFields::splitArguments(argumentsEdit()->text());
    c.optionsFile = optionsFileEdit()->text().trimmed().toStdString();
    if (auto typed = parseOptionList(options_->text())) c.options = std::move(*typed);
    c.name = nameEdit()->text().trimmed().toStdString();
    return c;
}

QString MatchSidePicker::engineProblem(const RunSettings& settings) const {
    const QString own = programEdit()->text().trimmed();
    if (!own.isEmpty()) {
        if (!QFileInfo(own).isFile() || !QFileInfo(own).isExecutable()) return tr("engine %1 is not an executable file").arg(own);
        return {};
    }
    if (kind_->currentIndex() == PopulationFile) return {};  // the file's run names its engine, else the panel's is checked when read
    if (settings.engine.program.empty()) return tr("the parameter panel names no engine (or give the side one: Engine…)");
    if (!QFileInfo(fromStd(settings.engine.program.string())).isExecutable())
        return tr("the panel's engine %1 is not an executable file").arg(fromStd(settings.engine.program.string()));
    return {};
}

QString MatchSidePicker::kindProblem() const {
    const QString path = path_->text().trimmed();
    switch (kind_->currentIndex()) {
        case CurrentBest: {
            const std::optional<ga::RunState>* run = sources_.currentRun();
            if (!run || !run->has_value()) return tr("there is no current run (start one or open a population)");
            if (!tuning::runAnswer(**run)) return tr("the current run has no evaluated member yet");
            break;
        }
        case PopulationFile:
            if (path.isEmpty()) return tr("choose a population file");
            if (!QFileInfo(path).isFile()) return tr("%1 is not a file").arg(path);
            break;
        default: break;
    }
    return {};
}

QString MatchSidePicker::problem() const {
    const RunSettings settings = sources_.settings();
    if (const QString why = kindProblem(); !why.isEmpty()) return why;
    if (const QString why = engineProblem(settings); !why.isEmpty()) return why;
    const QString optionsFile = optionsFileEdit()->text().trimmed();
    if (!optionsFile.isEmpty() && !QFileInfo(optionsFile).isFile()) return tr("options file %1 is not a file").arg(optionsFile);
    if (auto options = parseOptionList(options_->text()); !options) return fromStd(options.error().message);
    return {};
}

Result<tuning::MatchSide> MatchSidePicker::whatPlays(const RunSettings& settings) const {
    switch (kind_->currentIndex()) {
        case GenomeDefaults: return tuning::genomeDefaultsSide(settings.engine, settings.genome);
        case CurrentBest: {
            const std::optional<ga::RunState>* run = sources_.currentRun();
            if (!run || !run->has_value()) return Error{"there is no current run"};
            return tuning::bestOfRun(**run, settings.engine, "run");
        }
        case PopulationFile: return tuning::bestOfPopulationFile(path_->text().trimmed().toStdString(), settings.engine);
        default: return tuning::defaultsSide(settings.engine);
    }
}

Result<tuning::MatchSide> MatchSidePicker::build() const {
    if (const QString why = problem(); !why.isEmpty()) return Error{why.toStdString()};
    auto side = whatPlays(sources_.settings());
    if (!side) return side;
    if (side->engine.command.program.empty() && programEdit()->text().trimmed().isEmpty())
        return Error{tr("%1 names no engine, nor does the parameter panel (give the side one: Engine…)")
                         .arg(path_->text().trimmed()).toStdString()};
    return tuning::withChoices(std::move(*side), choices());
}

}  // namespace mf::ui
