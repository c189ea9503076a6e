#pragma once
// A one-line label that never widens its bar: text longer than its width is drawn elided at the
// end ("Starting: reading the da…"), and the whole text is its tooltip. A plain QLabel either
// widened the window or was cut mid-letter ("Starting: r").
#include <QLabel>

namespace mf::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    // `preferredWidth`: the widest it asks to be (its text's width up to this).
    explicit ElidedLabel(int preferredWidth, QWidget* parent = nullptr);

    void setFullText(const QString& text);  // the text and its tooltip
    bool elided() const;                    // the text is wider than the label

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int preferredWidth_;
};

}  // namespace mf::ui
