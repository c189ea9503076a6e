// EPD lines with their operations. Every accepted line written back (EpdRecord::toString) parses
// to the same record; the position of an accepted record is either a legal position or an error
// naming its FEN field. Input: any text, one EPD record per line.
#include "engine/epd.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    for (const auto line : fuzz::lines(fuzz::asText(data, size))) {
        auto record = parseEpdLine(line);
        if (!record) {
            fuzz::require(!record.error().message.empty(), "a refused EPD line says why", line);
            continue;
        }
        const std::string written = record->toString();
        auto again = parseEpdLine(written);
        fuzz::require(again.ok(), "a written EPD record parses again", written);
        fuzz::require(*again == *record, "EPD round trip gives the same record",
                      "read:    " + std::string(line) + "\nwritten: " + written + "\nagain:   " + again->toString());
        auto position = record->position();
        if (!position) fuzz::require(position.error().message.find("FEN") != std::string::npos,
                                     "a bad EPD position names its FEN field", position.error().message);
    }
    return 0;
}
