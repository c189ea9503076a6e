// The defaults of the evaluation terms (eval_layout.h slot order): written by
// scripts/write-eval-defaults.py from `matefind-engine terms`; do not edit by hand.
// Tuned by MateFind on 2026-11-27: evalfit on 1,007,313 self-play positions (seeds 1 and 3) on the trace path,
// a 32 x 10 GA and 1000 steps of the gradient polish from the 30-weight evaluation's values (README, "The full
// evaluation, tuned on a million positions"); E 0.110757 -> 0.108003, held-out E 0.108421 -> 0.107130.
#include "engine/eval_defaults.h"

namespace mf {

const std::array<int, layout::SlotCount>& defaultTermValues() {
    static constexpr std::array<int, layout::SlotCount> Values = {
        75,  // Material.Pawn.Mg
        126,  // Material.Pawn.Eg
        256,  // Material.Knight.Mg
        346,  // Material.Knight.Eg
        265,  // Material.Bishop.Mg
        346,  // Material.Bishop.Eg
        354,  // Material.Rook.Mg
        647,  // Material.Rook.Eg
        847,  // Material.Queen.Mg
        1195,  // Material.Queen.Eg
        -845,  // Psqt.Pawn.Mg.a2
        -412,  // Psqt.Pawn.Eg.a2
        93,  // Psqt.Pawn.Mg.b2
        -459,  // Psqt.Pawn.Eg.b2
        -330,  // Psqt.Pawn.Mg.c2
        -107,  // Psqt.Pawn.Eg.c2
        -743,  // Psqt.Pawn.Mg.d2
        -96,  // Psqt.Pawn.Eg.d2
        -639,  // Psqt.Pawn.Mg.a3
        -32,  // Psqt.Pawn.Eg.a3
        -118,  // Psqt.Pawn.Mg.b3
        -633,  // Psqt.Pawn.Eg.b3
        -281,  // Psqt.Pawn.Mg.c3
        -77,  // Psqt.Pawn.Eg.c3
        -535,  // Psqt.Pawn.Mg.d3
        251,  // Psqt.Pawn.Eg.d3
        -824,  // Psqt.Pawn.Mg.a4
        193,  // Psqt.Pawn.Eg.a4
        -250,  // Psqt.Pawn.Mg.b4
        -109,  // Psqt.Pawn.Eg.b4
        -233,  // Psqt.Pawn.Mg.c4
        -269,  // Psqt.Pawn.Eg.c4
        2,  // Psqt.Pawn.Mg.d4
        -104,  // Psqt.Pawn.Eg.d4
        -795,  // Psqt.Pawn.Mg.a5
        320,  // Psqt.Pawn.Eg.a5
        -328,  // Psqt.Pawn.Mg.b5
        249,  // Psqt.Pawn.Eg.b5
        -452,  // Psqt.Pawn.Mg.c5
        146,  // Psqt.Pawn.Eg.c5
        77,  // Psqt.Pawn.Mg.d5
        -100,  // Psqt.Pawn.Eg.d5
        -525,  // Psqt.Pawn.Mg.a6
        172,  // Psqt.Pawn.Eg.a6
        349,  // Psqt.Pawn.Mg.b6
        763,  // Psqt.Pawn.Eg.b6
        -389,  // Psqt.Pawn.Mg.c6
        964,  // Psqt.Pawn.Eg.c6
        -386,  // Psqt.Pawn.Mg.d6
        1483,  // Psqt.Pawn.Eg.d6
        1368,  // Psqt.Pawn.Mg.a7
        -449,  // Psqt.Pawn.Eg.a7
        -679,  // Psqt.Pawn.Mg.b7
        548,  // Psqt.Pawn.Eg.b7
        -94,  // Psqt.Pawn.Mg.c7
        1083,  // Psqt.Pawn.Eg.c7
        1414,  // Psqt.Pawn.Mg.d7
        720,  // Psqt.Pawn.Eg.d7
        -1200,  // Psqt.Knight.Mg.a1
        -1392,  // Psqt.Knight.Eg.a1
        -312,  // Psqt.Knight.Mg.b1
        -837,  // Psqt.Knight.Eg.b1
        -97,  // Psqt.Knight.Mg.c1
        -731,  // Psqt.Knight.Eg.c1
        166,  // Psqt.Knight.Mg.d1
        -503,  // Psqt.Knight.Eg.d1
        207,  // Psqt.Knight.Mg.a2
        -882,  // Psqt.Knight.Eg.a2
        747,  // Psqt.Knight.Mg.b2
        -918,  // Psqt.Knight.Eg.b2
        713,  // Psqt.Knight.Mg.c2
        -978,  // Psqt.Knight.Eg.c2
        607,  // Psqt.Knight.Mg.d2
        -297,  // Psqt.Knight.Eg.d2
        221,  // Psqt.Knight.Mg.a3
        -173,  // Psqt.Knight.Eg.a3
        344,  // Psqt.Knight.Mg.b3
        -217,  // Psqt.Knight.Eg.b3
        487,  // Psqt.Knight.Mg.c3
        270,  // Psqt.Knight.Eg.c3
        1161,  // Psqt.Knight.Mg.d3
        156,  // Psqt.Knight.Eg.d3
        94,  // Psqt.Knight.Mg.a4
        615,  // Psqt.Knight.Eg.a4
        177,  // Psqt.Knight.Mg.b4
        -366,  // Psqt.Knight.Eg.b4
        300,  // Psqt.Knight.Mg.c4
        712,  // Psqt.Knight.Eg.c4
        518,  // Psqt.Knight.Mg.d4
        749,  // Psqt.Knight.Eg.d4
        -806,  // Psqt.Knight.Mg.a5
        -407,  // Psqt.Knight.Eg.a5
        321,  // Psqt.Knight.Mg.b5
        403,  // Psqt.Knight.Eg.b5
        474,  // Psqt.Knight.Mg.c5
        679,  // Psqt.Knight.Eg.c5
        471,  // Psqt.Knight.Mg.d5
        1207,  // Psqt.Knight.Eg.d5
        -139,  // Psqt.Knight.Mg.a6
        -1208,  // Psqt.Knight.Eg.a6
        647,  // Psqt.Knight.Mg.b6
        -48,  // Psqt.Knight.Eg.b6
        -205,  // Psqt.Knight.Mg.c6
        1023,  // Psqt.Knight.Eg.c6
        -57,  // Psqt.Knight.Mg.d6
        320,  // Psqt.Knight.Eg.d6
        -1259,  // Psqt.Knight.Mg.a7
        -1300,  // Psqt.Knight.Eg.a7
        -1300,  // Psqt.Knight.Mg.b7
        52,  // Psqt.Knight.Eg.b7
        -1162,  // Psqt.Knight.Mg.c7
        -228,  // Psqt.Knight.Eg.c7
        608,  // Psqt.Knight.Mg.d7
        -203,  // Psqt.Knight.Eg.d7
        -1576,  // Psqt.Knight.Mg.a8
        -1392,  // Psqt.Knight.Eg.a8
        609,  // Psqt.Knight.Mg.b8
        -1048,  // Psqt.Knight.Eg.b8
        -1300,  // Psqt.Knight.Mg.c8
        -1208,  // Psqt.Knight.Eg.c8
        -1162,  // Psqt.Knight.Mg.d8
        -1116,  // Psqt.Knight.Eg.d8
        675,  // Psqt.Bishop.Mg.a1
        -1047,  // Psqt.Bishop.Eg.a1
        691,  // Psqt.Bishop.Mg.b1
        8,  // Psqt.Bishop.Eg.b1
        200,  // Psqt.Bishop.Mg.c1
        70,  // Psqt.Bishop.Eg.c1
        63,  // Psqt.Bishop.Mg.d1
        -220,  // Psqt.Bishop.Eg.d1
        -1093,  // Psqt.Bishop.Mg.a2
        885,  // Psqt.Bishop.Eg.a2
        773,  // Psqt.Bishop.Mg.b2
        -300,  // Psqt.Bishop.Eg.b2
        531,  // Psqt.Bishop.Mg.c2
        -179,  // Psqt.Bishop.Eg.c2
        413,  // Psqt.Bishop.Mg.d2
        29,  // Psqt.Bishop.Eg.d2
        799,  // Psqt.Bishop.Mg.a3
        -386,  // Psqt.Bishop.Eg.a3
        864,  // Psqt.Bishop.Mg.b3
        28,  // Psqt.Bishop.Eg.b3
        316,  // Psqt.Bishop.Mg.c3
        49,  // Psqt.Bishop.Eg.c3
        532,  // Psqt.Bishop.Mg.d3
        620,  // Psqt.Bishop.Eg.d3
        -695,  // Psqt.Bishop.Mg.a4
        633,  // Psqt.Bishop.Eg.a4
        -132,  // Psqt.Bishop.Mg.b4
        -152,  // Psqt.Bishop.Eg.b4
        373,  // Psqt.Bishop.Mg.c4
        240,  // Psqt.Bishop.Eg.c4
        454,  // Psqt.Bishop.Mg.d4
        695,  // Psqt.Bishop.Eg.d4
        647,  // Psqt.Bishop.Mg.a5
        -1070,  // Psqt.Bishop.Eg.a5
        423,  // Psqt.Bishop.Mg.b5
        849,  // Psqt.Bishop.Eg.b5
        1115,  // Psqt.Bishop.Mg.c5
        735,  // Psqt.Bishop.Eg.c5
        896,  // Psqt.Bishop.Mg.d5
        187,  // Psqt.Bishop.Eg.d5
        2,  // Psqt.Bishop.Mg.a6
        124,  // Psqt.Bishop.Eg.a6
        280,  // Psqt.Bishop.Mg.b6
        935,  // Psqt.Bishop.Eg.b6
        -72,  // Psqt.Bishop.Mg.c6
        591,  // Psqt.Bishop.Eg.c6
        48,  // Psqt.Bishop.Mg.d6
        312,  // Psqt.Bishop.Eg.d6
        -789,  // Psqt.Bishop.Mg.a7
        885,  // Psqt.Bishop.Eg.a7
        -932,  // Psqt.Bishop.Mg.b7
        233,  // Psqt.Bishop.Eg.b7
        131,  // Psqt.Bishop.Mg.c7
        310,  // Psqt.Bishop.Eg.c7
        308,  // Psqt.Bishop.Mg.d7
        764,  // Psqt.Bishop.Eg.d7
        392,  // Psqt.Bishop.Mg.a8
        576,  // Psqt.Bishop.Eg.a8
        -1116,  // Psqt.Bishop.Mg.b8
        885,  // Psqt.Bishop.Eg.b8
        873,  // Psqt.Bishop.Mg.c8
        183,  // Psqt.Bishop.Eg.c8
        -607,  // Psqt.Bishop.Mg.d8
        -406,  // Psqt.Bishop.Eg.d8
        76,  // Psqt.Rook.Mg.a1
        -18,  // Psqt.Rook.Eg.a1
        504,  // Psqt.Rook.Mg.b1
        -312,  // Psqt.Rook.Eg.b1
        218,  // Psqt.Rook.Mg.c1
        -391,  // Psqt.Rook.Eg.c1
        556,  // Psqt.Rook.Mg.d1
        -691,  // Psqt.Rook.Eg.d1
        -567,  // Psqt.Rook.Mg.a2
        -106,  // Psqt.Rook.Eg.a2
        349,  // Psqt.Rook.Mg.b2
        -472,  // Psqt.Rook.Eg.b2
        192,  // Psqt.Rook.Mg.c2
        -197,  // Psqt.Rook.Eg.c2
        230,  // Psqt.Rook.Mg.d2
        -254,  // Psqt.Rook.Eg.d2
        -254,  // Psqt.Rook.Mg.a3
        -556,  // Psqt.Rook.Eg.a3
        1023,  // Psqt.Rook.Mg.b3
        -986,  // Psqt.Rook.Eg.b3
        -670,  // Psqt.Rook.Mg.c3
        -133,  // Psqt.Rook.Eg.c3
        297,  // Psqt.Rook.Mg.d3
        -373,  // Psqt.Rook.Eg.d3
        -478,  // Psqt.Rook.Mg.a4
        922,  // Psqt.Rook.Eg.a4
        140,  // Psqt.Rook.Mg.b4
        560,  // Psqt.Rook.Eg.b4
        -955,  // Psqt.Rook.Mg.c4
        584,  // Psqt.Rook.Eg.c4
        -637,  // Psqt.Rook.Mg.d4
        269,  // Psqt.Rook.Eg.d4
        -887,  // Psqt.Rook.Mg.a5
        863,  // Psqt.Rook.Eg.a5
        339,  // Psqt.Rook.Mg.b5
        679,  // Psqt.Rook.Eg.b5
        458,  // Psqt.Rook.Mg.c5
        161,  // Psqt.Rook.Eg.c5
        1161,  // Psqt.Rook.Mg.d5
        208,  // Psqt.Rook.Eg.d5
        -474,  // Psqt.Rook.Mg.a6
        951,  // Psqt.Rook.Eg.a6
        1023,  // Psqt.Rook.Mg.b6
        393,  // Psqt.Rook.Eg.b6
        56,  // Psqt.Rook.Mg.c6
        434,  // Psqt.Rook.Eg.c6
        848,  // Psqt.Rook.Mg.d6
        342,  // Psqt.Rook.Eg.d6
        1220,  // Psqt.Rook.Mg.a7
        730,  // Psqt.Rook.Eg.a7
        482,  // Psqt.Rook.Mg.b7
        765,  // Psqt.Rook.Eg.b7
        908,  // Psqt.Rook.Mg.c7
        741,  // Psqt.Rook.Eg.c7
        1529,  // Psqt.Rook.Mg.d7
        610,  // Psqt.Rook.Eg.d7
        1023,  // Psqt.Rook.Mg.a8
        1023,  // Psqt.Rook.Eg.a8
        1023,  // Psqt.Rook.Mg.b8
        826,  // Psqt.Rook.Eg.b8
        236,  // Psqt.Rook.Mg.c8
        763,  // Psqt.Rook.Eg.c8
        125,  // Psqt.Rook.Mg.d8
        1018,  // Psqt.Rook.Eg.d8
        27,  // Psqt.Queen.Mg.a1
        770,  // Psqt.Queen.Eg.a1
        753,  // Psqt.Queen.Mg.b1
        -1208,  // Psqt.Queen.Eg.b1
        218,  // Psqt.Queen.Mg.c1
        -765,  // Psqt.Queen.Eg.c1
        788,  // Psqt.Queen.Mg.d1
        -366,  // Psqt.Queen.Eg.d1
        -272,  // Psqt.Queen.Mg.a2
        795,  // Psqt.Queen.Eg.a2
        448,  // Psqt.Queen.Mg.b2
        -1139,  // Psqt.Queen.Eg.b2
        833,  // Psqt.Queen.Mg.c2
        -1070,  // Psqt.Queen.Eg.c2
        925,  // Psqt.Queen.Mg.d2
        -1001,  // Psqt.Queen.Eg.d2
        226,  // Psqt.Queen.Mg.a3
        326,  // Psqt.Queen.Eg.a3
        40,  // Psqt.Queen.Mg.b3
        261,  // Psqt.Queen.Eg.b3
        408,  // Psqt.Queen.Mg.c3
        161,  // Psqt.Queen.Eg.c3
        472,  // Psqt.Queen.Mg.d3
        1115,  // Psqt.Queen.Eg.d3
        -139,  // Psqt.Queen.Mg.a4
        -1070,  // Psqt.Queen.Eg.a4
        313,  // Psqt.Queen.Mg.b4
        -421,  // Psqt.Queen.Eg.b4
        364,  // Psqt.Queen.Mg.c4
        1115,  // Psqt.Queen.Eg.c4
        -81,  // Psqt.Queen.Mg.d4
        1184,  // Psqt.Queen.Eg.d4
        1023,  // Psqt.Queen.Mg.a5
        -106,  // Psqt.Queen.Eg.a5
        230,  // Psqt.Queen.Mg.b5
        458,  // Psqt.Queen.Eg.b5
        394,  // Psqt.Queen.Mg.c5
        1115,  // Psqt.Queen.Eg.c5
        347,  // Psqt.Queen.Mg.d5
        1184,  // Psqt.Queen.Eg.d5
        759,  // Psqt.Queen.Mg.a6
        -1139,  // Psqt.Queen.Eg.a6
        -74,  // Psqt.Queen.Mg.b6
        296,  // Psqt.Queen.Eg.b6
        222,  // Psqt.Queen.Mg.c6
        -44,  // Psqt.Queen.Eg.c6
        189,  // Psqt.Queen.Mg.d6
        1115,  // Psqt.Queen.Eg.d6
        -997,  // Psqt.Queen.Mg.a7
        839,  // Psqt.Queen.Eg.a7
        -694,  // Psqt.Queen.Mg.b7
        729,  // Psqt.Queen.Eg.b7
        380,  // Psqt.Queen.Mg.c7
        977,  // Psqt.Queen.Eg.c7
        1046,  // Psqt.Queen.Mg.d7
        -133,  // Psqt.Queen.Eg.d7
        -1093,  // Psqt.Queen.Mg.a8
        770,  // Psqt.Queen.Eg.a8
        -301,  // Psqt.Queen.Mg.b8
        -1208,  // Psqt.Queen.Eg.b8
        -348,  // Psqt.Queen.Mg.c8
        908,  // Psqt.Queen.Eg.c8
        1023,  // Psqt.Queen.Mg.d8
        205,  // Psqt.Queen.Eg.d8
        -455,  // Psqt.King.Mg.a1
        -250,  // Psqt.King.Eg.a1
        -158,  // Psqt.King.Mg.b1
        -33,  // Psqt.King.Eg.b1
        -471,  // Psqt.King.Mg.c1
        -141,  // Psqt.King.Eg.c1
        -1116,  // Psqt.King.Mg.d1
        54,  // Psqt.King.Eg.d1
        -1300,  // Psqt.King.Mg.a2
        354,  // Psqt.King.Eg.a2
        -170,  // Psqt.King.Mg.b2
        -692,  // Psqt.King.Eg.b2
        -681,  // Psqt.King.Mg.c2
        -615,  // Psqt.King.Eg.c2
        -1300,  // Psqt.King.Mg.d2
        -431,  // Psqt.King.Eg.d2
        -591,  // Psqt.King.Mg.a3
        607,  // Psqt.King.Eg.a3
        333,  // Psqt.King.Mg.b3
        -582,  // Psqt.King.Eg.b3
        -384,  // Psqt.King.Mg.c3
        -542,  // Psqt.King.Eg.c3
        -1714,  // Psqt.King.Mg.d3
        -128,  // Psqt.King.Eg.d3
        -1990,  // Psqt.King.Mg.a4
        537,  // Psqt.King.Eg.a4
        -1990,  // Psqt.King.Mg.b4
        -295,  // Psqt.King.Eg.b4
        -1067,  // Psqt.King.Mg.c4
        164,  // Psqt.King.Eg.c4
        -1699,  // Psqt.King.Mg.d4
        -112,  // Psqt.King.Eg.d4
        -219,  // Psqt.King.Mg.a5
        619,  // Psqt.King.Eg.a5
        -219,  // Psqt.King.Mg.b5
        -7,  // Psqt.King.Eg.b5
        -1576,  // Psqt.King.Mg.c5
        283,  // Psqt.King.Eg.c5
        -2206,  // Psqt.King.Mg.d5
        -133,  // Psqt.King.Eg.d5
        -495,  // Psqt.King.Mg.a6
        698,  // Psqt.King.Eg.a6
        -577,  // Psqt.King.Mg.b6
        411,  // Psqt.King.Eg.b6
        -2542,  // Psqt.King.Mg.c6
        777,  // Psqt.King.Eg.c6
        -495,  // Psqt.King.Mg.d6
        -17,  // Psqt.King.Eg.d6
        -771,  // Psqt.King.Mg.a7
        -1024,  // Psqt.King.Eg.a7
        -771,  // Psqt.King.Mg.b7
        755,  // Psqt.King.Eg.b7
        -771,  // Psqt.King.Mg.c7
        843,  // Psqt.King.Eg.c7
        -771,  // Psqt.King.Mg.d7
        1023,  // Psqt.King.Eg.d7
        -1047,  // Psqt.King.Mg.a8
        -1024,  // Psqt.King.Eg.a8
        -1047,  // Psqt.King.Mg.b8
        862,  // Psqt.King.Eg.b8
        -1047,  // Psqt.King.Mg.c8
        1023,  // Psqt.King.Eg.c8
        -1047,  // Psqt.King.Mg.d8
        1023,  // Psqt.King.Eg.d8
        -32,  // Mobility.Knight.Mg.0
        -51,  // Mobility.Knight.Eg.0
        -16,  // Mobility.Knight.Mg.1
        -24,  // Mobility.Knight.Eg.1
        -12,  // Mobility.Knight.Mg.2
        10,  // Mobility.Knight.Eg.2
        -12,  // Mobility.Knight.Mg.3
        22,  // Mobility.Knight.Eg.3
        -5,  // Mobility.Knight.Mg.4
        28,  // Mobility.Knight.Eg.4
        2,  // Mobility.Knight.Mg.5
        31,  // Mobility.Knight.Eg.5
        11,  // Mobility.Knight.Mg.6
        26,  // Mobility.Knight.Eg.6
        18,  // Mobility.Knight.Mg.7
        17,  // Mobility.Knight.Eg.7
        15,  // Mobility.Knight.Mg.8
        -13,  // Mobility.Knight.Eg.8
        -30,  // Mobility.Bishop.Mg.0
        -37,  // Mobility.Bishop.Eg.0
        -21,  // Mobility.Bishop.Mg.1
        2,  // Mobility.Bishop.Eg.1
        -2,  // Mobility.Bishop.Mg.2
        -15,  // Mobility.Bishop.Eg.2
        -3,  // Mobility.Bishop.Mg.3
        7,  // Mobility.Bishop.Eg.3
        2,  // Mobility.Bishop.Mg.4
        19,  // Mobility.Bishop.Eg.4
        2,  // Mobility.Bishop.Mg.5
        24,  // Mobility.Bishop.Eg.5
        -3,  // Mobility.Bishop.Mg.6
        35,  // Mobility.Bishop.Eg.6
        3,  // Mobility.Bishop.Mg.7
        36,  // Mobility.Bishop.Eg.7
        8,  // Mobility.Bishop.Mg.8
        36,  // Mobility.Bishop.Eg.8
        -3,  // Mobility.Bishop.Mg.9
        48,  // Mobility.Bishop.Eg.9
        16,  // Mobility.Bishop.Mg.10
        43,  // Mobility.Bishop.Eg.10
        54,  // Mobility.Bishop.Mg.11
        31,  // Mobility.Bishop.Eg.11
        -25,  // Mobility.Bishop.Mg.12
        24,  // Mobility.Bishop.Eg.12
        -18,  // Mobility.Bishop.Mg.13
        33,  // Mobility.Bishop.Eg.13
        -30,  // Mobility.Rook.Mg.0
        -4,  // Mobility.Rook.Eg.0
        -29,  // Mobility.Rook.Mg.1
        22,  // Mobility.Rook.Eg.1
        -20,  // Mobility.Rook.Mg.2
        20,  // Mobility.Rook.Eg.2
        -24,  // Mobility.Rook.Mg.3
        25,  // Mobility.Rook.Eg.3
        -21,  // Mobility.Rook.Mg.4
        30,  // Mobility.Rook.Eg.4
        -15,  // Mobility.Rook.Mg.5
        37,  // Mobility.Rook.Eg.5
        -14,  // Mobility.Rook.Mg.6
        34,  // Mobility.Rook.Eg.6
        -11,  // Mobility.Rook.Mg.7
        38,  // Mobility.Rook.Eg.7
        -9,  // Mobility.Rook.Mg.8
        37,  // Mobility.Rook.Eg.8
        2,  // Mobility.Rook.Mg.9
        43,  // Mobility.Rook.Eg.9
        14,  // Mobility.Rook.Mg.10
        47,  // Mobility.Rook.Eg.10
        8,  // Mobility.Rook.Mg.11
        53,  // Mobility.Rook.Eg.11
        -1,  // Mobility.Rook.Mg.12
        57,  // Mobility.Rook.Eg.12
        4,  // Mobility.Rook.Mg.13
        50,  // Mobility.Rook.Eg.13
        -20,  // Mobility.Rook.Mg.14
        60,  // Mobility.Rook.Eg.14
        -10,  // Mobility.Queen.Mg.0
        25,  // Mobility.Queen.Eg.0
        -6,  // Mobility.Queen.Mg.1
        -10,  // Mobility.Queen.Eg.1
        1,  // Mobility.Queen.Mg.2
        -77,  // Mobility.Queen.Eg.2
        1,  // Mobility.Queen.Mg.3
        -76,  // Mobility.Queen.Eg.3
        8,  // Mobility.Queen.Mg.4
        -74,  // Mobility.Queen.Eg.4
        7,  // Mobility.Queen.Mg.5
        -60,  // Mobility.Queen.Eg.5
        14,  // Mobility.Queen.Mg.6
        -38,  // Mobility.Queen.Eg.6
        11,  // Mobility.Queen.Mg.7
        40,  // Mobility.Queen.Eg.7
        11,  // Mobility.Queen.Mg.8
        43,  // Mobility.Queen.Eg.8
        7,  // Mobility.Queen.Mg.9
        59,  // Mobility.Queen.Eg.9
        14,  // Mobility.Queen.Mg.10
        54,  // Mobility.Queen.Eg.10
        13,  // Mobility.Queen.Mg.11
        59,  // Mobility.Queen.Eg.11
        15,  // Mobility.Queen.Mg.12
        56,  // Mobility.Queen.Eg.12
        17,  // Mobility.Queen.Mg.13
        63,  // Mobility.Queen.Eg.13
        15,  // Mobility.Queen.Mg.14
        64,  // Mobility.Queen.Eg.14
        34,  // Mobility.Queen.Mg.15
        47,  // Mobility.Queen.Eg.15
        16,  // Mobility.Queen.Mg.16
        66,  // Mobility.Queen.Eg.16
        35,  // Mobility.Queen.Mg.17
        22,  // Mobility.Queen.Eg.17
        26,  // Mobility.Queen.Mg.18
        42,  // Mobility.Queen.Eg.18
        68,  // Mobility.Queen.Mg.19
        -22,  // Mobility.Queen.Eg.19
        71,  // Mobility.Queen.Mg.20
        -26,  // Mobility.Queen.Eg.20
        72,  // Mobility.Queen.Mg.21
        -55,  // Mobility.Queen.Eg.21
        13,  // Mobility.Queen.Mg.22
        -54,  // Mobility.Queen.Eg.22
        -52,  // Mobility.Queen.Mg.23
        -52,  // Mobility.Queen.Eg.23
        -27,  // Mobility.Queen.Mg.24
        -51,  // Mobility.Queen.Eg.24
        64,  // Mobility.Queen.Mg.25
        -50,  // Mobility.Queen.Eg.25
        78,  // Mobility.Queen.Mg.26
        -49,  // Mobility.Queen.Eg.26
        79,  // Mobility.Queen.Mg.27
        -48,  // Mobility.Queen.Eg.27
        49,  // Passed.Mg.r2
        31,  // Passed.Eg.r2
        12,  // Passed.Mg.r3
        46,  // Passed.Eg.r3
        -32,  // Passed.Mg.r4
        65,  // Passed.Eg.r4
        -17,  // Passed.Mg.r5
        79,  // Passed.Eg.r5
        159,  // Passed.Mg.r6
        11,  // Passed.Eg.r6
        177,  // Passed.Mg.r7
        -5,  // Passed.Eg.r7
        -8,  // Passed.FreeStop.Mg.r2
        -14,  // Passed.FreeStop.Eg.r2
        -26,  // Passed.FreeStop.Mg.r3
        1,  // Passed.FreeStop.Eg.r3
        -4,  // Passed.FreeStop.Mg.r4
        12,  // Passed.FreeStop.Eg.r4
        -24,  // Passed.FreeStop.Mg.r5
        15,  // Passed.FreeStop.Eg.r5
        -11,  // Passed.FreeStop.Mg.r6
        25,  // Passed.FreeStop.Eg.r6
        127,  // Passed.FreeStop.Mg.r7
        36,  // Passed.FreeStop.Eg.r7
        -1440,  // Passed.TheirKing.Mg.r2
        594,  // Passed.TheirKing.Eg.r2
        -2048,  // Passed.TheirKing.Mg.r3
        834,  // Passed.TheirKing.Eg.r3
        -608,  // Passed.TheirKing.Mg.r4
        1165,  // Passed.TheirKing.Eg.r4
        -1488,  // Passed.TheirKing.Mg.r5
        3102,  // Passed.TheirKing.Eg.r5
        -1721,  // Passed.TheirKing.Mg.r6
        4485,  // Passed.TheirKing.Eg.r6
        -1008,  // Passed.TheirKing.Mg.r7
        6117,  // Passed.TheirKing.Eg.r7
        415,  // Passed.OwnKing.Mg.r2
        -602,  // Passed.OwnKing.Eg.r2
        1715,  // Passed.OwnKing.Mg.r3
        -1394,  // Passed.OwnKing.Eg.r3
        1245,  // Passed.OwnKing.Mg.r4
        -1692,  // Passed.OwnKing.Eg.r4
        1758,  // Passed.OwnKing.Mg.r5
        -2462,  // Passed.OwnKing.Eg.r5
        -1596,  // Passed.OwnKing.Mg.r6
        -1211,  // Passed.OwnKing.Eg.r6
        -1776,  // Passed.OwnKing.Mg.r7
        -1338,  // Passed.OwnKing.Eg.r7
        -13,  // Pawns.Doubled.Mg
        -12,  // Pawns.Doubled.Eg
        -3,  // Pawns.Isolated.Mg
        -20,  // Pawns.Isolated.Eg
        -8,  // Pawns.Stopped.Mg
        -35,  // Pawns.Stopped.Eg
        21,  // Pieces.BishopPair.Mg
        91,  // Pieces.BishopPair.Eg
        29,  // Pieces.RookOpenFile.Mg
        16,  // Pieces.RookOpenFile.Eg
        15,  // Pieces.RookSemiOpenFile.Mg
        17,  // Pieces.RookSemiOpenFile.Eg
        8,  // King.Castled.Mg
        -8,  // King.Castled.Eg
        -39,  // King.TrappedRook.Mg
        -36,  // King.TrappedRook.Eg
        42,  // King.ShieldNear.Mg
        -8,  // King.ShieldNear.Eg
        19,  // King.ShieldFar.Mg
        -6,  // King.ShieldFar.Eg
        -41,  // King.Edge.Mg.ring0
        -7,  // King.Edge.Eg.ring0
        -4,  // King.Edge.Mg.ring1
        -13,  // King.Edge.Eg.ring1
        -2,  // King.Edge.Mg.ring2
        -10,  // King.Edge.Eg.ring2
        6,  // King.Edge.Mg.ring3
        -43,  // King.Edge.Eg.ring3
        20,  // KingAttack.Pawn.Mg
        -39,  // KingAttack.Pawn.Eg
        39,  // KingAttack.Knight.Mg
        -23,  // KingAttack.Knight.Eg
        11,  // KingAttack.Bishop.Mg
        -11,  // KingAttack.Bishop.Eg
        13,  // KingAttack.Rook.Mg
        -12,  // KingAttack.Rook.Eg
        -3,  // KingAttack.Queen.Mg
        80,  // KingAttack.Queen.Eg
        -21,  // KingSafety.Danger.Mg
        -15,  // KingSafety.Danger.Eg
        48,  // Threat.PawnOnKnight.Mg
        33,  // Threat.PawnOnKnight.Eg
        55,  // Threat.PawnOnBishop.Mg
        33,  // Threat.PawnOnBishop.Eg
        60,  // Threat.PawnOnRook.Mg
        31,  // Threat.PawnOnRook.Eg
        30,  // Threat.PawnOnQueen.Mg
        33,  // Threat.PawnOnQueen.Eg
        21,  // Threat.KnightOnBishop.Mg
        36,  // Threat.KnightOnBishop.Eg
        56,  // Threat.KnightOnRook.Mg
        19,  // Threat.KnightOnRook.Eg
        21,  // Threat.KnightOnQueen.Mg
        61,  // Threat.KnightOnQueen.Eg
        14,  // Threat.BishopOnKnight.Mg
        13,  // Threat.BishopOnKnight.Eg
        31,  // Threat.BishopOnRook.Mg
        46,  // Threat.BishopOnRook.Eg
        40,  // Threat.BishopOnQueen.Mg
        52,  // Threat.BishopOnQueen.Eg
        63,  // Threat.RookOnQueen.Mg
        63,  // Threat.RookOnQueen.Eg
        2,  // Space.AttackedSquares.Mg
        -12,  // Space.AttackedSquares.Eg
        1,  // Tempo.SideToMove.Mg
        0,  // Tempo.SideToMove.Eg
    };
    return Values;
}

std::span<const std::string_view> defaultTermNames() {
    static constexpr std::string_view Names[] = {
        "Material.Pawn.Mg",
        "Material.Pawn.Eg",
        "Material.Knight.Mg",
        "Material.Knight.Eg",
        "Material.Bishop.Mg",
        "Material.Bishop.Eg",
        "Material.Rook.Mg",
        "Material.Rook.Eg",
        "Material.Queen.Mg",
        "Material.Queen.Eg",
        "Psqt.Pawn.Mg.a2",
        "Psqt.Pawn.Eg.a2",
        "Psqt.Pawn.Mg.b2",
        "Psqt.Pawn.Eg.b2",
        "Psqt.Pawn.Mg.c2",
        "Psqt.Pawn.Eg.c2",
        "Psqt.Pawn.Mg.d2",
        "Psqt.Pawn.Eg.d2",
        "Psqt.Pawn.Mg.a3",
        "Psqt.Pawn.Eg.a3",
        "Psqt.Pawn.Mg.b3",
        "Psqt.Pawn.Eg.b3",
        "Psqt.Pawn.Mg.c3",
        "Psqt.Pawn.Eg.c3",
        "Psqt.Pawn.Mg.d3",
        "Psqt.Pawn.Eg.d3",
        "Psqt.Pawn.Mg.a4",
        "Psqt.Pawn.Eg.a4",
        "Psqt.Pawn.Mg.b4",
        "Psqt.Pawn.Eg.b4",
        "Psqt.Pawn.Mg.c4",
        "Psqt.Pawn.Eg.c4",
        "Psqt.Pawn.Mg.d4",
        "Psqt.Pawn.Eg.d4",
        "Psqt.Pawn.Mg.a5",
        "Psqt.Pawn.Eg.a5",
        "Psqt.Pawn.Mg.b5",
        "Psqt.Pawn.Eg.b5",
        "Psqt.Pawn.Mg.c5",
        "Psqt.Pawn.Eg.c5",
        "Psqt.Pawn.Mg.d5",
        "Psqt.Pawn.Eg.d5",
        "Psqt.Pawn.Mg.a6",
        "Psqt.Pawn.Eg.a6",
        "Psqt.Pawn.Mg.b6",
        "Psqt.Pawn.Eg.b6",
        "Psqt.Pawn.Mg.c6",
        "Psqt.Pawn.Eg.c6",
        "Psqt.Pawn.Mg.d6",
        "Psqt.Pawn.Eg.d6",
        "Psqt.Pawn.Mg.a7",
        "Psqt.Pawn.Eg.a7",
        "Psqt.Pawn.Mg.b7",
        "Psqt.Pawn.Eg.b7",
        "Psqt.Pawn.Mg.c7",
        "Psqt.Pawn.Eg.c7",
        "Psqt.Pawn.Mg.d7",
        "Psqt.Pawn.Eg.d7",
        "Psqt.Knight.Mg.a1",
        "Psqt.Knight.Eg.a1",
        "Psqt.Knight.Mg.b1",
        "Psqt.Knight.Eg.b1",
        "Psqt.Knight.Mg.c1",
        "Psqt.Knight.Eg.c1",
        "Psqt.Knight.Mg.d1",
        "Psqt.Knight.Eg.d1",
        "Psqt.Knight.Mg.a2",
        "Psqt.Knight.Eg.a2",
        "Psqt.Knight.Mg.b2",
        "Psqt.Knight.Eg.b2",
        "Psqt.Knight.Mg.c2",
        "Psqt.Knight.Eg.c2",
        "Psqt.Knight.Mg.d2",
        "Psqt.Knight.Eg.d2",
        "Psqt.Knight.Mg.a3",
        "Psqt.Knight.Eg.a3",
        "Psqt.Knight.Mg.b3",
        "Psqt.Knight.Eg.b3",
        "Psqt.Knight.Mg.c3",
        "Psqt.Knight.Eg.c3",
        "Psqt.Knight.Mg.d3",
        "Psqt.Knight.Eg.d3",
        "Psqt.Knight.Mg.a4",
        "Psqt.Knight.Eg.a4",
        "Psqt.Knight.Mg.b4",
        "Psqt.Knight.Eg.b4",
        "Psqt.Knight.Mg.c4",
        "Psqt.Knight.Eg.c4",
        "Psqt.Knight.Mg.d4",
        "Psqt.Knight.Eg.d4",
        "Psqt.Knight.Mg.a5",
        "Psqt.Knight.Eg.a5",
        "Psqt.Knight.Mg.b5",
        "Psqt.Knight.Eg.b5",
        "Psqt.Knight.Mg.c5",
        "Psqt.Knight.Eg.c5",
        "Psqt.Knight.Mg.d5",
        "Psqt.Knight.Eg.d5",
        "Psqt.Knight.Mg.a6",
        "Psqt.Knight.Eg.a6",
        "Psqt.Knight.Mg.b6",
        "Psqt.Knight.Eg.b6",
        "Psqt.Knight.Mg.c6",
        "Psqt.Knight.Eg.c6",
        "Psqt.Knight.Mg.d6",
        "Psqt.Knight.Eg.d6",
        "Psqt.Knight.Mg.a7",
        "Psqt.Knight.Eg.a7",
        "Psqt.Knight.Mg.b7",
        "Psqt.Knight.Eg.b7",
        "Psqt.Knight.Mg.c7",
        "Psqt.Knight.Eg.c7",
        "Psqt.Knight.Mg.d7",
        "Psqt.Knight.Eg.d7",
        "Psqt.Knight.Mg.a8",
        "Psqt.Knight.Eg.a8",
        "Psqt.Knight.Mg.b8",
        "Psqt.Knight.Eg.b8",
        "Psqt.Knight.Mg.c8",
        "Psqt.Knight.Eg.c8",
        "Psqt.Knight.Mg.d8",
        "Psqt.Knight.Eg.d8",
        "Psqt.Bishop.Mg.a1",
        "Psqt.Bishop.Eg.a1",
        "Psqt.Bishop.Mg.b1",
        "Psqt.Bishop.Eg.b1",
        "Psqt.Bishop.Mg.c1",
        "Psqt.Bishop.Eg.c1",
        "Psqt.Bishop.Mg.d1",
        "Psqt.Bishop.Eg.d1",
        "Psqt.Bishop.Mg.a2",
        "Psqt.Bishop.Eg.a2",
        "Psqt.Bishop.Mg.b2",
        "Psqt.Bishop.Eg.b2",
        "Psqt.Bishop.Mg.c2",
        "Psqt.Bishop.Eg.c2",
        "Psqt.Bishop.Mg.d2",
        "Psqt.Bishop.Eg.d2",
        "Psqt.Bishop.Mg.a3",
        "Psqt.Bishop.Eg.a3",
        "Psqt.Bishop.Mg.b3",
        "Psqt.Bishop.Eg.b3",
        "Psqt.Bishop.Mg.c3",
        "Psqt.Bishop.Eg.c3",
        "Psqt.Bishop.Mg.d3",
        "Psqt.Bishop.Eg.d3",
        "Psqt.Bishop.Mg.a4",
        "Psqt.Bishop.Eg.a4",
        "Psqt.Bishop.Mg.b4",
        "Psqt.Bishop.Eg.b4",
        "Psqt.Bishop.Mg.c4",
        "Psqt.Bishop.Eg.c4",
        "Psqt.Bishop.Mg.d4",
        "Psqt.Bishop.Eg.d4",
        "Psqt.Bishop.Mg.a5",
        "Psqt.Bishop.Eg.a5",
        "Psqt.Bishop.Mg.b5",
        "Psqt.Bishop.Eg.b5",
        "Psqt.Bishop.Mg.c5",
        "Psqt.Bishop.Eg.c5",
        "Psqt.Bishop.Mg.d5",
        "Psqt.Bishop.Eg.d5",
        "Psqt.Bishop.Mg.a6",
        "Psqt.Bishop.Eg.a6",
        "Psqt.Bishop.Mg.b6",
        "Psqt.Bishop.Eg.b6",
        "Psqt.Bishop.Mg.c6",
        "Psqt.Bishop.Eg.c6",
        "Psqt.Bishop.Mg.d6",
        "Psqt.Bishop.Eg.d6",
        "Psqt.Bishop.Mg.a7",
        "Psqt.Bishop.Eg.a7",
        "Psqt.Bishop.Mg.b7",
        "Psqt.Bishop.Eg.b7",
        "Psqt.Bishop.Mg.c7",
        "Psqt.Bishop.Eg.c7",
        "Psqt.Bishop.Mg.d7",
        "Psqt.Bishop.Eg.d7",
        "Psqt.Bishop.Mg.a8",
        "Psqt.Bishop.Eg.a8",
        "Psqt.Bishop.Mg.b8",
        "Psqt.Bishop.Eg.b8",
        "Psqt.Bishop.Mg.c8",
        "Psqt.Bishop.Eg.c8",
        "Psqt.Bishop.Mg.d8",
        "Psqt.Bishop.Eg.d8",
        "Psqt.Rook.Mg.a1",
        "Psqt.Rook.Eg.a1",
        "Psqt.Rook.Mg.b1",
        "Psqt.Rook.Eg.b1",
        "Psqt.Rook.Mg.c1",
        "Psqt.Rook.Eg.c1",
        "Psqt.Rook.Mg.d1",
        "Psqt.Rook.Eg.d1",
        "Psqt.Rook.Mg.a2",
        "Psqt.Rook.Eg.a2",
        "Psqt.Rook.Mg.b2",
        "Psqt.Rook.Eg.b2",
        "Psqt.Rook.Mg.c2",
        "Psqt.Rook.Eg.c2",
        "Psqt.Rook.Mg.d2",
        "Psqt.Rook.Eg.d2",
        "Psqt.Rook.Mg.a3",
        "Psqt.Rook.Eg.a3",
        "Psqt.Rook.Mg.b3",
        "Psqt.Rook.Eg.b3",
        "Psqt.Rook.Mg.c3",
        "Psqt.Rook.Eg.c3",
        "Psqt.Rook.Mg.d3",
        "Psqt.Rook.Eg.d3",
        "Psqt.Rook.Mg.a4",
        "Psqt.Rook.Eg.a4",
        "Psqt.Rook.Mg.b4",
        "Psqt.Rook.Eg.b4",
        "Psqt.Rook.Mg.c4",
        "Psqt.Rook.Eg.c4",
        "Psqt.Rook.Mg.d4",
        "Psqt.Rook.Eg.d4",
        "Psqt.Rook.Mg.a5",
        "Psqt.Rook.Eg.a5",
        "Psqt.Rook.Mg.b5",
        "Psqt.Rook.Eg.b5",
        "Psqt.Rook.Mg.c5",
        "Psqt.Rook.Eg.c5",
        "Psqt.Rook.Mg.d5",
        "Psqt.Rook.Eg.d5",
        "Psqt.Rook.Mg.a6",
        "Psqt.Rook.Eg.a6",
        "Psqt.Rook.Mg.b6",
        "Psqt.Rook.Eg.b6",
        "Psqt.Rook.Mg.c6",
        "Psqt.Rook.Eg.c6",
        "Psqt.Rook.Mg.d6",
        "Psqt.Rook.Eg.d6",
        "Psqt.Rook.Mg.a7",
        "Psqt.Rook.Eg.a7",
        "Psqt.Rook.Mg.b7",
        "Psqt.Rook.Eg.b7",
        "Psqt.Rook.Mg.c7",
        "Psqt.Rook.Eg.c7",
        "Psqt.Rook.Mg.d7",
        "Psqt.Rook.Eg.d7",
        "Psqt.Rook.Mg.a8",
        "Psqt.Rook.Eg.a8",
        "Psqt.Rook.Mg.b8",
        "Psqt.Rook.Eg.b8",
        "Psqt.Rook.Mg.c8",
        "Psqt.Rook.Eg.c8",
        "Psqt.Rook.Mg.d8",
        "Psqt.Rook.Eg.d8",
        "Psqt.Queen.Mg.a1",
        "Psqt.Queen.Eg.a1",
        "Psqt.Queen.Mg.b1",
        "Psqt.Queen.Eg.b1",
        "Psqt.Queen.Mg.c1",
        "Psqt.Queen.Eg.c1",
        "Psqt.Queen.Mg.d1",
        "Psqt.Queen.Eg.d1",
        "Psqt.Queen.Mg.a2",
        "Psqt.Queen.Eg.a2",
        "Psqt.Queen.Mg.b2",
        "Psqt.Queen.Eg.b2",
        "Psqt.Queen.Mg.c2",
        "Psqt.Queen.Eg.c2",
        "Psqt.Queen.Mg.d2",
        "Psqt.Queen.Eg.d2",
        "Psqt.Queen.Mg.a3",
        "Psqt.Queen.Eg.a3",
        "Psqt.Queen.Mg.b3",
        "Psqt.Queen.Eg.b3",
        "Psqt.Queen.Mg.c3",
        "Psqt.Queen.Eg.c3",
        "Psqt.Queen.Mg.d3",
        "Psqt.Queen.Eg.d3",
        "Psqt.Queen.Mg.a4",
        "Psqt.Queen.Eg.a4",
        "Psqt.Queen.Mg.b4",
        "Psqt.Queen.Eg.b4",
        "Psqt.Queen.Mg.c4",
        "Psqt.Queen.Eg.c4",
        "Psqt.Queen.Mg.d4",
        "Psqt.Queen.Eg.d4",
        "Psqt.Queen.Mg.a5",
        "Psqt.Queen.Eg.a5",
        "Psqt.Queen.Mg.b5",
        "Psqt.Queen.Eg.b5",
        "Psqt.Queen.Mg.c5",
        "Psqt.Queen.Eg.c5",
        "Psqt.Queen.Mg.d5",
        "Psqt.Queen.Eg.d5",
        "Psqt.Queen.Mg.a6",
        "Psqt.Queen.Eg.a6",
        "Psqt.Queen.Mg.b6",
        "Psqt.Queen.Eg.b6",
        "Psqt.Queen.Mg.c6",
        "Psqt.Queen.Eg.c6",
        "Psqt.Queen.Mg.d6",
        "Psqt.Queen.Eg.d6",
        "Psqt.Queen.Mg.a7",
        "Psqt.Queen.Eg.a7",
        "Psqt.Queen.Mg.b7",
        "Psqt.Queen.Eg.b7",
        "Psqt.Queen.Mg.c7",
        "Psqt.Queen.Eg.c7",
        "Psqt.Queen.Mg.d7",
        "Psqt.Queen.Eg.d7",
        "Psqt.Queen.Mg.a8",
        "Psqt.Queen.Eg.a8",
        "Psqt.Queen.Mg.b8",
        "Psqt.Queen.Eg.b8",
        "Psqt.Queen.Mg.c8",
        "Psqt.Queen.Eg.c8",
        "Psqt.Queen.Mg.d8",
        "Psqt.Queen.Eg.d8",
        "Psqt.King.Mg.a1",
        "Psqt.King.Eg.a1",
        "Psqt.King.Mg.b1",
        "Psqt.King.Eg.b1",
        "Psqt.King.Mg.c1",
        "Psqt.King.Eg.c1",
        "Psqt.King.Mg.d1",
        "Psqt.King.Eg.d1",
        "Psqt.King.Mg.a2",
        "Psqt.King.Eg.a2",
        "Psqt.King.Mg.b2",
        "Psqt.King.Eg.b2",
        "Psqt.King.Mg.c2",
        "Psqt.King.Eg.c2",
        "Psqt.King.Mg.d2",
        "Psqt.King.Eg.d2",
        "Psqt.King.Mg.a3",
        "Psqt.King.Eg.a3",
        "Psqt.King.Mg.b3",
        "Psqt.King.Eg.b3",
        "Psqt.King.Mg.c3",
        "Psqt.King.Eg.c3",
        "Psqt.King.Mg.d3",
        "Psqt.King.Eg.d3",
        "Psqt.King.Mg.a4",
        "Psqt.King.Eg.a4",
        "Psqt.King.Mg.b4",
        "Psqt.King.Eg.b4",
        "Psqt.King.Mg.c4",
        "Psqt.King.Eg.c4",
        "Psqt.King.Mg.d4",
        "Psqt.King.Eg.d4",
        "Psqt.King.Mg.a5",
        "Psqt.King.Eg.a5",
        "Psqt.King.Mg.b5",
        "Psqt.King.Eg.b5",
        "Psqt.King.Mg.c5",
        "Psqt.King.Eg.c5",
        "Psqt.King.Mg.d5",
        "Psqt.King.Eg.d5",
        "Psqt.King.Mg.a6",
        "Psqt.King.Eg.a6",
        "Psqt.King.Mg.b6",
        "Psqt.King.Eg.b6",
        "Psqt.King.Mg.c6",
        "Psqt.King.Eg.c6",
        "Psqt.King.Mg.d6",
        "Psqt.King.Eg.d6",
        "Psqt.King.Mg.a7",
        "Psqt.King.Eg.a7",
        "Psqt.King.Mg.b7",
        "Psqt.King.Eg.b7",
        "Psqt.King.Mg.c7",
        "Psqt.King.Eg.c7",
        "Psqt.King.Mg.d7",
        "Psqt.King.Eg.d7",
        "Psqt.King.Mg.a8",
        "Psqt.King.Eg.a8",
        "Psqt.King.Mg.b8",
        "Psqt.King.Eg.b8",
        "Psqt.King.Mg.c8",
        "Psqt.King.Eg.c8",
        "Psqt.King.Mg.d8",
        "Psqt.King.Eg.d8",
        "Mobility.Knight.Mg.0",
        "Mobility.Knight.Eg.0",
        "Mobility.Knight.Mg.1",
        "Mobility.Knight.Eg.1",
        "Mobility.Knight.Mg.2",
        "Mobility.Knight.Eg.2",
        "Mobility.Knight.Mg.3",
        "Mobility.Knight.Eg.3",
        "Mobility.Knight.Mg.4",
        "Mobility.Knight.Eg.4",
        "Mobility.Knight.Mg.5",
        "Mobility.Knight.Eg.5",
        "Mobility.Knight.Mg.6",
        "Mobility.Knight.Eg.6",
        "Mobility.Knight.Mg.7",
        "Mobility.Knight.Eg.7",
        "Mobility.Knight.Mg.8",
        "Mobility.Knight.Eg.8",
        "Mobility.Bishop.Mg.0",
        "Mobility.Bishop.Eg.0",
        "Mobility.Bishop.Mg.1",
        "Mobility.Bishop.Eg.1",
        "Mobility.Bishop.Mg.2",
        "Mobility.Bishop.Eg.2",
        "Mobility.Bishop.Mg.3",
        "Mobility.Bishop.Eg.3",
        "Mobility.Bishop.Mg.4",
        "Mobility.Bishop.Eg.4",
        "Mobility.Bishop.Mg.5",
        "Mobility.Bishop.Eg.5",
        "Mobility.Bishop.Mg.6",
        "Mobility.Bishop.Eg.6",
        "Mobility.Bishop.Mg.7",
        "Mobility.Bishop.Eg.7",
        "Mobility.Bishop.Mg.8",
        "Mobility.Bishop.Eg.8",
        "Mobility.Bishop.Mg.9",
        "Mobility.Bishop.Eg.9",
        "Mobility.Bishop.Mg.10",
        "Mobility.Bishop.Eg.10",
        "Mobility.Bishop.Mg.11",
        "Mobility.Bishop.Eg.11",
        "Mobility.Bishop.Mg.12",
        "Mobility.Bishop.Eg.12",
        "Mobility.Bishop.Mg.13",
        "Mobility.Bishop.Eg.13",
        "Mobility.Rook.Mg.0",
        "Mobility.Rook.Eg.0",
        "Mobility.Rook.Mg.1",
        "Mobility.Rook.Eg.1",
        "Mobility.Rook.Mg.2",
        "Mobility.Rook.Eg.2",
        "Mobility.Rook.Mg.3",
        "Mobility.Rook.Eg.3",
        "Mobility.Rook.Mg.4",
        "Mobility.Rook.Eg.4",
        "Mobility.Rook.Mg.5",
        "Mobility.Rook.Eg.5",
        "Mobility.Rook.Mg.6",
        "Mobility.Rook.Eg.6",
        "Mobility.Rook.Mg.7",
        "Mobility.Rook.Eg.7",
        "Mobility.Rook.Mg.8",
        "Mobility.Rook.Eg.8",
        "Mobility.Rook.Mg.9",
        "Mobility.Rook.Eg.9",
        "Mobility.Rook.Mg.10",
        "Mobility.Rook.Eg.10",
        "Mobility.Rook.Mg.11",
        "Mobility.Rook.Eg.11",
        "Mobility.Rook.Mg.12",
        "Mobility.Rook.Eg.12",
        "Mobility.Rook.Mg.13",
        "Mobility.Rook.Eg.13",
        "Mobility.Rook.Mg.14",
        "Mobility.Rook.Eg.14",
        "Mobility.Queen.Mg.0",
        "Mobility.Queen.Eg.0",
        "Mobility.Queen.Mg.1",
        "Mobility.Queen.Eg.1",
        "Mobility.Queen.Mg.2",
        "Mobility.Queen.Eg.2",
        "Mobility.Queen.Mg.3",
        "Mobility.Queen.Eg.3",
        "Mobility.Queen.Mg.4",
        "Mobility.Queen.Eg.4",
        "Mobility.Queen.Mg.5",
        "Mobility.Queen.Eg.5",
        "Mobility.Queen.Mg.6",
        "Mobility.Queen.Eg.6",
        "Mobility.Queen.Mg.7",
        "Mobility.Queen.Eg.7",
        "Mobility.Queen.Mg.8",
        "Mobility.Queen.Eg.8",
        "Mobility.Queen.Mg.9",
        "Mobility.Queen.Eg.9",
        "Mobility.Queen.Mg.10",
        "Mobility.Queen.Eg.10",
        "Mobility.Queen.Mg.11",
        "Mobility.Queen.Eg.11",
        "Mobility.Queen.Mg.12",
        "Mobility.Queen.Eg.12",
        "Mobility.Queen.Mg.13",
        "Mobility.Queen.Eg.13",
        "Mobility.Queen.Mg.14",
        "Mobility.Queen.Eg.14",
        "Mobility.Queen.Mg.15",
        "Mobility.Queen.Eg.15",
        "Mobility.Queen.Mg.16",
        "Mobility.Queen.Eg.16",
        "Mobility.Queen.Mg.17",
        "Mobility.Queen.Eg.17",
        "Mobility.Queen.Mg.18",
        "Mobility.Queen.Eg.18",
        "Mobility.Queen.Mg.19",
        "Mobility.Queen.Eg.19",
        "Mobility.Queen.Mg.20",
        "Mobility.Queen.Eg.20",
        "Mobility.Queen.Mg.21",
        "Mobility.Queen.Eg.21",
        "Mobility.Queen.Mg.22",
        "Mobility.Queen.Eg.22",
        "Mobility.Queen.Mg.23",
        "Mobility.Queen.Eg.23",
        "Mobility.Queen.Mg.24",
        "Mobility.Queen.Eg.24",
        "Mobility.Queen.Mg.25",
        "Mobility.Queen.Eg.25",
        "Mobility.Queen.Mg.26",
        "Mobility.Queen.Eg.26",
        "Mobility.Queen.Mg.27",
        "Mobility.Queen.Eg.27",
        "Passed.Mg.r2",
        "Passed.Eg.r2",
        "Passed.Mg.r3",
        "Passed.Eg.r3",
        "Passed.Mg.r4",
        "Passed.Eg.r4",
        "Passed.Mg.r5",
        "Passed.Eg.r5",
        "Passed.Mg.r6",
        "Passed.Eg.r6",
        "Passed.Mg.r7",
        "Passed.Eg.r7",
        "Passed.FreeStop.Mg.r2",
        "Passed.FreeStop.Eg.r2",
        "Passed.FreeStop.Mg.r3",
        "Passed.FreeStop.Eg.r3",
        "Passed.FreeStop.Mg.r4",
        "Passed.FreeStop.Eg.r4",
        "Passed.FreeStop.Mg.r5",
        "Passed.FreeStop.Eg.r5",
        "Passed.FreeStop.Mg.r6",
        "Passed.FreeStop.Eg.r6",
        "Passed.FreeStop.Mg.r7",
        "Passed.FreeStop.Eg.r7",
        "Passed.TheirKing.Mg.r2",
        "Passed.TheirKing.Eg.r2",
        "Passed.TheirKing.Mg.r3",
        "Passed.TheirKing.Eg.r3",
        "Passed.TheirKing.Mg.r4",
        "Passed.TheirKing.Eg.r4",
        "Passed.TheirKing.Mg.r5",
        "Passed.TheirKing.Eg.r5",
        "Passed.TheirKing.Mg.r6",
        "Passed.TheirKing.Eg.r6",
        "Passed.TheirKing.Mg.r7",
        "Passed.TheirKing.Eg.r7",
        "Passed.OwnKing.Mg.r2",
        "Passed.OwnKing.Eg.r2",
        "Passed.OwnKing.Mg.r3",
        "Passed.OwnKing.Eg.r3",
        "Passed.OwnKing.Mg.r4",
        "Passed.OwnKing.Eg.r4",
        "Passed.OwnKing.Mg.r5",
        "Passed.OwnKing.Eg.r5",
        "Passed.OwnKing.Mg.r6",
        "Passed.OwnKing.Eg.r6",
        "Passed.OwnKing.Mg.r7",
        "Passed.OwnKing.Eg.r7",
        "Pawns.Doubled.Mg",
        "Pawns.Doubled.Eg",
        "Pawns.Isolated.Mg",
        "Pawns.Isolated.Eg",
        "Pawns.Stopped.Mg",
        "Pawns.Stopped.Eg",
        "Pieces.BishopPair.Mg",
        "Pieces.BishopPair.Eg",
        "Pieces.RookOpenFile.Mg",
        "Pieces.RookOpenFile.Eg",
        "Pieces.RookSemiOpenFile.Mg",
        "Pieces.RookSemiOpenFile.Eg",
        "King.Castled.Mg",
        "King.Castled.Eg",
        "King.TrappedRook.Mg",
        "King.TrappedRook.Eg",
        "King.ShieldNear.Mg",
        "King.ShieldNear.Eg",
        "King.ShieldFar.Mg",
        "King.ShieldFar.Eg",
        "King.Edge.Mg.ring0",
        "King.Edge.Eg.ring0",
        "King.Edge.Mg.ring1",
        "King.Edge.Eg.ring1",
        "King.Edge.Mg.ring2",
        "King.Edge.Eg.ring2",
        "King.Edge.Mg.ring3",
        "King.Edge.Eg.ring3",
        "KingAttack.Pawn.Mg",
        "KingAttack.Pawn.Eg",
        "KingAttack.Knight.Mg",
        "KingAttack.Knight.Eg",
        "KingAttack.Bishop.Mg",
        "KingAttack.Bishop.Eg",
        "KingAttack.Rook.Mg",
        "KingAttack.Rook.Eg",
        "KingAttack.Queen.Mg",
        "KingAttack.Queen.Eg",
        "KingSafety.Danger.Mg",
        "KingSafety.Danger.Eg",
        "Threat.PawnOnKnight.Mg",
        "Threat.PawnOnKnight.Eg",
        "Threat.PawnOnBishop.Mg",
        "Threat.PawnOnBishop.Eg",
        "Threat.PawnOnRook.Mg",
        "Threat.PawnOnRook.Eg",
        "Threat.PawnOnQueen.Mg",
        "Threat.PawnOnQueen.Eg",
        "Threat.KnightOnBishop.Mg",
        "Threat.KnightOnBishop.Eg",
        "Threat.KnightOnRook.Mg",
        "Threat.KnightOnRook.Eg",
        "Threat.KnightOnQueen.Mg",
        "Threat.KnightOnQueen.Eg",
        "Threat.BishopOnKnight.Mg",
        "Threat.BishopOnKnight.Eg",
        "Threat.BishopOnRook.Mg",
        "Threat.BishopOnRook.Eg",
        "Threat.BishopOnQueen.Mg",
        "Threat.BishopOnQueen.Eg",
        "Threat.RookOnQueen.Mg",
        "Threat.RookOnQueen.Eg",
        "Space.AttackedSquares.Mg",
        "Space.AttackedSquares.Eg",
        "Tempo.SideToMove.Mg",
        "Tempo.SideToMove.Eg",
    };
    return Names;
}

}  // namespace mf
