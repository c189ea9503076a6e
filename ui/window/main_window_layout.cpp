// The window's frame: the centre tabs, the docks and their widths (first run, and kept usable
// after the window shrank and grew), and the fight's lane picker in the tool bar.
#include "ui/window/main_window.h"

#include "ui/views/fitness_charts.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_document.h"
#include "ui/models/population_model.h"
#include "ui/views/schema_panel.h"
#include "ui/views/statistics_panel.h"
#include "ui/window/window_actions.h"
#include "ui/views/engine_log_view.h"

#include "evolution/tuning/results/engine_export.h"

#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QMenu>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollArea>
#include <QShowEvent>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <algorithm>

namespace mf::ui {

namespace {

// Keeps a scroll area's content exactly as wide as its viewport: a form whose fields want more
// room squeezes them instead of growing wider than the dock, so nothing (a label's first letter, a
// field's edge, a "…" button) goes under the vertical scroll bar or out of sight, and moving the
// focus never scrolls the form sideways.
class ViewportWidth : public QObject {
public:
    ViewportWidth(QScrollArea* area) : QObject(area), area_(area) { area->viewport()->installEventFilter(this); }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize && watched == area_->viewport() && area_->widget())
            area_->widget()->setMaximumWidth(area_->viewport()->width());
        return false;
    }

private:
    QScrollArea* area_;
};

}  // namespace

void MainWindow::createCentre() {
    centre_ = new QTabWidget(this);
    centre_->setObjectName(QStringLiteral("centreTabs"));
    charts_ = new FitnessCharts(centre_);
    centre_->addTab(charts_, tr("&Charts"));
    population_ = new PopulationModel(this);
    auto* sort = new QSortFilterProxyModel(this);
    sort->setSourceModel(population_);
    sort->setSortRole(PopulationModel::SortRole);
    auto* view = new QTableView(centre_);
    view->setObjectName(QStringLiteral("populationTable"));
    view->setModel(sort);
    view->setSortingEnabled(true);
    view->sortByColumn(PopulationModel::Rank, Qt::AscendingOrder);
    view->verticalHeader()->hide();
    view->setAlternatingRowColors(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    centre_->addTab(view, tr("&Population"));
    // Narrow numeric columns; the bits column takes the rest. Once per new shape, not per generation.
    connect(population_, &QAbstractItemModel::modelReset, view, &QTableView::resizeColumnsToContents);
    schema_ = new SchemaPanel(centre_);
    centre_->addTab(schema_, tr("&Schema theorem"));
    setCentralWidget(centre_);
}

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        actions_->viewMenu->addAction(d->toggleViewAction());
        return d;
    };
    // Long forms scroll vertically, never sideways: the panels are made to fit their docks'
    // width (fields wrap below their labels when narrow), so the horizontal bar stays off.
    auto vertical = [](QWidget* content, const QString& name) {
        auto* scroll = new QScrollArea;
        scroll->setObjectName(name);
        scroll->setWidget(content);
        scroll->setWidgetResizable(true);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        scroll->setFrameShape(QFrame::NoFrame);
        new ViewportWidth(scroll);
        return scroll;
    };
    panel_ = new ParameterPanel;
    left_ = dock(tr("Parameters"), QStringLiteral("parametersDock"), vertical(panel_, QStringLiteral("parametersScroll")),
                 Qt::LeftDockWidgetArea);
    stats_ = new StatisticsPanel;
    right_ = dock(tr("Statistics"), QStringLiteral("statisticsDock"), vertical(stats_, QStringLiteral("statisticsScroll")),
                  Qt::RightDockWidgetArea);
    // The side docks run the full height (the engine log sits between them): the forms get the
    // rows a short screen has.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    log_ = new EngineLogView;
    bottom_ = dock(tr("Engine log"), QStringLiteral("engineLogDock"), log_, Qt::BottomDockWidgetArea);
}

namespace {

// The side docks' widths for a window `w` wide: the form and the statistics readable, the
// centre keeping the rest (1280: 384 and 268; 1920: 520 and 380).
int leftDockWidth(int w) { return std::clamp(w * 30 / 100, 340, 520); }
int rightDockWidth(int w) { return std::clamp(w * 21 / 100, 250, 380); }

}  // namespace

void MainWindow::fitToScreen() {
    // First run (no saved layout): most of the screen, and docks in proportion to it, so a
    // 1280 x 720 laptop and a 1920 x 1080 desktop both start with every panel readable.
    const QRect screen = this->screen() ? this->screen()->availableGeometry() : QRect(0, 0, 1366, 768);
    if (!testAttribute(Qt::WA_Resized)) {  // a size asked for before show() is kept
        resize(std::min(screen.width(), std::max(1024, screen.width() * 9 / 10)),
               std::min(screen.height(), std::max(640, screen.height() * 9 / 10)));
        // A laptop screen has no room to spare around the window.
        if (screen.width() < 1600 || screen.height() < 900)
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    const int w = width();
    resizeDocks({left_, right_}, {leftDockWidth(w), rightDockWidth(w)}, Qt::Horizontal);
    resizeDocks({bottom_}, {std::clamp(height() / 5, 110, 220)}, Qt::Vertical);
}

void MainWindow::keepDocksUsable() {
    // A shrunken window squeezes the side docks to their minimum, and growing it again gives every
    // pixel to the centre: Parameters and Statistics stayed ~60 px wide, and were remembered so.
    // When the window has room for them, a dock narrower than two thirds of its width gets it back.
    const int w = width();
    if (w - leftDockWidth(w) - rightDockWidth(w) < 300)
        return;  // a narrow window: the centre needs what it has
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (auto [dock, wanted] : {std::pair{left_, leftDockWidth(w)}, std::pair{right_, rightDockWidth(w)}})
        if (dock->isVisible() && !dock->isFloating() && dock->width() < wanted * 2 / 3) {
            docks << dock;
            widths << wanted;
        }
    if (!docks.isEmpty())
        resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!shownOnce_) {
        shownOnce_ = true;
        shownAt_.start();
        if (!layoutRestored_)
            fitToScreen();
        // A remembered layout may hold the squeezed docks: repaired once the window has its size.
        QTimer::singleShot(0, this, &MainWindow::keepDocksUsable);
    }
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    // A window manager maximizes a first-run window after it is shown: the docks then keep their
    // share of the final width, not of the size before (the extra went to the centre, leaving the
    // Parameters dock too narrow for its form at 1280 x 720).
    if (shownOnce_ && !layoutRestored_ && shownAt_.isValid() && shownAt_.elapsed() < 3000)
        QTimer::singleShot(0, this, [this] {
            resizeDocks({left_, right_}, {leftDockWidth(width()), rightDockWidth(width())}, Qt::Horizontal);
        });
    if (shownOnce_ && event->size().width() > event->oldSize().width())
        QTimer::singleShot(0, this, &MainWindow::keepDocksUsable);  // after the docks' own layout
}

void MainWindow::showLanes() {
    // The picker stays narrow (the selection type, elided, and the best fitness), with each lane's
    // whole wording in its tooltip: wider, it pushed Gray converter into the tool bar's overflow.
    const auto& lanes = document_->lanes();
    QComboBox* picker = actions_->lanePicker;
    const QSignalBlocker quiet(picker);
    picker->clear();
    for (const ga::FightLane& lane : lanes) {
        const std::string_view name = ga::selectionName(lane.type);
        const auto best = tuning::bestMember(lane.state);
        const double fitness = best ? lane.state.population[*best].fitness.value_or(0.0) : 0.0;
        const QString type = QString::fromUtf8(name.data(), qsizetype(name.size()));
        picker->addItem(tr("%1 %2").arg(type).arg(fitness, 0, 'g', 6));
        picker->setItemData(picker->count() - 1, tr("%1 lane, best fitness %2").arg(type).arg(fitness, 0, 'g', 6),
                            Qt::ToolTipRole);
    }
    picker->setCurrentIndex(document_->currentLane());
    actions_->laneAction->setVisible(!lanes.empty());
}

} // namespace mf::ui
