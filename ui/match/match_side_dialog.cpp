#include "ui/match/match_side_dialog.h"

#include "ui/fields/path_row.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mf::ui {

MatchSideDialog::MatchSideDialog(const QString& title, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("%1: engine and name").arg(title));
    auto* form = new QFormLayout;
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);  // first: the path rows take their parent from the form
    name_ = new QLineEdit(this);
    name_->setToolTip(tr("The name in the PGN, the games table and the summary. Empty: the engine's file name and "
                         "the options file's, or the run's generation for a run's best"));
    form->addRow(tr("Name"), name_);
    program_ = addPathRow(form, tr("Engine"), QStringLiteral("matchSideEngine"), tr("All files (*)"),
                          tr("A UCI engine of this side's own. Empty: the engine of what plays (the parameter panel's, "
                             "or the one a population file's run used)"))
                   .edit;
    arguments_ = new QLineEdit(this);
    arguments_->setPlaceholderText(tr("the engine's own"));
    arguments_->setToolTip(tr("Command-line arguments of the engine, as a shell splits them (quote a space)"));
    form->addRow(tr("Arguments"), arguments_);
    optionsFile_ = addPathRow(form, tr("Options file"), QStringLiteral("matchSideOptionsFile"),
                              tr("Options files (*.txt *.opt);;All files (*)"),
                              tr("'Name = Value' lines (as Export best writes them) sent on top of what plays; "
                                 "the row's Name=Value options go on top of these"))
                       .edit;
    optionsFile_->setPlaceholderText(tr("none"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    layout->addWidget(buttons);
    setMinimumWidth(480);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* edit : {name_, program_, arguments_, optionsFile_})
        connect(edit, &QLineEdit::textChanged, this, &MatchSideDialog::changed);
}

}  // namespace mf::ui
