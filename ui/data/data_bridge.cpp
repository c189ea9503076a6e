#include "ui/data/data_bridge.h"

#include "engine/attacks.h"

#include <QMetaObject>

#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <utility>

namespace mf::ui {

namespace {

// An ostream's characters, handed on a line at a time (the log of runMakeDataset).
class LineBuffer : public std::streambuf {
public:
    explicit LineBuffer(std::function<void(const std::string&)> sink) : sink_(std::move(sink)) {}
    ~LineBuffer() override {
        if (!line_.empty()) sink_(line_);
    }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        if (traits_type::to_char_type(c) == '\n') {
            sink_(line_);
            line_.clear();
        } else {
            line_ += traits_type::to_char_type(c);
        }
        return c;
    }

private:
    std::function<void(const std::string&)> sink_;
    std::string line_;
};

constexpr std::string_view kProblemPrefix = "make-dataset: ";

}  // namespace

DataBridge::DataBridge(QObject* parent) : QObject(parent) {
    qRegisterMetaType<mf::dataset::MakeDatasetProgress>();
    qRegisterMetaType<mf::ui::DataOutcome>();
}

DataBridge::~DataBridge() {
    stop_.request_stop();
    if (worker_.joinable()) worker_.join();
}

bool DataBridge::start(dataset::MakeDatasetOptions options) {
    if (busy_) return false;
    if (worker_.joinable()) worker_.join();  // the last run has posted its outcome already
    stop_ = std::stop_source();
    busy_ = true;
    worker_ = std::jthread([this, options = std::move(options), stop = stop_.get_token()] {
        attacks::init();
        DataOutcome outcome;
        std::string problem;  // the worker's own until the outcome is posted
        {
            LineBuffer lines([this, &problem](const std::string& line) {
                if (line.starts_with(kProblemPrefix)) problem = line.substr(kProblemPrefix.size());
                QMetaObject::invokeMethod(this, [this, text = QString::fromStdString(line)] { emit logLine(text); },
                                          Qt::QueuedConnection);
            });
            std::ostream log(&lines);
            outcome.exitCode = dataset::runMakeDataset(
                options, log, stop, suite::localSelfPlayVenue, [this, &outcome](const dataset::MakeDatasetProgress& p) {
                    if (p.written) {
                        outcome.written = true;
                        outcome.file = p;
                    }
                    QMetaObject::invokeMethod(this, [this, p] { emit progress(p); }, Qt::QueuedConnection);
                });
        }
        outcome.problem = QString::fromStdString(problem);
        QMetaObject::invokeMethod(
            this,
            [this, outcome] {
                busy_ = false;
                emit finished(outcome);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void DataBridge::stop() { stop_.request_stop(); }

}  // namespace mf::ui
