#include "engine/tb/tb_board.h"

namespace mf::tb {

TbBoard TbBoard::fromPlacement(const TableSpec& spec, const Placement& p, Color stm) {
    TbBoard b;
    b.stm = stm;
    b.sq[0] = p.whiteKing;
    b.pc[0] = WKing;
    b.sq[1] = p.blackKing;
    b.pc[1] = BKing;
    b.count = 2;
    for (Piece piece : spec.slots) {
        b.sq[b.count] = p.slot[b.count - 2];
        b.pc[b.count] = piece;
        ++b.count;
    }
    return b;
}

Placement TbBoard::placement() const {
    Placement p;
    p.whiteKing = sq[0];
    p.blackKing = sq[1];
    for (int i = 2; i < count; ++i) p.slot[i - 2] = sq[i];
    return p;
}

} // namespace mf::tb
