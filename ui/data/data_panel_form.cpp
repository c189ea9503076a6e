// The Data tab's widgets and their places (the behaviour is in data_panel.cpp). Built for a
// 1280 x 720 laptop, where the tab is about 620 x 430: the engine, the choices in two rows and the
// output file above the buttons, then the progress, the figures, the command line, and the log
// in what is left.
#include "ui/data/data_panel.h"

#include "ui/fields/elided_label.h"
#include "ui/fields/path_row.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace mf::ui {

namespace {

QSpinBox* spin(QWidget* parent, const QString& name, int low, int high, int value, const QString& tip) {
    auto* s = new QSpinBox(parent);
    s->setObjectName(name);
    s->setRange(low, high);
    s->setValue(value);
    s->setToolTip(tip);
    return s;
}

// `widgets` after their labels in one row of the form, the rest of the row empty.
QWidget* row(QWidget* parent, std::initializer_list<std::pair<QString, QWidget*>> widgets) {
    auto* r = new QWidget(parent);
    auto* h = new QHBoxLayout(r);
    h->setContentsMargins(0, 0, 0, 0);
    bool first = true;
    for (const auto& [label, widget] : widgets) {
        if (!label.isEmpty()) {
            if (!first) h->addSpacing(8);
            h->addWidget(new QLabel(label, r));
        }
        h->addWidget(widget);
        first = false;
    }
    h->addStretch();
    return r;
}

}  // namespace

QWidget* DataPanel::makeSettings() {
    settings_ = new QWidget(this);
    settings_->setObjectName(QStringLiteral("dataSettings"));
    auto* form = new QFormLayout(settings_);
    form->setContentsMargins(0, 0, 0, 0);
    form->setVerticalSpacing(4);
    engine_ = new ElidedLabel(400, settings_);
    engine_->setObjectName(QStringLiteral("dataEngine"));
    form->addRow(tr("Engine"), engine_);

    const DataChoices d = defaultDataChoices();
    games_ = spin(settings_, QStringLiteral("dataGames"), 1, 10'000'000, d.games,
                  tr("Games to keep: a game dropped as unbalanced or ended without a result is replaced by the next "
                     "seed's, up to three times as many begun"));
    limitKind_ = new QComboBox(settings_);
    limitKind_->setObjectName(QStringLiteral("dataLimitKind"));
    limitKind_->addItems({tr("nodes"), tr("depth"), tr("movetime ms")});
    limitKind_->setToolTip(tr("The search of every move: nodes or depth give the same games every time; a move "
                              "time depends on the machine's speed, so its games do not replay"));
    limit_ = spin(settings_, QStringLiteral("dataLimit"), 1, std::numeric_limits<int>::max(), int(d.limit.value),
                  tr("Nodes, plies or milliseconds a move"));
    perGame_ = spin(settings_, QStringLiteral("dataPerGame"), 0, 100'000, d.perGame,
                    tr("At most this many positions of a game, drawn by the seed (a game's positions share its result: "
                       "more games with fewer positions each teach more); all: every quiet position"));
    perGame_->setSpecialValueText(tr("all"));
    form->addRow(tr("Games"), row(settings_, {{QString(), games_}, {tr("Limit"), limitKind_}, {QString(), limit_},
                                              {tr("A game at most"), perGame_}}));
    seed_ = spin(settings_, QStringLiteral("dataSeed"), 0, std::numeric_limits<int>::max(), int(d.seed),
                 tr("Seed of the random openings and of the positions drawn: the same seed makes the same file (at a "
                    "nodes or depth limit). Another seed makes other games, e.g. held-out data"));
    workers_ = spin(settings_, QStringLiteral("dataWorkers"), 1, 256, int(d.workers),
                    tr("Engine processes playing at once; the file does not depend on them"));
    heldOutGames_ = spin(settings_, QStringLiteral("dataHeldOutGames"), 0, 10'000'000, 0,
                         tr("After the data, a held-out file of this many games with the next seed (NAME-heldout.epd): "
                            "the positions a run checks its picks on, played by the same engine"));
    heldOutGames_->setSpecialValueText(tr("none"));
    form->addRow(tr("Seed"), row(settings_, {{QString(), seed_}, {tr("Workers"), workers_},
                                             {tr("Held-out games"), heldOutGames_}}));
    const PathRow output = addPathRow(form, tr("Output"), QStringLiteral("dataOutput"),
                                      tr("Labelled positions (*.epd);;All files (*)"),
                                      tr("The file to write: EPD with c9 results, a header naming how it was made"),
                                      PathUse::Write);
    output_ = output.edit;
    output_->setPlaceholderText(tr("the file to write, e.g. train.epd"));
    return settings_;
}

QWidget* DataPanel::makeControls() {
    auto* controls = new QWidget(this);
    auto* layout = new QVBoxLayout(controls);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    auto* buttons = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"), controls);
    start_->setObjectName(QStringLiteral("dataStart"));
    stop_ = new QPushButton(tr("Stop"), controls);
    stop_->setObjectName(QStringLiteral("dataStop"));
    stop_->setToolTip(tr("Stop within a move: the games in play are left out, every ended game's positions are written"));
    useData_ = new QPushButton(tr("Use as the run's data"), controls);
    useData_->setObjectName(QStringLiteral("dataUseAsData"));
    useHeldOut_ = new QPushButton(tr("Use as held-out data"), controls);
    useHeldOut_->setObjectName(QStringLiteral("dataUseAsHeldOut"));
    for (QPushButton* b : {start_, stop_, useData_, useHeldOut_}) buttons->addWidget(b);
    buttons->addStretch();
    layout->addLayout(buttons);
    progress_ = new QProgressBar(controls);
    progress_->setObjectName(QStringLiteral("dataProgress"));
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("no games yet"));
    layout->addWidget(progress_);
    readout_ = new QLabel(controls);
    readout_->setObjectName(QStringLiteral("dataReadout"));
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_->setWordWrap(true);
    status_ = new QLabel(controls);
    status_->setObjectName(QStringLiteral("dataStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_->setText(tr("No positions yet"));
    status_->setText(tr("Self-play games of the engine from seeded random openings: their quiet positions, labelled "
                        "with each game's result, are the data the evalfit measure tunes on."));
    layout->addWidget(readout_);
    layout->addWidget(status_);
    auto* commandRow = new QHBoxLayout;
    command_ = new QLineEdit(controls);
    command_->setObjectName(QStringLiteral("dataCommand"));
    command_->setReadOnly(true);
    command_->setFocusPolicy(Qt::ClickFocus);  // not handed the focus (and all its text selected) when Start greys
    command_->setToolTip(tr("The command line that makes the same file (the file's header holds it too)"));
    command_->setPlaceholderText(tr("the command line that makes the same file, once the output is chosen"));
    commandRow->addWidget(new QLabel(tr("Command"), controls));
    commandRow->addWidget(command_, 1);
    layout->addLayout(commandRow);
    return controls;
}

void DataPanel::setLimitRange() {
    // Each kind's value as make-dataset reads it: depth up to 200; nodes 3000 and 100 ms to start.
    const int kind = limitKind_->currentIndex();
    limit_->setRange(1, kind == Depth ? 200 : std::numeric_limits<int>::max());
    limit_->setValue(kind == Nodes ? int(defaultDataChoices().limit.value) : kind == Depth ? 6 : 100);
}

}  // namespace mf::ui
