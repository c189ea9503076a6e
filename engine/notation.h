// Moves as text: UCI long algebraic (e2e4, e7e8q) and SAN (Nbd7, exd6, e8=Q+, O-O-O#).
#pragma once

#include "engine/position.h"
#include "engine/result.h"

#include <string>
#include <string_view>

namespace mf {

std::string toUci(Move m);          // "0000" for Move::none()
std::string squareName(Square s);   // "e4"
// A legal move of pos written in UCI notation; the error says why the text is not one.
Result<Move> parseUciMove(const Position& pos, std::string_view text);

// Standard algebraic notation of a legal move: minimal disambiguation (file, else rank, else
// both), "=Q" promotions, O-O / O-O-O, and a '+' or '#' suffix.
std::string toSan(const Position& pos, Move m);
// Reads SAN tolerantly: e8=Q, e8Q, e8(Q), 0-0, o-o, trailing !?+# and annotations, "exd6 e.p.",
// long forms such as Ng1-f3 or Ng1f3, and plain UCI moves. An ambiguous or illegal move is an
// error naming the text and, when ambiguous, the candidates.
Result<Move> parseSan(const Position& pos, std::string_view text);

} // namespace mf
