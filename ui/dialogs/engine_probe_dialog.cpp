#include "ui/dialogs/engine_probe_dialog.h"

#include "ui/bridges/background_task.h"

#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/setup/carried_state_settings.h"
#include "evolution/uci/search_deadline.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mf::ui {

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QTableWidget* makeTable(const QStringList& headers, const QString& name, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells) {
    for (int c = 0; c < cells.size(); ++c)
        t->setItem(row, c, new QTableWidgetItem(cells[c]));
}

} // namespace

EngineProbeDialog::EngineProbeDialog(const uci::EngineConfig& engine, ga::Genome genome, QString openings,
                                     QWidget* parent)
    : QDialog(parent),
      engine_(engine),
      genome_(std::move(genome)),
      openings_(std::move(openings)),
      task_(new BackgroundTask(this)),
      carriedTask_(new BackgroundTask(this)) {
    setObjectName(QStringLiteral("engineProbeDialog"));
    setWindowTitle(tr("Engine: %1").arg(q(engine_.command.program.filename().string())));
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("engineProbeSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    layout->addWidget(new QLabel(tr("<b>Limit modes</b> (one search each on the start position; judged from what the "
                                    "engine reports, never from timings)"),
                                 this));
    limits_ = makeTable({tr("Search"), tr("Verdict"), tr("Nodes"), tr("Depth"), tr("Time (ms)"), tr("Detail")},
                        QStringLiteral("engineProbeLimits"), this);
    limits_->setMinimumHeight(130);
    layout->addWidget(limits_);
    layout->addWidget(new QLabel(tr("<b>Spin options</b> (the ones a genome can tune)"), this));
    options_ = makeTable({tr("Option"), tr("Default"), tr("Min"), tr("Max")}, QStringLiteral("engineProbeOptions"), this);
    layout->addWidget(options_, 1);
    layout->addWidget(new QLabel(tr("<b>Weight changes</b>"), this));
    carried_ = new QLabel(this);
    carried_->setObjectName(QStringLiteral("engineCarriedState"));
    carried_->setWordWrap(true);
    carried_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(carried_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    checkCarried_ = buttons->addButton(tr("Check &weight changes"), QDialogButtonBox::ActionRole);
    checkCarried_->setObjectName(QStringLiteral("checkWeightChangesButton"));
    connect(checkCarried_, &QPushButton::clicked, this, &EngineProbeDialog::checkWeightChanges);
    again_ = buttons->addButton(tr("Probe &again"), QDialogButtonBox::ActionRole);
    connect(again_, &QPushButton::clicked, this, &EngineProbeDialog::probe);
    // Enter closes the dialog; it never starts a check of five passes by surprise.
    checkCarried_->setAutoDefault(false);
    again_->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    if (genome_.size() == 0 || openings_.isEmpty()) {
        checkCarried_->setEnabled(false);
        carried_->setText(genome_.size() == 0 ? tr("The check needs a genome: its terms are the weights changed.")
                                              : tr("The check needs the bundled openings, which are not installed "
                                                   "(share/matefind/openings)."));
    } else {
        carried_->setText(tr("Does the engine keep anything from one set of weights to the next on one process? The "
                             "check scores %1 bundled openings at depth 1, five times: at the genome's defaults and "
                             "at other weights on a fresh process each, then defaults, other, defaults on one process. "
                             "A run starts a fresh process at every weight change unless it keeps the process, "
                             "which is safe only where nothing is carried.")
                              .arg(tuning::kCarriedStatePositions));
    }
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(760, 560);
    probe();
}

EngineProbeDialog::~EngineProbeDialog() {
    task_->stopAndWait();
    carriedTask_->stopAndWait();
}

bool EngineProbeDialog::isProbing() const { return task_->isRunning(); }
bool EngineProbeDialog::isCheckingWeightChanges() const { return carriedTask_->isRunning(); }
QString EngineProbeDialog::weightChangesText() const { return carried_->text(); }

void EngineProbeDialog::checkWeightChanges() {
    if (!checkCarried_->isEnabled())
        return;
    const uci::EngineConfig engine = engine_;
    const ga::Genome genome = genome_;
    const std::filesystem::path openings = openings_.toStdString();
    struct Checked {
        uci::CarriedStateCheck check;
        int depth = 1;
    };
    const bool started = carriedTask_->start<Checked>(
        [engine, genome, openings](std::stop_token stop) {
            Checked done;
            auto settings = tuning::carriedStateSettings(genome, openings);
            if (!settings) {
                done.check.error = settings.error().message;
                return done;
            }
            done.depth = settings->depth;
            done.check = uci::checkCarriedState(engine, *settings, stop);
            return done;
        },
        [this](const Checked& done) {
            checkCarried_->setEnabled(true);
            showWeightChanges(done.check, done.depth);
            emit weightChangesChecked();
        });
    if (!started)
        return;
    checkCarried_->setEnabled(false);
    carried_->setText(tr("Checking weight changes: %1 positions at depth 1, five passes…").arg(tuning::kCarriedStatePositions));
}

void EngineProbeDialog::showWeightChanges(const uci::CarriedStateCheck& check, int depth) {
    const QString what = tr("%1 positions at depth %2").arg(check.positions).arg(depth);
    const QString box = tr("<i>Keep the process across weight changes</i> (Engine options)");
    if (check.error) {
        carried_->setText(tr("Not checked: %1").arg(q(*check.error).toHtmlEscaped()));
    } else if (check.inconclusive()) {
        carried_->setText(tr("Not shown: the other weights moved none of the scores (%1). Choose terms that reach "
                             "the evaluation of these positions.")
                              .arg(what));
    } else if (check.carriesNothing()) {
        carried_->setText(tr("<b>Carries nothing</b> across weight changes (%1; the other weights moved %2 scores): "
                             "a run may tick %3 and save a process start per candidate.")
                              .arg(what)
                              .arg(check.reached)
                              .arg(box));
    } else {
        carried_->setText(tr("<span style='color:#b00000'><b>Carries state</b></span> across weight changes: on one "
                             "process %1 scores at the other weights and %2 back at the defaults differ from a fresh "
                             "process's (%3; first: %4). Leave %5 unticked.")
                              .arg(check.carriedIntoOther)
                              .arg(check.carriedBack)
                              .arg(what, q(check.example).toHtmlEscaped(), box));
    }
}
QString EngineProbeDialog::summaryText() const { return summary_->text(); }

void EngineProbeDialog::probe() {
    const uci::EngineConfig engine = engine_;
    const bool started = task_->start<Findings>(
        [engine](std::stop_token stop) {
            Findings found{uci::probeEngine(engine, {}, stop), {}};
            if (found.report.startError || stop.stop_requested())
                return found;
            // Whether measure evalfit can score with the engine's own bulk scoring: auto's own
            // question (one position loaded behind a fence, answered at once without the extension).
            dataset::EvalfitEngineConfig evalfit;
            evalfit.program = engine.command.program;
            evalfit.arguments = engine.command.arguments;
            evalfit.fixedOptions = engine.startOptions;
            auto path = dataset::resolveEvalfitPath(evalfit, stop);
            if (!path)
                found.evalfit = tr("<br>Evalfit extension: could not tell (%1)").arg(q(path.error().message).toHtmlEscaped());
            else if (path->path == dataset::EvalfitPath::Trace)
                found.evalfit = tr("<br>Evalfit extension: <b>yes</b>, with traces. Measure evalfit takes each "
                                   "position's coefficients once and scores every candidate in memory (the trace "
                                   "path).");
            else if (path->path == dataset::EvalfitPath::Fast)
                found.evalfit = tr("<br>Evalfit extension: <b>yes</b>. Measure evalfit scores every position in one "
                                   "command (the fast path).");
            else
                found.evalfit = tr("<br>Evalfit extension: <b>no</b>: %1. Measure evalfit scores through UCI, one "
                                   "search per position (the uci path): slower, any engine.")
                                    .arg(q(path->reason).toHtmlEscaped());
            return found;
        },
        [this](const Findings& found) {
            again_->setEnabled(true);
            showReport(found.report);
            if (!found.report.startError)
                summary_->setText(summary_->text() + found.evalfit);
            emit probed();
        });
    if (!started)
        return;
    again_->setEnabled(false);
    summary_->setText(tr("Probing %1: one search per limit mode, and whether it has the evalfit extension…").arg(q(engine_.command.program.string())));
}

void EngineProbeDialog::showReport(const uci::ProbeReport& report) {
    limits_->setRowCount(0);
    options_->setRowCount(0);
    if (report.startError) {
        summary_->setText(tr("Cannot start %1: %2").arg(q(engine_.command.program.string()), q(*report.startError)));
        return;
    }
    QString text = tr("<b>%1</b>").arg(q(report.identity.name).toHtmlEscaped());
    if (!report.identity.author.empty())
        text += tr(" by %1").arg(q(report.identity.author).toHtmlEscaped());
    text += tr("<br>Speed: %1 (the longest probe search)")
                .arg(report.nodesPerSecond ? q(uci::formatNodesPerSecond(*report.nodesPerSecond)) : tr("not measured"));
    const auto honoured = report.honouredKinds();
    QStringList modes;
    for (auto kind : honoured)
        modes << q(uci::limitFlag(kind)).mid(2);
    text += honoured.empty()
                ? tr("<br><span style='color:#b00000'>Honours no limit mode: MateFind cannot tune this engine.</span>")
                : tr("<br>Honours: <b>%1</b>. Choose one of these as the run's limit.").arg(modes.join(tr(", ")));
    summary_->setText(text);

    limits_->setRowCount(int(report.limits.size()));
    for (int r = 0; r < int(report.limits.size()); ++r) {
        const uci::LimitProbe& p = report.limits[std::size_t(r)];
        setRow(limits_, r,
               {q(p.limit.goCommand()), q(uci::toString(p.verdict)), QString::number(p.nodes), QString::number(p.depth),
                QString::number(p.time.count()), q(p.detail)});
        limits_->item(r, 5)->setToolTip(q(p.detail));  // often wider than the dialog
        if (p.verdict != uci::LimitVerdict::Honoured)
            limits_->item(r, 1)->setForeground(QColor(0xb0, 0, 0));
    }
    limits_->resizeColumnsToContents();
    for (const uci::UciOption& o : report.identity.options) {
        if (o.type != uci::OptionType::Spin)
            continue;
        const int r = options_->rowCount();
        options_->insertRow(r);
        setRow(options_, r, {q(o.name), q(o.defaultValue), QString::number(o.min), QString::number(o.max)});
    }
    options_->resizeColumnsToContents();
    options_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);  // names take the room
}

} // namespace mf::ui
