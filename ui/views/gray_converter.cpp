#include "ui/views/gray_converter.h"

#include "ui/fields/input_validators.h"

#include "engine/whole_number.h"
#include "evolution/ga/gray.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace mf::ui {

GrayConverter::GrayConverter(QWidget* parent) : QWidget(parent, Qt::Tool) {
    setWindowTitle(tr("Gray converter"));
    setObjectName(QStringLiteral("grayConverter"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto* form = new QFormLayout(this);
    decimal_ = new QLineEdit(this);
    decimal_->setObjectName(QStringLiteral("grayDecimal"));
    decimal_->setValidator(validators::make(validators::seed(), decimal_));  // 0..2^64-1
    binary_ = new QLabel(this);
    binary_->setObjectName(QStringLiteral("grayBinary"));
    binary_->setFont(mono);
    binary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    gray_ = new QLineEdit(this);
    gray_->setObjectName(QStringLiteral("grayCode"));
    gray_->setFont(mono);
    gray_->setValidator(validators::make(validators::bitString(), gray_));
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    form->addRow(tr("Decimal"), decimal_);
    form->addRow(tr("Binary (shortest)"), binary_);
    form->addRow(tr("Gray code (shortest)"), gray_);
    form->addRow(note_);
    note_->setText(tr("Neighbouring values differ in one Gray bit, so one mutation moves a weight a small step."));
    connect(decimal_, &QLineEdit::textEdited, this, &GrayConverter::fromDecimal);
    connect(gray_, &QLineEdit::textEdited, this, &GrayConverter::fromGray);
    resize(420, 150);
}

QString GrayConverter::binaryText() const { return binary_->text(); }

void GrayConverter::fromDecimal() {
    const QByteArray bytes = decimal_->text().toLatin1();
    const auto value = parseWholeNumber<std::uint64_t>(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!value) {
        binary_->setText(bytes.isEmpty() ? QString() : tr("not a number from 0 to 18446744073709551615"));
        gray_->clear();
        return;
    }
    const ga::GrayForms forms = ga::grayForms(*value);
    binary_->setText(QString::fromStdString(forms.binary));
    gray_->setText(QString::fromStdString(forms.gray));
}

void GrayConverter::fromGray() {
    const auto forms = ga::fromGrayString(gray_->text().toStdString());
    if (!forms) {
        binary_->setText(gray_->text().isEmpty() ? QString() : tr("not a Gray bit string"));
        decimal_->clear();
        return;
    }
    decimal_->setText(QString::number(forms->value));
    binary_->setText(QString::fromStdString(forms->binary));
}

} // namespace mf::ui
