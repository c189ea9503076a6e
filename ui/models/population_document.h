#pragma once
// The population the window shows, as a document: the state (the last completed generation of a
// run, or an opened file) with the settings it was made with, its file, whether it is saved, and
// the file jobs (open, save, export), which run on one worker thread in the order asked so the GUI
// never waits on a disk. Unsaved changes are asked about before anything replaces them.
#include "ui/models/run_types.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QMenu;

namespace mf::ui {

class RecentFiles;
class UserPrompts;

class PopulationDocument : public QObject {
    Q_OBJECT
public:
    // `recentMenu` lists the recent files; `base` gives the settings an opened file's extras
    // complete (the panel's: workers, autosave...).
    PopulationDocument(UserPrompts* prompts, QMenu* recentMenu, std::function<RunSettings()> base, QObject* parent);
    ~PopulationDocument() override;  // waits for the file jobs, which post back here

    const std::optional<ga::RunState>& state() const { return state_; }
    // An opened file: Start continues it (until a run or fight replaces it).
    const std::optional<ga::RunState>& toContinue() const { return toContinue_; }
    void forgetContinue() { toContinue_.reset(); }
    const RunSettings& settings() const { return settings_; }
    void setSettings(const RunSettings& settings) { settings_ = settings; }
    QString filePath() const { return filePath_; }
    QString displayName() const;  // the file's name, or "untitled"
    bool isDirty() const { return dirty_; }
    bool busy() const { return fileJobs_ > 0; }
    bool hasRecentFiles() const;

    void setState(std::optional<ga::RunState> state, bool dirty);  // a run's generation
    // A fight's final lanes: each keeps its population; the leading one (best fitness) is shown,
    // saved, printed and exported until another is chosen. Unsaved.
    void setLanes(std::vector<ga::FightLane> lanes);
    const std::vector<ga::FightLane>& lanes() const { return lanes_; }
    int currentLane() const { return currentLane_; }  // -1: no lanes
    void chooseLane(int index);
    void clear();  // a new run replaces the population: no state, no file, nothing unsaved

    void openFile(const QString& path);
    void openDialog();  // asks first when unsaved, then a file dialog
    bool save();        // false when the user cancelled a dialog
    bool saveAs();
    void saveTo(const QString& path) { writeState(path, {}); }
    void writeState(const QString& path, std::function<void(bool)> then);
    // Unsaved population: Save / Discard / Cancel; `what` says what happens to it ("a new run
    // replaces it"). `proceed` runs when the window may go on: at once, or after the file is written.
    void maybeSave(const QString& what, std::function<void()> proceed);
    // Writes `bytes` to `path` atomically on the file thread; `done` is the note on success.
    void writeFile(const QString& path, const QByteArray& bytes, const QString& done);

signals:
    void changed();                                   // state, file, dirty or busy changed
    void lanesChanged();                              // lanes set or dropped, or another chosen
    void opened(const ga::RunState& state, const RunSettings& settings);
    void fileDone(bool ok, const QString& message);   // after every file job
    void note(const QString& text, int timeoutMs);
    void logNote(const QString& text);

private:
    void setFile(const QString& path);
    void dropLanes();
    void onLoaded(const QString& path, Result<ga::RunState> loaded);
    template <class Work, class Done>
    void runFileJob(Work work, Done done);

    UserPrompts* prompts_;
    RecentFiles* recent_;
    std::function<RunSettings()> base_;
    std::optional<ga::RunState> state_;       // shown population (evaluated) with its parameters
    std::optional<ga::RunState> toContinue_;  // an opened file: Start continues it
    std::vector<ga::FightLane> lanes_;        // after a fight: every selection type's last round
    int currentLane_ = -1;
    RunSettings settings_;                    // the shown population's run (genome for decoding)
    QString filePath_;
    bool dirty_ = false;
    int fileJobs_ = 0;
};

} // namespace mf::ui
