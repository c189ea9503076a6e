#include "evolution/mpi/item_messages.h"

#include "evolution/wire/wire_values.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

std::string encode(const Item& message) {
    Writer out;
    out.u64(message.id);
    out.u8(static_cast<std::uint8_t>(message.kind));
    out.string(message.payload);
    return out.take();
}

Result<Item> decodeItem(std::string_view bytes) {
    Reader in(bytes);
    Item message;
    message.id = in.u64("id");
    message.kind = in.enumeration("kind", ItemKind::SelfPlayGame);
    message.payload = in.string("payload");
    return finish(in, std::move(message), "item");
}

std::string encode(const ItemDone& message) {
    Writer out;
    out.u64(message.id);
    out.string(message.payload);
    return out.take();
}

Result<ItemDone> decodeItemDone(std::string_view bytes) {
    Reader in(bytes);
    ItemDone message;
    message.id = in.u64("id");
    message.payload = in.string("payload");
    return finish(in, std::move(message), "item done");
}

std::string encodeId(std::uint64_t id) {
    Writer out;
    out.u64(id);
    return out.take();
}

Result<std::uint64_t> decodeId(std::string_view bytes) {
    Reader in(bytes);
    const std::uint64_t id = in.u64("id");
    return finish(in, id, "cancel");
}

}  // namespace mf::mpi
