#include "ui/match_side_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mf::ui {
namespace {

// A path field with its Browse… button, as one row of the form.
QWidget* pathRow(QLineEdit* edit, QPushButton* browse, QWidget* parent) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    return row;
}

}  // namespace

MatchSideDialog::MatchSideDialog(const QString& title, QWidget* parent) : QDialog(parent), title_(title) {
    setWindowTitle(tr("%1: engine and name").arg(title));
    name_ = new QLineEdit(this);
    name_->setToolTip(tr("The name in the PGN, the games table and the summary. Empty: the engine's file name and "
                         "the options file's, or the run's generation for a run's best"));
    program_ = new QLineEdit(this);
    program_->setToolTip(tr("A UCI engine of this side's own. Empty: the engine of what plays (the parameter panel's, "
                            "or the one a population file's run used)"));
    arguments_ = new QLineEdit(this);
    arguments_->setPlaceholderText(tr("the engine's own"));
    arguments_->setToolTip(tr("Command-line arguments of the engine, as a shell splits them (quote a space)"));
    optionsFile_ = new QLineEdit(this);
    optionsFile_->setPlaceholderText(tr("none"));
    optionsFile_->setToolTip(tr("'Name = Value' lines (as Export best writes them) sent on top of what plays; "
                                "the row's Name=Value options go on top of these"));
    browseProgram_ = new QPushButton(tr("Browse…"), this);
    browseOptionsFile_ = new QPushButton(tr("Browse…"), this);

    auto* form = new QFormLayout;
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Engine"), pathRow(program_, browseProgram_, this));
    form->addRow(tr("Arguments"), arguments_);
    form->addRow(tr("Options file"), pathRow(optionsFile_, browseOptionsFile_, this));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setMinimumWidth(480);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* edit : {name_, program_, arguments_, optionsFile_})
        connect(edit, &QLineEdit::textChanged, this, &MatchSideDialog::changed);
    connect(browseProgram_, &QPushButton::clicked, this,
            [this] { browse(program_, tr("Engine of %1").arg(title_), QString()); });
    connect(browseOptionsFile_, &QPushButton::clicked, this, [this] {
        browse(optionsFile_, tr("Options file of %1").arg(title_), tr("Options files (*.txt *.opt);;All files (*)"));
    });
}

void MatchSideDialog::browse(QLineEdit* into, const QString& caption, const QString& filter) {
    const QString path = QFileDialog::getOpenFileName(this, caption, QFileInfo(into->text()).absolutePath(), filter);
    if (!path.isEmpty()) into->setText(path);
}

}  // namespace mf::ui
