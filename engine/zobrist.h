// Zobrist keys: fixed pseudo-random numbers from a fixed seed, computed at compile time, so every
// build and every run hashes a position to the same 64-bit key.
#pragma once

#include "engine/random.h"
#include "engine/types.h"

#include <array>
#include <cstdint>

namespace mf::zobrist {

struct Keys {
    std::array<std::array<std::uint64_t, SquareCount>, PieceCount> psq{};
    std::array<std::uint64_t, 8> enPassantFile{};
    std::array<std::uint64_t, 16> castling{};
    std::uint64_t blackToMove = 0;
    // Material key: psq[piece][n] stands for "the n-th piece of this kind" (n < 64 always holds).
};

constexpr Keys makeKeys() {
    Keys k{};
    Random rng(0x5A6F627269737421ULL); // "Zobrist!"
    for (auto& row : k.psq)
        for (auto& key : row) key = rng.next();
    for (auto& key : k.enPassantFile) key = rng.next();
    for (auto& key : k.castling) key = rng.next();
    k.blackToMove = rng.next();
    return k;
}

inline constexpr Keys keys = makeKeys();

} // namespace mf::zobrist
