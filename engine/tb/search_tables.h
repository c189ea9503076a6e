// What the engine's search needs from the tables, behind the UCI options EndgameTables (check,
// default on) and EndgameTablesPath (string, empty = defaultCacheDirectory()).
//
// The SearchController owns one SearchTables; option changes go to setEnabled/setPath, and before
// each search it calls prepare(), which (once per directory) makes the 3-piece tables (a fraction
// of a second, written to the directory if missing) and loads every other table whose file is
// there and intact (generate them with `matefind-cli tb generate`). The search probes with
// tb::probe(*tables, pos) and turns the result into its score with searchScore().
#pragma once

#include "engine/tb/probe.h"
#include "engine/tb/tablebases.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace mf::tb {

class SearchTables {
public:
    // Option handlers: nullopt on success, else the reason (printed as `info string`).
    std::optional<std::string> setEnabled(bool on);
    std::optional<std::string> setPath(const std::string& path);

    // The tables to probe during the next search, nullptr when disabled. `report` receives one
    // line after a (re)load, e.g. "endgame tables: 23 of 23 loaded from DIR".
    const Tablebases* prepare(const std::function<void(const std::string&)>& report);

private:
    bool enabled_ = true;
    std::string path_;
    std::unique_ptr<Tablebases> tables_;
};

// The search's score for a table result at `ply` from the root: a mate in dtm plies from here is
// mateValue - (ply + dtm), being mated -(mateValue - (ply + dtm)), a draw 0. Mates too far for the
// search's mate range (ply + dtm >= maxPly) become the largest non-mate winning/losing score.
int searchScore(const ProbeResult& r, int ply, int mateValue, int maxPly);

} // namespace mf::tb
