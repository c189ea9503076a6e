#include "ui/match_side_picker.h"

#include "evolution/tuning/engine_export.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace mf::ui {

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
    kind_->addItems({tr("Defaults of the panel's genome"), tr("Best of the current run"),
                     tr("Best of a population file"), tr("Another engine (its own defaults)")});
    kind_->setToolTip(tr("What %1 plays").arg(title));
    // Narrower than its longest choice when the tab is (the list still shows it whole).
    kind_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    kind_->setMinimumContentsLength(14);
    path_ = new QLineEdit(this);
    browse_ = new QPushButton(tr("Browse…"), this);
    options_ = new QLineEdit(this);
    options_->setPlaceholderText(tr("Name=Value, Name=Value"));
    options_->setToolTip(tr("Option values sent on top of the side's own, e.g. KnightValue=320"));
    row->addWidget(kind_, 2);
    row->addWidget(path_, 2);
    row->addWidget(browse_);
    row->addWidget(options_, 2);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] {
        showKind();
        emit changed();
    });
    connect(path_, &QLineEdit::textChanged, this, &MatchSidePicker::changed);
    connect(options_, &QLineEdit::textChanged, this, &MatchSidePicker::changed);
    connect(browse_, &QPushButton::clicked, this, &MatchSidePicker::browse);
    showKind();
}

void MatchSidePicker::setKind(Kind kind) { kind_->setCurrentIndex(kind); }

void MatchSidePicker::showKind() {
    const int kind = kind_->currentIndex();
    const bool file = kind == PopulationFile || kind == OtherEngine;
    // Only a file side has a file to name: the row keeps its width for the option values otherwise.
    path_->setVisible(file);
    browse_->setVisible(file);
    path_->setPlaceholderText(kind == OtherEngine     ? tr("UCI engine executable")
                              : kind == PopulationFile ? tr(".mfpop file")
                                                       : QString());
}

void MatchSidePicker::browse() {
    const bool engine = kind_->currentIndex() == OtherEngine;
    const QString path = QFileDialog::getOpenFileName(
        this, engine ? tr("Engine of %1").arg(title()) : tr("Population file of %1").arg(title()),
        QFileInfo(path_->text()).absolutePath(), engine ? QString() : tr("Populations (*.mfpop *.pop);;All files (*)"));
    if (!path.isEmpty()) path_->setText(path);
}

QString MatchSidePicker::problem() const {
    const QString path = path_->text().trimmed();
    switch (kind_->currentIndex()) {
        case GenomeDefaults:
        case CurrentBest: {
            const RunSettings settings = sources_.settings();
            if (settings.engine.program.empty()) return tr("the parameter panel names no engine");
            if (!QFileInfo(QString::fromStdString(settings.engine.program.string())).isExecutable())
                return tr("the panel's engine %1 is not an executable file")
                    .arg(QString::fromStdString(settings.engine.program.string()));
            if (kind_->currentIndex() == GenomeDefaults) break;
            const std::optional<ga::RunState>* run = sources_.currentRun();
            if (!run || !run->has_value()) return tr("there is no current run (start one or open a population)");
            if (!tuning::bestMember(**run)) return tr("the current run has no evaluated member yet");
            break;
        }
        case PopulationFile:
            if (path.isEmpty()) return tr("choose a population file");
            if (!QFileInfo(path).isFile()) return tr("%1 is not a file").arg(path);
            break;
        case OtherEngine:
            if (path.isEmpty()) return tr("choose an engine");
            if (!QFileInfo(path).isFile() || !QFileInfo(path).isExecutable())
                return tr("%1 is not an executable file").arg(path);
            break;
    }
    if (auto options = parseOptionList(options_->text()); !options) return QString::fromStdString(options.error().message);
    return {};
}

Result<tuning::MatchSide> MatchSidePicker::build() const {
    if (const QString why = problem(); !why.isEmpty()) return Error{why.toStdString()};
    const QString path = path_->text().trimmed();
    const RunSettings settings = sources_.settings();
    Result<tuning::MatchSide> side = Error{"no side"};
    switch (kind_->currentIndex()) {
        case GenomeDefaults: side = tuning::genomeDefaultsSide(settings.engine, settings.genome); break;
        case CurrentBest: side = tuning::bestOfRun(**sources_.currentRun(), settings.engine, title().toStdString(), "current run"); break;
        case PopulationFile: side = tuning::bestOfPopulationFile(path.toStdString(), settings.engine, title().toStdString()); break;
        case OtherEngine: {
            tuning::EngineSpec engine;
            engine.program = path.toStdString();
            side = tuning::defaultsSide(engine);
            break;
        }
    }
    if (!side) return side;
    auto extra = parseOptionList(options_->text());
    for (auto& option : *extra) {
        side->side.name += " " + option.first + "=" + option.second;
        // A typed value replaces the side's own for that option (UCI names ignore case).
        auto& options = side->side.options;
        std::erase_if(options, [&](const auto& have) {
            return QString::fromStdString(have.first).compare(QString::fromStdString(option.first), Qt::CaseInsensitive) == 0;
        });
        options.push_back(std::move(option));
    }
    return side;
}

}  // namespace mf::ui
