#pragma once
// The envelopes of work on the worker ranks: an Item (an id, its kind and the kind's payload),
// its ItemDone (the id and the result's payload) and Cancel (an id), as plain values and bytes.
// The payloads are the kinds' own: searches (search_payloads.h), game pairs
// (tuning/measures/games/games_wire.h), data set chunks (tuning/measures/evalfit/evalfit_wire.h),
// self-play games (self_play_payloads.h).

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace mf::mpi {

enum class ItemKind : std::uint8_t { Search, GamePair, DatasetChunk, SelfPlayGame };

struct Item {
    std::uint64_t id = 0;
    ItemKind kind = ItemKind::Search;
    std::string payload;
};

struct ItemDone {
    std::uint64_t id = 0;
    std::string payload;
};

std::string encode(const Item& message);
std::string encode(const ItemDone& message);
std::string encodeId(std::uint64_t id);  // Cancel

// Each fails with "<message>: <field>: <why>" on bytes that are not such a message.
Result<Item> decodeItem(std::string_view bytes);
Result<ItemDone> decodeItemDone(std::string_view bytes);
Result<std::uint64_t> decodeId(std::string_view bytes);

}  // namespace mf::mpi
