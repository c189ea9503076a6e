// FEN: a parsed position written back parses to the same position, and writing is a fixed point
// (fen(fromFen(fen(p))) == fen(p)). A refused FEN says which field is wrong.
#include "engine/position.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    const auto text = fuzz::asText(data, size);
    auto parsed = Position::fromFen(text);
    if (!parsed) {
        fuzz::require(parsed.error().message.starts_with("FEN"), "a FEN error names the FEN and its field",
                      parsed.error().message);
        return 0;
    }
    const std::string written = parsed->fen();
    auto again = Position::fromFen(written);
    fuzz::require(again.ok(), "a written FEN parses again", written);
    fuzz::require(again->fen() == written, "FEN round trip is a fixed point", written + " -> " + again->fen());
    fuzz::require(again->key() == parsed->key(), "FEN round trip keeps the position key", written);
    return 0;
}
