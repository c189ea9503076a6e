// SAN and UCI moves. Input: a FEN line, then move texts, one per line. On a legal position:
// - every text parseSan accepts is a legal move whose own SAN parses back to it;
// - every legal move's SAN and UCI parse back to that move (so SAN disambiguation is exact);
// - a refused text gets an error message (never an exception or a crash).
// A first line that is not a legal FEN falls back to the start position, so the move texts are
// still exercised.
#include <algorithm>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/position.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    const auto lines = fuzz::lines(fuzz::asText(data, size));
    if (lines.empty()) return 0;
    auto parsed = Position::fromFen(lines.front());
    const Position pos = parsed ? *parsed : Position::startPosition();
    const MoveList legal(pos);

    for (std::size_t i = 1; i < lines.size(); ++i) {
        auto move = parseSan(pos, lines[i]);
        if (!move) {
            fuzz::require(!move.error().message.empty(), "a refused move says why", lines[i]);
            continue;
        }
        fuzz::require(std::find(legal.begin(), legal.end(), *move) != legal.end(),
                      "parseSan accepts legal moves only", std::string(lines[i]));
        const std::string san = toSan(pos, *move);
        auto back = parseSan(pos, san);
        fuzz::require(back.ok() && *back == *move, "the SAN of an accepted move parses back to it", san);
    }
    for (const Move m : legal) {
        const std::string san = toSan(pos, m);
        auto fromSan = parseSan(pos, san);
        fuzz::require(fromSan.ok() && *fromSan == m, "every legal move's SAN parses back to it", pos.fen() + " " + san);
        auto fromUci = parseUciMove(pos, toUci(m));
        fuzz::require(fromUci.ok() && *fromUci == m, "every legal move's UCI parses back to it", pos.fen() + " " + toUci(m));
    }
    return 0;
}
