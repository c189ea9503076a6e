// Helpers shared by the table tests: FEN of a table board, a per-process table directory.
#pragma once

#include "engine/position.h"
#include "engine/tb/tablebases.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

namespace mf::tb::test {

inline std::string fenOf(const TbBoard& b) {
    std::string board;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Square s = makeSquare(file, rank);
            char c = 0;
            for (int i = 0; i < b.count; ++i)
                if (b.sq[i] == s) {
                    c = "-PNBRQK"[typeOf(b.pc[i])];
                    if (colorOf(b.pc[i]) == Black) c = char(c - 'A' + 'a');
                }
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) board += char('0' + empty);
            empty = 0;
            board += c;
        }
        if (empty) board += char('0' + empty);
        if (rank) board += '/';
    }
    return board + (b.stm == White ? " w - - 0 1" : " b - - 0 1");
}

inline Position positionOf(const TbBoard& b) {
    auto pos = Position::fromFen(fenOf(b));
    EXPECT_TRUE(pos.ok()) << fenOf(b) << ": " << (pos.ok() ? "" : pos.error().message);
    return pos.ok() ? *pos : Position::startPosition();
}

// A fresh table directory per test process (tables are generated into it once).
inline std::filesystem::path scratchDirectory(const std::string& tag) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("matefind_tb_" + tag + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace mf::tb::test
