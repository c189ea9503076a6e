#pragma once
// When the panel looks at its files. A path is looked at when it changes (a typed one once typing
// pauses for kSettleMs), never on other keystrokes; the answer is kept for that text until
// forget() (before a run, after one). What makes a path good is the library's rule
// (tuning::inputFileProblem / outputFileProblem), given by the caller.
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>

class QLineEdit;
class QTimer;

namespace mf::ui {

class PathChecks : public QObject {
    Q_OBJECT
public:
    static constexpr int kSettleMs = 300;
    explicit PathChecks(QObject* parent = nullptr);

    void watch(QLineEdit* edit);  // typing in `edit` waits for the pause

    struct Outcome {
        bool pending = false;  // typed, not looked at yet
        QString reason;        // empty: fine
    };
    // The problem of the edit's path, from the cache or `problemOf` (called with the trimmed text).
    Outcome look(QLineEdit* edit, const std::function<QString(const QString&)>& problemOf);
    void forget();

signals:
    void settled();  // typing paused: look again

private:
    struct Known {
        QString path;  // the text the check was made for
        QString reason;
        bool checked = false;
    };
    QHash<QLineEdit*, Known> known_;
    QSet<QLineEdit*> typed_;  // typed since the last look
    QTimer* timer_ = nullptr;
};

} // namespace mf::ui
