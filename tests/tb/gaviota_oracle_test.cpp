// Every legal KQK, KRK, KBK, KNK and KPK position, both sides to move, against the Gaviota tables
// (Debian packages gaviotatb + libgaviotatb-dev): win/draw/loss and distance to mate must agree.
#include "engine/attacks.h"
#include "engine/tb/tablebases.h"
#include "tb_test_util.h"

#include <gtest/gtest.h>

#include <cstdlib>

#if defined(MATEFIND_HAVE_GAVIOTA)
#include <gtb-probe.h>
#endif

using namespace mf;
using namespace mf::tb;

namespace {

#if defined(MATEFIND_HAVE_GAVIOTA)
std::filesystem::path gaviotaDirectory() {
    if (const char* env = std::getenv("MATEFIND_GAVIOTA_DIR")) return env;
    return "/usr/share/gaviotatb/gtb4";
}

// Gaviota's answer for the side to move, or nullopt when it has none.
std::optional<ProbeResult> gaviota(const TbBoard& b) {
    unsigned ws[MaxTablePieces + 1], bs[MaxTablePieces + 1];
    unsigned char wp[MaxTablePieces + 1], bp[MaxTablePieces + 1];
    int nw = 0, nb = 0;
    for (int i = 0; i < b.count; ++i) {
        const unsigned char type = static_cast<unsigned char>(typeOf(b.pc[i])); // same numbering as tb_PAWN..tb_KING
        if (colorOf(b.pc[i]) == White) {
            ws[nw] = b.sq[i];
            wp[nw++] = type;
        } else {
            bs[nb] = b.sq[i];
            bp[nb++] = type;
        }
    }
    ws[nw] = tb_NOSQUARE;
    wp[nw] = tb_NOPIECE;
    bs[nb] = tb_NOSQUARE;
    bp[nb] = tb_NOPIECE;
    unsigned info = 0, plies = 0;
    const unsigned stm = b.stm == White ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE;
    if (!tb_probe_hard(stm, tb_NOSQUARE, tb_NOCASTLE, ws, bs, wp, bp, &info, &plies)) return std::nullopt;
    if (info == tb_DRAW) return ProbeResult{Wdl::Draw, 0};
    if (info != tb_WMATE && info != tb_BMATE) return std::nullopt;
    const bool sideToMoveWins = (info == tb_WMATE) == (b.stm == White);
    return ProbeResult{sideToMoveWins ? Wdl::Win : Wdl::Loss, int(plies)};
}
#endif

} // namespace

TEST(GaviotaOracle, ThreePieceTablesAgreeEverywhere) {
#if !defined(MATEFIND_HAVE_GAVIOTA)
    GTEST_SKIP() << "libgaviotatb (Debian: gaviotatb, libgaviotatb-dev) was not found when building";
#else
    const auto dir = gaviotaDirectory();
    if (!std::filesystem::exists(dir / "kqk.gtb.cp4"))
        GTEST_SKIP() << "no Gaviota tables in " << dir << " (install gaviotatb or set MATEFIND_GAVIOTA_DIR)";
    const char** paths = tbpaths_init();
    paths = tbpaths_add(paths, dir.c_str());
    tb_init(0, tb_CP4, paths);
    tbcache_init(32 * 1024 * 1024, 10);
    ASSERT_TRUE(tb_availability() & 3) << "Gaviota reports no complete 3-piece set in " << dir;

    attacks::init();
    const auto scratch = test::scratchDirectory("gaviota");
    Tablebases tables(scratch);
    for (const char* name : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
        const Table* table = tables.require(name);
        ASSERT_TRUE(table);
        const TableSpec& spec = table->spec();
        long compared = 0, mismatches = 0;
        for (int wk = 0; wk < 64; ++wk)
            for (int bk = 0; bk < 64; ++bk)
                for (int s = 0; s < 64; ++s)
                    for (Color c : {White, Black}) {
                        Placement p;
                        p.whiteKing = Square(wk);
                        p.blackKing = Square(bk);
                        p.slot[0] = Square(s);
                        if (!kingsLegal(p.whiteKing, p.blackKing) || s == wk || s == bk) continue;
                        if (typeOf(spec.slots[0]) == Pawn && (rankOf(Square(s)) == 0 || rankOf(Square(s)) == 7)) continue;
                        const TbBoard b = TbBoard::fromPlacement(spec, p, c);
                        if (!b.legal()) continue;
                        const auto ours = tables.probe(b);
                        const auto theirs = gaviota(b);
                        ASSERT_TRUE(ours) << test::fenOf(b);
                        ASSERT_TRUE(theirs) << "Gaviota has no value for " << test::fenOf(b);
                        ++compared;
                        if (*ours != *theirs && ++mismatches <= 10)
                            ADD_FAILURE() << test::fenOf(b) << ": ours " << int(ours->wdl) << " dtm " << ours->dtm
                                          << ", Gaviota " << int(theirs->wdl) << " dtm " << theirs->dtm;
                    }
        EXPECT_EQ(mismatches, 0) << name;
        EXPECT_GT(compared, 0) << name;
        std::cout << name << ": " << compared << " positions compared with Gaviota\n";
    }
    tbcache_done();
    tb_done();
    tbpaths_done(paths);
    std::filesystem::remove_all(scratch);
#endif
}
