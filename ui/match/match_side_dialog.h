#pragma once
// A side's engine and name, as cutechess configures an engine: the name it plays under, its own
// program (else the one of what plays: the parameter panel's, or a population file's run's),
// its command-line arguments and an options file ('Name = Value' lines, as `export
// --engine-options` writes). The fields apply as they are typed; Close (or Enter) closes. The
// Match tab's side row opens it with its Engine… button; the row reads the fields.
#include <QDialog>

class QLineEdit;
class QToolButton;

namespace mf::ui {

class MatchSideDialog : public QDialog {
    Q_OBJECT
public:
    // `title` names the side in the window title ("Side A").
    explicit MatchSideDialog(const QString& title, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return name_; }
    QLineEdit* programEdit() const { return program_; }
    QLineEdit* argumentsEdit() const { return arguments_; }
    QLineEdit* optionsFileEdit() const { return optionsFile_; }

signals:
    void changed();

private:
    QLineEdit* name_ = nullptr;
    QLineEdit* program_ = nullptr;
    QLineEdit* arguments_ = nullptr;
    QLineEdit* optionsFile_ = nullptr;
};

}  // namespace mf::ui
