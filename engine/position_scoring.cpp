#include "engine/position_scoring.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <type_traits>

#include "engine/eval.h"
#include "engine/movepick.h"
#include "engine/search_see.h"
#include "engine/text.h"

namespace mf {

namespace {

constexpr int Infinite = 32001;
constexpr int MaxQuiescencePly = 64;

// Empty: the picker then orders captures by victim and attacker only, the same every time.
const MoveHistory& emptyHistory() {
    static const MoveHistory history{};
    return history;
}

// The position whose score a quiescence search returns, as the moves that lead to it from the
// node searched: the stand-pat position, or the leaf of the child that set the node's value. A
// fail-soft search returns a leaf's value exactly (negated per ply), never a bound of its own, so
// the root's score is +-the static evaluation of this leaf. Fixed: a mate or an in-check ply
// limit, whose score has no weight in it.
struct QuiescenceLeaf {
    bool fixed = false;
    int length = 0;
    Move moves[MaxQuiescencePly];

    void standHere(bool fixedScore) {
        fixed = fixedScore;
        length = 0;
    }
    void takeChild(Move m, const QuiescenceLeaf& child) {
        fixed = child.fixed;
        moves[0] = m;
        std::copy(child.moves, child.moves + child.length, moves + 1);
        length = child.length + 1;
    }
};

// With TrackLeaf, `leaf` receives the leaf of the returned value; without, it is not touched (the
// fast path pays nothing for traces).
template <bool TrackLeaf>
int quiescence(Position& pos, const EvalWeights& params, int alpha, int beta, int ply, Move* best, std::uint64_t& nodes,
               QuiescenceLeaf* leaf) {
    ++nodes;
    const bool inCheck = pos.inCheck();
    if (ply >= MaxQuiescencePly) {
        if constexpr (TrackLeaf) leaf->standHere(inCheck);
        return inCheck ? 0 : evaluate(pos, params);
    }
    int bestValue = -Infinite;
    int staticEval = 0;
    if constexpr (TrackLeaf) leaf->standHere(false);
    if (!inCheck) {
        staticEval = evaluate(pos, params);
        bestValue = staticEval;
        if (bestValue >= beta) return bestValue;  // stand pat
        alpha = std::max(alpha, bestValue);
    }
    MovePicker picker(pos, Move::none(), emptyHistory(), false);
    int legal = 0;
    [[maybe_unused]] std::conditional_t<TrackLeaf, QuiescenceLeaf, char> childLeaf;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (!pos.isLegal(m)) continue;
        ++legal;
        // Captures that lose material are not worth resolving (the search prunes them too).
        if (!inCheck && !seeAtLeast(pos, m, 0)) continue;
        pos.doMove(m);
        int value = 0;
        if constexpr (TrackLeaf) value = -quiescence<true>(pos, params, -beta, -alpha, ply + 1, nullptr, nodes, &childLeaf);
        else value = -quiescence<false>(pos, params, -beta, -alpha, ply + 1, nullptr, nodes, nullptr);
        pos.undoMove(m);
        if (value > bestValue) {
            bestValue = value;
            if constexpr (TrackLeaf) leaf->takeChild(m, childLeaf);
            if (value > alpha) {
                if (best) *best = m;
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    if (inCheck && legal == 0) {
        if constexpr (TrackLeaf) leaf->standHere(true);
        return -QuiescenceMateClamp + ply;
    }
    return bestValue;
}

// What a position's trace is made of: its score (White's view) and its coefficients, White's view.
PositionTrace traceOf(int scoreWhite, const LinearForm& whiteView, const EvalParams& params) {
    PositionTrace trace;
    trace.scoreWhite = scoreWhite;
    trace.constant = scoreWhite;
    const auto terms = evalTerms();
    for (const LinearForm::Entry& e : whiteView.entries()) {
        // Rounded to the precision of the wire and of MateFind's table, before the constant is
        // taken against it: constant + sum(V x weight) is then the score exactly at `params`.
        const float coefficient = static_cast<float>(e.coefficient);
        if (coefficient == 0.0f) continue;
        trace.coefficients.push_back({e.term, coefficient});
        trace.constant -= double(coefficient) * params.at(terms[e.term].index);
    }
    return trace;
}

}  // namespace

int staticScoreWhite(const Position& pos, const EvalWeights& weights) {
    const int v = evaluate(pos, weights);
    return pos.sideToMove() == White ? v : -v;
}

int staticScoreWhite(const Position& pos, const EvalParams& params) { return staticScoreWhite(pos, resolveWeights(params)); }

QuiescenceResult quiescenceScore(const Position& pos, const EvalWeights& weights) {
    Position work = pos;
    QuiescenceResult r;
    const int v = std::clamp(quiescence<false>(work, weights, -Infinite, Infinite, 0, &r.bestMove, r.nodes, nullptr),
                             -QuiescenceMateClamp, QuiescenceMateClamp);
    r.scoreWhite = pos.sideToMove() == White ? v : -v;
    return r;
}

QuiescenceResult quiescenceScore(const Position& pos, const EvalParams& params) {
    return quiescenceScore(pos, resolveWeights(params));
}

namespace {

// The traces with the weights resolved once (for the many positions of a trace).
struct ResolvedParams {
    const EvalParams& params;
    EvalWeights weights;
    std::vector<LinearForm> forms;
    explicit ResolvedParams(const EvalParams& p) : params(p), weights(resolveWeights(p)), forms(resolveWeightForms(p)) {}
};

PositionTrace traceStaticWith(const Position& pos, const ResolvedParams& r) {
    LinearForm view = evaluateLinear(pos, r.forms);
    if (pos.sideToMove() == Black) view = -view;
    return traceOf(view.value(), view, r.params);
}

PositionTrace traceQuiescenceWith(const Position& pos, const ResolvedParams& r) {
    Position leafPosition = pos;
    QuiescenceLeaf leaf;
    std::uint64_t nodes = 0;
    const int v = std::clamp(quiescence<true>(leafPosition, r.weights, -Infinite, Infinite, 0, nullptr, nodes, &leaf),
                             -QuiescenceMateClamp, QuiescenceMateClamp);
    const int scoreWhite = pos.sideToMove() == White ? v : -v;
    if (leaf.fixed) return traceOf(scoreWhite, LinearForm(scoreWhite), r.params);
    for (int i = 0; i < leaf.length; ++i) leafPosition.doMove(leaf.moves[i]);
    return traceStaticWith(leafPosition, r);
}

}  // namespace

PositionTrace traceStatic(const Position& pos, const EvalParams& params) {
    return traceStaticWith(pos, ResolvedParams(params));
}

PositionTrace traceQuiescence(const Position& pos, const EvalParams& params) {
    return traceQuiescenceWith(pos, ResolvedParams(params));
}

std::string PositionScorer::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return path + ": cannot open";
    std::vector<Position> positions;
    int lineNumber = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNumber;
        std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        // The board, side, castling and en-passant fields; the move counters when numeric.
        std::string fen;
        std::size_t at = 0;
        for (int field = 0; field < 6 && at < text.size(); ++field) {
            const std::size_t end = std::min(text.find_first_of(" \t", at), text.size());
            const std::string_view word = text.substr(at, end - at);
            if (field >= 4 && (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })))
                break;
            if (!fen.empty()) fen += ' ';
            fen += word;
            at = text.find_first_not_of(" \t", end);
            if (at == std::string_view::npos) break;
        }
        auto pos = Position::fromFen(fen);
        if (!pos) return path + ":" + std::to_string(lineNumber) + ": " + pos.error().message;
        // A FEN read keeps room for a search's states (some 10 KB); a scoring copies the position
        // and searches the copy, so a loaded one needs its board and one state (the fast path's
        // 65,536 positions a process: 330 MB with the room, see docs/evalfit.md).
        pos->forgetHistory();
        positions.push_back(std::move(*pos));
    }
    positions_ = std::move(positions);
    loaded_ = true;
    return {};
}

std::size_t PositionScorer::heldBytes() const {
    std::size_t bytes = positions_.capacity() * sizeof(Position);
    for (const Position& pos : positions_) bytes += pos.historyBytes();
    return bytes;
}

std::vector<int> PositionScorer::score(const EvalParams& params, PositionScoreKind kind, std::uint64_t* nodes) const {
    std::vector<int> scores;
    scores.reserve(positions_.size());
    std::uint64_t total = 0;
    const EvalWeights weights = resolveWeights(params);
    for (const Position& pos : positions_) {
        if (kind == PositionScoreKind::Static) {
            scores.push_back(staticScoreWhite(pos, weights));
            ++total;
        } else {
            const QuiescenceResult r = quiescenceScore(pos, weights);
            scores.push_back(r.scoreWhite);
            total += r.nodes;
        }
    }
    if (nodes) *nodes = total;
    return scores;
}

void PositionScorer::trace(const EvalParams& params, PositionScoreKind kind,
                           const std::function<void(const PositionTrace&)>& each) const {
    const ResolvedParams resolved(params);
    for (const Position& pos : positions_)
        each(kind == PositionScoreKind::Static ? traceStaticWith(pos, resolved) : traceQuiescenceWith(pos, resolved));
}

namespace {

// The shortest decimal that reads back as the same value (std::to_chars without a precision).
template <class Number>
void appendShortest(std::string& out, Number value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    out.append(buffer, end);
}

// `evalfit trace`: the term table, a line per position, the closing count.
void printTrace(const PositionScorer& scorer, const EvalParams& params, PositionScoreKind kind,
                const std::function<void(std::string_view)>& print) {
    const auto terms = evalTerms();
    print("evalfit terms " + std::to_string(terms.size()));
    for (std::size_t i = 0; i < terms.size(); ++i) print("evalfit term " + std::to_string(i) + " " + std::string(terms[i].name));
    std::string line;
    line.reserve(evalfitTraceLineBytes(terms.size()));
    std::size_t count = 0;
    scorer.trace(params, kind, [&](const PositionTrace& trace) {
        line = "evalfit t ";
        appendShortest(line, trace.constant);
        for (const TermCoefficient& c : trace.coefficients) {
            line += ' ';
            line += std::to_string(c.term);
            line += ':';
            appendShortest(line, c.coefficient);
        }
        print(line);
        ++count;
    });
    print("evalfit traced " + std::to_string(count));
}

std::optional<PositionScoreKind> scoreKind(std::string_view word) {
    if (word.empty() || word == "quiescence") return PositionScoreKind::Quiescence;
    if (word == "static") return PositionScoreKind::Static;
    return std::nullopt;
}

}  // namespace

void evalfitCommand(PositionScorer& scorer, const EvalParams& params, std::string_view args,
                    const std::function<void(std::string_view)>& print) {
    args = trim(args);
    const std::size_t space = std::min(args.find(' '), args.size());
    const std::string_view sub = args.substr(0, space);
    const std::string_view rest = trim(args.substr(space));
    if (sub == "load") {
        if (rest.empty()) return print("evalfit error load needs a file");
        if (std::string error = scorer.load(std::string(rest)); !error.empty()) return print("evalfit error " + error);
        return print("evalfit loaded " + std::to_string(scorer.size()));
    }
    if (sub == "scores" || sub == "trace") {
        const std::optional<PositionScoreKind> kind = scoreKind(rest);
        if (!kind)
            return print("evalfit error " + std::string(sub) + " takes 'static' or 'quiescence', not '" + std::string(rest) + "'");
        if (sub == "trace") {
            if (!scorer.loaded()) return print("evalfit error trace: no positions loaded (evalfit load PATH first)");
            return printTrace(scorer, params, *kind, print);
        }
        const std::vector<int> scores = scorer.score(params, *kind);
        std::string line;
        for (std::size_t i = 0; i < scores.size(); ++i) {
            if (i % EvalfitValuesPerLine == 0) line = "evalfit part";
            line += ' ';
            line += std::to_string(scores[i]);
            if ((i + 1) % EvalfitValuesPerLine == 0 || i + 1 == scores.size()) print(line);
        }
        return print("evalfit scores " + std::to_string(scores.size()));
    }
    print("evalfit error unknown subcommand '" + std::string(sub) +
          "' (load PATH | scores [static|quiescence] | trace [static|quiescence])");
}

}  // namespace mf
