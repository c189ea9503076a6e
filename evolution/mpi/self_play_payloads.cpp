#include "evolution/mpi/self_play_payloads.h"

#include "engine/notation.h"
#include "evolution/wire/wire_values.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

namespace {

constexpr std::string_view kJob = "self-play game job";
constexpr std::string_view kOutcome = "self-play game outcome";

void writeReport(Writer& out, const suite::SelfPlayReport& report) {
    for (int count : {report.unbalanced, report.failedSearches, report.cutByNoMove, report.cutPastDeadline,
                      report.atPlyLimit, report.recoveredSearches})
        out.i64(count);
    out.strings(report.failures);
    out.strings(report.recoveries);
}

suite::SelfPlayReport readReport(Reader& in) {
    suite::SelfPlayReport report;
    report.unbalanced = in.i32("unbalanced");
    report.failedSearches = in.i32("failed searches");
    report.cutByNoMove = in.i32("cut by no move");
    report.cutPastDeadline = in.i32("cut past the deadline");
    report.atPlyLimit = in.i32("at the ply limit");
    report.recoveredSearches = in.i32("recovered searches");
    report.failures = in.strings("failures");
    report.recoveries = in.strings("recoveries");
    return report;
}

// The game's moves, replayed from its start: a move that is not legal there fails the field.
std::vector<Move> readMoves(Reader& in, const Position& start) {
    const std::vector<std::string> texts = in.strings("moves");
    std::vector<Move> moves;
    Position pos = start;
    for (std::size_t i = 0; i < texts.size() && in.ok(); ++i) {
        auto move = parseUciMove(pos, texts[i]);
        if (!move) {
            in.fail("move " + std::to_string(i + 1), "'" + texts[i] + "' is not legal: " + move.error().message);
            break;
        }
        pos.doMove(*move);
        moves.push_back(*move);
    }
    return moves;
}

}  // namespace

std::string encode(const SelfPlayGameJob& job) {
    Writer out;
    const suite::SelfPlayConfig& c = job.config;
    out.i64(job.index);
    out.u64(c.seed);
    out.i64(c.randomPlies);
    out.i64(c.maxPlies);
    writeLimit(out, c.limit);
    out.i64(c.openingWindow);
    out.i64(c.adjudicateCp);
    out.i64(c.adjudicatePlies);
    return out.take();
}

Result<SelfPlayGameJob> decodeSelfPlayGameJob(std::string_view bytes) {
    Reader in(bytes);
    SelfPlayGameJob job;
    suite::SelfPlayConfig& c = job.config;
    job.index = in.i32("index");
    c.seed = in.u64("seed");
    c.randomPlies = in.i32("random plies");
    c.maxPlies = in.i32("max plies");
    c.limit = readLimit(in);
    c.openingWindow = in.i32("opening window");
    c.adjudicateCp = in.i32("adjudicate cp");
    c.adjudicatePlies = in.i32("adjudicate plies");
    if (in.ok() && job.index < 0) in.fail("index", "negative (" + std::to_string(job.index) + ")");
    return finish(in, std::move(job), kJob);
}

std::string encode(const suite::GameOutcome& outcome) {
    Writer out;
    out.i64(outcome.index);
    out.boolean(outcome.ended);
    out.boolean(outcome.dropped);
    out.string(outcome.record.name);
    out.string(outcome.record.start.fen());
    std::vector<std::string> moves;
    for (Move m : outcome.record.moves) moves.push_back(toUci(m));
    out.strings(moves);
    out.string(outcome.record.result);
    out.i64(outcome.record.adjudicatedFromPly);
    writeReport(out, outcome.report);
    return out.take();
}

Result<suite::GameOutcome> decodeGameOutcome(std::string_view bytes) {
    Reader in(bytes);
    suite::GameOutcome outcome;
    outcome.index = in.i32("index");
    outcome.ended = in.boolean("ended");
    outcome.dropped = in.boolean("dropped");
    outcome.record.name = in.string("name");
    const std::string fen = in.string("start");
    if (in.ok()) {
        if (auto start = Position::fromFen(fen)) outcome.record.start = *start;
        else in.fail("start", "'" + fen + "' is not a position: " + start.error().message);
    }
    if (in.ok()) outcome.record.moves = readMoves(in, outcome.record.start);
    outcome.record.result = in.string("result");
    if (in.ok() && outcome.record.result != "1-0" && outcome.record.result != "0-1" &&
        outcome.record.result != "1/2-1/2" && outcome.record.result != "*")
        in.fail("result", "'" + outcome.record.result + "' is not 1-0, 0-1, 1/2-1/2 or *");
    outcome.record.adjudicatedFromPly = in.i32("adjudicated from ply");
    outcome.report = readReport(in);
    return finish(in, std::move(outcome), kOutcome);
}

}  // namespace mf::mpi
