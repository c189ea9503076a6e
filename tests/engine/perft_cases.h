// Perft reference data shared by the perft tests: the six standard positions of the
// chessprogramming.org "Perft Results" page, and a reader for the `;D1 n ;D2 n` suites.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace mf::test {

struct PerftCase {
    const char* name;
    const char* fen;
    std::vector<std::uint64_t> counts; // counts[d - 1] = perft(d)
};

inline const std::vector<PerftCase>& standardPerftCases() {
    static const std::vector<PerftCase> cases = {
        {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {20, 400, 8902, 197281, 4865609, 119060324}},
        {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         {48, 2039, 97862, 4085603, 193690690}},
        {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624, 11030083}},
        {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         {6, 264, 9467, 422333, 15833292, 706045033}},
        {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487, 89941194}},
        {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         {46, 2079, 89890, 3894594, 164075551}},
    };
    return cases;
}

struct SuiteLine {
    int line;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> depthCounts;
};

// Reads "<fen> ;D1 20 ;D2 400 ..." lines. Deliberately independent of the EPD reader: perft
// tests must not depend on the code under test elsewhere.
inline std::vector<SuiteLine> readPerftSuite(const std::string& path) {
    std::vector<SuiteLine> out;
    std::ifstream in(path);
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        if (!text.empty() && text.back() == '\r') text.pop_back();
        const auto semi = text.find(';');
        if (semi == std::string::npos) continue;
        SuiteLine line{number, text.substr(0, semi), {}};
        for (auto pos = semi; pos != std::string::npos; pos = text.find(';', pos + 1)) {
            int depth = 0;
            unsigned long long count = 0;
            if (std::sscanf(text.c_str() + pos, ";D%d %llu", &depth, &count) == 2)
                line.depthCounts.emplace_back(depth, std::uint64_t(count));
        }
        out.push_back(std::move(line));
    }
    return out;
}

} // namespace mf::test
