#pragma once
// Icons of the window's actions and the window itself. The desktop's icon theme comes first; where
// there is none (a bare X server, Xvfb, a minimal desktop) the style's standard icons stand in, and
// what no style has (fight, Gray converter, print, export) is drawn here, so the toolbar never
// falls back to text only. The window icon is matefind.svg drawn with QPainter: Debian's Qt needs
// the separate qt6-svg plugin to load SVG files, and the window must not depend on it.
#include <QIcon>

class QStyle;

namespace mf::ui {

enum class ActionIcon { Start, Resume, Pause, Stop, Fight, Open, Save, SaveAs, Print, Preview, Console, Export, Gray, Quit };

QIcon actionIcon(ActionIcon which, const QStyle* style);
QIcon applicationIcon();

// True when the icon for `which` comes from the desktop's theme (for tests: else it is ours or the style's).
bool themeHasIcon(ActionIcon which);

} // namespace mf::ui
