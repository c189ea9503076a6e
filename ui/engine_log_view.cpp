#include "ui/engine_log_view.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTime>
#include <QVBoxLayout>

namespace mf::ui {

namespace {
constexpr int kMaxLinesPerTab = 5'000;

QPlainTextEdit* makeLog(QWidget* parent) {
    auto* e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setMaximumBlockCount(kMaxLinesPerTab);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setLineWrapMode(QPlainTextEdit::NoWrap);
    return e;
}
} // namespace

EngineLogView::EngineLogView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget(this);
    layout->addWidget(tabs_);
    notes_ = makeLog(tabs_);
    notes_->setObjectName(QStringLiteral("runMessages"));
    tabs_->addTab(notes_, tr("Run messages"));
}

QPlainTextEdit* EngineLogView::tabFor(std::size_t worker) {
    auto it = engines_.find(worker);
    if (it != engines_.end())
        return it->second;
    QPlainTextEdit* e = makeLog(tabs_);
    tabs_->addTab(e, tr("Engine %1").arg(worker + 1));
    engines_.emplace(worker, e);
    return e;
}

void EngineLogView::append(const QList<tuning::EngineLogLine>& lines) {
    // One appendPlainText per tab and batch: cheaper than one per line.
    std::map<std::size_t, QString> byWorker;
    for (const tuning::EngineLogLine& l : lines) {
        const char* arrow = l.direction == tuning::EngineLogLine::Direction::Sent       ? "> "
                            : l.direction == tuning::EngineLogLine::Direction::Received ? "< "
                                                                                        : "# ";
        QString& text = byWorker[l.worker];
        if (!text.isEmpty())
            text += QLatin1Char('\n');
        text += QLatin1String(arrow) + QString::fromStdString(l.text);
    }
    for (const auto& [worker, text] : byWorker)
        tabFor(worker)->appendPlainText(text);
}

void EngineLogView::appendNote(const QString& text) {
    notes_->appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss ")) + text);
}

void EngineLogView::clear() {
    for (auto& [worker, edit] : engines_) {
        tabs_->removeTab(tabs_->indexOf(edit));
        delete edit;
    }
    engines_.clear();
}

int EngineLogView::engineTabs() const { return static_cast<int>(engines_.size()); }

} // namespace mf::ui
