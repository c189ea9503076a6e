#include "ui/fields/memory_estimate_label.h"

#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "ui/bridges/background_task.h"

#include <QTimer>

namespace mf::ui {

namespace {

// What the estimate depends on: the files, the engine, the genome's size and the stages.
QString keyOf(const RunSettings& settings) {
    const auto& evalfit = settings.of<tuning::EvalfitSettings>();
    QString key = QString::fromStdString(evalfit.data.string() + '\n' + evalfit.heldOutData.string() + '\n' +
                                         settings.engine.program.string() + '\n' +
                                         std::to_string(settings.genome.terms().size()) + '\n' +
                                         std::to_string(settings.optimizer.stages.size()) + '\n' +
                                         std::to_string(evalfit.maxMemory) + '\n' +
                                         std::string(dataset::evalfitPathName(evalfit.path)));
    for (const auto& stage : settings.optimizer.stages) key += QString::fromStdString(stage.optimizer);
    return key;
}

}  // namespace

MemoryEstimateLabel::MemoryEstimateLabel(QWidget* parent)
    : QLabel(parent), settle_(new QTimer(this)), task_(new BackgroundTask(this)) {
    setObjectName(QStringLiteral("evalfitMemoryEstimate"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setToolTip(tr("The memory a run on the trace path takes, estimated from the data's positions and a traced "
                  "sample of them, against the memory the machine has free now (or --max-memory). A run that "
                  "would not fit is refused when it starts, never stopped halfway."));
    settle_->setSingleShot(true);
    settle_->setInterval(kSettleMs);
    connect(settle_, &QTimer::timeout, this, &MemoryEstimateLabel::startNext);
}

MemoryEstimateLabel::~MemoryEstimateLabel() = default;

void MemoryEstimateLabel::forget() {
    pending_.reset();
    lastKey_.clear();
    clear();
}

void MemoryEstimateLabel::request(const RunSettings& settings) {
    if (settings.measure != tuning::FitnessMeasure::Evalfit) return forget();
    const QString key = keyOf(settings);
    if (key == lastKey_ && !pending_) return;
    lastKey_ = key;
    pending_ = settings;
    settle_->start();
}

void MemoryEstimateLabel::startNext() {
    if (!pending_) return;
    if (task_->isRunning()) {  // the answer in work is for older settings: ask again after it
        settle_->start();
        return;
    }
    RunSettings settings = std::move(*pending_);
    pending_.reset();
    setText(tr("estimating…"));
    task_->start<Answer>([settings](std::stop_token stop) { return estimateFor(settings, stop); },
                         [this](const Answer& answer) { show(answer); });
}

MemoryEstimateLabel::Answer MemoryEstimateLabel::estimateFor(const RunSettings& settings, std::stop_token stop) {
    const auto made = tuning::estimateRunMemory(settings, stop);
    if (!made) return {tr("not estimated: %1").arg(QString::fromStdString(made.error().message)), false};
    if (!*made) return {tr("not on the trace path: each position is scored by the engine, nothing is kept"), false};
    const tuning::MemoryEstimate& estimate = **made;
    const auto refusal = tuning::memoryRefusal(estimate, settings.of<tuning::EvalfitSettings>().maxMemory);
    if (refusal) return {tr("would not fit: %1").arg(QString::fromStdString(*refusal)), true};
    const auto free = tuning::availableMemory();
    QString text = QString::fromStdString(estimate.summary());
    if (free) text += tr("; %1 free").arg(QString::fromStdString(tuning::bytesInWords(*free)));
    return {text, false};
}

void MemoryEstimateLabel::show(const Answer& answer) {
    setText(answer.text);
    setStyleSheet(answer.refused ? QStringLiteral("color: #b00020;") : QString());
    emit estimated();
}

}  // namespace mf::ui
