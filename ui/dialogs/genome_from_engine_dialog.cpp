#include "ui/dialogs/genome_from_engine_dialog.h"

#include "ui/bridges/background_task.h"
#include "ui/fields/path_row.h"

#include "evolution/ga/term_group.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/setup/option_units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QToolButton>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScreen>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <iterator>

namespace mf::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// The term the GA would use for one spin option with `bits`, for its window column.
ga::Term termFor(const uci::UciOption& option, int bits) {
    auto made = tuning::genomeFromChosenOptions({option}, {{option.name, bits}});
    return made && made->size() == 1 ? (*made)[0] : ga::Term{};
}

ga::SpinOption spinOf(const uci::UciOption& option) {
    const std::vector<ga::SpinOption> spins = tuning::spinOptions({option});
    return spins.empty() ? ga::SpinOption{} : spins.front();
}

} // namespace

GenomeFromEngineDialog::GenomeFromEngineDialog(const tuning::EngineSpec& engine, const ga::Genome& current,
                                               QWidget* parent)
    : QDialog(parent), engine_(engine), current_(current), task_(new BackgroundTask(this)) {
    panelEngine_ = engine;
    setObjectName(QStringLiteral("genomeFromEngineDialog"));
    setWindowTitle(tr("Genome from engine"));
    auto* layout = new QVBoxLayout(this);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("genomeFromEngineStatus"));
    status_->setWordWrap(true);
    addEngineRow(layout);
    layout->addWidget(status_);
    addNarrowingRow(layout);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("engineSpinOptions"));
    table_->setHorizontalHeaderLabels(
        {tr("Tune"), tr("Option"), tr("Default"), tr("Min"), tr("Max"), tr("Bits"), tr("Window searched")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(Option, QHeaderView::Stretch);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setMinimumSize(660, 200);
    layout->addWidget(table_, 1);
    connect(table_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == Use)
            rebuild();
    });
    addTickRow(layout);
    addButtons(layout);
    rebuild();
    // Every column in sight, as tall as the screen allows: there may be hundreds of options.
    const QRect available = screen()->availableGeometry();
    resize(std::min(960, available.width() - 40), std::min(700, available.height() - 60));
    readOptions();
}

void GenomeFromEngineDialog::addEngineRow(QVBoxLayout* layout) {
    auto* form = new QFormLayout;
    const PathRow row = addPathRow(form, tr("Engine"), QStringLiteral("genomeFromEngineProgram"),
                                   tr("Programs (*)"), tr("The UCI engine whose spin options become the genome"));
    engineEdit_ = row.edit;
    engineEdit_->setText(q(engine_.program.string()));
    engineEdit_->setPlaceholderText(tr("the engine's program, e.g. /usr/games/glaurung"));
    layout->addLayout(form);
    connect(engineEdit_, &QLineEdit::editingFinished, this, [this] { readEngine(engineEdit_->text()); });
    connect(row.browse, &QToolButton::clicked, this, [this] { readEngine(engineEdit_->text()); });
}

void GenomeFromEngineDialog::readEngine(const QString& path) {
    const std::filesystem::path program = path.trimmed().toStdString();
    if (program.empty() || (program == engine_.program && read_) || task_->isRunning())
        return;
    if (engineEdit_->text() != path)
        engineEdit_->setText(path);
    // The panel's arguments and fixed options belong to its program; another program runs bare.
    tuning::EngineSpec bare;
    bare.program = program;
    engine_ = program == panelEngine_.program ? panelEngine_ : bare;
    read_ = false;
    announced_.clear();
    showOptions({});
    readOptions();
}

void GenomeFromEngineDialog::addNarrowingRow(QVBoxLayout* layout) {
    auto* narrow = new QHBoxLayout;
    groups_ = new QComboBox(this);
    groups_->setObjectName(QStringLiteral("genomeFromEngineGroup"));
    groups_->setToolTip(tr("Show one group of options (the text before the first dot of their names)"));
    filter_ = new QLineEdit(this);
    filter_->setObjectName(QStringLiteral("genomeFromEngineFilter"));
    filter_->setPlaceholderText(tr("Filter options (text or regular expression)"));
    filter_->setClearButtonEnabled(true);
    filter_->setToolTip(tr("Shows the options whose name holds this text, any case; a valid regular expression is "
                           "used as one (^Psqt\\.Knight\\.Mg). Tick and Untick act on the options shown."));
    showAll_ = new QCheckBox(tr("Show &all options"), this);
    showAll_->setObjectName(QStringLiteral("genomeFromEngineShowAll"));
    showAll_->setToolTip(tr("Also list the spin options that are neither search nor evaluation options (Hash, "
                            "Threads, Move Overhead, MultiPV...): tuning them rarely means anything"));
    narrow->addWidget(groups_);
    narrow->addWidget(filter_, 1);
    narrow->addWidget(showAll_);
    layout->addLayout(narrow);
    connect(showAll_, &QCheckBox::toggled, this, &GenomeFromEngineDialog::applyFilter);
    connect(filter_, &QLineEdit::textChanged, this, &GenomeFromEngineDialog::applyFilter);
    connect(groups_, &QComboBox::activated, this, [this](int index) {
        const QString group = groups_->itemData(index).toString();
        filter_->setText(group.isEmpty() ? QString() : QStringLiteral("^%1\\.").arg(QRegularExpression::escape(group)));
    });
}

void GenomeFromEngineDialog::addTickRow(QVBoxLayout* layout) {
    auto* row = new QHBoxLayout;
    tickAll_ = new QPushButton(tr("Tick &all"), this);
    tickNone_ = new QPushButton(tr("Tick &none"), this);
    tickAll_->setObjectName(QStringLiteral("genomeFromEngineTick"));
    tickNone_->setObjectName(QStringLiteral("genomeFromEngineUntick"));
    setShownBits_ = new QPushButton(tr("Set &bits of all"), this);
    setShownBits_->setObjectName(QStringLiteral("genomeFromEngineSetBits"));
    setShownBits_->setToolTip(tr("Give every option shown (all, or those the filter shows) the bits beside"));
    shownBits_ = new QSpinBox(this);
    shownBits_->setObjectName(QStringLiteral("genomeFromEngineShownBits"));
    shownBits_->setRange(ga::kMinBits, ga::kMaxBits);
    shownBits_->setValue(tuning::kGroupTermBits);
    shownBits_->setSuffix(tr(" bits"));
    row->addWidget(tickAll_);
    row->addWidget(tickNone_);
    row->addStretch(1);
    row->addWidget(setShownBits_);
    row->addWidget(shownBits_);
    layout->addLayout(row);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("genomeFromEngineSummary"));
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    connect(tickAll_, &QPushButton::clicked, this, [this] { tickShown(true); });
    connect(tickNone_, &QPushButton::clicked, this, [this] { tickShown(false); });
    connect(setShownBits_, &QPushButton::clicked, this, [this] { setBitsOfShown(shownBits_->value()); });
}

void GenomeFromEngineDialog::addButtons(QVBoxLayout* layout) {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(tr("&Use this genome"));
    ok_->setToolTip(tr("Replace the panel's genome with the ticked options"));
    save_ = buttons->addButton(tr("&Save as…"), QDialogButtonBox::ActionRole);
    save_->setToolTip(tr("Write the genome as a JSON spec (format matefind-genome), as `matefind-cli genome` does"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save genome"), QString(), tr("Genome (*.json)"));
        if (path.isEmpty())
            return;
        const QString error = saveTo(path);
        status_->setText(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    });
}

GenomeFromEngineDialog::~GenomeFromEngineDialog() { task_->stopAndWait(); }

QString GenomeFromEngineDialog::statusText() const { return status_->text(); }

void GenomeFromEngineDialog::readOptions() {
    status_->setText(tr("Starting %1 to read its options…").arg(q(engine_.program.string())));
    const tuning::EngineSpec engine = engine_;
    task_->start<Result<std::vector<uci::UciOption>>>(
        [engine](std::stop_token stop) { return tuning::announcedOptions(engine, stop); },
        [this](const Result<std::vector<uci::UciOption>>& options) {
            read_ = true;
            if (!options) {
                status_->setText(tr("Cannot read the engine's options: %1").arg(q(options.error().message)));
            } else {
                announced_ = *options;
                std::vector<uci::UciOption> spins;
                std::copy_if(announced_.begin(), announced_.end(), std::back_inserter(spins),
                             [](const uci::UciOption& o) { return o.type == uci::OptionType::Spin; });
                const auto terms = std::count_if(spins.begin(), spins.end(), tuning::isTunableOption);
                status_->setText(spins.empty()
                                     ? tr("%1 announces no spin option: there is nothing a genome can tune.")
                                           .arg(q(engine_.program.string()))
                                     : tr("%1 announces %2 spin options (of %3 options), %4 of them search and "
                                          "evaluation options. Tick the ones to tune; each starts with the bits of its unit (Psqt 11, "
                                          "Material 9, ...), the window searched around its default.")
                                           .arg(q(engine_.program.string()))
                                           .arg(spins.size())
                                           .arg(announced_.size())
                                           .arg(terms));
                showOptions(spins);
            }
        });
}

void GenomeFromEngineDialog::showOptions(const std::vector<uci::UciOption>& spins) {
    const QSignalBlocker quiet(table_);
    table_->setRowCount(int(spins.size()));
    tunable_.assign(spins.size(), false);
    for (int r = 0; r < int(spins.size()); ++r)
        addOptionRow(r, spins[std::size_t(r)]);
    table_->resizeColumnsToContents();
    rebuild();
    applyFilter();
}

void GenomeFromEngineDialog::addOptionRow(int r, const uci::UciOption& o) {
    // A term of the current genome for this option: ticked, with its bits.
    const auto& terms = current_.terms();
    auto term = std::find_if(terms.begin(), terms.end(), [&](const ga::Term& t) {
        return QString::fromStdString(t.option).compare(q(o.name), Qt::CaseInsensitive) == 0;
    });
    tunable_[std::size_t(r)] = tuning::isTunableOption(o);
    auto* use = new QTableWidgetItem;
    use->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    use->setCheckState(term != terms.end() ? Qt::Checked : Qt::Unchecked);
    table_->setItem(r, Use, use);
    auto* name = new QTableWidgetItem(q(o.name));
    name->setToolTip(tunable_[std::size_t(r)] ? q(o.name)
                                              : tr("%1: not a search or evaluation option (an engine resource or "
                                                   "playing setting)")
                                                    .arg(q(o.name)));
    table_->setItem(r, Option, name);
    table_->setItem(r, Default, new QTableWidgetItem(q(o.defaultValue)));
    table_->setItem(r, Min, new QTableWidgetItem(QString::number(o.min)));
    table_->setItem(r, Max, new QTableWidgetItem(QString::number(o.max)));
    table_->setItem(r, Window, new QTableWidgetItem);
    auto* bits = new QSpinBox(table_);
    bits->setObjectName(QStringLiteral("bits_%1").arg(r));
    bits->setRange(ga::kMinBits, ga::kMaxBits);
    const ga::SpinOption spin = spinOf(o);
    bits->setValue(term != terms.end() ? term->bits : tuning::unitBits(spin));
    bits->setToolTip(tr("By its unit: %1. %2 bits cover the whole range %3..%4.")
                         .arg(q(tuning::unitBitsReason(spin)))
                         .arg(ga::bitsCovering(spin.min, spin.max))
                         .arg(o.min)
                         .arg(o.max));
    table_->setCellWidget(r, Bits, bits);
    showWindow(r);
    connect(bits, &QSpinBox::valueChanged, this, [this, r] {
        showWindow(r);
        rebuild();
    });
}

void GenomeFromEngineDialog::showWindow(int row) {
    // Once per bits change of its own row: with hundreds of options, not every row on every tick.
    const std::string name = table_->item(row, Option)->text().toStdString();
    const int bits = static_cast<QSpinBox*>(table_->cellWidget(row, Bits))->value();
    auto found = std::find_if(announced_.begin(), announced_.end(), [&](const uci::UciOption& o) { return o.name == name; });
    if (found == announced_.end())
        return;
    const ga::Term t = termFor(*found, bits);
    const QSignalBlocker quiet(table_);
    table_->item(row, Window)->setText(tr("%1..%2").arg(t.low()).arg(t.high()));
}

void GenomeFromEngineDialog::rebuild() {
    std::vector<tuning::ChosenOption> chosen;
    for (int r = 0; r < table_->rowCount(); ++r) {
        const std::string name = table_->item(r, Option)->text().toStdString();
        const int bits = static_cast<QSpinBox*>(table_->cellWidget(r, Bits))->value();
        if (table_->item(r, Use)->checkState() == Qt::Checked)
            chosen.push_back({name, bits});
    }
    genome_ = ga::Genome{};
    QString summary = tr("Nothing ticked");
    if (!chosen.empty()) {
        auto made = tuning::genomeFromChosenOptions(announced_, chosen);
        if (made) {
            genome_ = *made;
            summary = tr("%1 terms, chromosome length m = %2 bits").arg(genome_.size()).arg(genome_.length());
        } else {
            summary = q(made.error().message);
        }
    }
    summary_->setText(summary);
    fillGroups();
    ok_->setEnabled(genome_.size() > 0);
    save_->setEnabled(genome_.size() > 0);
}

void GenomeFromEngineDialog::tickShown(bool on) {
    {
        const QSignalBlocker quiet(table_);  // one rebuild for the lot, not one per option
        for (int r = 0; r < table_->rowCount(); ++r)
            if (!table_->isRowHidden(r))
                table_->item(r, Use)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    table_->viewport()->update();
    rebuild();
}

void GenomeFromEngineDialog::setBitsOfShown(int bits) {
    {
        const QSignalBlocker quiet(table_);
        for (int r = 0; r < table_->rowCount(); ++r)
            if (!table_->isRowHidden(r)) {
                auto* spin = static_cast<QSpinBox*>(table_->cellWidget(r, Bits));
                const QSignalBlocker one(spin);  // one rebuild for the lot
                spin->setValue(bits);
                showWindow(r);
            }
    }
    rebuild();
}

int GenomeFromEngineDialog::rowOf(const QString& option) const {
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->item(r, Option)->text() == option)
            return r;
    return -1;
}

int GenomeFromEngineDialog::bitsAt(int row) const { return static_cast<QSpinBox*>(table_->cellWidget(row, Bits))->value(); }

int GenomeFromEngineDialog::shownRows() const {
    int shown = 0;
    for (int r = 0; r < table_->rowCount(); ++r)
        shown += !table_->isRowHidden(r);
    return shown;
}

void GenomeFromEngineDialog::applyFilter() {
    const QString text = filter_->text().trimmed();
    const QRegularExpression pattern(text, QRegularExpression::CaseInsensitiveOption);
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString name = table_->item(r, Option)->text();
        const bool keep = text.isEmpty() || (pattern.isValid() ? pattern.match(name).hasMatch()
                                                               : name.contains(text, Qt::CaseInsensitive));
        table_->setRowHidden(r, !keep || (!tunable_[std::size_t(r)] && !showAll_->isChecked()));
    }
    const bool filtered = !text.isEmpty();
    tickAll_->setText(filtered ? tr("Tick &shown (%1)").arg(shownRows()) : tr("Tick &all"));
    tickNone_->setText(filtered ? tr("Untick s&hown") : tr("Tick &none"));
    setShownBits_->setText(filtered ? tr("Set &bits of shown") : tr("Set &bits of all"));
    // The picker names the group the filter shows, if it shows one (^Psqt\.), else all options.
    int picked = 0;
    for (int i = 1; i < groups_->count(); ++i)
        if (text == QStringLiteral("^%1\\.").arg(QRegularExpression::escape(groups_->itemData(i).toString())))
            picked = i;
    const QSignalBlocker quiet(groups_);
    groups_->setCurrentIndex(picked);
}

void GenomeFromEngineDialog::fillGroups() {
    // Each group with how many of its options are ticked: the state of every group at a glance.
    std::vector<std::pair<QString, std::pair<int, int>>> groups;  // name, (options, ticked)
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString group = QString::fromUtf8(ga::groupOfName(table_->item(r, Option)->text().toStdString()));
        if (group.isEmpty())
            continue;
        auto at = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == group; });
        if (at == groups.end())
            at = groups.insert(groups.end(), {group, {0, 0}});
        ++at->second.first;
        at->second.second += table_->item(r, Use)->checkState() == Qt::Checked;
    }
    const int shown = groups_->currentIndex();
    const QSignalBlocker quiet(groups_);
    groups_->clear();
    groups_->addItem(tr("All options"), QString());
    for (const auto& [name, counts] : groups)
        groups_->addItem(tr("%1 (%2 options, %3 ticked)").arg(name).arg(counts.first).arg(counts.second), name);
    groups_->setCurrentIndex(std::clamp(shown, 0, groups_->count() - 1));
    groups_->setVisible(!groups.empty());
    filter_->setVisible(!groups.empty() || table_->rowCount() > 30);
}

QString GenomeFromEngineDialog::saveTo(const QString& path) const {
    if (auto error = ga::saveGenome(genome_, path.toStdString()))
        return tr("Cannot save the genome: %1").arg(q(error->message));
    return {};
}

} // namespace mf::ui
