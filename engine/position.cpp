#include "engine/position.h"

#include "engine/movegen.h"
#include "engine/zobrist.h"

#include <algorithm>
#include <cstring>

namespace mf {

namespace {

using zobrist::keys;

// Castling rights lost when a move starts or ends on the square (king or rook moved or captured).
constexpr std::array<int, 64> makeCastlingLoss() {
    std::array<int, 64> loss{};
    loss[E1] = WhiteCastling;
    loss[H1] = WhiteOO;
    loss[A1] = WhiteOOO;
    loss[E8] = BlackCastling;
    loss[H8] = BlackOO;
    loss[A8] = BlackOOO;
    return loss;
}
constexpr std::array<int, 64> CastlingLoss = makeCastlingLoss();

} // namespace

Position::Position() {
    std::fill(std::begin(board_), std::end(board_), NoPiece);
    states_.reserve(64);
    states_.emplace_back();
}

Position Position::startPosition() { return *fromFen(StartFen); }

void Position::forgetHistory() {
    states_.erase(states_.begin(), states_.end() - 1);
    states_.shrink_to_fit();
}

void Position::putPiece(Piece p, Square s) {
    board_[s] = p;
    const Bitboard b = squareBb(s);
    byType_[0] |= b;
    byType_[typeOf(p)] |= b;
    byColor_[colorOf(p)] |= b;
    ++pieceCount_[p];
}

void Position::removePiece(Square s) {
    const Piece p = board_[s];
    const Bitboard b = squareBb(s);
    byType_[0] ^= b;
    byType_[typeOf(p)] ^= b;
    byColor_[colorOf(p)] ^= b;
    board_[s] = NoPiece;
    --pieceCount_[p];
}

void Position::movePiece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard b = squareBb(from) | squareBb(to);
    byType_[0] ^= b;
    byType_[typeOf(p)] ^= b;
    byColor_[colorOf(p)] ^= b;
    board_[from] = NoPiece;
    board_[to] = p;
}

Bitboard Position::attackersTo(Square s, Bitboard occupied) const {
    return (pawnAttacks(Black, s) & pieces(White, Pawn)) | (pawnAttacks(White, s) & pieces(Black, Pawn))
           | (knightAttacks(s) & byType_[Knight]) | (rookAttacks(s, occupied) & pieces(Rook, Queen))
           | (bishopAttacks(s, occupied) & pieces(Bishop, Queen)) | (kingAttacks(s) & byType_[King]);
}

Bitboard Position::sliderBlockers(Bitboard sliders, Square target, Bitboard& pinnersOut) const {
    Bitboard blockers = 0;
    pinnersOut = 0;
    Bitboard snipers = ((rookAttacks(target, 0) & pieces(Rook, Queen)) | (bishopAttacks(target, 0) & pieces(Bishop, Queen)))
                       & sliders;
    const Bitboard occupied = pieces() ^ snipers;
    const Bitboard targetSide = pieces(colorOf(board_[target]));
    while (snipers) {
        const Square sniper = popLsb(snipers);
        const Bitboard b = between(target, sniper) & occupied;
        if (b && !moreThanOne(b)) {
            blockers |= b;
            if (b & targetSide) pinnersOut |= squareBb(sniper);
        }
    }
    return blockers;
}

void Position::setCheckInfo() {
    StateInfo& s = st();
    s.blockersForKing[White] = sliderBlockers(pieces(Black), kingSquare(White), s.pinners[Black]);
    s.blockersForKing[Black] = sliderBlockers(pieces(White), kingSquare(Black), s.pinners[White]);
    const Square ksq = kingSquare(~side_);
    s.checkSquares[Pawn] = pawnAttacks(~side_, ksq);
    s.checkSquares[Knight] = knightAttacks(ksq);
    s.checkSquares[Bishop] = bishopAttacks(ksq, pieces());
    s.checkSquares[Rook] = rookAttacks(ksq, pieces());
    s.checkSquares[Queen] = s.checkSquares[Bishop] | s.checkSquares[Rook];
    s.checkSquares[King] = 0;
}

std::uint64_t Position::computeKey() const {
    std::uint64_t k = 0;
    for (Square s = A1; s <= H8; ++s)
        if (board_[s] != NoPiece) k ^= keys.psq[board_[s]][s];
    if (st().epSquare != NoSquare) k ^= keys.enPassantFile[fileOf(st().epSquare)];
    k ^= keys.castling[st().castlingRights];
    if (side_ == Black) k ^= keys.blackToMove;
    return k;
}

std::uint64_t Position::computePawnKey() const {
    std::uint64_t k = 0;
    Bitboard b = byType_[Pawn];
    while (b) {
        const Square s = popLsb(b);
        k ^= keys.psq[board_[s]][s];
    }
    return k;
}

std::uint64_t Position::computeMaterialKey() const {
    std::uint64_t k = 0;
    for (int p = 0; p < PieceCount; ++p)
        for (int n = 0; n < pieceCount_[p]; ++n) k ^= keys.psq[p][n];
    return k;
}

void Position::computeKeys() {
    st().key = computeKey();
    st().pawnKey = computePawnKey();
    st().materialKey = computeMaterialKey();
}

void Position::pushState() {
    // Grow by doubling outside the copy so push_back never reads a reallocated element.
    if (states_.size() == states_.capacity()) states_.reserve(states_.capacity() * 2);
    states_.push_back(states_.back());
}

void Position::doMove(Move m) {
    pushState();
    StateInfo& s = st();
    const StateInfo& prev = states_[states_.size() - 2];
    std::uint64_t k = prev.key ^ keys.blackToMove;
    ++gamePly_;
    ++s.rule50;
    ++s.pliesFromNull;

    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    const MoveKind kind = m.kind();
    Piece captured = kind == MoveKind::EnPassant ? makePiece(them, Pawn) : board_[to];

    if (prev.epSquare != NoSquare) {
        k ^= keys.enPassantFile[fileOf(prev.epSquare)];
        s.epSquare = NoSquare;
    }

    if (kind == MoveKind::Castling) {
        const bool kingSide = to > from;
        const Square rookFrom = kingSide ? relativeSquare(us, H1) : relativeSquare(us, A1);
        const Square rookTo = kingSide ? relativeSquare(us, F1) : relativeSquare(us, D1);
        const Piece rook = makePiece(us, Rook);
        movePiece(from, to);
        movePiece(rookFrom, rookTo);
        k ^= keys.psq[pc][from] ^ keys.psq[pc][to] ^ keys.psq[rook][rookFrom] ^ keys.psq[rook][rookTo];
        captured = NoPiece;
    } else {
        if (captured != NoPiece) {
            const Square capSq = kind == MoveKind::EnPassant ? to - pawnPush(us) : to;
            if (typeOf(captured) == Pawn) s.pawnKey ^= keys.psq[captured][capSq];
            removePiece(capSq);
            k ^= keys.psq[captured][capSq];
            s.materialKey ^= keys.psq[captured][pieceCount_[captured]];
            s.rule50 = 0;
        }
        k ^= keys.psq[pc][from] ^ keys.psq[pc][to];
        movePiece(from, to);
    }

    if (s.castlingRights && (CastlingLoss[from] | CastlingLoss[to])) {
        k ^= keys.castling[s.castlingRights];
        s.castlingRights &= ~(CastlingLoss[from] | CastlingLoss[to]);
        k ^= keys.castling[s.castlingRights];
    }

    if (typeOf(pc) == Pawn) {
        s.rule50 = 0;
        if ((int(to) ^ int(from)) == 16) {
            // Record the en-passant square only if an enemy pawn can actually take.
            const Square ep = to - pawnPush(us);
            if (pawnAttacks(us, ep) & pieces(them, Pawn)) {
                s.epSquare = ep;
                k ^= keys.enPassantFile[fileOf(ep)];
            }
            s.pawnKey ^= keys.psq[pc][from] ^ keys.psq[pc][to];
        } else if (kind == MoveKind::Promotion) {
            const Piece promoted = makePiece(us, m.promotion());
            removePiece(to);
            putPiece(promoted, to);
            k ^= keys.psq[pc][to] ^ keys.psq[promoted][to];
            s.pawnKey ^= keys.psq[pc][from];
            s.materialKey ^= keys.psq[pc][pieceCount_[pc]] ^ keys.psq[promoted][pieceCount_[promoted] - 1];
        } else {
            s.pawnKey ^= keys.psq[pc][from] ^ keys.psq[pc][to];
        }
    }

    s.captured = captured;
    s.key = k;
    side_ = them;
    s.checkers = attackersTo(kingSquare(them)) & pieces(us);
    setCheckInfo();
}

void Position::undoMove(Move m) {
    side_ = ~side_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const MoveKind kind = m.kind();

    if (kind == MoveKind::Castling) {
        const bool kingSide = to > from;
        movePiece(to, from);
        movePiece(kingSide ? relativeSquare(us, F1) : relativeSquare(us, D1),
                  kingSide ? relativeSquare(us, H1) : relativeSquare(us, A1));
    } else {
        if (kind == MoveKind::Promotion) {
            removePiece(to);
            putPiece(makePiece(us, Pawn), to);
        }
        movePiece(to, from);
        const Piece captured = st().captured;
        if (captured != NoPiece) putPiece(captured, kind == MoveKind::EnPassant ? to - pawnPush(us) : to);
    }
    states_.pop_back();
    --gamePly_;
}

void Position::doNullMove() {
    pushState();
    StateInfo& s = st();
    s.key ^= keys.blackToMove;
    if (s.epSquare != NoSquare) {
        s.key ^= keys.enPassantFile[fileOf(s.epSquare)];
        s.epSquare = NoSquare;
    }
    ++s.rule50;
    s.pliesFromNull = 0;
    s.captured = NoPiece;
    side_ = ~side_;
    s.checkers = 0;
    setCheckInfo();
}

void Position::undoNullMove() {
    states_.pop_back();
    side_ = ~side_;
}

std::uint64_t Position::keyAfter(Move m) const {
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    std::uint64_t k = st().key ^ keys.blackToMove ^ keys.psq[pc][from] ^ keys.psq[pc][to];
    if (board_[to] != NoPiece && m.kind() != MoveKind::Castling) k ^= keys.psq[board_[to]][to];
    return k;
}

bool Position::givesCheck(Move m) const {
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const Square theirKing = kingSquare(~us);

    if (st().checkSquares[typeOf(board_[from])] & to) return true;
    if ((st().blockersForKing[~us] & from) && !aligned(from, to, theirKing)) return true;

    switch (m.kind()) {
    case MoveKind::Normal: return false;
    case MoveKind::Promotion: return pieceAttacks(m.promotion(), to, pieces() ^ squareBb(from)) & theirKing;
    case MoveKind::EnPassant: {
        const Square capSq = to - pawnPush(us);
        const Bitboard occ = (pieces() ^ squareBb(from) ^ squareBb(capSq)) | squareBb(to);
        return (rookAttacks(theirKing, occ) & pieces(us, Queen, Rook))
               | (bishopAttacks(theirKing, occ) & pieces(us, Queen, Bishop));
    }
    case MoveKind::Castling: {
        const bool kingSide = to > from;
        const Square rookFrom = kingSide ? relativeSquare(us, H1) : relativeSquare(us, A1);
        const Square rookTo = kingSide ? relativeSquare(us, F1) : relativeSquare(us, D1);
        const Bitboard occ = (pieces() ^ squareBb(from) ^ squareBb(rookFrom)) | squareBb(to) | squareBb(rookTo);
        return rookAttacks(rookTo, occ) & theirKing;
    }
    }
    return false;
}

bool Position::isLegalAssumingPseudoLegal(Move m) const {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Square ksq = kingSquare(us);

    if (m.kind() == MoveKind::EnPassant) {
        const Square capSq = to - pawnPush(us);
        const Bitboard occ = (pieces() ^ squareBb(from) ^ squareBb(capSq)) | squareBb(to);
        return !(rookAttacks(ksq, occ) & pieces(them, Queen, Rook)) && !(bishopAttacks(ksq, occ) & pieces(them, Queen, Bishop));
    }
    // Castling is generated only when the king's path is safe.
    if (m.kind() == MoveKind::Castling) return true;
    if (from == ksq) return !(attackersTo(to, pieces() ^ squareBb(from)) & pieces(them));
    return !(st().blockersForKing[us] & from) || aligned(from, to, ksq);
}

bool Position::isPseudoLegal(Move m) const {
    if (!m.isOk()) return false;
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];

    // Special moves are rare: compare against the generator rather than re-deriving their rules.
    if (m.kind() != MoveKind::Normal) {
        Move buffer[MaxMoves];
        Move* const end = inCheck() ? generate<GenType::Evasions>(*this, buffer) : generate<GenType::NonEvasions>(*this, buffer);
        return std::find(buffer, end, m) != end;
    }
    if (pc == NoPiece || colorOf(pc) != us) return false;
    if (pieces(us) & to) return false;

    if (typeOf(pc) == Pawn) {
        if (relativeRank(us, to) == 7) return false; // must be a promotion
        const bool capture = pawnAttacks(us, from) & pieces(~us) & to;
        const bool single = from + pawnPush(us) == to && empty(to);
        const bool dbl = from + pawnPush(us) + pawnPush(us) == to && relativeRank(us, from) == 1 && empty(to)
                         && empty(from + pawnPush(us));
        if (!capture && !single && !dbl) return false;
    } else if (!(pieceAttacks(typeOf(pc), from, pieces()) & to)) {
        return false;
    }

    if (inCheck() && typeOf(pc) != King) {
        // Double check: only the king may move. Single check: block or capture the checker.
        if (moreThanOne(checkers())) return false;
        if (!((between(kingSquare(us), lsb(checkers())) | checkers()) & to)) return false;
    }
    return true;
}

bool Position::hasInsufficientMaterial() const {
    if (pieces(Pawn, Rook) | pieces(Queen)) return false;
    const Bitboard minors = pieces(Knight, Bishop);
    if (!moreThanOne(minors)) return true;
    // Only bishops, all on squares of one colour: no mate is possible.
    if (pieces(Knight)) return false;
    const Bitboard bishops = pieces(Bishop);
    return !(bishops & DarkSquaresBb) || !(bishops & ~DarkSquaresBb);
}

namespace {
// Distance back to the previous occurrence of the state at index i, or 0.
int repetitionDistance(const std::vector<StateInfo>& states, int i) {
    const StateInfo& s = states[i];
    const int end = std::min({s.rule50, s.pliesFromNull, i});
    for (int d = 4; d <= end; d += 2)
        if (states[i - d].key == s.key) return d;
    return 0;
}
} // namespace

bool Position::isRepetition(int ply) const {
    const int last = int(states_.size()) - 1;
    const int d = repetitionDistance(states_, last);
    if (!d) return false;
    if (d < ply) return true;
    return repetitionDistance(states_, last - d) != 0;
}

bool Position::isDraw(int ply) const {
    if (st().rule50 > 99 && (!inCheck() || MoveList(*this).size() > 0)) return true;
    return isRepetition(ply) || hasInsufficientMaterial();
}

bool Position::operator==(const Position& other) const {
    return std::equal(std::begin(board_), std::end(board_), std::begin(other.board_)) && side_ == other.side_
           && castlingRights() == other.castlingRights() && epSquare() == other.epSquare() && rule50() == other.rule50()
           && gamePly_ == other.gamePly_;
}

} // namespace mf
