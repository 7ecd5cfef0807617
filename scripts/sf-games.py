#!/usr/bin/env python3
"""Training positions for `chimera tune chess` from games Stockfish plays against itself.

Texel's method as first used: positions from a strong engine's games, labelled with the
games' results. Our own self-play at 3,000-5,000 nodes a move gave poor data (docs/tuning.md,
"Orthodox chess"); this script plays Stockfish (python-chess's UCI client) against itself
at a fixed node count a move, from random balanced openings: `--random-plies` random legal
plies from the start (6 to 10 by default) or, with probability `--book-share`, one of
scripts/vs-stockfish.py's 50 book openings and 2 to 4 random plies after it, kept when a full-strength Stockfish search of
`--check-nodes` nodes scores the position within `--balance` centipawns. For variety and
decisive games each side of a game plays at full strength or, with probability
`--limit-share`, with UCI_LimitStrength at a UCI_Elo drawn between `--elo-min` and
`--elo-max`.

A game ends by the rules (python-chess's outcome with claimed draws), at `--max-plies`
(a draw), or by adjudication on Stockfish's own scores: both sides' searches see the same
side `--resign` centipawns ahead for 6 consecutive plies (a win), or after ply 100 both
score within 10 centipawns for 20 consecutive plies (a draw).

Recorded positions: after `--skip-plies` plies (counted from the start, the random plies
included), not in check, not right after a capture, and not where the move Stockfish
played is a capture or a promotion (quiet positions, as Texel's method wants; `chimera
tune --quiet` plays captures out in any case). Positions after the adjudication are not
recorded. Each is written as `RESULT<TAB>FEN` with the result for White (1, 0.5 or 0),
the format `chimera tune chess` reads, to --output; the same positions with Stockfish's
score of them (centipawns from White's side, mates as +-10000), one a line as `SCORE<TAB>
RESULT<TAB>FEN`, go to OUTPUT.scores, for a tuner that blends results with scores.

    nice -n 10 python3 scripts/sf-games.py --games 2000 --nodes 10000 --seed 1 \
        --output sf.data

With --blend LAMBDA --scores FILE.scores it plays nothing: it writes to --output each
position of FILE.scores with the label LAMBDA * result + (1 - LAMBDA) * p, where p is
Stockfish's score turned into an expected score by the logistic curve 1 / (1 + exp(-c *
score)) whose c best predicts these positions' results (least squares, as Texel's k),
the "lambda" of modern Texel tuners. `chimera tune` reads such labels as given.

    python3 scripts/sf-games.py --blend 0.5 --scores sf.data.scores --output sf-blend.data

`chimera selfplay --with-scores` writes the same format (the score of the engine's own
search), so --blend makes such labels for any variant (docs/tuning.md, session 36).
"""

import argparse
import importlib
import math
import os
import random
import sys
import time

import chess
import chess.engine

# vs-stockfish.py's balanced openings (a few plies of common main lines).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
BOOK = importlib.import_module("vs-stockfish").OPENINGS


def options_for(rng, args):
    """A side's UCI options: full strength, or a limited strength at a random UCI_Elo."""
    if rng.random() < args.limit_share:
        return {"UCI_LimitStrength": True,
                "UCI_Elo": rng.randint(args.elo_min, args.elo_max)}
    return {"UCI_LimitStrength": False}


def white_cp(score):
    """A python-chess PovScore as centipawns from White's side (mates as +-10000)."""
    return score.white().score(mate_score=10000)


def opening(rng, judge, args):
    """A random balanced opening: a board after a few random plies, or None (unbalanced)."""
    board = chess.Board()
    plies = rng.randint(args.random_plies_min, args.random_plies_max)
    if rng.random() < args.book_share:
        for san in rng.choice(BOOK).split():
            board.push_san(san)
        plies = rng.randint(2, 4)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    if board.is_game_over():
        return None
    judge.configure({"UCI_LimitStrength": False})
    info = judge.analyse(board, chess.engine.Limit(nodes=args.check_nodes))
    cp = white_cp(info["score"])
    return board if abs(cp) <= args.balance else None


def play(rng, engines, board, args, index):
    """One game from `board`: (result for White as text, [(fen, white cp)] recorded)."""
    settings = [options_for(rng, args), options_for(rng, args)]
    for engine, options in zip(engines, settings):
        engine.configure(options)
    recorded = []
    winning = 0  # plies in a row both searches saw one side `--resign` ahead (signed)
    quiet_plies = 0
    last_capture = False
    result = None
    while result is None:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result = {True: "1", False: "0", None: "0.5"}[outcome.winner]
            break
        if board.ply() >= args.max_plies:
            result = "0.5"
            break
        engine = engines[0] if board.turn == chess.WHITE else engines[1]
        played = engine.play(board, chess.engine.Limit(nodes=args.nodes),
                             info=chess.engine.INFO_SCORE, game=index)
        move = played.move
        cp = white_cp(played.info["score"]) if "score" in played.info else None
        if cp is not None:
            if abs(cp) >= args.resign:
                sign = 1 if cp > 0 else -1
                winning = winning + sign if winning * sign > 0 else sign
            else:
                winning = 0
            quiet_plies = quiet_plies + 1 if abs(cp) <= 10 else 0
        if abs(winning) >= 6:
            result = "1" if winning > 0 else "0"
            break
        if board.ply() >= 100 and quiet_plies >= 20:
            result = "0.5"
            break
        quiet = (board.ply() >= args.skip_plies and not board.is_check()
                 and not last_capture and not board.is_capture(move)
                 and move.promotion is None and cp is not None)
        if quiet:
            recorded.append((board.fen(), cp))
        last_capture = board.is_capture(move)
        board.push(move)
    return result, recorded, settings


def blend(args):
    """Write --scores' positions to --output labelled by the results blended with
    Stockfish's scores (see the module's text); prints the curve's c and the errors."""
    rows = []
    with open(args.scores, encoding="ascii") as f:
        for number, line in enumerate(f, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                sys.exit(f"{args.scores}:{number}: expected SCORE, RESULT and FEN")
            rows.append((max(-2000, min(2000, int(parts[0]))), float(parts[1]), parts[2]))
    if not rows:
        sys.exit(f"{args.scores}: no positions")

    def mse(c):
        return sum((r - 1 / (1 + math.exp(-c * cp))) ** 2 for cp, r, _ in rows) / len(rows)

    lo, hi = 1e-4, 0.1
    for _ in range(60):  # golden-section search of the error's minimum over c
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if mse(a) < mse(b):
            hi = b
        else:
            lo = a
    c = (lo + hi) / 2
    print(f"{len(rows)} positions; c = {c:.6f} (a score of 100 predicts "
          f"{1 / (1 + math.exp(-100 * c)):.3f}); mean squared error of the scores "
          f"{mse(c):.6f}", file=sys.stderr)
    with open(args.output, "w", encoding="ascii") as out:
        for cp, result, fen in rows:
            label = args.blend * result + (1 - args.blend) / (1 + math.exp(-c * cp))
            out.write(f"{label:.4f}\t{fen}\n")


def main():
    """Parse the arguments, play the games, write the positions."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=10000, help="Stockfish's nodes a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--output", required=True)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--random-plies-min", type=int, default=6)
    parser.add_argument("--random-plies-max", type=int, default=10)
    parser.add_argument("--book-share", type=float, default=0.5)
    parser.add_argument("--check-nodes", type=int, default=20000)
    parser.add_argument("--balance", type=int, default=100)
    parser.add_argument("--limit-share", type=float, default=0.3)
    parser.add_argument("--elo-min", type=int, default=1800)
    parser.add_argument("--elo-max", type=int, default=2600)
    parser.add_argument("--skip-plies", type=int, default=16)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--resign", type=int, default=800)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--blend", type=float, help="write blended labels (see above)")
    parser.add_argument("--scores", help="with --blend: the .scores file to read")
    args = parser.parse_args()
    if args.blend is not None:
        if not args.scores or not 0 <= args.blend <= 1:
            sys.exit("--blend LAMBDA (0 to 1) needs --scores FILE")
        blend(args)
        return

    rng = random.Random(args.seed)
    engines = [chess.engine.SimpleEngine.popen_uci(args.stockfish) for _ in range(2)]
    for engine in engines:
        engine.configure({"Threads": 1, "Hash": args.hash})
    started = time.monotonic()
    counts = {"1": 0, "0.5": 0, "0": 0}
    positions = 0
    try:
        with open(args.output, "a", encoding="ascii") as out, \
                open(args.output + ".scores", "a", encoding="ascii") as scores:
            for index in range(args.games):
                board = None
                while board is None:
                    board = opening(rng, engines[0], args)
                start_fen = board.fen()
                result, recorded, settings = play(rng, engines, board, args, index)
                counts[result] += 1
                positions += len(recorded)
                for fen, cp in recorded:
                    out.write(f"{result}\t{fen}\n")
                    scores.write(f"{cp}\t{result}\t{fen}\n")
                out.flush()
                scores.flush()
                elapsed = time.monotonic() - started
                print(f"game {index + 1}: {result} after {board.ply()} plies from "
                      f"{start_fen}, {len(recorded)} positions, sides {settings}; "
                      f"total +{counts['1']} ={counts['0.5']} -{counts['0']}, "
                      f"{positions} positions, {elapsed:.0f} s", file=sys.stderr, flush=True)
    finally:
        for engine in engines:
            engine.quit()


if __name__ == "__main__":
    main()
