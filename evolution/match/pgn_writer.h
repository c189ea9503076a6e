#pragma once
// Writing a played game as PGN: the seven-tag roster (Event, Site, Date, Round, White, Black,
// Result), then SetUp/FEN, PlyCount, TimeControl, Termination and Opening; movetext in SAN with
// each searched move's score (mover's view, pawns or M<n>), depth and think time in a comment
// ("{+0.35/12 0.123s}"; opening moves say "{book}"), the ending's reason before the result.
// Lines are wrapped before 80 characters, as PGN's export format asks.

#include <string>

#include "evolution/match/game_types.h"

namespace mf::match {

struct PgnHeader {
    std::string event = "MateFind match";
    std::string site = "MateFind";
    std::string date;   // "YYYY.MM.DD"; empty: "????.??.??"
    std::string round;  // e.g. "12.2" (pair 12, game 2)
    std::string timeControl = "-";
};

std::string writePgn(const GameRecord& game, const PgnHeader& header);

// Today's date as PGN writes it (local time).
std::string pgnDateToday();

}  // namespace mf::match
