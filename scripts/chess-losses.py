#!/usr/bin/env python3
"""Where the chess engine loses: its moves in lost games, judged by full-strength Stockfish.

Reads PGN files written by `scripts/vs-stockfish.py --pgn` (our side named "chimera"),
keeps the games chimera lost, and for each of our moves from ply 6 on asks Stockfish
(full strength, one thread, --sf-nodes a position) for the score before and after it,
from our side. A game is followed until the score before our move is below -600 (lost).
A move is flagged when it drops the score by --drop centipawns or more from a position
not already lost (a score before it of -300 or better). For each flagged move the
script then asks our engine (--binary, `bestmove --nodes`) at --nodes and at ten times
as many, and Stockfish for the score of the ten-times move: a move that ten times the
nodes replaces by one within 50 centipawns of Stockfish's best is counted as found by a
deeper search ("search"), the others as misjudged ("evaluation"). Each flagged move is
also tagged from the board and Stockfish's line after it: a king move or a pawn move in
front of our own king, Stockfish's line attacking our king (checks, or two moves ending
next to it), material lost along that line, an enemy passed pawn pushed to our third
rank or beyond. Prints one line per flagged move and the counts; --out writes JSON lines.

    python3 scripts/chess-losses.py --games 22 final.pgn

With --recheck FILE (JSON lines with `fen`, `move` (SAN or UCI) and `before`, as --out
writes them) no PGN is read: each binary of --binary (comma-separated) is asked again at
--nodes from each flagged position, Stockfish judges the move it chooses, and the script
prints, per binary, how often it plays the flagged move again, its average drop from
Stockfish's score before, how many of its moves are within 50 centipawns of that score, and
by how much its own score exceeds Stockfish's score of its move on average.

    python3 scripts/chess-losses.py --recheck flagged.jsonl --binary OLD,NEW
"""

import argparse
import json
import subprocess
import sys
from collections import Counter

import chess
import chess.engine
import chess.pgn

VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
          chess.QUEEN: 900, chess.KING: 0}


def lost_games(paths, limit):
    """The games chimera lost (distinct move sequences), in file order, at most `limit`."""
    seen, lost = set(), []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                moves = [m.uci() for m in game.mainline_moves()]
                if " ".join(moves) in seen:
                    continue
                seen.add(" ".join(moves))
                white = game.headers.get("White") == "chimera"
                if game.headers.get("Result") == ("0-1" if white else "1-0"):
                    lost.append((game.headers.get("Round", "?"), white, moves))
    return lost[:limit]


def score(sf, board, nodes):
    """Stockfish's score of `board` for the side to move (mate as ±10,000) and its line."""
    info = sf.analyse(board, chess.engine.Limit(nodes=nodes))
    return info["score"].pov(board.turn).score(mate_score=10000), info.get("pv", [])


def material(board, us):
    """Material balance in centipawns for `us`."""
    return sum(VALUES[p.piece_type] * (1 if p.color == us else -1)
               for p in board.piece_map().values())


def ours(binary, fen, nodes, with_score=False):
    """Our engine's move and depth (and with `with_score` its score for the side to move,
    mate as ±10,000) at `nodes` from `fen`."""
    out = subprocess.run([binary, "bestmove", "chess", "--position", fen, "--nodes",
                          str(nodes), "--json"], capture_output=True, text=True, check=True)
    j = json.loads(out.stdout)
    if not with_score:
        return j["best_move"], j["depth"]
    value = j["score"]["value"]
    if j["score"]["kind"] != "centipawns":
        value = 10000 if value > 0 else -10000
    return j["best_move"], j["depth"], value


def recheck(args, sf):
    """Asks each binary again from the flagged positions of `args.recheck`; prints what
    Stockfish thinks of its moves."""
    with open(args.recheck, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    for binary in args.binary.split(","):
        again = within = drop = over = 0
        for rec in records:
            board = chess.Board(rec["fen"])
            try:
                flagged = board.parse_san(rec["move"])
            except ValueError:
                flagged = chess.Move.from_uci(rec["move"])
            uci, _, ours_score = ours(binary, rec["fen"], args.nodes, with_score=True)
            child = board.copy()
            child.push_uci(uci)
            judged = 0 if child.is_game_over() else -score(sf, child, args.sf_nodes)[0]
            again += uci == flagged.uci()
            within += rec["before"] - judged < 50
            drop += rec["before"] - judged
            over += ours_score - judged
            print(json.dumps(dict(binary=binary, fen=rec["fen"], flagged=flagged.uci(),
                                  move=uci, score=ours_score, judged=judged)), flush=True)
        n = max(len(records), 1)
        print(f"{binary}: {len(records)} positions, the flagged move again {again}, "
              f"within 50 cp of Stockfish's score before {within}, average drop "
              f"{drop / n:.0f} cp, own score above Stockfish's of its move by {over / n:.0f} "
              "cp on average", file=sys.stderr)


def tags(board, move, line):
    """The kinds of a flagged move (see the module's text)."""
    us, king = board.turn, board.king(board.turn)
    piece = board.piece_at(move.from_square)
    found = []
    if piece.piece_type == chess.KING and not board.is_castling(move):
        found.append("king move")
    if (piece.piece_type == chess.PAWN
            and abs(chess.square_file(move.from_square) - chess.square_file(king)) <= 1
            and chess.square_distance(move.from_square, king) <= 3):
        found.append("pawn in front of our king")
    after = board.copy()
    before = material(after, us)
    after.push(move)
    near, checks, passer, mats = 0, 0, False, []
    for m in line[:8]:
        if not after.is_legal(m):
            break
        p = after.piece_at(m.from_square)
        if after.turn != us:
            checks += after.gives_check(m)
            near += chess.square_distance(m.to_square, after.king(us)) <= 2
            rank = chess.square_rank(m.to_square)
            passer |= p.piece_type == chess.PAWN and (rank <= 2 if us else rank >= 5)
        after.push(m)
        mats.append(material(after, us))
    if checks or near >= 2:
        found.append("attack on our king")
    if len(mats) >= 2 and before - max(mats[-2:]) >= 200:
        found.append("material")
    if passer:
        found.append("enemy passer")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="*")
    parser.add_argument("--recheck", help="JSON lines of flagged moves to ask again (no PGN)")
    parser.add_argument("--games", type=int, default=1000, help="at most this many lost games")
    parser.add_argument("--sf-nodes", type=int, default=250000)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--binary", default="target/release/chimera")
    parser.add_argument("--nodes", type=int, default=180000)
    parser.add_argument("--drop", type=int, default=100)
    parser.add_argument("--out")
    args = parser.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    if args.recheck:
        try:
            recheck(args, sf)
        finally:
            sf.quit()
        return
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    counts, analysed, games = Counter(), 0, lost_games(args.pgn, args.games)
    try:
        for rnd, white, moves in games:
            board = chess.Board()
            for ply, uci in enumerate(moves):
                move = chess.Move.from_uci(uci)
                if ply >= 6 and (board.turn == chess.WHITE) == white:
                    analysed += 1
                    before, best = score(sf, board, args.sf_nodes)
                    if before < -600:
                        break
                    child = board.copy()
                    child.push(move)
                    after, line = (0, []) if child.is_game_over() else score(sf, child, args.sf_nodes)
                    after = -after
                    if before - after >= args.drop and before >= -300:
                        fen = board.fen()
                        m10, d10 = ours(args.binary, fen, 10 * args.nodes)
                        _, d1 = ours(args.binary, fen, args.nodes)
                        if m10 == uci:
                            kind = "evaluation (same move at 10x)"
                        else:
                            c = board.copy()
                            c.push_uci(m10)
                            s10 = 0 if c.is_game_over() else -score(sf, c, args.sf_nodes)[0]
                            kind = ("search (10x nodes finds it)" if before - s10 < 50
                                    else "evaluation (other bad move at 10x)")
                        found = tags(board, move, line)
                        counts[kind] += 1
                        for t in found or ["none of these"]:
                            counts["tag: " + t] += 1
                        rec = dict(game=rnd, ply=ply, fen=fen, move=board.san(move),
                                   best=board.san(best[0]) if best else None, before=before,
                                   after=after, kind=kind, tags=found, depth=d1, depth10=d10)
                        print(json.dumps(rec), flush=True)
                        if out:
                            out.write(json.dumps(rec) + "\n")
                board.push(move)
    finally:
        sf.quit()
    print(f"{len(games)} lost games, {analysed} of our moves analysed", file=sys.stderr)
    for k, v in sorted(counts.items()):
        print(f"{k}: {v}", file=sys.stderr)


if __name__ == "__main__":
    main()
