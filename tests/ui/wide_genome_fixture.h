#pragma once
// A genome of an engine with hundreds of evaluation terms, made by code after the naming contract
// (`Group.Rest`): piece-square tables Psqt.<Piece>.<Mg|Eg>.<square> on files a-d (mirrored; pawns
// on ranks 2-7 only), mobility tables, passed pawns by rank, king attack, threats and material.
// 540 terms in 6 groups. wideRun() evolves it a few generations with a made-up fitness (values
// near a target that moves the knights' centre up and the pawns' seventh rank down), so the run's
// best differs from the defaults as a tuned run's does, and records each generation's history.
#include "evolution/ga/evolution.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/run/run_history.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace mf::test {

inline const char* const kWidePieces[] = {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

// The default of Psqt.<piece>.<phase>.<file><rank> (file 0..3, rank 0..7): a centre bonus that
// differs by piece and phase, pawns by how far they went.
inline int widePsqtDefault(int piece, int phase, int file, int rank) {
    const double centre = 3.5 - std::max(std::abs(file - 3.5), std::abs(rank - 3.5));  // 0.5 .. 3.5
    switch (piece) {
    case 0: return (rank - 1) * (phase == 0 ? 4 : 9) + (file == 3 ? 6 : 0);
    case 5: return phase == 0 ? int(-centre * 14) + (rank == 0 ? 24 : 0) : int(centre * 12) - 20;
    default: return int(centre * (piece + 3 + phase * 2)) - 10;
    }
}

inline ga::Genome wideGenome() {
    std::vector<ga::Term> terms;
    auto add = [&terms](std::string name, int value, int bits = 7) {
        terms.emplace_back(name, name, value, bits, -400, 1500);
    };
    const char* phases[] = {"Mg", "Eg"};
    for (int piece = 0; piece < 6; ++piece)
        for (int phase = 0; phase < 2; ++phase)
            for (int rank = piece == 0 ? 1 : 0; rank < (piece == 0 ? 7 : 8); ++rank)
                for (int file = 0; file < 4; ++file)
                    add(std::string("Psqt.") + kWidePieces[piece] + "." + phases[phase] + "." + char('a' + file) +
                            char('1' + rank),
                        widePsqtDefault(piece, phase, file, rank));
    const int moves[] = {9, 14, 15, 28};  // knight, bishop, rook, queen: 0..N-1 squares to go to
    for (int piece = 1; piece <= 4; ++piece)
        for (int phase = 0; phase < 2; ++phase)
            for (int n = 0; n < moves[piece - 1]; ++n)
                add(std::string("Mobility.") + kWidePieces[piece] + "." + phases[phase] + "." + std::to_string(n),
                    (n - moves[piece - 1] / 3) * (phase == 0 ? 4 : 5), 6);
    for (int phase = 0; phase < 2; ++phase)
        for (int rank = 2; rank <= 7; ++rank)
            add(std::string("Passed.") + phases[phase] + ".r" + std::to_string(rank), rank * rank * (phase + 1) * 2);
    for (int piece = 1; piece <= 4; ++piece)
        for (int phase = 0; phase < 2; ++phase)
            add(std::string("KingAttack.") + kWidePieces[piece] + "." + phases[phase], 8 * piece + 4 * phase, 6);
    for (const char* threat : {"PawnOnMinor", "PawnOnRook", "MinorOnRook", "MinorOnQueen", "RookOnQueen"})
        for (int phase = 0; phase < 2; ++phase)
            add(std::string("Threat.") + threat + "." + phases[phase], 40 + 10 * phase, 6);
    const int material[] = {100, 320, 330, 500, 950};
    for (int piece = 0; piece < 5; ++piece)
        for (int phase = 0; phase < 2; ++phase)
            add(std::string("Material.") + kWidePieces[piece] + "." + phases[phase], material[piece] + 10 * phase, 9);
    return ga::Genome(std::move(terms));
}

// The made-up optimum: the knights' centre (ranks 3-6, files c-d) 30 higher, the pawns' seventh
// rank 25 lower, the rest at its default.
inline std::vector<int> wideTarget(const ga::Genome& genome) {
    std::vector<int> target = genome.defaults();
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const std::string& n = genome[i].option;
        if (n.rfind("Psqt.Knight.", 0) == 0 && (n.back() >= '3' && n.back() <= '6') &&
            (n[n.size() - 2] == 'c' || n[n.size() - 2] == 'd'))
            target[i] += 30;
        if (n.rfind("Psqt.Pawn.", 0) == 0 && n.back() == '7')
            target[i] -= 25;
    }
    return target;
}

// `generations` generations of 16 members (seed 7), each scored by how near its values are to
// wideTarget and recorded in the state's history, as a run of the window records them.
inline ga::RunState wideRun(int generations) {
    ga::Parameters p;
    p.generations = generations;
    p.populationSize = 16;
    p.pm = 0.004;
    p.seed = 7;
    const ga::Genome genome = wideGenome();
    const std::vector<int> target = wideTarget(genome);
    ga::RunState state = ga::startRun(p, genome);
    const ga::FitnessFunction fitness = [&genome, &target](const ga::Chromosome& c) {
        const std::vector<int> values = ga::decode(genome, c);
        double distance = 0;
        for (std::size_t i = 0; i < values.size(); ++i)
            distance += std::abs(values[i] - target[i]);
        return 1000.0 / (1.0 + distance / 1000.0);
    };
    for (int g = 0; g < generations; ++g) {
        ga::evaluatePending(state, fitness);
        tuning::GenerationReport report;
        report.stats = ga::computeStats(state);
        tuning::recordGeneration(state, report, false);
        if (g + 1 < generations)
            ga::nextGeneration(state);
    }
    return state;
}

}  // namespace mf::test
