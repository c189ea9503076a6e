#include "evolution/match/make_openings.h"

#include <cstdlib>
#include <set>

#include "engine/notation.h"
#include "engine/random.h"
#include "evolution/match/rules.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/labelling.h"
#include "evolution/suite/random_opening.h"

namespace mf::match {
namespace {

struct Live {
    std::size_t index = 0;
    Position pos = Position::startPosition();
    std::vector<std::string> moves;
    bool dropped = false;
};

uci::SearchRequest requestFor(const Live& live, const uci::SearchLimit& limit) {
    uci::SearchRequest request;
    request.id = live.index;
    request.fen = std::string(Position::StartFen);
    request.moves = live.moves;
    request.limit = limit;
    return request;
}

// The results of one batch for the live candidates, by their position in `chunk`.
std::vector<uci::SearchResult> searchAll(uci::SearchService& engine, std::vector<Live>& chunk,
                                         const uci::SearchLimit& limit, std::stop_token stop) {
    std::vector<uci::SearchRequest> requests;
    for (std::size_t k = 0; k < chunk.size(); ++k)
        if (!chunk[k].dropped) {
            requests.push_back(requestFor(chunk[k], limit));
            requests.back().id = k;
        }
    std::vector<uci::SearchResult> results(chunk.size());
    auto batch = engine.submit(std::move(requests), stop);
    batch->wait();
    for (const auto& r : batch->results()) results[std::size_t(r.id)] = r;
    return results;
}

}  // namespace

std::vector<MadeOpening> makeOpenings(uci::SearchService& engine, const MakeOpeningsConfig& config,
                                      MakeOpeningsReport& report, const std::function<void(int, int)>& progress,
                                      std::stop_token stop) {
    std::vector<MadeOpening> kept;
    std::set<std::string> seen;
    const Position start = Position::startPosition();
    // Enough candidates per batch to keep every worker busy.
    const std::size_t chunkSize = std::max<std::size_t>(16, 4 * engine.workers());
    for (std::size_t first = 0; int(kept.size()) < config.count && int(first) < config.maxCandidates && !stop.stop_requested();
         first += chunkSize) {
        std::vector<Live> chunk;
        for (std::size_t i = first; i < first + chunkSize && int(i) < config.maxCandidates; ++i) {
            Live live;
            live.index = i;
            Random rng(suite::mixSeed(config.seed, i));
            for (Move m : suite::randomOpening(rng, start, config.randomPlies)) {
                live.moves.push_back(toUci(m));
                live.pos.doMove(m);
            }
            chunk.push_back(std::move(live));
            ++report.candidates;
        }
        for (int ply = 0; ply < config.enginePlies; ++ply) {
            auto results = searchAll(engine, chunk, config.playLimit, stop);
            for (std::size_t k = 0; k < chunk.size(); ++k) {
                Live& live = chunk[k];
                if (live.dropped) continue;
                const auto& r = results[k];
                auto move = r.status == uci::SearchStatus::Completed ? parseUciMove(live.pos, r.bestMove) : Result<Move>(Error{"failed"});
                if (!move) {
                    live.dropped = true;
                    ++report.failed;
                    continue;
                }
                live.pos.doMove(*move);
                live.moves.push_back(r.bestMove);
                if (ruleEnding(live.pos)) {
                    live.dropped = true;
                    ++report.ended;
                }
            }
        }
        auto checks = searchAll(engine, chunk, config.checkLimit, stop);
        for (std::size_t k = 0; k < chunk.size() && int(kept.size()) < config.count; ++k) {
            Live& live = chunk[k];
            if (live.dropped) continue;
            const auto& r = checks[k];
            if (r.status != uci::SearchStatus::Completed || !r.score) {
                ++report.failed;
                continue;
            }
            const int cp = suite::toCentipawns(*r.score);
            if (r.score->kind == uci::ScoreKind::Mate || std::abs(cp) > config.windowCp) {
                ++report.unbalanced;
                continue;
            }
            if (!seen.insert(live.pos.epdFields()).second) {
                ++report.duplicates;
                continue;
            }
            kept.push_back(MadeOpening{live.pos.fen(), cp, live.moves});
        }
        report.kept = int(kept.size());
        if (progress) progress(report.kept, report.candidates);
    }
    return kept;
}

std::string openingsEpd(const std::vector<MadeOpening>& openings, const std::vector<std::string>& headerComments) {
    std::string out;
    for (const auto& line : headerComments) out += "# " + line + "\n";
    int number = 0;
    for (const auto& opening : openings) {
        ++number;
        auto pos = Position::fromFen(opening.fen);
        if (!pos) continue;
        // The moves in SAN, numbered, for a reader of the file.
        std::string line;
        Position replay = Position::startPosition();
        for (std::size_t i = 0; i < opening.moves.size(); ++i) {
            auto move = parseUciMove(replay, opening.moves[i]);
            if (!move) break;
            if (i % 2 == 0) line += (line.empty() ? "" : " ") + std::to_string(i / 2 + 1) + ".";
            line += " " + toSan(replay, *move);
            replay.doMove(*move);
        }
        out += pos->epdFields() + " hmvc " + std::to_string(pos->rule50()) + "; fmvn " +
               std::to_string(pos->fullMoveNumber()) + "; id \"matefind-opening-" + std::to_string(number) +
               "\"; c0 \"score " + (opening.scoreCp > 0 ? "+" : "") + std::to_string(opening.scoreCp) +
               " cp\"; c1 \"" + line + "\";\n";
    }
    return out;
}

}  // namespace mf::match
