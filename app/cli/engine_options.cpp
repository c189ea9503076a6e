#include "app/cli/engine_options.h"

#include <unistd.h>

#include <iostream>
#include <stdexcept>

namespace po = boost::program_options;

namespace mf::cli {

uci::OptionValues parseOptionAssignments(const std::vector<std::string>& assignments) {
    uci::OptionValues values;
    for (const auto& text : assignments) {
        auto equals = text.find('=');
        if (equals == std::string::npos || equals == 0)
            throw std::invalid_argument("--option '" + text + "': expected NAME=VALUE");
        values.emplace_back(text.substr(0, equals), text.substr(equals + 1));
    }
    return values;
}

void addLimitOptions(po::options_description& options) {
    options.add_options()
        ("movetime", po::value<std::int64_t>(), "search each position for MS milliseconds (default 100)")
        ("depth", po::value<std::int64_t>(), "search each position to N plies")
        ("nodes", po::value<std::int64_t>(), "search each position for N nodes");
}

uci::SearchLimit searchLimit(const po::variables_map& values, std::int64_t defaultMoveTimeMs) {
    int given = int(values.count("movetime") + values.count("depth") + values.count("nodes"));
    if (given > 1) throw std::invalid_argument("give at most one of --movetime, --depth, --nodes");
    uci::SearchLimit limit = uci::SearchLimit::moveTime(defaultMoveTimeMs);
    if (values.count("movetime")) limit = uci::SearchLimit::moveTime(values["movetime"].as<std::int64_t>());
    if (values.count("depth")) limit = uci::SearchLimit::depth(values["depth"].as<std::int64_t>());
    if (values.count("nodes")) limit = uci::SearchLimit::nodes(values["nodes"].as<std::int64_t>());
    if (limit.value <= 0) throw std::invalid_argument("the search limit must be positive, not " + std::to_string(limit.value));
    return limit;
}

Progress::Progress(std::string label, std::size_t total)
    : label_(std::move(label)), total_(total), terminal_(::isatty(STDERR_FILENO) == 1) {}

void Progress::update(std::size_t done, const std::string& detail) {
    std::lock_guard lock(mutex_);
    if (terminal_) {
        constexpr std::size_t width = 30;
        std::size_t filled = total_ ? done * width / total_ : width;
        std::cerr << "\r" << label_ << " [" << std::string(filled, '#') << std::string(width - filled, ' ') << "] "
                  << done << "/" << total_ << " " << detail << "\x1b[K" << std::flush;
        drawn_ = true;
        return;
    }
    std::size_t tenth = total_ ? done * 10 / total_ : 10;
    if (tenth > lastTenth_ || done == total_) {
        lastTenth_ = tenth;
        std::cerr << label_ << ": " << done << "/" << total_ << " " << detail << "\n";
    }
}

void Progress::printLine(const std::string& line) {
    std::lock_guard lock(mutex_);
    if (terminal_ && drawn_) std::cerr << "\r\x1b[K" << std::flush;
    drawn_ = false;
    std::cout << line << std::endl;
}

void Progress::finish() {
    std::lock_guard lock(mutex_);
    if (terminal_ && drawn_) std::cerr << "\n";
}

}  // namespace mf::cli
