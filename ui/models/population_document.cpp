#include "ui/models/population_document.h"

#include "ui/window/recent_files.h"
#include "ui/dialogs/user_prompts.h"

#include "evolution/ga/population_file.h"
#include "evolution/tuning/results/engine_export.h"

#include <QFileInfo>
#include <QMetaObject>
#include <QSaveFile>
#include <QThreadPool>

#include <memory>

namespace mf::ui {

namespace {

QThreadPool& fileThreads() {
    // One thread: file jobs run in the order they were asked for (save, then open the same file).
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(1);
        return p;
    }();
    return *pool;
}

} // namespace

PopulationDocument::PopulationDocument(UserPrompts* prompts, QMenu* recentMenu, std::function<RunSettings()> base,
                                       QObject* parent)
    : QObject(parent), prompts_(prompts), recent_(new RecentFiles(recentMenu, this)), base_(std::move(base)) {
    connect(recent_, &RecentFiles::openRequested, this, [this](const QString& path) {
        maybeSave(tr("opening %1 replaces it").arg(QFileInfo(path).fileName()), [this, path] { openFile(path); });
    });
}

PopulationDocument::~PopulationDocument() { fileThreads().waitForDone(); }

QString PopulationDocument::displayName() const {
    if (!filePath_.isEmpty())
        return QFileInfo(filePath_).fileName();
    if (currentLane_ >= 0) {
        const std::string_view name = ga::selectionName(lanes_[std::size_t(currentLane_)].type);
        return tr("untitled, %1 lane").arg(QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    return tr("untitled");
}

bool PopulationDocument::hasRecentFiles() const { return !recent_->files().isEmpty(); }

template <class Work, class Done>
void PopulationDocument::runFileJob(Work work, Done done) {
    // `work` runs on the file thread; `done` gets its result back on this object's thread.
    ++fileJobs_;
    emit changed();
    fileThreads().start([this, work = std::move(work), done = std::move(done)]() mutable {
        auto result = std::make_shared<decltype(work())>(work());
        QMetaObject::invokeMethod(this, [this, result, done = std::move(done)]() mutable {
            --fileJobs_;
            done(std::move(*result));
            emit changed();
        }, Qt::QueuedConnection);
    });
}

void PopulationDocument::setState(std::optional<ga::RunState> state, bool dirty) {
    state_ = std::move(state);
    dirty_ = dirty;
    emit changed();
}

void PopulationDocument::setLanes(std::vector<ga::FightLane> lanes) {
    lanes_ = std::move(lanes);
    auto bestFitness = [](const ga::RunState& state) -> std::optional<double> {
        const auto best = tuning::bestMember(state);
        return best ? state.population[*best].fitness : std::nullopt;
    };
    int lead = lanes_.empty() ? -1 : 0;  // ties: the first in kAllSelectionTypes order
    std::optional<double> top;
    for (std::size_t i = 0; i < lanes_.size(); ++i)
        if (const auto f = bestFitness(lanes_[i].state); f && (!top || *f > *top)) {
            top = f;
            lead = int(i);
        }
    currentLane_ = -1;
    dirty_ = !lanes_.empty();  // nothing of a fight is in a file the user chose
    chooseLane(lead);
}

void PopulationDocument::chooseLane(int index) {
    if (index < 0 || std::size_t(index) >= lanes_.size()) {
        emit lanesChanged();
        return;
    }
    currentLane_ = index;
    state_ = lanes_[std::size_t(index)].state;
    emit lanesChanged();
    emit changed();
}

void PopulationDocument::dropLanes() {
    if (lanes_.empty())
        return;
    lanes_.clear();
    currentLane_ = -1;
    emit lanesChanged();
}

void PopulationDocument::clear() {
    dropLanes();
    state_.reset();
    filePath_.clear();  // the new run's generations belong to no file until saved
    dirty_ = false;
    emit changed();
}

void PopulationDocument::setFile(const QString& path) {
    filePath_ = path;
    recent_->add(path);
    dirty_ = false;
}

void PopulationDocument::openDialog() {
    maybeSave(tr("opening a file replaces it"), [this] {
        const QString path = prompts_->chooseOpenPath();
        if (!path.isEmpty())
            openFile(path);
    });
}

void PopulationDocument::openFile(const QString& path) {
    runFileJob([path] { return ga::loadPopulation(path.toStdString()); },
               [this, path](Result<ga::RunState> loaded) { onLoaded(path, std::move(loaded)); });
}

void PopulationDocument::onLoaded(const QString& path, Result<ga::RunState> loaded) {
    if (!loaded) {
        const QString msg = QString::fromStdString(loaded.error().message);
        prompts_->ask(tr("Open population"), tr("Cannot open %1:\n%2").arg(path, msg), QMessageBox::Ok);
        emit fileDone(false, msg);
        return;
    }
    const ga::RunState& state = loaded.value();
    RunSettings settings = base_();
    if (auto err = tuning::applyExtras(state, settings))
        emit logNote(tr("%1: %2 (kept the panel's choice)").arg(path, QString::fromStdString(*err)));
    settings_ = settings;
    dropLanes();
    state_ = state;
    toContinue_ = state;
    setFile(path);
    emit opened(state, settings);
    emit note(tr("Opened %1: generation %2, %3 chromosomes. Start continues it.")
                  .arg(path)
                  .arg(state.generation)
                  .arg(state.population.size()),
              8000);
    emit fileDone(true, path);
}

bool PopulationDocument::save() {
    if (filePath_.isEmpty())
        return saveAs();
    saveTo(filePath_);
    return true;
}

bool PopulationDocument::saveAs() {
    const QString path = prompts_->chooseSavePath();
    if (path.isEmpty())
        return false;
    saveTo(path);
    return true;
}

void PopulationDocument::writeState(const QString& path, std::function<void(bool)> then) {
    // The shown population: the run's last completed generation (with the tuner's extras: suite,
    // engine...) or the opened file (which has them too). Not the controller's copy: after Open
    // that is still the previous run's.
    std::optional<ga::RunState> state = state_;
    if (!state) {
        emit fileDone(false, tr("nothing to save yet"));
        if (then)
            then(false);
        return;
    }
    if (state->extras.empty())
        state->extras = tuning::toExtras(settings_);
    runFileJob([path, state = std::move(*state)] { return ga::savePopulation(state, path.toStdString()); },
               [this, path, then = std::move(then)](std::optional<Error> error) {
                   const bool ok = !error.has_value();
                   const QString why = ok ? QString() : QString::fromStdString(error->message);
                   if (ok) {
                       setFile(path);
                       emit note(tr("Saved %1").arg(path), 5000);
                   } else {
                       prompts_->ask(tr("Save population"), tr("Cannot save %1:\n%2").arg(path, why), QMessageBox::Ok);
                   }
                   emit fileDone(ok, ok ? path : why);
                   if (then)
                       then(ok);
               });
}

void PopulationDocument::maybeSave(const QString& what, std::function<void()> proceed) {
    if (!dirty_ || !state_) {
        proceed();
        return;
    }
    const auto answer = prompts_->ask(
        tr("Unsaved population"),
        tr("The population of generation %1 has not been saved, and %2.\nSave it first?").arg(state_->generation).arg(what),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Discard) {
        proceed();  // what replaces the population marks the window unmodified
        return;
    }
    if (answer != QMessageBox::Save)
        return;
    const QString path = filePath_.isEmpty() ? prompts_->chooseSavePath() : filePath_;
    if (path.isEmpty())
        return;  // the save dialog was cancelled: so is the action
    writeState(path, [proceed = std::move(proceed)](bool ok) {
        if (ok)
            proceed();
    });
}

void PopulationDocument::writeFile(const QString& path, const QByteArray& bytes, const QString& done) {
    runFileJob(
        [path, bytes] {
            QSaveFile f(path);
            const bool ok = f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit();
            return ok ? QString() : f.errorString();
        },
        [this, path, done](const QString& error) {
            const bool ok = error.isEmpty();
            if (ok)
                emit note(done, 5000);
            else
                prompts_->ask(tr("Export"), tr("Cannot write %1:\n%2").arg(path, error), QMessageBox::Ok);
            emit fileDone(ok, ok ? path : error);
        });
}

} // namespace mf::ui
