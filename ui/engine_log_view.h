#pragma once
// What the workbench sent to and received from each engine, one tab per worker, for when
// something goes wrong. Each tab keeps the last lines only (a long run talks a lot).
#include "evolution/tuning/fitness_evaluator.h"

#include <QList>
#include <QWidget>
#include <map>

class QPlainTextEdit;
class QTabWidget;

namespace mf::ui {

class EngineLogView : public QWidget {
    Q_OBJECT
public:
    explicit EngineLogView(QWidget* parent = nullptr);
    void append(const QList<tuning::EngineLogLine>& lines);
    void appendNote(const QString& text);  // workbench messages (warnings, status reasons)
    void clear();
    int engineTabs() const;

private:
    QPlainTextEdit* tabFor(std::size_t worker);
    QTabWidget* tabs_ = nullptr;
    QPlainTextEdit* notes_ = nullptr;
    std::map<std::size_t, QPlainTextEdit*> engines_;
};

} // namespace mf::ui
