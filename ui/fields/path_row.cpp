#include "ui/fields/path_row.h"

#include "ui/fields/input_validators.h"
#include "ui/fields/validation_display.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

namespace mf::ui {

PathRow addPathRow(QFormLayout* form, const QString& label, const QString& objectName, const QString& filter,
                   const QString& tip, PathUse use) {
    PathRow r;
    QWidget* parent = form->parentWidget();
    r.row = new QWidget(parent);
    auto* h = new QHBoxLayout(r.row);
    h->setContentsMargins(0, 0, 0, 0);
    r.edit = new QLineEdit(r.row);
    r.edit->setObjectName(objectName);
    r.edit->setValidator(validators::make(validators::path(), r.edit));
    ValidationDisplay::setHelp(r.edit, tip);
    r.edit->setClearButtonEnabled(true);
    // Paths are long: the edit may be narrower than its text (it scrolls), so the form fits the dock.
    r.edit->setMinimumWidth(60);
    r.browse = new QToolButton(r.row);  // small: a push button wants 80 px for its one character
    r.browse->setText(QObject::tr("…"));
    r.browse->setObjectName(objectName + QStringLiteral("Browse"));
    r.browse->setToolTip(QObject::tr("Choose a file"));
    h->addWidget(r.edit, 1);
    h->addWidget(r.browse);
    form->addRow(label, r.row);
    QLineEdit* edit = r.edit;
    QObject::connect(r.browse, &QToolButton::clicked, r.browse, [edit, parent, label, filter, use] {
        const QString start = edit->text().isEmpty() ? QString() : QFileInfo(edit->text()).absolutePath();
        const QString path = use == PathUse::Write ? QFileDialog::getSaveFileName(parent, label, edit->text(), filter)
                                                   : QFileDialog::getOpenFileName(parent, label, start, filter);
        if (!path.isEmpty())
            edit->setText(path);
    });
    return r;
}

} // namespace mf::ui
