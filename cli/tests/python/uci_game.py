#!/usr/bin/env python3
"""Drives `chimera engine` through python-chess, a UCI client nobody here wrote.

Usage: uci_game.py PATH-TO-CHIMERA

Checks the handshake (id, options), plays a short chess game against random legal moves
(fixed move time, pondering, a game clock with increments), analyses with MultiPV 2, and
asks for a mate in one. Every move must be legal, every `info` line well formed (parsed
strictly here, and by python-chess without a complaint), and no line may be an error or
output the client does not expect. Exits 0 if all holds; otherwise prints why and exits 1.
"""

import logging
import os
import random
import re
import shutil
import sys
import time

import chess
import chess.engine

# Every line the engine wrote, as python-chess logs it (">> line"), and every complaint
# python-chess logged (unexpected output, an info it could not parse).
RECEIVED = []
COMPLAINTS = []
# The prefix of the log messages about our engine (python-chess names the process), so
# that another engine's lines (Stockfish's) are left out.
OURS = {"prefix": None}

INT_FIELDS = {"depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull"}


class Capture(logging.Handler):
    def emit(self, record):
        message = record.getMessage()
        if OURS["prefix"] is not None and not message.startswith(OURS["prefix"]):
            return
        if record.levelno >= logging.WARNING:
            COMPLAINTS.append(message)
        match = re.search(r": >> (.*)$", message)
        if match:
            RECEIVED.append(match.group(1))


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def check_info_line(line):
    """An `info` line as UCI writes it: known fields, integer values, a cp or mate score,
    the pv last; or an `info string` line that is not an error."""
    words = line.split()
    check(words[0] == "info", line)
    if words[1] == "string":
        check(not words[2:3] == ["error"], f"an error line: {line}")
        return
    i = 1
    seen = set()
    while i < len(words):
        key = words[i]
        check(key not in seen, f"`{key}` twice in {line}")
        seen.add(key)
        if key in INT_FIELDS:
            check(re.fullmatch(r"\d+", words[i + 1]) is not None, f"{key} in {line}")
            i += 2
        elif key == "score":
            check(words[i + 1] in ("cp", "mate"), f"score kind in {line}")
            check(re.fullmatch(r"-?\d+", words[i + 2]) is not None, f"score in {line}")
            check(words[i + 1] != "mate" or words[i + 2] != "0", f"mate 0 in {line}")
            i += 3
        elif key == "pv":
            moves = words[i + 1:]
            check(moves, f"empty pv in {line}")
            for mv in moves:
                check(re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", mv), f"pv move {mv}: {line}")
            i = len(words)
        else:
            raise AssertionError(f"unknown field `{key}` in {line}")
    for key in ("depth", "score", "nodes", "time", "pv", "multipv"):
        check(key in seen, f"no {key} in {line}")


def check_received():
    """Every line the engine wrote is one UCI knows, and well formed."""
    for line in RECEIVED:
        word = line.split()[0] if line.split() else ""
        check(word in ("id", "option", "uciok", "readyok", "info", "bestmove"),
              f"unexpected line: {line}")
        if word == "info":
            check_info_line(line)
        if word == "bestmove":
            check(re.fullmatch(r"bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder [a-h][1-8][a-h][1-8][qrbn]?)?", line),
                  line)
    check(not COMPLAINTS, f"python-chess complained: {COMPLAINTS}")
    check(sum(line.startswith("info depth ") for line in RECEIVED) >= 20, "too few info lines")
    check(sum(line.startswith("bestmove ") for line in RECEIVED) >= 16, "too few bestmoves")


def check_pv(board, info):
    """The info's principal variation plays from `board`."""
    pv = info.get("pv")
    check(pv, f"no pv: {info}")
    b = board.copy()
    for mv in pv:
        check(mv in b.legal_moves, f"pv move {mv} not legal in {b.fen()}")
        b.push(mv)


def check_handshake(engine):
    check(engine.id.get("name", "").startswith("chimera"), engine.id)
    check(engine.id.get("author"), engine.id)
    variant = engine.options["UCI_Variant"]
    check(variant.type == "combo" and variant.default == "chess", variant)
    for name in ("chess", "turtle-shell", "turret", "turnover", "triagonal", "tiling-rider",
                 "tiling-rider-wheeler"):
        check(name in variant.var, f"{name} not in {variant.var}")
    for name, kind in (("Hash", "spin"), ("Threads", "spin"), ("MultiPV", "spin"),
                       ("Ponder", "check")):
        check(engine.options[name].type == kind, engine.options[name])
    check(engine.options["Hash"].min == 1 and engine.options["Hash"].max >= 16,
          engine.options["Hash"])


def play_game(engine, plies, limit_for, ponder=False, seed=1):
    """Plays `plies` plies from the start: the engine as White, random legal moves as Black.
    Returns the board."""
    rng = random.Random(seed)
    board = chess.Board()
    while board.ply() < plies and not board.is_game_over(claim_draw=True):
        if board.turn == chess.WHITE:
            started = time.monotonic()
            result = engine.play(board, limit_for(board), info=chess.engine.INFO_ALL,
                                 ponder=ponder)
            spent = time.monotonic() - started
            check(result.move in board.legal_moves, f"{result.move} in {board.fen()}")
            if result.info.get("pv"):
                check_pv(board, result.info)
            if result.ponder is not None:
                after = board.copy()
                after.push(result.move)
                check(result.ponder in after.legal_moves, f"ponder {result.ponder}")
            limit = limit_for(board)
            if limit.white_clock is not None:
                check(spent < limit.white_clock, f"{spent:.2f} s on a {limit.white_clock} s clock")
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board


def against_stockfish(engine):
    """If Debian's Stockfish is installed: a few moves against it, Chimera as Black, every
    one of ours legal (optional: skipped, and said, without it)."""
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    if not os.access(path, os.X_OK):
        print("no stockfish: the game against it is skipped")
        return
    stockfish = chess.engine.SimpleEngine.popen_uci(path, timeout=30)
    try:
        stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350})
        board = chess.Board()
        while board.ply() < 16 and not board.is_game_over(claim_draw=True):
            player = stockfish if board.turn == chess.WHITE else engine
            result = player.play(board, chess.engine.Limit(time=0.05))
            check(result.move in board.legal_moves, f"{result.move} in {board.fen()}")
            board.push(result.move)
        print(f"against stockfish: {board.ply()} plies: {' '.join(m.uci() for m in board.move_stack)}")
    finally:
        stockfish.quit()


def main():
    binary = sys.argv[1]
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(Capture())
    engine = chess.engine.SimpleEngine.popen_uci([binary, "engine"], timeout=30)
    OURS["prefix"] = f"{engine.protocol!r}: "
    try:
        check_handshake(engine)
        engine.configure({"Hash": 16, "Threads": 1})
        # Fixed time a move.
        board = play_game(engine, 12, lambda b: chess.engine.Limit(time=0.05))
        print(f"move time 0.05 s: {board.ply()} plies: {' '.join(m.uci() for m in board.move_stack)}")
        # Pondering between moves (python-chess sends `go ponder`, then `stop`).
        board = play_game(engine, 8, lambda b: chess.engine.Limit(time=0.05), ponder=True, seed=2)
        print(f"with ponder: {board.ply()} plies")
        # A game clock: 2 s each and 0.1 s a move, White's clock running down.
        clock = {"left": 2.0}

        def on_clock(b):
            return chess.engine.Limit(white_clock=clock["left"], black_clock=2.0,
                                      white_inc=0.1, black_inc=0.1)

        started = time.monotonic()
        board = play_game(engine, 12, on_clock, seed=3)
        used = time.monotonic() - started
        check(used < 2.0 + 6 * 0.1 + 5, f"the clock game took {used:.1f} s")
        print(f"clock 2 s + 0.1 s: {board.ply()} plies in {used:.2f} s")
        # Analysis: two lines, each well formed and playable, the best first.
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=2)
        check(len(infos) == 2, infos)
        for k, info in enumerate(infos, 1):
            check(info.get("multipv") == k, info)
            check_pv(board, info)
        check(infos[0]["score"].relative >= infos[1]["score"].relative, infos)
        check(infos[0]["pv"][0] != infos[1]["pv"][0], infos)
        infos = engine.analyse(board, chess.engine.Limit(time=0.1), multipv=2)
        check(len(infos) == 2, infos)
        print(f"multipv 2: {[str(i['pv'][0]) for i in infos]} {[str(i['score'].white()) for i in infos]}")
        # A mate in one, for White and then for Black: `mate 1` for the side to move.
        for fen, mate in (("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
                          ("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "d8d1")):
            board = chess.Board(fen)
            info = engine.analyse(board, chess.engine.Limit(depth=3))
            check(info["score"].relative == chess.engine.Mate(1), info)
            check(info["pv"][0] == chess.Move.from_uci(mate), info)
            result = engine.play(board, chess.engine.Limit(depth=3))
            check(result.move == chess.Move.from_uci(mate), result)
        # Mated in one (Black's only move, Kb8, allows Rh8#): `mate -1`.
        board = chess.Board("k7/8/1K6/8/8/8/8/7R b - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        check(info["score"].relative == chess.engine.Mate(-1), info)
        check(info["score"].white() == chess.engine.Mate(1), info)
        print("mate in one: found for both sides, scored mate 1; mated in one: mate -1")
        against_stockfish(engine)
        check_received()
        print(f"{len(RECEIVED)} lines from the engine, all well formed")
    finally:
        engine.quit()


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
