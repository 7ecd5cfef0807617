#!/usr/bin/env python3
"""What a game stored by `chimera serve` costs in memory (issue 23).

Starts BINARY serve, creates N games of VARIANT (each with the same --plies random legal
moves, seeded, if asked; its state asked for twice as the page does; and with --computer
one computer move of 20 ms), and prints the server's RSS after the first 50 games (which fill the server's
fixed caches: the 16 positions' legal moves, the engines) and after N, and their
difference per game.

    python3 scripts/serve-rss.py target/release/chimera triagonal 1000 --computer
    python3 scripts/serve-rss.py target/release/chimera triagonal 300 --plies 120
"""
import argparse
import json
import random
import re
import subprocess
import urllib.request

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("variant")
parser.add_argument("games", type=int)
parser.add_argument("--computer", action="store_true")
parser.add_argument("--plies", type=int, default=0, help="random legal moves each game starts with")
args = parser.parse_args()
server = subprocess.Popen(
    [args.binary, "serve", "--port", "0", "--max-games", str(args.games + 10)],
    stdout=subprocess.PIPE,
    text=True,
)
base = re.search(r"http://[^ /]+", server.stdout.readline()).group(0)


def post(path, body):
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    return urllib.request.urlopen(request).read()


def rss_kb():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])


def random_moves(plies):
    """`plies` legal moves chosen at random (seed 7) from the start, as a move list."""
    rng = random.Random(7)
    state = json.loads(post("/api/games?brief", {"variant": args.variant}))
    for _ in range(plies):
        if not state["legal_moves"]:
            break
        choice = rng.choice(state["legal_moves"])
        state = json.loads(post("/api/games/" + state["id"] + "/move?brief", {"move": choice}))
    return " ".join(state["moves_played"])


def new_game():
    body = post("/api/games", {"variant": args.variant, "moves": moves})
    game = json.loads(body)["id"]
    urllib.request.urlopen(base + "/api/games/" + game).read()
    if args.computer:
        post("/api/games/" + game + "/computer", {"time_ms": 20})
    return len(body)


try:
    moves = random_moves(args.plies)
    size = new_game()
    for _ in range(49):
        new_game()
    first = rss_kb()
    for _ in range(args.games - 50):
        new_game()
    last = rss_kb()
    print(
        f"{args.variant}: state {size} bytes; RSS {first} kB after 50 games, "
        f"{last} kB after {args.games}: {(last - first) / (args.games - 50):.1f} kB a game"
    )
finally:
    server.kill()
