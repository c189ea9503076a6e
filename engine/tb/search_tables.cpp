#include "engine/tb/search_tables.h"

#include <algorithm>
#include <vector>

#include "engine/tb/table_file.h"

namespace mf::tb {

std::optional<std::string> SearchTables::setEnabled(bool on) {
    enabled_ = on;
    rescan_ = true;
    return std::nullopt;
}

std::optional<std::string> SearchTables::setPath(const std::string& path) {
    if (path != path_) tables_.reset(); // reloaded from the new place by the next prepare()
    path_ = path;
    rescan_ = true;
    return std::nullopt;
}

bool SearchTables::loadIfNew(const std::string& name) {
    std::error_code ec;
    const std::filesystem::path file = tableFilePath(tables_->directory(), name);
    const FileStamp stamp{std::filesystem::file_size(file, ec), std::filesystem::last_write_time(file, ec)};
    if (ec) return false; // no file (or unreadable): nothing to load
    if (const auto it = refused_.find(name); it != refused_.end() && it->second == stamp) return false;
    if (tables_->loadIfPresent(name)) {
        refused_.erase(name);
        return true;
    }
    refused_[name] = stamp;
    return false;
}

const Tablebases* SearchTables::prepare(const std::function<void(const std::string&)>& report) {
    if (!enabled_) return nullptr;
    if (tables_ && !rescan_) return tables_.get();
    rescan_ = false;
    const bool firstLoad = !tables_;
    if (firstLoad) {
        tables_ = std::make_unique<Tablebases>(path_.empty() ? defaultCacheDirectory() : std::filesystem::path(path_));
        refused_.clear();
    }
    const std::vector<std::string> before = tables_->loadedNames();
    int loaded = 0, total = 0, added = 0;
    for (const std::string& name : standardTables()) {
        ++total;
        if (std::find(before.begin(), before.end(), name) != before.end()) {
            ++loaded;
            continue;
        }
        const bool threePieces = name.size() == 3;
        if (threePieces ? tables_->require(name) != nullptr : loadIfNew(name)) {
            ++loaded;
            ++added;
        }
    }
    if (report && (firstLoad || added > 0))
        report("endgame tables: " + std::to_string(loaded) + " of " + std::to_string(total) + " loaded from " +
               tables_->directory().string() +
               (loaded < total ? " (make the others with: matefind-cli tb generate --dir DIR)" : ""));
    return tables_.get();
}

int searchScore(const ProbeResult& r, int ply, int mateValue, int maxPly) {
    if (r.wdl == Wdl::Draw) return 0;
    const int distance = ply + r.dtm;
    const int magnitude = distance < maxPly ? mateValue - distance : mateValue - maxPly - 1;
    return r.wdl == Wdl::Win ? magnitude : -magnitude;
}

} // namespace mf::tb
