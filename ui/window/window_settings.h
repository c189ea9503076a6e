#pragma once
// What the window remembers between sessions (QSettings): its geometry, the docks and tool bar,
// the centre tab, and the parameter panel's last choices.
class QMainWindow;
class QTabWidget;

namespace mf::ui {

class ParameterPanel;

class WindowSettings {
public:
    WindowSettings(QMainWindow* window, QTabWidget* centre, ParameterPanel* panel)
        : window_(window), centre_(centre), panel_(panel) {}
    bool restore() const;  // true when a saved window geometry and layout were applied
    void save() const;

private:
    QMainWindow* window_;
    QTabWidget* centre_;
    ParameterPanel* panel_;
};

} // namespace mf::ui
