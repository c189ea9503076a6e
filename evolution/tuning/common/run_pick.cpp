#include "evolution/tuning/common/run_pick.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <ostream>
#include <map>
#include <sstream>

#include "engine/fixed_decimals.h"
#include "evolution/tuning/common/elo_text.h"

namespace mf::tuning {

namespace {

constexpr const char* kKey = "pick";

std::optional<double> number(const std::string& text) {
    double x = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(x)) return std::nullopt;
    return x;
}

std::optional<std::vector<int>> integers(const std::string& text) {
    std::vector<int> values;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        int v = 0;
        auto [end, error] = std::from_chars(text.data() + start, text.data() + comma, v);
        if (error != std::errc() || end != text.data() + comma) return std::nullopt;
        values.push_back(v);
        start = comma + 1;
    }
    return values;
}

std::optional<std::string> readConfirmation(const std::map<std::string, std::string>& fields, RunPick& pick);

// Reads the fields of the pick line into `pick`; the first field that does not read, named.
std::optional<std::string> readFields(const std::map<std::string, std::string>& fields, RunPick& pick) {
    for (const char* required : {"generation", "on", "score", "start", "values"})
        if (!fields.count(required)) return std::string(required) + ": missing";
    auto generation = number(fields.at("generation"));
    auto score = number(fields.at("score"));
    auto start = number(fields.at("start"));
    auto values = integers(fields.at("values"));
    if (!generation || *generation < -1 || *generation != std::floor(*generation)) return std::string("generation: expected -1 or more");
    if (!score) return std::string("score: expected a number");
    if (!start) return std::string("start: expected a number");
    if (!values) return std::string("values: expected whole numbers separated by commas");
    const std::string& on = fields.at("on");
    if (on != "heldout" && on != "training" && on != "unchecked")
        return std::string("on: expected heldout, training or unchecked");
    pick = RunPick{*values, int(*generation), on == "heldout", on != "unchecked", *score, *start, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    for (auto [name, target] : {std::pair{"error", &pick.error}, std::pair{"start_error", &pick.startError},
                                std::pair{"best_other", &pick.bestOther}, std::pair{"best_other_error", &pick.bestOtherError}}) {
        if (!fields.count(name)) continue;
        auto e = number(fields.at(name));
        if (!e) return std::string(name) + ": expected a number";
        *target = *e;
    }
    return readConfirmation(fields, pick);
}

// A confirmation's bounds may be infinite (every game won or lost): "inf" and "-inf" read too.
std::optional<double> bound(const std::string& text) {
    if (text == "inf") return std::numeric_limits<double>::infinity();
    if (text == "-inf") return -std::numeric_limits<double>::infinity();
    return number(text);
}

std::string boundText(double x) {
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    return exactDecimal(x);
}

std::optional<std::string> readConfirmation(const std::map<std::string, std::string>& fields, RunPick& pick) {
    if (!fields.count("confirm")) return std::nullopt;
    const std::string& verdict = fields.at("confirm");
    if (verdict != "passed" && verdict != "failed") return std::string("confirm: expected passed or failed");
    PickConfirmation c;
    c.passed = verdict == "passed";
    for (const char* required : {"confirm_generation", "confirm_elo", "confirm_low", "confirm_high", "confirm_games", "confirm_at"})
        if (!fields.count(required)) return std::string(required) + ": missing";
    auto generation = number(fields.at("confirm_generation"));
    auto games = number(fields.at("confirm_games"));
    if (!generation || *generation < -1 || *generation != std::floor(*generation))
        return std::string("confirm_generation: expected -1 or more");
    if (!games || *games < 0 || *games != std::floor(*games)) return std::string("confirm_games: expected a number of games");
    c.generation = int(*generation);
    c.games = static_cast<long long>(*games);
    for (auto [name, target] : {std::pair{"confirm_elo", &c.elo}, std::pair{"confirm_low", &c.low}, std::pair{"confirm_high", &c.high}}) {
        auto x = bound(fields.at(name));
        if (!x) return std::string(name) + ": expected a number, inf or -inf";
        *target = *x;
    }
    c.limit = fields.at("confirm_at");
    std::replace(c.limit.begin(), c.limit.end(), ':', ' ');  // one word in the file: "tc:10+0.1"
    pick.confirmation = std::move(c);
    return std::nullopt;
}

void writeConfirmation(std::ostream& line, const PickConfirmation& c) {
    std::string limit = c.limit;
    std::replace(limit.begin(), limit.end(), ' ', ':');
    line << " confirm=" << (c.passed ? "passed" : "failed") << " confirm_generation=" << c.generation
         << " confirm_elo=" << boundText(c.elo) << " confirm_low=" << boundText(c.low)
         << " confirm_high=" << boundText(c.high) << " confirm_games=" << c.games << " confirm_at=" << limit;
}

}  // namespace

std::optional<std::size_t> bestMember(const ga::RunState& state) {
    std::optional<std::size_t> best;
    // rankOrder needs a fully evaluated population; a partly evaluated file still has a best.
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        const auto& fitness = state.population[i].fitness;
        if (fitness && (!best || *fitness > *state.population[*best].fitness)) best = i;
    }
    return best;
}

void writeRunPick(ga::RunState& state, const RunPick& pick) {
    std::ostringstream line;
    line << "generation=" << pick.generation << " on=" << (!pick.checked ? "unchecked" : pick.heldOut ? "heldout" : "training")
         << " score=" << exactDecimal(pick.score) << " start=" << exactDecimal(pick.startScore) << " values=";
    for (std::size_t i = 0; i < pick.values.size(); ++i) line << (i ? "," : "") << pick.values[i];
    if (pick.error) line << " error=" << exactDecimal(*pick.error);
    if (pick.startError) line << " start_error=" << exactDecimal(*pick.startError);
    if (pick.bestOther) line << " best_other=" << exactDecimal(*pick.bestOther);
    if (pick.bestOtherError) line << " best_other_error=" << exactDecimal(*pick.bestOtherError);
    if (pick.confirmation) writeConfirmation(line, *pick.confirmation);
    // One place in the file however the run went (straight or resumed): before the history.
    std::erase_if(state.extras, [](const auto& extra) { return extra.first == kKey; });
    const auto history = std::find_if(state.extras.begin(), state.extras.end(),
                                      [](const auto& extra) { return extra.first.starts_with("history."); });
    state.extras.insert(history, {kKey, line.str()});
}

Result<std::optional<RunPick>> readRunPick(const ga::RunState& state) {
    for (const auto& [key, value] : state.extras) {
        if (key != kKey) continue;
        std::map<std::string, std::string> fields;
        std::istringstream words(value);
        for (std::string word; words >> word;) {
            const std::size_t equals = word.find('=');
            if (equals == std::string::npos) return Error{"extras: pick: '" + word + "': expected NAME=VALUE"};
            fields[word.substr(0, equals)] = word.substr(equals + 1);
        }
        RunPick pick;
        if (auto problem = readFields(fields, pick)) return Error{"extras: pick: " + *problem};
        if (pick.values.size() != state.genome.size())
            return Error{"extras: pick: values: expected " + std::to_string(state.genome.size()) + ", one per term"};
        return std::optional<RunPick>(std::move(pick));
    }
    return std::optional<RunPick>();
}

Result<RunAnswer> runAnswer(const ga::RunState& state) {
    auto pick = readRunPick(state);
    if (!pick) return pick.error();
    if (*pick) {
        RunAnswer answer{(*pick)->values, (*pick)->generation, std::nullopt, *pick};
        for (const ga::Member& m : state.population)
            if (m.fitness && ga::decode(state.genome, m.chromosome) == answer.values) answer.fitness = m.fitness;
        return answer;
    }
    const auto best = bestMember(state);
    if (!best) return Error{"no evaluated member"};
    return RunAnswer{ga::decode(state.genome, state.population[*best].chromosome), state.generation,
                     state.population[*best].fitness, std::nullopt};
}

std::string startAnswersWhy(const RunPick& pick) {
    if (pick.confirmation && !pick.confirmation->passed) return "no better than the start: " + confirmationText(*pick.confirmation);
    const std::string where = pick.heldOut ? "held-out data" : "the training data";
    std::ostringstream text;
    text << "no better than the start on " << where;
    if (pick.startError && pick.bestOtherError)
        text << " (E " << fixedDecimals(*pick.bestOtherError, 6) << " at best against the start's "
             << fixedDecimals(*pick.startError, 6) << ")";
    else if (pick.bestOther)
        text << " (score " << fixedDecimals(*pick.bestOther, 6) << " at best against the start's "
             << fixedDecimals(pick.startScore, 6) << ")";
    return text.str();
}

RunPick confirmedPick(RunPick pick, const std::vector<int>& start, PickConfirmation confirmation) {
    confirmation.generation = pick.generation;
    if (!confirmation.passed) {
        // The start answers; what fell short stays in the confirmation's figures.
        pick.values = start;
        pick.generation = -1;
    }
    pick.confirmation = std::move(confirmation);
    return pick;
}

std::string confirmationText(const PickConfirmation& c) {
    const std::string who = c.generation < 0 ? "the start values" : "generation " + std::to_string(c.generation) + "'s answer";
    const EloFigure figure{c.elo, c.low, c.high, c.games};
    return who + (c.passed ? " confirmed at " : " not confirmed at ") + c.limit + " against the start: " +
           eloFigureText(figure) + (c.passed ? "" : ", the interval's lower bound is not above 0");
}

}  // namespace mf::tuning
