#!/usr/bin/env python3
"""Whether two builds search chess the same, node for node: `chimera bestmove chess
--position FEN --json` at `--depth` 8 to 11 (in turn) and at `--nodes 100000` for each of
the 85 positions of same-search-fens.txt (the openings of vs-stockfish.py, random
continuations of them of 14 to 60 plies, the perft positions, a few endgames), the
answers compared less their time and speed. For a change meant to make the search cheaper
without changing it (docs/development.md).

usage: same-search.py run BINARY OUT.jsonl [DEPTHS] [NODES]
       same-search.py diff A.jsonl B.jsonl      (exit status 1 if any search differs)"""
import json
import os
import subprocess
import sys

FENS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "same-search-fens.txt")


def run(binary, out, depths, nodes):
    fens = [line.strip() for line in open(FENS) if line.strip()]
    with open(out, "w") as f:
        for i, fen in enumerate(fens):
            for limit in (["--depth", str(depths[i % len(depths)])], ["--nodes", str(nodes)]):
                r = subprocess.run([binary, "bestmove", "chess", "--position", fen, *limit, "--json"],
                                   capture_output=True, text=True, check=True)
                answer = json.loads(r.stdout)
                for k in ("time_ms", "nps"):
                    answer.pop(k, None)
                answer["limit"] = limit
                f.write(json.dumps(answer, sort_keys=True) + "\n")
                f.flush()


def diff(a, b):
    la, lb = open(a).read().splitlines(), open(b).read().splitlines()
    if len(la) != len(lb):
        sys.exit(f"{len(la)} searches against {len(lb)}")
    bad = [(x, y) for x, y in zip(la, lb) if x != y]
    for x, y in bad[:5]:
        print("A", x)
        print("B", y)
    print(f"{len(la) - len(bad)} of {len(la)} searches identical")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "run":
        depths = [int(d) for d in (sys.argv[4] if len(sys.argv) > 4 else "8,9,10,11").split(",")]
        nodes = int(sys.argv[5]) if len(sys.argv) > 5 else 100000
        run(sys.argv[2], sys.argv[3], depths, nodes)
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        diff(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
