#pragma once
// The Gray converter tool window: type a decimal number to see its shortest binary and Gray
// forms, or a Gray bit string to see the number it encodes (mf_ga gray.h does the arithmetic).
#include <QWidget>

class QLabel;
class QLineEdit;

namespace mf::ui {

class GrayConverter : public QWidget {
    Q_OBJECT
public:
    explicit GrayConverter(QWidget* parent = nullptr);

    QLineEdit* decimalEdit() const { return decimal_; }
    QLineEdit* grayEdit() const { return gray_; }
    QString binaryText() const;

private:
    void fromDecimal();
    void fromGray();

    QLineEdit* decimal_ = nullptr;
    QLineEdit* gray_ = nullptr;
    QLabel* binary_ = nullptr;
    QLabel* note_ = nullptr;
};

} // namespace mf::ui
