#include "engine/tb/search_tables.h"

namespace mf::tb {

std::optional<std::string> SearchTables::setEnabled(bool on) {
    enabled_ = on;
    return std::nullopt;
}

std::optional<std::string> SearchTables::setPath(const std::string& path) {
    if (path != path_) tables_.reset(); // reloaded from the new place by the next prepare()
    path_ = path;
    return std::nullopt;
}

const Tablebases* SearchTables::prepare(const std::function<void(const std::string&)>& report) {
    if (!enabled_) return nullptr;
    if (tables_) return tables_.get();
    tables_ = std::make_unique<Tablebases>(path_.empty() ? defaultCacheDirectory() : std::filesystem::path(path_));
    int loaded = 0, total = 0;
    for (const std::string& name : standardTables()) {
        ++total;
        const bool threePieces = name.size() == 3;
        if (threePieces ? tables_->require(name) != nullptr : tables_->loadIfPresent(name) != nullptr) ++loaded;
    }
    if (report)
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
