#include "ui/parameters/parameter_fields.h"

#include "ui/fields/input_validators.h"
#include "ui/fields/validation_display.h"

#include "engine/whole_number.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace mf::ui {

namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

std::optional<std::uint64_t> parseSeed(const QString& s) {
    const QByteArray bytes = s.toLatin1();
    return parseWholeNumber<std::uint64_t>(std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace

ParameterFields::ParameterFields(QObject* parent) : QObject(parent) {}

// A value the panel computes (q_lin from MAX and N): ten digits read better than 0.21428571428571427.
QString ParameterFields::number(double v) { return QString::number(v, 'g', 10); }

// A value from a file or the caller: the shortest text that reads back as the same double, never
// in exponent form (the fields take digits only), so an opened run continues with the very value
// it was saved with (the CLI's default p_m is 1/m).
QString ParameterFields::exact(double v) { return QString::number(v, 'f', QLocale::FloatingPointShortest); }

QString ParameterFields::significant(double v) {
    if (!(v > 0) || !std::isfinite(v))
        return exact(v);
    // Decimals for four significant digits, then no trailing zeros ("0.5", not "0.5000").
    const int decimals = std::max(0, 3 - int(std::floor(std::log10(v))));
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

void ParameterFields::showPm() {
    QLineEdit* e = edits_.value(ga::Field::Pm);
    if (!e)
        return;
    const bool was = std::exchange(updating_, true);
    e->setText(significant(params_.pm));
    updating_ = was;
    const QString exactText = exact(params_.pm);
    ValidationDisplay::setHelp(e, e->text() == exactText ? pmHelp_ : tr("%1\nExact value: %2").arg(pmHelp_, exactText));
}

QString ParameterFields::savedText(ga::Field field) const {
    const QLineEdit* e = edits_.value(field);
    if (!e)
        return {};
    if (field == ga::Field::Pm && e->text() == significant(params_.pm))
        return exact(params_.pm);
    return e->text();
}

QLineEdit* ParameterFields::addEdit(QFormLayout* form, ga::Field field, const QString& label,
                                    const QRegularExpression& re, const QString& tip) {
    auto* edit = new QLineEdit(form->parentWidget());
    edit->setObjectName(q(ga::fieldName(field)));
    edit->setValidator(validators::shape(re, edit));
    labels_.insert(field, label);
    if (field == ga::Field::Pm)
        pmHelp_ = tip;
    edit->setProperty("help", tip);
    edit->setToolTip(tip);
    form->addRow(label, edit);
    edits_.insert(field, edit);
    connect(edit, &QLineEdit::textEdited, this, [this, field] { onEdited(field); });
    return edit;
}

QComboBox* ParameterFields::addSelectionCombo(QFormLayout* form) {
    selectionCombo_ = new QComboBox(form->parentWidget());
    selectionCombo_->setObjectName(QStringLiteral("selection"));
    for (ga::SelectionType t : ga::kAllSelectionTypes)
        selectionCombo_->addItem(q(ga::selectionName(t)), static_cast<int>(t));
    form->addRow(tr("Selection"), selectionCombo_);
    connect(selectionCombo_, &QComboBox::currentIndexChanged, this, [this] {
        if (updating_)
            return;
        params_.selection.type = static_cast<ga::SelectionType>(selectionCombo_->currentData().toInt());
        emit changed();
    });
    return selectionCombo_;
}

QComboBox* ParameterFields::addLimitKindCombo(QFormLayout* form) {
    limitKindCombo_ = new QComboBox(form->parentWidget());
    limitKindCombo_->setToolTip(tr("How each position is searched: time, depth or nodes"));
    limitKindCombo_->setObjectName(QStringLiteral("limit"));
    for (ga::LimitKind k : {ga::LimitKind::Time, ga::LimitKind::Depth, ga::LimitKind::Nodes})
        limitKindCombo_->addItem(q(ga::limitKindName(k)), static_cast<int>(k));
    form->addRow(tr("Limit per position"), limitKindCombo_);
    connect(limitKindCombo_, &QComboBox::currentIndexChanged, this, [this] {
        if (updating_)
            return;
        params_.limitKind = static_cast<ga::LimitKind>(limitKindCombo_->currentData().toInt());
        emit changed();
    });
    return limitKindCombo_;
}

void ParameterFields::showQLin() {
    if (params_.populationSize <= 0)
        return;
    const bool was = std::exchange(updating_, true);
    edits_[ga::Field::QLin]->setText(number(params_.qLin()));
    updating_ = was;
}

void ParameterFields::onEdited(ga::Field field) {
    if (updating_)
        return;
    const QString t = edits_.value(field)->text();
    bool ok = false;  // an unparsable text keeps the last value; textProblem() reports it
    switch (field) {
    case ga::Field::Generations: params_.generations = t.toInt(&ok); break;
    case ga::Field::PopulationSize:
        params_.populationSize = t.toInt(&ok);
        if (ok)
            showQLin();  // MAX is what is stored; q_lin = MAX / N follows the new N
        break;
    case ga::Field::Pk: params_.pk = t.toDouble(&ok); break;
    case ga::Field::Pm: params_.pm = t.toDouble(&ok); break;
    case ga::Field::Elite: params_.elite = t.toInt(&ok); break;
    case ga::Field::LinearMax:
        params_.selection.linearMax = t.toDouble(&ok);
        if (ok)
            showQLin();
        break;
    case ga::Field::QLin: {
        const double v = t.toDouble(&ok);
        if (ok && params_.populationSize > 0) {
            params_.setQLin(v);
            edits_[ga::Field::LinearMax]->setText(number(params_.selection.linearMax));
        }
        break;
    }
    case ga::Field::QNolin: params_.selection.qNolin = t.toDouble(&ok); break;
    case ga::Field::TournamentSize: params_.selection.tournamentSize = t.toInt(&ok); break;
    case ga::Field::Seed:
        if (const auto s = parseSeed(t))
            params_.seed = *s;
        break;
    case ga::Field::LimitValue: params_.limitValue = t.toLongLong(&ok); break;
    case ga::Field::Prize: params_.prize = t.toDouble(&ok); break;
    case ga::Field::Selection:
    case ga::Field::LimitKind: break;
    }
    emit changed();
}

void ParameterFields::setFieldText(ga::Field field, const QString& text) {
    QLineEdit* e = edits_.value(field);
    if (!e)
        return;
    e->setText(text);  // an invalid stored value stays visible and marked, never silently replaced
    onEdited(field);
    if (field == ga::Field::Pm && e->hasAcceptableInput())
        showPm();  // the value read is kept exact; the field shows it shortened
}

void ParameterFields::selectByText(QComboBox* combo, const QString& text) {
    const int i = combo->findText(text);
    if (i < 0)
        return;
    const bool was = std::exchange(updating_, true);
    combo->setCurrentIndex(i);
    updating_ = was;
    params_.selection.type = static_cast<ga::SelectionType>(selectionCombo_->currentData().toInt());
    params_.limitKind = static_cast<ga::LimitKind>(limitKindCombo_->currentData().toInt());
}

void ParameterFields::setParameters(const ga::Parameters& p) {
    const bool was = std::exchange(updating_, true);
    params_ = p;
    edits_[ga::Field::Generations]->setText(QString::number(p.generations));
    edits_[ga::Field::PopulationSize]->setText(QString::number(p.populationSize));
    edits_[ga::Field::Pk]->setText(exact(p.pk));
    showPm();
    edits_[ga::Field::Elite]->setText(QString::number(p.elite));
    edits_[ga::Field::LinearMax]->setText(exact(p.selection.linearMax));
    edits_[ga::Field::QLin]->setText(p.populationSize > 0 ? number(p.qLin()) : QString());
    edits_[ga::Field::QNolin]->setText(exact(p.selection.qNolin));
    edits_[ga::Field::TournamentSize]->setText(QString::number(p.selection.tournamentSize));
    edits_[ga::Field::Seed]->setText(QString::number(p.seed));
    edits_[ga::Field::LimitValue]->setText(QString::number(p.limitValue));
    edits_[ga::Field::Prize]->setText(exact(p.prize));
    selectionCombo_->setCurrentIndex(selectionCombo_->findData(static_cast<int>(p.selection.type)));
    limitKindCombo_->setCurrentIndex(limitKindCombo_->findData(static_cast<int>(p.limitKind)));
    updating_ = was;
}

QString ParameterFields::label(ga::Field field) const {
    const QString shown = labels_.value(field);
    return shown.isEmpty() ? q(ga::fieldName(field)) : shown;
}

QString ParameterFields::textProblem(ga::Field field) const {
    const QLineEdit* e = edits_.value(field);
    if (!e)
        return {};
    const QString name = label(field);
    if (e->text().isEmpty())
        return tr("%1 is empty").arg(name);
    QString expected;
    switch (field) {
    case ga::Field::Pk:
    case ga::Field::Pm:
    case ga::Field::QNolin: expected = tr("a number from 0 to 1, like 0.75"); break;
    case ga::Field::LinearMax:
    case ga::Field::QLin:
    case ga::Field::Prize: expected = tr("a number of digits with one '.', not negative"); break;
    case ga::Field::Seed: expected = tr("a whole number from 0 to 18446744073709551615"); break;
    default: expected = tr("a whole number of digits, not negative"); break;
    }
    if (!e->hasAcceptableInput() || (field == ga::Field::Seed && !parseSeed(e->text())))
        return tr("%1: \"%2\" is not %3").arg(name, e->text(), expected);
    return {};
}

QString ParameterFields::inUserWords(ga::Field field, const std::string& message) const {
    // The library names fields as the population file does ("elite", "population_size"); the
    // panel names them as its labels do, and says "N" for the population size.
    QString text = q(message);
    const QString code = q(ga::fieldName(field));
    if (text.startsWith(code + QLatin1Char(' ')))
        text = label(field) + text.mid(code.size());
    static const QRegularExpression minusOne(QStringLiteral("population_size - 1 \\((\\d+)\\)"));
    static const QRegularExpression size(QStringLiteral("population_size \\((\\d+)\\)"));
    static const QRegularExpression got(QStringLiteral(" \\(got ([^()]*)\\)$"));
    text.replace(minusOne, QStringLiteral("N - 1 = \\1"));
    text.replace(size, QStringLiteral("N = \\1"));
    text.replace(QStringLiteral("population_size"), QStringLiteral("N"));
    text.replace(got, QStringLiteral(", not \\1"));
    return text;
}

void ParameterFields::setLocked(bool locked) {
    locked_ = locked;
    applyEnabled();
}

void ParameterFields::setSearchLimitUsed(bool used, bool prizeUsed, const QString& why) {
    limitUsed_ = used;
    prizeUsed_ = prizeUsed;
    unusedWhy_ = why;
    applyEnabled();
}

void ParameterFields::setOptimizer(const tuning::OptimizerSettings& optimizer) {
    optimizer_ = optimizer;
    applyEnabled();
}

QString ParameterFields::optimizerUnusedWhy(ga::Field field, const QString& label) const {
    std::optional<tuning::RunSetting> setting;
    switch (field) {
    case ga::Field::Selection: setting = tuning::RunSetting::Selection; break;
    case ga::Field::Pk: setting = tuning::RunSetting::Pk; break;
    case ga::Field::Pm: setting = tuning::RunSetting::Pm; break;
    case ga::Field::Elite: setting = tuning::RunSetting::Elite; break;
    case ga::Field::LinearMax: setting = tuning::RunSetting::LinearMax; break;
    case ga::Field::QLin: setting = tuning::RunSetting::QLin; break;
    case ga::Field::QNolin: setting = tuning::RunSetting::QNolin; break;
    case ga::Field::TournamentSize: setting = tuning::RunSetting::TournamentSize; break;
    default: return {};
    }
    const auto why = tuning::unusedSettingReason(optimizer_, *setting, optimizerWords());
    return why ? label + QLatin1Char(' ') + QString::fromStdString(*why) : QString();
}

void ParameterFields::applyEnabled() {
    // Locked during a run (greyed like the combos, so nothing looks editable), the limit and the
    // prize greyed while the measure does not use them, the GA's breeding fields while another
    // optimiser is chosen (unless marked: a bad value is kept in the file, so it must be fixable);
    // each greyed field's tip says why.
    const QString locked = ValidationDisplay::lockedDuringRun();
    for (auto it = edits_.constBegin(); it != edits_.constEnd(); ++it) {
        const bool used = it.key() == ga::Field::LimitValue ? limitUsed_ : it.key() == ga::Field::Prize ? prizeUsed_ : true;
        const QString optimizerWhy = ValidationDisplay::isMarked(it.value()) ? QString() : optimizerUnusedWhy(it.key(), label(it.key()));
        const QString why = locked_ ? locked : !used ? unusedWhy_ : optimizerWhy;
        ValidationDisplay::setEnabled(it.value(), !locked_ && used && optimizerWhy.isEmpty(), why);
    }
    const QString selectionWhy = optimizerUnusedWhy(ga::Field::Selection, tr("Selection"));
    ValidationDisplay::setEnabled(selectionCombo_, !locked_ && selectionWhy.isEmpty(), locked_ ? locked : selectionWhy);
    ValidationDisplay::setEnabled(limitKindCombo_, !locked_ && limitUsed_, limitUsed_ ? locked : unusedWhy_);
}

} // namespace mf::ui
