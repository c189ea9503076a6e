// What the engine's search needs from the tables, behind the UCI options EndgameTables (check,
// default on) and EndgameTablesPath (string, empty = defaultCacheDirectory()).
//
// The SearchController owns one SearchTables; option changes go to setEnabled/setPath, and before
// each search it calls prepare(), which (once per directory) makes the 3-piece tables (a fraction
// of a second, written to the directory if missing) and loads every other table whose file is
// there and intact (generate them with `matefind-cli tb generate`). After `ucinewgame` (newGame())
// and after either option is set, the next prepare() looks again for the files still missing, so
// tables generated while the engine runs are used from the next game on and the tables a search
// sees depend on the files present, not on the process's history. Within a game the set is fixed.
// The search probes with tb::probe(*tables, pos) and turns the result into its score with
// searchScore().
#pragma once

#include "engine/tb/probe.h"
#include "engine/tb/tablebases.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace mf::tb {

class SearchTables {
public:
    // Option handlers: nullopt on success, else the reason (printed as `info string`).
    std::optional<std::string> setEnabled(bool on);
    std::optional<std::string> setPath(const std::string& path);
    // `ucinewgame`: the next prepare() looks again for missing table files.
    void newGame() { rescan_ = true; }

    // The tables to probe during the next search, nullptr when disabled. `report` receives one
    // line after the first load of a directory and after a look that found new tables, e.g.
    // "endgame tables: 23 of 23 loaded from DIR".
    const Tablebases* prepare(const std::function<void(const std::string&)>& report);

private:
    // Size and modification time of a file that was there but refused (truncated, corrupt): it is
    // read again only once it changes, so a bad file costs a stat per look, not a read.
    struct FileStamp {
        std::uintmax_t size = 0;
        std::filesystem::file_time_type time;
        bool operator==(const FileStamp&) const = default;
    };
    // Loads the named table if its file is there, intact and not already refused unchanged.
    bool loadIfNew(const std::string& name);

    bool enabled_ = true;
    bool rescan_ = false;
    std::string path_;
    std::unique_ptr<Tablebases> tables_;
    std::map<std::string, FileStamp> refused_;
};

// The search's score for a table result at `ply` from the root: a mate in dtm plies from here is
// mateValue - (ply + dtm), being mated -(mateValue - (ply + dtm)), a draw 0. Mates too far for the
// search's mate range (ply + dtm >= maxPly) become the largest non-mate winning/losing score.
int searchScore(const ProbeResult& r, int ply, int mateValue, int maxPly);

} // namespace mf::tb
