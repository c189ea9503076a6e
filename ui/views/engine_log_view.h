#pragma once
// What the workbench sent to and received from each engine, one tab per worker (and one per
// engine of the Match tab's match), for when something goes wrong. Each tab keeps the last kMaxLinesPerTab lines only (a long run talks a
// lot: memory stays bounded however long it runs).
#include "evolution/tuning/evaluate/fitness_evaluator.h"

#include <QList>
#include <QWidget>
#include <map>

class QPlainTextEdit;
class QTabWidget;

namespace mf::ui {

class EngineLogView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxLinesPerTab = 5'000;

    explicit EngineLogView(QWidget* parent = nullptr);
    // Engine lines: "> " sent, "< " received, "# " a note of the connection. Lines whose worker is
    // kNoWorker (about the log itself) go to the run messages.
    void append(const QList<tuning::EngineLogLine>& lines);
    void appendNote(const QString& text);  // workbench messages (warnings, status reasons)
    void clear();                          // a new run: engine tabs go, run messages stay
    void clearMatch();                     // a new match: the last match's engine tabs go

    // For tests and screenshots.
    int engineTabs() const;
    QString engineText(std::size_t worker) const;  // empty when that engine said nothing yet
    int engineLines(std::size_t worker) const;
    QString notesText() const;

private:
    QPlainTextEdit* tabFor(std::size_t worker);
    void removeTabsFrom(std::size_t firstWorker);
    QTabWidget* tabs_ = nullptr;
    QPlainTextEdit* notes_ = nullptr;
    std::map<std::size_t, QPlainTextEdit*> engines_;
};

} // namespace mf::ui
