#include "evolution/wire/wire_values.h"

namespace mf::wire {

void writeOptions(Writer& out, const uci::OptionValues& options) {
    out.u64(options.size());
    for (const auto& [name, value] : options) {
        out.string(name);
        out.string(value);
    }
}

uci::OptionValues readOptions(Reader& in, std::string_view field) {
    uci::OptionValues options;
    const std::size_t n = in.count(field, 16);
    for (std::size_t i = 0; i < n && in.ok(); ++i) {
        std::string name = in.string(field);
        std::string value = in.string(field);
        options.emplace_back(std::move(name), std::move(value));
    }
    return options;
}

void writeLimit(Writer& out, const uci::SearchLimit& limit) {
    out.u8(static_cast<std::uint8_t>(limit.kind));
    out.i64(limit.value);
    for (auto value : {limit.wtime, limit.btime, limit.winc, limit.binc, limit.movestogo}) out.i64(value);
}

uci::SearchLimit readLimit(Reader& in) {
    uci::SearchLimit limit;
    limit.kind = in.enumeration("limit kind", uci::SearchLimit::Kind::Clock);
    limit.value = in.i64("limit value");
    limit.wtime = in.i64("limit wtime");
    limit.btime = in.i64("limit btime");
    limit.winc = in.i64("limit winc");
    limit.binc = in.i64("limit binc");
    limit.movestogo = in.i64("limit movestogo");
    return limit;
}

void writeScore(Writer& out, const std::optional<uci::Score>& score) {
    out.boolean(score.has_value());
    if (!score) return;
    out.u8(static_cast<std::uint8_t>(score->kind));
    out.i64(score->value);
    out.u8(static_cast<std::uint8_t>(score->bound));
}

std::optional<uci::Score> readScore(Reader& in) {
    if (!in.boolean("score")) return std::nullopt;
    uci::Score score;
    score.kind = in.enumeration("score kind", uci::ScoreKind::Mate);
    score.value = in.i32("score value");
    score.bound = in.enumeration("score bound", uci::ScoreBound::Upper);
    return score;
}

}  // namespace mf::wire
