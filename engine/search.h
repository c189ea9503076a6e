#pragma once
// One search: iterative deepening over a principal-variation alpha-beta with aspiration windows,
// quiescence, a shared transposition table and the game's move history. It runs on whatever
// thread calls run(); the SearchController owns the thread. Stopping is cooperative: the search
// polls its std::stop_token and its limits, and returns the best move of the deepest work done.
#include <chrono>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval_legacy.h"
#include "engine/eval_params.h"
#include "engine/movepick.h"
#include "engine/pawn_cache.h"
#include "engine/position.h"
#include "engine/search_limits.h"
#include "engine/search_params.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace mf::tb {
class Tablebases;
}

namespace mf {

inline constexpr int MaxSearchPly = 128;
inline constexpr int MateValue = 32000;
inline constexpr int InfiniteValue = 32001;
inline constexpr int MateBound = MateValue - MaxSearchPly;  // |value| >= MateBound means a forced mate

struct SearchResult {
    Move bestMove = Move::none();
    Move ponderMove = Move::none();
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
};

// Long algebraic UCI text ("e2e4", "e7e8q", "e1g1" for castling, "0000" for none).
std::string uciMove(Move m);

// "cp 35" or "mate 3" / "mate -2" (moves, not plies), as UCI prints scores.
std::string uciScore(int value);

class Search {
public:
    using Clock = std::chrono::steady_clock;
    using Output = std::function<void(std::string_view)>;

    Search(const Position& root, const SearchLimits& limits, Clock::time_point start, int moveOverheadMs,
           TranspositionTable& tt, MoveHistory& history, const EvalParams& params, const SearchParams& searchParams,
           Output output);

    // Searches until a limit is reached or `stop` is requested; prints `info` lines through the
    // output (never `bestmove`: the caller does, it may have to wait for `stop` first).
    SearchResult run(std::stop_token stop);

    // Endgame tables to probe (positions with at most 4 pieces); nullptr: none.
    void setEndgameTables(const tb::Tablebases* tables) { tables_ = tables; }
    // Pawn-structure cache for the evaluation (only this search may use it while it runs); nullptr: none.
    void setPawnCache(PawnCache* cache) { pawnCache_ = cache; }

private:
    struct Frame {
        Move killers[2] = {Move::none(), Move::none()};
        Move move = Move::none();
        Piece movedPiece = NoPiece;
        int staticEval = 0;
        bool nullMoved = false;
    };

    int search(int alpha, int beta, int depth, int ply, bool cutNode);
    int quiescence(int alpha, int beta, int ply, int qsDepth = 0);
    bool shouldStop();
    void updateQuietStats(int ply, Move best, const Move* quiets, int quietCount, int depth);
    void updatePv(int ply, Move move);
    // Plays m from the frame of its ply (the move and the piece moved, for the continuation
    // history), the table entry of the position it leads to fetched first.
    void playMove(Frame& frame, Move m);
    // Takes a searched move's value: the best value so far when above it, and when above alpha
    // too the best move, heading the principal variation (true then: the caller raises alpha or
    // cuts off).
    bool raisesAlpha(int ply, Move m, int value, int alpha, int& bestValue, Move& bestMove);
    void reportIteration(int depth, int score);
    std::int64_t elapsedMs() const;
    bool rootMoveAllowed(Move m) const;
    // The transposition-table key: position, evaluation weights and search constants (see
    // evalWeightsKey() and searchConstantsKey()).
    std::uint64_t ttKey() const { return pos_.key() ^ tunedKey_; }

    Position pos_;
    SearchLimits limits_;
    Clock::time_point start_;
    TimePlan plan_;
    TranspositionTable& tt_;
    MoveHistory& history_;
    EvalWeights weights_;       // resolveWeights(params): what the evaluation reads at every node
    SearchConstants constants_; // the search's margins, depths and divisors (copied: fixed for the search)
    ReductionTable reductions_;
    std::uint64_t tunedKey_;    // evalWeightsKey ^ searchConstantsKey: 0 at the defaults
    Output output_;
    std::stop_token stopToken_;
    const tb::Tablebases* tables_ = nullptr;
    PawnCache* pawnCache_ = nullptr;

    std::uint64_t nodes_ = 0;
    bool stopped_ = false;   // set once on this thread, read only on this thread
    int seldepth_ = 0;
    int rootDepth_ = 0;
    Move rootBest_ = Move::none();
    int rootBestScore_ = 0;
    std::vector<Move> searchMoves_;
    Frame stack_[MaxSearchPly + 4];
    Move pv_[MaxSearchPly + 1][MaxSearchPly + 1];
    int pvLength_[MaxSearchPly + 1] = {};
};

}  // namespace mf
