#pragma once
// A make-dataset run seen from the GUI thread: start() runs dataset::runMakeDataset (the call
// `matefind-cli make-dataset` makes) on a worker thread; its figures (games kept, positions, then
// the file's own counts) arrive as queued `progress` signals and its log, line by line, as
// `logLine`. stop() asks the run to stop through its stop token: the engines stop, no new game
// begins, and the file holds the positions of every game that had ended. The destructor stops
// and waits.
#include "evolution/dataset/make_dataset.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <stop_token>
#include <thread>

namespace mf::ui {

// How a run ended.
struct DataOutcome {
    int exitCode = 0;                      // runMakeDataset's: 0 written; 1 stopped, empty or failed; 2 limit refused
    bool written = false;                  // the file was written (after a stop too)
    dataset::MakeDatasetProgress file;     // its counts, when written
    QString problem;                       // the log's last "make-dataset: ..." line, without the prefix
};

class DataBridge : public QObject {
    Q_OBJECT
public:
    explicit DataBridge(QObject* parent = nullptr);
    ~DataBridge() override;

    // False while a run is under way.
    bool start(dataset::MakeDatasetOptions options);
    void stop();
    bool busy() const { return busy_; }

signals:
    void progress(const mf::dataset::MakeDatasetProgress& progress);
    void logLine(const QString& line);
    void finished(const mf::ui::DataOutcome& outcome);  // busy() is false again

private:
    std::jthread worker_;
    std::stop_source stop_;
    bool busy_ = false;
};

}  // namespace mf::ui

Q_DECLARE_METATYPE(mf::dataset::MakeDatasetProgress)
Q_DECLARE_METATYPE(mf::ui::DataOutcome)
