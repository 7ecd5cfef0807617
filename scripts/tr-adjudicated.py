#!/usr/bin/env python3
"""Material at the end of a Tiling Rider match's adjudicated games.

usage: tr-adjudicated.py CHIMERA GAME_FILE...

For each saved game (`chimera match --save`) whose result is an adjudication by the
engines' scores (`--resign`), replays it with `chimera validate` and prints the final
position's material balance for the side the adjudication declared the winner (wazir and
ferz 100, guard 250, knight 220, as the evaluation's fixed piece values; aggregates and
the giant ferz not counted), with who played White. A resign adjudication is sound where
the winner is well ahead on the board; a small or negative balance is a game the scores
decided rather than the material.
"""
import re
import subprocess
import sys

VALUES = {"w": 100, "f": 100, "g": 250, "n": 220}


def material(board):
    """White's material less Black's, from a position text's board field."""
    score = 0
    for ch in board:
        v = VALUES.get(ch.lower())
        if v:
            score += v if ch.isupper() else -v
    return score


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    chimera = sys.argv[1]
    rows = []
    for path in sys.argv[2:]:
        text = open(path, encoding="utf-8").read()
        result = re.search(r"^# Result: (\S+) (.*)$", text, re.M)
        white = re.search(r"^# White: (\S+)", text, re.M)
        if not result or "adjudication (resign" not in result.group(2):
            continue
        out = subprocess.run(
            [chimera, "validate", "tiling-rider", path, "--rules", "standard"],
            capture_output=True, text=True, check=False,
        ).stdout
        pos = re.search(r"^Position: (\S+)", out, re.M)
        if not pos:
            print(f"{path}: no final position", file=sys.stderr)
            continue
        balance = material(pos.group(1))
        winner_white = result.group(1) == "1-0"
        for_winner = balance if winner_white else -balance
        winner = white.group(1) if winner_white else ("b" if white.group(1) == "a" else "a")
        rows.append((for_winner, winner, path))
        print(f"{path}\twinner {winner} ({'White' if winner_white else 'Black'})\t"
              f"material for the winner {for_winner:+d}")
    if rows:
        ahead = sum(1 for r in rows if r[0] >= 400)
        behind = sum(1 for r in rows if r[0] < 0)
        mean = sum(r[0] for r in rows) / len(rows)
        print(f"{len(rows)} adjudicated games: winner's material mean {mean:+.0f}, "
              f"at least +400 in {ahead}, behind in {behind}")


if __name__ == "__main__":
    main()
