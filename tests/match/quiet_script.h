#pragma once
// A scripted game for the fake engine's "Script" option (tests/uci/fake_engine.cpp) that is long
// enough for a clock's period: 44 quiet, legal moves a side from the start position (pawns one
// step and then another, every piece out, rooks along the third and sixth ranks, back again) that
// end in threefold repetition at ply 88 (the knights go out and back twice). No capture, no check,
// and no fifty-move draw before it: a game played on it lasts exactly 88 plies unless a side
// forfeits, so 40 moves of each side cross the first period of a "40/..." clock.

namespace mf::match::testing {

inline constexpr const char* kQuietScript =
    "a2a3 a7a6 b2b3 b7b6 c2c3 c7c6 d2d3 d7d6 e2e3 e7e6 f2f3 f7f6 g2g3 g7g6 h2h3 h7h6 "
    "a3a4 a6a5 b3b4 b6b5 c3c4 c6c5 d3d4 d6d5 e3e4 e6e5 f3f4 f6f5 g3g4 g6g5 h3h4 h6h5 "
    "b1d2 b8d7 g1e2 g8e7 c1b2 c8b7 f1g2 f8g7 d1c2 d8c7 e1f1 e8f8 h1h3 h8h6 a1a3 a8a6 "
    "a3b3 a6b6 b3c3 b6c6 c3d3 c6d6 h3g3 h6g6 g3f3 g6f6 f3e3 f6e6 d2f3 d7f6 e2c3 e7c6 "
    "c2d1 c7d8 f1e1 f8e8 b2a1 b7a8 g2h1 g7h8 d3d2 d6d7 e3e2 e6e7 e1f1 e8f8 d1c2 d8c7 "
    "f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6";
inline constexpr int kQuietScriptPlies = 88;

}  // namespace mf::match::testing
