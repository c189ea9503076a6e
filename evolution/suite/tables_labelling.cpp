#include "evolution/suite/tables_labelling.h"

#include "engine/notation.h"
#include "engine/tb/probe.h"

namespace mf::suite {

namespace {
const char* wdlName(tb::Wdl wdl) {
    return wdl == tb::Wdl::Win ? "win" : wdl == tb::Wdl::Loss ? "loss" : "draw";
}
}  // namespace

std::optional<TablesLabel> labelFromTables(const tb::Tablebases& tables, const Candidate& candidate) {
    const auto ranked = tb::rankRootMoves(tables, candidate.position);
    if (ranked.empty()) return std::nullopt;
    TablesLabel label;
    const tb::ProbeResult best = ranked.front().result;
    for (const tb::RootMoveValue& v : ranked)
        if (v.result.wdl == best.wdl) label.entry.best.push_back(v.move);
    if (label.entry.best.size() == ranked.size()) return label;  // every move gives the same result
    label.verdict = Verdict::Kept;
    label.entry.position = candidate.position;
    label.entry.origin = candidate.origin;
    label.entry.comment = std::string("MateFind endgame tables: ") + wdlName(best.wdl) +
                          (best.wdl == tb::Wdl::Draw ? "" : " in " + std::to_string(best.dtm) + " plies") +
                          " with " + toSan(candidate.position, ranked.front().move) + "; " +
                          std::to_string(label.entry.best.size()) + " of " + std::to_string(ranked.size()) +
                          " moves keep the " + wdlName(best.wdl);
    return label;
}

}  // namespace mf::suite
