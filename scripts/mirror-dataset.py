#!/usr/bin/env python3
"""Writes a labelled data set ten times its size for scale measurements: each position as it is
and with the colours swapped (the board turned upside down, White's pieces Black's, the other
side to move, the result turned round), the pair repeated --times times.

    mirror-dataset.py IN.epd [--times N] > OUT.epd

Why mirrored: a mirrored position is a position the evaluation scores the other way round, so the
larger set has as many distinct positions as coefficients allow (twice the original), and the
trace path's memory and speed at 10^7 positions can be measured from a set of 10^6 without the
days of self-play a real one costs. Its E equals the original's, so it is no data for tuning.
Reads the EPD form make-dataset writes (four FEN fields, then operations; the result as c9);
comment lines are kept once, at the top.
"""
import argparse
import sys

RESULT_MIRROR = {'"1-0"': '"0-1"', '"0-1"': '"1-0"', '"1/2-1/2"': '"1/2-1/2"'}


def mirror_fen_fields(board, side, castling, en_passant):
    ranks = board.split("/")
    mirrored_board = "/".join(rank.swapcase() for rank in reversed(ranks))
    mirrored_side = "b" if side == "w" else "w"
    mirrored_castling = "-" if castling == "-" else "".join(sorted(castling.swapcase(), key="KQkq".index))
    mirrored_en_passant = en_passant if en_passant == "-" else en_passant[0] + str(9 - int(en_passant[1]))
    return [mirrored_board, mirrored_side, mirrored_castling, mirrored_en_passant]


def mirror_line(line, where):
    fields = line.split(" ", 4)
    if len(fields) < 5 or fields[1] not in ("w", "b"):
        sys.exit(f"mirror-dataset: {where}: not an EPD position (board, side, castling, en passant, operations)")
    operations = fields[4]
    for result, mirrored in RESULT_MIRROR.items():
        if f"c9 {result}" in operations:
            operations = operations.replace(f"c9 {result}", f"c9 {mirrored}")
            break
    else:
        sys.exit(f"mirror-dataset: {where}: field c9: no result (\"1-0\", \"0-1\" or \"1/2-1/2\")")
    return " ".join(mirror_fen_fields(*fields[:4]) + [operations])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data")
    parser.add_argument("--times", type=int, default=5, help="how often the pair is written (default 5: ten times the size)")
    args = parser.parse_args()
    if args.times < 1:
        sys.exit("mirror-dataset: --times must be at least 1")
    comments, pairs = [], []
    with open(args.data) as data:
        for number, raw in enumerate(data, start=1):
            line = raw.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("#"):
                comments.append(line)
                continue
            pairs.append(line + "\n" + mirror_line(line, f"{args.data}, line {number}"))
    out = sys.stdout
    for comment in comments:
        out.write(comment + "\n")
    out.write(f"# these positions, each also mirrored (colours swapped), written {args.times} times by scripts/mirror-dataset.py\n")
    block = "\n".join(pairs) + "\n"
    for _ in range(args.times):
        out.write(block)


if __name__ == "__main__":
    main()
