#pragma once
// Helpers shared by the commands that drive engines: reading --option NAME=VALUE and the search
// limit, and a progress display on stderr.

#include <boost/program_options.hpp>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "evolution/uci/search_types.h"

namespace mf::cli {

// "Name=Value" pairs; throws std::invalid_argument naming the bad one.
uci::OptionValues parseOptionAssignments(const std::vector<std::string>& assignments);

// Adds --movetime/--depth/--nodes to `options`; searchLimit() reads them back (at most one;
// none gives movetime `defaultMoveTimeMs`). Throws std::invalid_argument on misuse.
void addLimitOptions(boost::program_options::options_description& options);
uci::SearchLimit searchLimit(const boost::program_options::variables_map& values, std::int64_t defaultMoveTimeMs);

// Progress on stderr: a redrawn bar when stderr is a terminal, otherwise a line every 10%.
class Progress {
public:
    Progress(std::string label, std::size_t total);
    void update(std::size_t done, const std::string& detail);  // thread-safe
    // Writes `line` to stdout at once (flushed), above the bar; thread-safe.
    void printLine(const std::string& line);
    void finish();

private:
    std::mutex mutex_;
    std::string label_;
    std::size_t total_;
    bool terminal_;
    std::size_t lastTenth_ = 0;
    bool drawn_ = false;
};

}  // namespace mf::cli
