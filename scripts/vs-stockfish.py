#!/usr/bin/env python3
"""A chess match of the Chimera engine against Stockfish, driven by python-chess.

Our side is `chimera bestmove chess --moves "<moves so far>" --nodes N --json`, one process
per move (a fixed node count: the result does not depend on the machine's load); Stockfish
is driven through python-chess's UCI client with UCI_LimitStrength and UCI_Elo at a fixed
time a move. Games start from a set of balanced openings (a few plies each), each opening
played twice with the colours swapped. Games end by the rules only
(board.outcome(claim_draw=True): mate, stalemate, insufficient material, threefold
repetition, the fifty-move rule) or at a hard cap of plies (a draw). Prints W/D/L, the
score and an Elo estimate with its 95 % margin.

With --versus BINARY the opponent is another build of ours instead (at --versus-nodes a
move), to compare two builds at fixed node counts. With --uci our side (and a --versus
build) is one `chimera engine` process a game driven through UCI (`go nodes N`), as a GUI
drives it: its transposition table and history persist from move to move, where the
default runs `chimera bestmove` afresh for every move. With --sf-nodes N Stockfish searches N
nodes a move instead of --time: on a loaded machine a time limit starves Stockfish (at a
load of 20 on 2 cores it searched 6,000-10,000 nodes in 0.1 s instead of about 140,000)
while our side's node count stays fixed. With --first K only games K to --games of the
match's plan are played (the same openings and colours), so that one match can be split
over several processes and their PGN files put together.

    bash scripts/install-python-deps && bash scripts/install-stockfish
    cargo build --release -p chimera-cli
    nice -n 10 python3 scripts/vs-stockfish.py --games 100 --nodes 60000 --elo 2200
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn

# Balanced openings in SAN (a few plies each: common main lines).
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "e4 e5 Nf3 Nc6 d4 exd4",
    "e4 e5 Nf3 Nf6",
    "e4 e5 Nc3 Nf6",
    "e4 c5 Nf3 d6 d4 cxd4",
    "e4 c5 Nf3 Nc6 d4 cxd4",
    "e4 c5 Nf3 e6 d4 cxd4",
    "e4 c5 Nc3 Nc6 g3",
    "e4 c5 c3 Nf6",
    "e4 e6 d4 d5 Nc3 Nf6",
    "e4 e6 d4 d5 Nd2 c5",
    "e4 e6 d4 d5 e5 c5",
    "e4 c6 d4 d5 Nc3 dxe4",
    "e4 c6 d4 d5 e5 Bf5",
    "e4 d6 d4 Nf6 Nc3 g6",
    "e4 g6 d4 Bg7 Nc3 d6",
    "e4 d5 exd5 Qxd5 Nc3 Qa5",
    "e4 Nf6 e5 Nd5 d4 d6",
    "e4 e5 f4 exf4",
    "d4 d5 c4 e6 Nc3 Nf6",
    "d4 d5 c4 c6 Nf3 Nf6",
    "d4 d5 c4 dxc4 Nf3 Nf6",
    "d4 d5 Nf3 Nf6 e3 e6",
    "d4 d5 Bf4 Nf6 e3 c5",
    "d4 Nf6 c4 e6 Nc3 Bb4",
    "d4 Nf6 c4 e6 Nf3 b6",
    "d4 Nf6 c4 g6 Nc3 Bg7",
    "d4 Nf6 c4 g6 Nc3 d5",
    "d4 Nf6 c4 c5 d5 e6",
    "d4 Nf6 c4 e6 g3 d5",
    "d4 Nf6 Nf3 g6 g3 Bg7",
    "d4 f5 g3 Nf6 Bg2 g6",
    "d4 e6 c4 b6",
    "d4 d6 e4 Nf6",
    "c4 e5 Nc3 Nf6 Nf3 Nc6",
    "c4 c5 Nc3 Nc6 g3 g6",
    "c4 Nf6 Nc3 e6 e4",
    "c4 e6 Nf3 d5 g3 Nf6",
    "c4 g6 Nc3 Bg7 g3",
    "Nf3 d5 g3 Nf6 Bg2 c6",
    "Nf3 Nf6 c4 b6 g3 Bb7",
    "Nf3 c5 c4 Nc6 Nc3",
    "g3 d5 Bg2 Nf6 Nf3",
    "b3 e5 Bb2 Nc6 e3",
    "e4 e5 Nf3 d6 d4 Nf6",
    "e4 e5 Bc4 Nf6 d3",
    "e4 c5 Nf3 d6 Bb5+ Bd7",
    "d4 Nf6 Bg5 e6 e4",
    "e4 e6 Nf3 d5 Nc3",
]


def openings(count):
    """The first `count` openings as lists of UCI moves (checked legal by python-chess)."""
    lines = []
    for text in OPENINGS[:count]:
        board = chess.Board()
        lines.append([board.push_san(san).uci() for san in text.split()])
    return lines


def our_move(binary, moves, nodes):
    """Our engine's move (UCI) after `moves` from the start, the wall-clock seconds it took
    and the processor seconds it used (user and system: what it takes on an idle machine,
    whatever else runs)."""
    started = time.monotonic()
    proc = subprocess.Popen(
        [binary, "bestmove", "chess", "--moves", " ".join(moves), "--nodes", str(nodes),
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    out = proc.stdout.read()
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{binary} failed after {' '.join(moves)}")
    cpu = usage.ru_utime + usage.ru_stime
    return json.loads(out)["best_move"], time.monotonic() - started, cpu


def uci_cpu(engine):
    """The processor seconds (user and system) an engine process has used so far (Linux)."""
    try:
        with open(f"/proc/{engine.transport.get_pid()}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, AttributeError, IndexError, ValueError):
        return 0.0


def play_game(args, opening, we_are_white, index):
    """One game: (our score 1 / 0.5 / 0, plies, our seconds, our moves, its PGN, our
    processor seconds)."""
    board = chess.Board()
    moves = []
    for uci in opening:
        board.push_uci(uci)
        moves.append(uci)
    engine = None if args.versus else chess.engine.SimpleEngine.popen_uci(args.stockfish)
    ours = chess.engine.SimpleEngine.popen_uci([args.binary, "engine"]) if args.uci else None
    theirs = (chess.engine.SimpleEngine.popen_uci([args.versus, "engine"])
              if args.uci and args.versus else None)
    our_time, our_cpu, our_moves = 0.0, 0.0, 0
    try:
        if engine:
            engine.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1,
                              "Hash": 16})
        limit = (chess.engine.Limit(nodes=args.sf_nodes) if args.sf_nodes
                 else chess.engine.Limit(time=args.time))
        while board.outcome(claim_draw=True) is None and board.ply() < args.max_plies:
            if (board.turn == chess.WHITE) == we_are_white and ours:
                started, cpu_before = time.monotonic(), uci_cpu(ours)
                move = ours.play(board, chess.engine.Limit(nodes=args.nodes)).move
                our_time += time.monotonic() - started
                our_cpu += uci_cpu(ours) - cpu_before
                our_moves += 1
            elif (board.turn == chess.WHITE) == we_are_white:
                uci, spent, cpu = our_move(args.binary, moves, args.nodes)
                our_time += spent
                our_cpu += cpu
                our_moves += 1
                move = chess.Move.from_uci(uci)
                if move not in board.legal_moves:
                    raise RuntimeError(f"illegal move {uci} after {' '.join(moves)}")
            elif engine:
                move = engine.play(board, limit).move
            elif theirs:
                move = theirs.play(board, chess.engine.Limit(nodes=args.versus_nodes)).move
            else:
                move = chess.Move.from_uci(our_move(args.versus, moves, args.versus_nodes)[0])
            board.push(move)
            moves.append(move.uci())
    finally:
        for e in (engine, ours, theirs):
            if e:
                e.quit()
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        score = 0.5
    else:
        score = 1.0 if (outcome.winner == chess.WHITE) == we_are_white else 0.0
    game = chess.pgn.Game.from_board(board)
    them = f"versus-{args.versus_nodes}" if args.versus else f"stockfish-{args.elo}"
    game.headers["White"] = "chimera" if we_are_white else them
    game.headers["Black"] = them if we_are_white else "chimera"
    game.headers["Round"] = str(index + 1)
    game.headers["Result"] = board.result(claim_draw=True) if outcome else "1/2-1/2"
    termination = outcome.termination.name.lower() if outcome else "move cap"
    game.headers["Termination"] = termination
    return score, board.ply(), our_time, our_moves, str(game), our_cpu


def elo(score):
    """The Elo difference of a score fraction (clamped away from 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def report(results, args):
    """W/D/L, score, Elo and its 95 % margin, our average time a move."""
    n = len(results)
    wins = sum(1 for r in results if r[0] == 1)
    draws = sum(1 for r in results if r[0] == 0.5)
    losses = n - wins - draws
    mean = (wins + draws / 2) / n
    var = sum((r[0] - mean) ** 2 for r in results) / n
    se = math.sqrt(var / n)
    low, high = elo(mean - 1.96 * se), elo(mean + 1.96 * se)
    spent = sum(r[2] for r in results)
    cpu = sum(r[5] for r in results)
    if args.versus:
        them = f"{args.versus} at {args.versus_nodes} nodes a move;"
    else:
        them = (f"Stockfish UCI_Elo {args.elo} at "
                f"{f'{args.sf_nodes} nodes' if args.sf_nodes else f'{args.time} s'} a move;")
    moves = sum(r[3] for r in results)
    print(f"games {n}: +{wins} ={draws} -{losses}  score {100 * mean:.1f} %  "
          f"Elo {elo(mean):+.0f} (95 %: {low:+.0f} to {high:+.0f}) against {them} "
          f"ours at {args.nodes} nodes a move, "
          f"{1000 * spent / max(moves, 1):.0f} ms a move on average "
          f"({1000 * cpu / max(moves, 1):.0f} ms of processor time; process included), "
          f"{sum(r[1] for r in results) / n:.0f} plies a game",
          flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default="target/release/chimera")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=60000)
    parser.add_argument("--elo", type=int, default=2200)
    parser.add_argument("--time", type=float, default=0.1, help="Stockfish's seconds a move")
    parser.add_argument("--sf-nodes", type=int,
                        help="Stockfish's nodes a move instead of --time (independent of "
                             "the machine's load; Stockfish 15.1 searches about 1.4 million "
                             "nodes a second of processor time here)")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--first", type=int, default=1,
                        help="play only games FIRST to --games of the match's plan (same "
                             "openings and colours as in the whole match), to split a match "
                             "over several processes")
    parser.add_argument("--pgn", help="write the games to this file (as they end)")
    parser.add_argument("--versus", help="play this chimera binary instead of Stockfish")
    parser.add_argument("--versus-nodes", type=int, default=60000)
    parser.add_argument("--uci", action="store_true",
                        help="drive our side (and --versus) as one `chimera engine` process a "
                             "game through UCI (`go nodes N`) instead of `chimera bestmove` "
                             "a move")
    args = parser.parse_args()
    lines = openings(len(OPENINGS))
    if args.versus and args.games > 2 * len(lines):
        # Two builds of ours at fixed nodes are deterministic: game 2N+k would replay game k
        # and count it twice (Stockfish's limited strength picks with randomness, so this is
        # only a problem for --versus).
        parser.error(f"--versus with --games {args.games}: only {2 * len(lines)} different "
                     f"games exist ({len(lines)} openings, both colours); for more, use "
                     "`chimera match chess --a nodes=N --b 'nodes=N,cmd=OTHER engine' "
                     "--openings 8`, which generates random openings")
    # Game 2k and 2k+1 play opening k with the colours swapped.
    plan = [(lines[(i // 2) % len(lines)], i % 2 == 0, i)
            for i in range(max(args.first, 1) - 1, args.games)]
    results = []
    with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        futures = [pool.submit(play_game, args, o, w, i) for (o, w, i) in plan]
        for i, future in enumerate(futures):
            result = future.result()
            results.append(result)
            if args.pgn:
                with open(args.pgn, "a" if i else "w", encoding="utf-8") as f:
                    f.write(result[4] + "\n\n")
            print(f"game {plan[i][2] + 1}: {'white' if plan[i][1] else 'black'} "
                  f"{ {1.0: 'won', 0.5: 'drew', 0.0: 'lost'}[result[0]] } in {result[1]} plies",
                  flush=True)
            if (i + 1) % 10 == 0:
                report(results, args)
    report(results, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
