// PGN: every game read holds legal moves only (replayed here from its start position), and every
// broken game is reported with the file and a line that exists.
#include <string>

#include "engine/movegen.h"
#include "engine/pgn_reader.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    const auto text = fuzz::asText(data, size);
    const auto lineCount = fuzz::lines(text).size();
    const auto file = parsePgn(text, "fuzz.pgn");
    for (const auto& error : file.errors) {
        fuzz::require(error.file == "fuzz.pgn", "a PGN error names the file", error.describe());
        fuzz::require(error.line >= 1 && static_cast<std::size_t>(error.line) <= lineCount + 1,
                      "a PGN error names a line of the text", error.describe());
    }
    for (const auto& game : file.games) {
        Position pos = game.start;
        for (const Move move : game.moves) {
            fuzz::require(MoveList(pos).contains(move), "a game read from PGN holds legal moves only", pos.fen());
            pos.doMove(move);
        }
    }
    return 0;
}
