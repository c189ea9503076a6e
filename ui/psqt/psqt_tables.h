#pragma once
// The piece-square tables of a genome, read from its terms' names by the naming contract
// `Psqt.<Pawn|Knight|Bishop|Rook|Queen|King>.<Mg|Eg>.<square>` (White's view). The engine's
// tables are mirrored left to right: an entry on files a-d stands for its own square and the
// mirrored one (d4 for d4 and e4), so both halves of a board are filled from it. Pawns have ranks
// 2-7 only; squares no term names stay empty.
#include "evolution/ga/genome.h"

#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace mf::ui {

using BoardValues = std::array<std::optional<int>, 64>;  // index rank * 8 + file, a1 = 0, h8 = 63

struct PsqtTable {
    int piece = 0;  // 0 pawn .. 5 king
    int phase = 0;  // 0 middle game, 1 end game
    BoardValues start;    // the genome's defaults
    BoardValues current;  // the values shown against them (the run's best)
    QString title() const;  // "Knight, middle game"
};

// Where one term goes: its piece, phase and square (file 0..7, rank 0..7), if it is a PST entry.
struct PsqtSquare {
    int piece = 0;
    int phase = 0;
    int file = 0;
    int rank = 0;
};
std::optional<PsqtSquare> psqtSquareOf(const ga::Term& term);

// True when some term of `genome` is a piece-square entry.
bool hasPsqt(const ga::Genome& genome);

// One table per piece and phase that has an entry, pawn to king, middle game before end game.
// `current` holds one value per term (a chromosome's values); empty: the defaults on both sides.
std::vector<PsqtTable> psqtTables(const ga::Genome& genome, const std::vector<int>& current);

QString pieceName(int piece);  // "Knight"

}  // namespace mf::ui
