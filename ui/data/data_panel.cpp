#include "ui/data/data_panel.h"

#include "ui/fields/elided_label.h"
#include "ui/bridges/run_wording.h"
#include "ui/dialogs/user_prompts.h"

#include "evolution/tuning/common/settings_rules.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <chrono>
#include <filesystem>
#include <system_error>

namespace mf::ui {

namespace {

constexpr int kLogLines = 2000;  // the log view keeps the newest

QString q(const std::string& s) { return QString::fromStdString(s); }

// The library's reason without the command line's way round it (the window asks instead).
QString withoutOverrideHint(QString problem) {
    problem.remove(QStringLiteral(" (--override-limit-check plays anyway)"));
    return problem;
}

// "1234 positions · 19600 positions/min · ETA 0:42" while playing.
QString playingReadout(const dataset::MakeDatasetProgress& p, double seconds) {
    QString text = QObject::tr("%1 positions").arg(p.positions);
    if (seconds < 1 || p.gamesKept == 0)
        return text + QObject::tr(" · rate and ETA: measuring");
    text += QObject::tr(" · %1 positions/min").arg(qRound64(double(p.positions) * 60 / seconds));
    const double left = seconds * double(p.gamesTarget - p.gamesKept) / p.gamesKept;
    return text + QObject::tr(" · ETA %1").arg(durationText(std::chrono::seconds(qRound64(left))));
}

// The engine as the tab names it: its file, with the whole command and options in the tooltip.
QString engineTip(const tuning::EngineSpec& e) {
    QStringList lines{QObject::tr("The Parameters panel's engine: %1").arg(q(e.program.string()))};
    for (const std::string& a : e.arguments) lines << QObject::tr("argument %1").arg(q(a));
    for (const auto& [name, value] : e.fixedOptions) lines << QObject::tr("fixed option %1=%2").arg(q(name), q(value));
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

DataPanel::DataPanel(DataContext context, QWidget* parent)
    : QWidget(parent), context_(std::move(context)), bridge_(new DataBridge(this)) {
    setObjectName(QStringLiteral("dataPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeSettings());
    layout->addWidget(makeControls());
    log_ = new QPlainTextEdit(this);
    log_->setObjectName(QStringLiteral("dataLog"));
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(kLogLines);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setPlaceholderText(tr("What make-dataset says: the engine and its options, the limit check, the games"));
    layout->addWidget(log_, 1);
    connectControls();
    refresh();
}

void DataPanel::connectControls() {
    connect(start_, &QPushButton::clicked, this, [this] { startData(false); });
    connect(stop_, &QPushButton::clicked, this, &DataPanel::stopData);
    connect(useData_, &QPushButton::clicked, this, [this] { useFile(false); });
    connect(useHeldOut_, &QPushButton::clicked, this, [this] { useFile(true); });
    connect(limitKind_, &QComboBox::currentIndexChanged, this, [this] {
        setLimitRange();
        refresh();
    });
    for (QSpinBox* s : {games_, limit_, perGame_, seed_, workers_, heldOutGames_}) connect(s, &QSpinBox::valueChanged, this, &DataPanel::refresh);
    connect(output_, &QLineEdit::textChanged, this, &DataPanel::refresh);
    connect(bridge_, &DataBridge::progress, this, &DataPanel::onProgress);
    connect(bridge_, &DataBridge::logLine, log_, &QPlainTextEdit::appendPlainText);
    connect(bridge_, &DataBridge::finished, this, &DataPanel::onFinished);
}

DataChoices DataPanel::choices() const {
    DataChoices c;
    c.games = games_->value();
    const std::int64_t value = limit_->value();
    c.limit = limitKind_->currentIndex() == Depth      ? uci::SearchLimit::depth(value)
              : limitKind_->currentIndex() == MoveTime ? uci::SearchLimit::moveTime(value)
                                                       : uci::SearchLimit::nodes(value);
    c.perGame = perGame_->value();
    c.seed = std::uint64_t(seed_->value());
    c.workers = std::size_t(workers_->value());
    c.output = output_->text().trimmed();
    return c;
}

Result<DataSetup> DataPanel::setup() const { return dataSetupOf(context_.engine(), choices()); }

QString DataPanel::startProblem() const {
    if (busy()) return tr("Data is being made");
    if (const QString taken = context_.enginesTaken ? context_.enginesTaken() : QString(); !taken.isEmpty()) return taken;
    if (context_.engine().program.empty()) return tr("Choose an engine in the Parameters panel");
    const QString output = output_->text().trimmed();
    if (output.isEmpty()) return tr("Output: choose the file to write");
    if (auto problem = tuning::outputFileProblem(QFileInfo(output).absoluteFilePath().toStdString(), "Output"))
        return q(*problem);
    if (auto s = setup(); !s) return q(s.error().message);
    return {};
}

void DataPanel::refresh() {
    const tuning::EngineSpec engine = context_.engine();
    engine_->setFullText(engine.program.empty() ? tr("none: choose one in the Parameters panel")
                                                : q(engine.program.filename().string()));
    engine_->setToolTip(engineTip(engine));
    const auto s = setup();
    command_->setText(s && !s->options.output.empty() ? commandLineOf(s->options) : QString());
    command_->setCursorPosition(0);
    const QString why = startProblem();
    start_->setEnabled(why.isEmpty());
    start_->setToolTip(why.isEmpty() ? tr("Check that the engine honours the limit, then play the games") : why);
    stop_->setEnabled(busy());
    settings_->setEnabled(!busy());
    const QString locked = context_.parametersLocked ? context_.parametersLocked() : QString();
    const QString useWhy = busy()                 ? tr("Data is being made")
                           : madeFile_.isEmpty()  ? tr("Make a file first")
                                                  : locked;
    for (QPushButton* b : {useData_, useHeldOut_}) {
        b->setEnabled(useWhy.isEmpty());
        b->setToolTip(useWhy.isEmpty() ? (b == useData_ ? tr("Put %1 into the Fitness section's data file (measure evalfit)")
                                                        : tr("Put %1 into the Fitness section's held-out data (measure evalfit)"))
                                             .arg(madeFile_)
                                       : useWhy);
    }
}

QString DataPanel::heldOutOutput() const {
    const QString out = choices().output;
    if (out.isEmpty()) return {};
    const QFileInfo info(out);
    const QString suffix = info.suffix().isEmpty() ? QStringLiteral("epd") : info.suffix();
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-heldout.") + suffix);
}

DataChoices DataPanel::legChoices(bool heldOutLeg) const {
    DataChoices c = choices();
    if (heldOutLeg) {
        c.games = heldOutGames_->value();
        c.seed += 1;
        c.output = heldOutOutput();
    }
    return c;
}

void DataPanel::startData(bool overrideLimitCheck, bool heldOutLeg) {
    if (!startProblem().isEmpty()) return;
    DataChoices c = legChoices(heldOutLeg);
    c.overrideLimitCheck = overrideLimitCheck;
    auto s = dataSetupOf(context_.engine(), c);
    if (!s) return;
    const QString path = q(s->options.output);
    if (!overrideLimitCheck && QFileInfo::exists(path) && context_.prompts &&
        context_.prompts->ask(tr("Replace the file?"), tr("%1 exists. Replace it with the new positions?").arg(path),
                              QMessageBox::Yes | QMessageBox::No) != QMessageBox::Yes)
        return;
    std::error_code error;  // a missing folder is made, as for the other files the window writes
    std::filesystem::create_directories(std::filesystem::path(s->options.output).parent_path(), error);
    running_ = path;
    overrideLimit_ = overrideLimitCheck;
    heldOutLeg_ = heldOutLeg;
    if (!heldOutLeg) madeFile_.clear();
    madeHeldOut_.clear();
    playing_.invalidate();
    if (!overrideLimitCheck && !heldOutLeg) log_->clear();
    for (const QString& note : s->notes) log_->appendPlainText(tr("note: %1").arg(note));
    progress_->setRange(0, c.games);
    progress_->setValue(0);
    progress_->setFormat(tr("%v of %m games"));
    readout_->setText(tr("No positions yet"));
    status_->setText(tr("Starting %1 and checking that it honours %2…")
                         .arg(q(context_.engine().program.filename().string()), q(c.limit.describe())));
    bridge_->start(std::move(s->options));
    refresh();
    emit busyChanged();
}

void DataPanel::onProgress(const dataset::MakeDatasetProgress& p) {
    if (p.written) return;  // the outcome says it
    if (!playing_.isValid()) {
        playing_.start();
        const DataChoices c = choices();
        status_->setText(tr("Playing: %1 games to keep at %2 on %3 engine processes%4")
                             .arg(p.gamesTarget)
                             .arg(q(c.limit.describe()))
                             .arg(c.workers)
                             .arg(overrideLimit_ ? tr(" (the engine breaks the limit: played anyway)") : QString()));
    }
    progress_->setRange(0, p.gamesTarget);
    progress_->setValue(p.gamesKept);
    readout_->setText(playingReadout(p, double(playing_.elapsed()) / 1000));
}

void DataPanel::onFinished(const DataOutcome& outcome) {
    if (outcome.exitCode == 2 && !outcome.written && context_.prompts &&
        context_.prompts->ask(tr("Limit not honoured"),
                              tr("%1\n\nGames at this limit would not be what you asked for. Play anyway?")
                                  .arg(withoutOverrideHint(outcome.problem)),
                              QMessageBox::Yes | QMessageBox::No) == QMessageBox::Yes) {
        refresh();
        startData(true, heldOutLeg_);
        return;
    }
    if (outcome.written) {
        const dataset::MakeDatasetProgress& f = outcome.file;
        (heldOutLeg_ ? madeHeldOut_ : madeFile_) = f.positions > 0 ? running_ : QString();
        progress_->setRange(0, f.gamesTarget);
        progress_->setValue(f.gamesKept);
        const double seconds = playing_.isValid() ? double(playing_.elapsed()) / 1000 : 0;
        readout_->setText(seconds >= 1 ? tr("%1 positions · %2 positions/min")
                                             .arg(f.positions)
                                             .arg(qRound64(double(f.positions) * 60 / seconds))
                                       : tr("%1 positions").arg(f.positions));
        status_->setText((f.stopped ? tr("Stopped: %1 holds the %2 positions of the %3 games that had ended")
                                    : tr("Done: %1 holds %2 positions of %3 games"))
                             .arg(running_)
                             .arg(f.positions)
                             .arg(f.gamesKept) +
                         (f.positions == 0 ? tr(" (nothing to use)") : QString()));
        if (!heldOutLeg_ && !f.stopped && f.positions > 0 && heldOutGames_->value() > 0) {
            // The engine's own held-out positions: the same games' settings, the next seed.
            log_->appendPlainText(tr("held-out file: %1 games with seed %2 to %3")
                                      .arg(heldOutGames_->value())
                                      .arg(legChoices(true).seed)
                                      .arg(heldOutOutput()));
            refresh();
            startData(false, true);
            return;
        }
        if (heldOutLeg_ && !madeFile_.isEmpty())
            status_->setText(tr("Done: %1 (data) and %2 (held-out, the next seed)").arg(madeFile_, madeHeldOut_));
    } else {
        progress_->setFormat(tr("no games"));
        status_->setText(tr("Not made: %1").arg(outcome.problem.isEmpty() ? tr("see the log") : withoutOverrideHint(outcome.problem)));
    }
    refresh();
    emit busyChanged();
}

void DataPanel::stopData() {
    if (!busy()) return;
    status_->setText(tr("Stopping: the games in play are left out, the ended ones written…"));
    bridge_->stop();
}

void DataPanel::useFile(bool heldOut) {
    if (madeFile_.isEmpty() || !context_.useData) return;
    QString why = context_.useData(madeFile_, heldOut);
    const bool withHeldOut = !heldOut && why.isEmpty() && !madeHeldOut_.isEmpty();
    if (withHeldOut) why = context_.useData(madeHeldOut_, true);
    if (!why.isEmpty()) {
        status_->setText(tr("Not used: %1").arg(why));
        return;
    }
    if (heldOut) {
        status_->setText(tr("The Fitness section's held-out data is now %1 (measure evalfit)").arg(madeFile_));
        return;
    }
    QString text = withHeldOut ? tr("The Fitness section's data is now %1 and its held-out data %2 (measure evalfit): "
                                    "Start tunes on them").arg(madeFile_, madeHeldOut_)
                               : tr("The Fitness section's data file is now %1 (measure evalfit): Start tunes on it")
                                     .arg(madeFile_);
    // The held-out data left in place may be another engine's: say so, and how to make this one's.
    if (context_.heldOutProblem)
        if (const QString other = context_.heldOutProblem(); !other.isEmpty())
            text += tr(". But %1 (Held-out games above makes it with the data)").arg(other);
    status_->setText(text);
}

}  // namespace mf::ui
