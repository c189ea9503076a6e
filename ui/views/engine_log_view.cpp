#include "ui/views/engine_log_view.h"

#include "ui/models/run_types.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QTime>
#include <QVBoxLayout>

#include <deque>

namespace mf::ui {

namespace {

QPlainTextEdit* makeLog(QWidget* parent) {
    auto* e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setMaximumBlockCount(EngineLogView::kMaxLinesPerTab);  // oldest lines go first
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setLineWrapMode(QPlainTextEdit::NoWrap);
    e->setUndoRedoEnabled(false);  // the undo stack would keep every removed line alive
    // The log follows its newest line unless the user has scrolled up to read: the range grows
    // after an append is laid out (a long line may add a horizontal bar later still), so the
    // view follows the range, not the append.
    QScrollBar* bar = e->verticalScrollBar();
    e->setProperty("follow", true);
    QObject::connect(bar, &QScrollBar::valueChanged, e,
                     [e, bar](int value) { e->setProperty("follow", value >= bar->maximum()); });
    QObject::connect(bar, &QScrollBar::rangeChanged, e, [e, bar](int, int maximum) {
        if (e->property("follow").toBool())
            bar->setValue(maximum);
    });
    return e;
}

const char* arrow(tuning::EngineLogLine::Direction d) {
    switch (d) {
    case tuning::EngineLogLine::Direction::Sent: return "> ";
    case tuning::EngineLogLine::Direction::Received: return "< ";
    case tuning::EngineLogLine::Direction::Note: return "# ";
    }
    return "# ";
}

} // namespace

EngineLogView::EngineLogView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("engineLogTabs"));
    layout->addWidget(tabs_);
    notes_ = makeLog(tabs_);
    notes_->setObjectName(QStringLiteral("runMessages"));
    notes_->setLineWrapMode(QPlainTextEdit::WidgetWidth);  // sentences, read whole; engine lines stay unwrapped
    tabs_->addTab(notes_, tr("Run messages"));
}

QPlainTextEdit* EngineLogView::tabFor(std::size_t worker) {
    auto it = engines_.find(worker);
    if (it != engines_.end())
        return it->second;
    QPlainTextEdit* e = makeLog(tabs_);
    e->setObjectName(QStringLiteral("engineLog%1").arg(worker + 1));
    // Tabs in worker order whatever order the engines spoke first in.
    int at = 1;
    for (const auto& [w, edit] : engines_)
        if (w < worker)
            ++at;
    const std::size_t match = worker - kMatchWorkerBase;  // the Match tab's engines: side and worker
    tabs_->insertTab(at, e,
                     worker >= kMatchWorkerBase ? tr("Match %1%2").arg(match % 2 == 0 ? QStringLiteral("A") : QStringLiteral("B")).arg(match / 2 + 1)
                                                : tr("Engine %1").arg(worker + 1));
    engines_.emplace(worker, e);
    return e;
}

void EngineLogView::append(const QList<tuning::EngineLogLine>& lines) {
    // Per tab only the last kMaxLinesPerTab lines of a batch can stay visible: skip the rest
    // before they are laid out, then one appendPlainText per tab (cheaper than one per line).
    std::map<std::size_t, std::deque<const tuning::EngineLogLine*>> byWorker;
    for (const tuning::EngineLogLine& l : lines) {
        auto& queue = byWorker[l.worker];
        queue.push_back(&l);
        if (queue.size() > std::size_t(kMaxLinesPerTab))
            queue.pop_front();
    }
    for (const auto& [worker, queue] : byWorker) {
        QString text;
        for (const tuning::EngineLogLine* l : queue) {
            if (!text.isEmpty())
                text += QLatin1Char('\n');
            text += QLatin1String(arrow(l->direction)) + QString::fromStdString(l->text);
        }
        if (worker == kNoWorker)
            appendNote(text);
        else
            tabFor(worker)->appendPlainText(text);
    }
}

void EngineLogView::appendNote(const QString& text) {
    notes_->appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss ")) + text);
}

void EngineLogView::clear() { removeTabsFrom(0); }
void EngineLogView::clearMatch() { removeTabsFrom(kMatchWorkerBase); }

void EngineLogView::removeTabsFrom(std::size_t firstWorker) {
    for (auto it = engines_.lower_bound(firstWorker); it != engines_.end();) {
        tabs_->removeTab(tabs_->indexOf(it->second));
        delete it->second;
        it = engines_.erase(it);
    }
}

int EngineLogView::engineTabs() const { return static_cast<int>(engines_.size()); }

QString EngineLogView::engineText(std::size_t worker) const {
    auto it = engines_.find(worker);
    return it == engines_.end() ? QString() : it->second->toPlainText();
}

int EngineLogView::engineLines(std::size_t worker) const {
    auto it = engines_.find(worker);
    return it == engines_.end() ? 0 : it->second->document()->blockCount();
}

QString EngineLogView::notesText() const { return notes_->toPlainText(); }

} // namespace mf::ui
