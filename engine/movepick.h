#pragma once
// Staged move ordering. The picker generates lazily: the hash move first (no generation at all when
// it refutes), then captures that do not lose material by SEE (most valuable victim first), then
// the killer and counter moves, then quiet moves by history, and the losing captures last. In check
// it yields evasions; in quiescence, captures and promotions only.
#include <array>
#include <cstdint>

#include "engine/movegen.h"
#include "engine/position.h"

namespace mf {

// Quiet-move statistics the search learns during a game; `ucinewgame` clears them.
struct MoveHistory {
    static constexpr int Max = 16384;
    // Butterfly history by side, from, to.
    std::array<std::array<std::array<std::int16_t, 64>, 64>, 2> butterfly{};
    // The quiet move that refuted the previous move, by the previous move's piece and target.
    std::array<std::array<Move, 64>, 16> counterMove{};
    // Continuation history: how good a quiet move (piece, target) was as the answer to the
    // previous move (piece, target).
    using PieceToTable = std::array<std::array<std::int16_t, 64>, 16>;
    std::array<std::array<PieceToTable, 64>, 16> continuation{};

    // In place: the object is large (2 MiB), no temporary copy.
    void clear() {
        for (auto& side : butterfly) for (auto& from : side) from.fill(0);
        for (auto& piece : counterMove) piece.fill(Move::none());
        for (auto& piece : continuation)
            for (auto& to : piece)
                for (auto& row : to) row.fill(0);
    }
    int score(Color c, Move m) const { return butterfly[c][m.from()][m.to()]; }
    // Gravity update: bonuses shrink as the entry approaches ±Max, so old lessons fade.
    static void update(std::int16_t& entry, int bonus) {
        const int clamped = bonus > Max ? Max : bonus < -Max ? -Max : bonus;
        entry = static_cast<std::int16_t>(entry + clamped - entry * (clamped < 0 ? -clamped : clamped) / Max);
    }
    void update(Color c, Move m, int bonus) { update(butterfly[c][m.from()][m.to()], bonus); }
};

class MovePicker {
public:
    // Main search.
    // `continuation` is the history slice of the previous move (nullptr at the root or after a null move).
    MovePicker(const Position& pos, Move ttMove, const MoveHistory& history, Move killer1, Move killer2, Move counter,
               const MoveHistory::PieceToTable* continuation);
    // Quiescence search: captures (and promotions), or evasions when in check; with `quietChecks`
    // then also the quiet moves that give check (the first quiescence ply, to see mates).
    MovePicker(const Position& pos, Move ttMove, const MoveHistory& history, bool quietChecks);

    // The next pseudo-legal move, Move::none() when exhausted. With skipQuiets set, the picker
    // skips the quiet stages (late-move pruning); it still yields bad captures.
    Move next(bool skipQuiets = false);

private:
    enum class Stage : std::uint8_t {
        MainTt, GenCaptures, GoodCaptures, Killer1, Killer2, Counter, GenQuiets, Quiets, BadCaptures,
        EvasionTt, GenEvasions, Evasions,
        QsTt, QsGenCaptures, QsCaptures, QsGenChecks, QsChecks,
        Done
    };
    // Plain data (a raw move, not Move) so the 256-entry buffer is not initialised per node.
    struct Scored {
        std::uint16_t raw;
        int score;
        Move move() const { return Move(raw); }
    };

    void scoreCaptures(Scored* begin, Scored* end);
    void scoreQuiets(Scored* begin, Scored* end);
    void scoreEvasions(Scored* begin, Scored* end);
    Scored* generateInto(Scored* out, int kind);
    Move pickBest();
    bool isSpecial(Move m) const;

    const Position& pos_;
    const MoveHistory& history_;
    Move ttMove_;
    Move killers_[2];
    Move counter_;
    bool quietChecks_ = false;
    const MoveHistory::PieceToTable* continuation_ = nullptr;
    Stage stage_;
    Scored moves_[MaxMoves];
    Scored* cur_ = moves_;
    Scored* end_ = moves_;
    Scored* badEnd_ = moves_;  // losing captures are parked at the front of moves_
};

}  // namespace mf
