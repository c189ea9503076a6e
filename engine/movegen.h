// Move generation by kind, so a search can generate lazily, stage by stage:
//   Captures     captures, en passant and every promotion (queen and under-promotions, quiet or not)
//   Quiets       non-capturing moves except promotions, castling included
//   Evasions     moves that may get the king out of check (only when in check)
//   NonEvasions  Captures + Quiets (only when not in check)
//   Legal        all legal moves
// All but Legal are pseudo-legal: check with Position::isLegalAssumingPseudoLegal before playing.
#pragma once

#include "engine/position.h"
#include "engine/types.h"

#include <algorithm>

namespace mf {

enum class GenType { Captures, Quiets, Evasions, NonEvasions, Legal };

// Writes the moves from out onwards and returns the end; out needs room for MaxMoves moves.
template<GenType Type>
Move* generate(const Position& pos, Move* out);
template<> Move* generate<GenType::Captures>(const Position&, Move*);
template<> Move* generate<GenType::Quiets>(const Position&, Move*);
template<> Move* generate<GenType::Evasions>(const Position&, Move*);
template<> Move* generate<GenType::NonEvasions>(const Position&, Move*);
template<> Move* generate<GenType::Legal>(const Position&, Move*);

// Number of legal moves, computed without listing them (faster than generate<Legal>).
int countLegalMoves(const Position& pos);

// The legal moves of a position.
struct MoveList {
    explicit MoveList(const Position& pos) : size_(int(generate<GenType::Legal>(pos, moves_) - moves_)) {}
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
    Move operator[](int i) const { return moves_[i]; }

private:
    Move moves_[MaxMoves];
    int size_;
};

} // namespace mf
