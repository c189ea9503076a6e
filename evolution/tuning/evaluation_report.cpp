#include "evolution/tuning/evaluation_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "engine/fixed_decimals.h"
#include "evolution/ga/chromosome.h"

namespace mf::tuning {

std::vector<ChromosomeEvaluation> evaluatePopulation(FitnessEvaluator& evaluator, const FitnessWork& work,
                                                     const ga::RunState& state, std::stop_token stop,
                                                     const ProgressHandler& onProgress) {
    std::vector<ChromosomeEvaluation> evaluations;
    std::vector<Candidate> candidates;
    std::map<std::vector<int>, std::size_t> candidateOf;
    std::vector<std::size_t> memberCandidate;
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        std::vector<int> values = ga::decode(state.genome, state.population[i].chromosome);
        auto [it, inserted] = candidateOf.try_emplace(values, candidates.size());
        if (inserted) candidates.push_back(makeCandidate(state.genome, values));
        memberCandidate.push_back(it->second);
        evaluations.push_back({i, std::move(values), state.population[i].fitness, {}});
    }
    const auto scores = evaluator.evaluate(work, candidates, stop, onProgress);
    for (std::size_t i = 0; i < evaluations.size() && memberCandidate[i] < scores.size(); ++i)
        evaluations[i].score = scores[memberCandidate[i]];
    return evaluations;
}

namespace {

std::string padRight(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

void formatPositions(std::ostringstream& out, const CandidateScore& score) {
    out << "  " << padRight("id", 22) << padRight("expected", 20) << padRight("played", 10) << padRight("solved", 8)
        << padRight("time ms", 9) << "score\n";
    for (const PositionResult& p : score.positions) {
        out << "  " << padRight(p.id, 22) << padRight(p.expected, 20) << padRight(p.played, 10)
            << padRight(!p.scored ? "-" : p.solved ? "yes" : "no", 8) << padRight(std::to_string(p.timeMs), 9);
        if (p.scored) out << fixedDecimals(p.score, 3);
        else out << "not scored: " << p.failure;
        out << "\n";
    }
}

// One line per game: the opening, the candidate's colour, the result and how it ended.
void formatGames(std::ostringstream& out, const CandidateScore& score) {
    out << "  " << padRight("opening", 24) << padRight("colour", 8) << padRight("result", 9) << padRight("plies", 7)
        << "ending\n";
    for (const match::PairResult& pair : score.pairs)
        for (int g = 0; g < 2; ++g) {
            const match::GameRecord& game = pair.games[std::size_t(g)];
            out << "  " << padRight(game.openingName, 24) << padRight(g == 0 ? "white" : "black", 8)
                << padRight(std::string(match::pgnResult(game.result)), 9)
                << padRight(std::to_string(game.moves.size()), 7) << match::endingName(game.ending);
            if (!game.reason.empty()) out << ": " << game.reason;
            out << "\n";
        }
}

}  // namespace

std::string formatEvaluationReport(const ga::RunState& state, const FitnessWork& work,
                                   const std::vector<ChromosomeEvaluation>& evaluations) {
    std::ostringstream out;
    out << describeWork(work) << "\n";
    out << "generation " << state.generation << ", " << evaluations.size() << " chromosomes\n";

    // Best first by the fitness just measured; ties keep population order.
    std::vector<const ChromosomeEvaluation*> order;
    for (const auto& e : evaluations) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(),
                     [](auto* a, auto* b) { return a->score.fitness > b->score.fitness; });

    const bool games = std::holds_alternative<GamesWork>(work);
    const bool dataset = std::holds_alternative<DatasetWork>(work);
    for (const ChromosomeEvaluation* e : order) {
        out << "\nchromosome " << e->member << "  fitness " << fixedDecimals(e->score.fitness, 3) << "  saved "
            << (e->savedFitness ? fixedDecimals(*e->savedFitness, 3) : std::string("-"));
        if (games) {
            const GameTally& t = e->score.games;
            out << "  games +" << t.wins << " =" << t.draws << " -" << t.losses;
            if (t.forfeits > 0) out << "  forfeits " << t.forfeits;
            if (t.baselineForfeits > 0) out << "  baseline forfeits " << t.baselineForfeits;
        } else if (dataset) {
            out << "  E " << (e->score.error ? fixedDecimals(*e->score.error, 6) : std::string("-")) << " over "
                << e->score.scored << " positions";
            if (!e->score.failure.empty()) out << "  not scored: " << e->score.failure;
        } else {
            out << "  solved " << e->score.solved << "/" << e->score.scored;
        }
        if (e->score.failed > 0) out << "  failed " << e->score.failed;
        if (e->score.cancelled > 0) out << "  cancelled " << e->score.cancelled;
        if (e->score.maxPoints > 0) out << "  points " << e->score.points << "/" << e->score.maxPoints;
        out << "\n  values:";
        for (std::size_t t = 0; t < e->values.size() && t < state.genome.size(); ++t)
            out << " " << state.genome[t].option << "=" << e->values[t];
        out << "\n";
        if (games) formatGames(out, e->score);
        else if (!dataset) formatPositions(out, e->score);
    }
    return out.str();
}

}  // namespace mf::tuning
