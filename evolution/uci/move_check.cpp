// The default bestmove check: the move must be legal in the requested position, replayed with
// the engine library. "(none)"/"0000" is accepted only where there is no legal move at all.
#include "engine/movegen.h"
#include "engine/position.h"
#include "evolution/uci/engine_config.h"

namespace mf::uci {
namespace {

// The legal move written `text` in UCI notation (castling as king from -> king to), if any.
std::optional<Move> findLegal(const Position& position, std::string_view text) {
    if (!looksLikeUciMove(text)) return std::nullopt;
    auto from = makeSquare(text[0] - 'a', text[1] - '1');
    auto to = makeSquare(text[2] - 'a', text[3] - '1');
    PieceType promotion = NoPieceType;
    if (text.size() == 5) {
        switch (text[4]) {
            case 'q': promotion = Queen; break;
            case 'r': promotion = Rook; break;
            case 'b': promotion = Bishop; break;
            default: promotion = Knight; break;
        }
    }
    for (Move move : MoveList(position))
        if (move.from() == from && move.to() == to && move.promotion() == promotion) return move;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> legalMoveCheck(const SearchRequest& request, std::string_view move) {
    auto parsed = request.fen == "startpos" ? Result<Position>(Position::startPosition()) : Position::fromFen(request.fen);
    if (!parsed) return "the requested position is invalid: " + parsed.error().message;
    Position position = *parsed;
    for (const auto& played : request.moves) {
        auto m = findLegal(position, played);
        if (!m) return "the request's move '" + played + "' is not legal";
        position.doMove(*m);
    }
    if (move == "(none)" || move == "0000") {
        int legal = MoveList(position).size();
        if (legal == 0) return std::nullopt;
        return "the engine claims to have no move but " + std::to_string(legal) + " are legal";
    }
    if (!looksLikeUciMove(move)) return "not a move in UCI notation";
    if (!findLegal(position, move)) return "not a legal move in the position";
    return std::nullopt;
}

}  // namespace mf::uci
