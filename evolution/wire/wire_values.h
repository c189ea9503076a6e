#pragma once
// The byte form (wire.h) of values that more than one message carries: engine options, a search
// limit, a score; and the end of every decoder. Shared by the message families of this folder
// and by the measures whose items travel as their own payload (evolution/tuning/measures).

#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/wire/wire.h"
#include "evolution/uci/search_types.h"

namespace mf::wire {

void writeOptions(Writer& out, const uci::OptionValues& options);
uci::OptionValues readOptions(Reader& in, std::string_view field);

void writeLimit(Writer& out, const uci::SearchLimit& limit);
uci::SearchLimit readLimit(Reader& in);

void writeScore(Writer& out, const std::optional<uci::Score>& score);  // a presence byte, then the score
std::optional<uci::Score> readScore(Reader& in);

// `value` when every byte was read and nothing failed, else "<message>: <field>: <why>".
template <typename T>
Result<T> finish(Reader& in, T value, std::string_view message) {
    in.expectEnd(message);
    if (!in.ok()) return Error{std::string(message) + ": " + *in.error()};
    return value;
}

}  // namespace mf::wire
