#include "ui/fields/path_checks.h"

#include <QLineEdit>
#include <QTimer>

namespace mf::ui {

PathChecks::PathChecks(QObject* parent) : QObject(parent), timer_(new QTimer(this)) {
    timer_->setSingleShot(true);
    timer_->setInterval(kSettleMs);
    connect(timer_, &QTimer::timeout, this, [this] {
        typed_.clear();
        emit settled();
    });
}

void PathChecks::watch(QLineEdit* edit) {
    connect(edit, &QLineEdit::textEdited, this, [this, edit] {
        typed_.insert(edit);
        timer_->start();
    });
}

PathChecks::Outcome PathChecks::look(QLineEdit* edit, const std::function<QString(const QString&)>& problemOf) {
    const QString path = edit->text().trimmed();
    Known& known = known_[edit];
    if (known.path != path || !known.checked) {
        if (typed_.contains(edit))
            return {true, {}};
        known = {path, problemOf(path), true};
    }
    return {false, known.reason};
}

void PathChecks::forget() {
    known_.clear();
    typed_.clear();
    timer_->stop();
}

} // namespace mf::ui
