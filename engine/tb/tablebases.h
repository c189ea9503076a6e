// The set of endgame tables of one cache directory: loads each table from its file, or generates
// it by retrograde analysis (after the tables its captures and promotions lead into) and writes it
// there once. Probing is read-only and safe from many threads once the tables are loaded.
#pragma once

#include "engine/tb/table.h"
#include "engine/tb/tb_board.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mf::tb {

// $XDG_CACHE_HOME/matefind/tb, else $HOME/.cache/matefind/tb, else ./matefind-tb.
std::filesystem::path defaultCacheDirectory();

// What happened to one table when it was required.
struct TableEvent {
    std::string name;
    bool generated = false;   // false: loaded from its file
    double seconds = 0;       // wall time to load or generate (excluding the tables it needs)
    double cpuSeconds = 0;    // processor time of all threads over the same span
    std::uint64_t bytes = 0;  // file size
    std::uint64_t entries = 0; // index entries over both sides to move
    std::string note;         // why a file was not used (missing, corrupt, ...) or a write error
};

class Tablebases {
public:
    explicit Tablebases(std::filesystem::path directory);

    const std::filesystem::path& directory() const { return directory_; }
    // Reports each table loaded or generated (for progress output); may be empty.
    void setListener(std::function<void(const TableEvent&)> listener) { listener_ = std::move(listener); }
    // Threads used to generate a table (default: the hardware's); results do not depend on it.
    void setThreads(int threads) { threads_ = threads > 0 ? threads : 1; }

    // Makes the named table (and its dependencies) available; nullptr with *error for a bad name.
    const Table* require(std::string_view name, std::string* error = nullptr);
    // All of standardTables().
    void requireAll();
    // Loads the named table only if its file is there and intact (never generates); nullptr if not.
    const Table* loadIfPresent(std::string_view name);

    // The table for this material (either colour orientation) if it is available.
    const Table* find(MaterialKey key) const;
    std::vector<std::string> loadedNames() const;

    // Value for b.stm; Unknown when the material has no available table (or has more than 4 pieces).
    // Two kings alone are a draw.
    Value lookup(const TbBoard& b) const;
    std::optional<ProbeResult> probe(const TbBoard& b) const;

private:
    const Table* requireLocked(const TableSpec& spec, bool generate);

    std::filesystem::path directory_;
    std::function<void(const TableEvent&)> listener_;
    int threads_ = 1;
    mutable std::mutex mutex_;
    std::map<std::string, std::unique_ptr<Table>> tables_;
    std::map<MaterialKey, const Table*> byKey_;
};

// Material keys a table's captures and promotions lead into (excluding bare kings).
std::vector<MaterialKey> successorMaterials(const TableSpec& spec);

// Brings b into the orientation of `table` (swapping colours when the table's strong side is
// black in b) and returns the table placement and side to move.
bool toTablePlacement(const TableSpec& spec, const TbBoard& b, Placement& out, Color& stm);

} // namespace mf::tb
