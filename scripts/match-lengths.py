#!/usr/bin/env python3
"""How the games of a saved match ended, and how long a's wins took.

usage: match-lengths.py [--within 40,80] [--validate CHIMERA] DIR_OR_GAME_FILE...

Reads the records `chimera match --save DIR` writes (DIR/game-*.txt), each with its
comments `# White: a (…); Black: b (…)` and `# Result: 1-0 win by checkmate, after 39
plies (724 moves)`, and prints:

- a's wins, draws and losses, and the score;
- the endings, as the records name them (`win by checkmate`, `draw by the no-progress
  rule`, `draw by adjudication (…)`, …), a's wins and losses apart;
- a's wins by length. A ply is one player's turn (in Tiling Rider all the actions of a
  turn), the opening's included; "a's own turns" counts only a's turns (the plies a
  played: half the plies, rounded up when a played White). For each N of --within
  (default 40,80): how many of a's wins came within N plies and within N of a's turns;
  the median and the longest win in plies.

With --validate CHIMERA, each record is also replayed with `CHIMERA validate VARIANT FILE
--json` (the variant from the record's `[Variant]` header; the rule set and start from its
headers, at validate's default budget), and the script counts the final positions whose
outcome the rules decided (`over`, and agreeing with the recorded result), those the
rules show still going on (adjudicated games), those `undecided` within the budget
(listed with the file and the final position), and any record that is invalid or whose
result the rules contradict (listed).
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

RESULT = re.compile(r"^# Result: (\S+) (.*), after (\d+) plies")
WHITE = re.compile(r"^# White: (a|b) ")
VARIANT = re.compile(r'^\[Variant "([^"]+)"\]')


def read_game(path):
    """(a_white, result, ending, plies, variant) of one saved record; None if it is not one."""
    a_white = result = ending = plies = variant = None
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"{path}: cannot read it as a saved record: {e}")
    for line in text.splitlines():
        if m := WHITE.match(line):
            a_white = m.group(1) == "a"
        elif m := RESULT.match(line):
            result, ending, plies = m.group(1), m.group(2), int(m.group(3))
        elif m := VARIANT.match(line):
            variant = m.group(1)
    if a_white is None or result is None:
        return None
    return a_white, result, ending, plies, variant


def a_points(a_white, result):
    """a's points in a game with this result (1-0, 0-1, 1/2-1/2)."""
    if result == "1-0":
        return 1.0 if a_white else 0.0
    if result == "0-1":
        return 0.0 if a_white else 1.0
    return 0.5


def a_turns(a_white, plies):
    """The plies a played in a game of `plies` plies."""
    return (plies + 1) // 2 if a_white else plies // 2


def files_of(args):
    """The record files named, or found as game-*.txt in the folders named."""
    files = []
    for arg in args:
        p = Path(arg)
        files.extend(sorted(p.glob("game-*.txt")) if p.is_dir() else [p])
    return files


def validate(chimera, path, variant):
    """validate's JSON answer on one record, or a dict with an `error`."""
    run = subprocess.run(
        [chimera, "validate", variant, str(path), "--json"],
        capture_output=True,
        text=True,
    )
    try:
        return json.loads(run.stdout)
    except json.JSONDecodeError:
        return {"error": f"exit {run.returncode}: {run.stderr.strip()[:300]}"}


def report_validation(chimera, games):
    """Replays every record; prints how many outcomes the rules decided."""
    decided, ongoing, undecided, bad = [], [], [], []
    for path, (_, result, ending, _, variant) in games:
        answer = validate(chimera, path, variant or "tiling-rider")
        status = answer.get("status")
        if answer.get("error") or not answer.get("valid"):
            bad.append((path, answer.get("error")))
        elif status == "over":
            score = (answer.get("outcome") or {}).get("score")
            (decided if score == result else bad).append(
                (path, f"recorded {result}, the rules give {score}")
            )
        elif status == "ongoing":
            ongoing.append((path, ending))
        else:
            undecided.append((path, answer.get("position")))
    print(f"\nvalidate ({chimera}), {len(games)} records:")
    print(f"  outcome decided by the rules, as recorded: {len(decided)}")
    print(f"  game not over by the rules (adjudicated by the match): {len(ongoing)}")
    for path, ending in ongoing:
        print(f"    {path.name}: {ending}")
    print(f"  undecided within the budget: {len(undecided)}")
    for path, position in undecided:
        print(f"    {path.name}: {position}")
    print(f"  invalid, or the rules give another result: {len(bad)}")
    for path, why in bad:
        print(f"    {path.name}: {why}")


def within_list(text):
    """--within's comma-separated whole numbers."""
    try:
        values = [int(n) for n in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}`: give whole numbers separated by commas, e.g. 40,80")
    if any(n < 0 for n in values):
        raise argparse.ArgumentTypeError(f"`{text}`: the counts cannot be negative")
    return values


def main(argv):
    parser = argparse.ArgumentParser(
        description="How the games of a saved match ended, and how long a's wins took.",
        epilog="Reads the records `chimera match --save DIR` writes (DIR/game-*.txt).",
    )
    parser.add_argument("paths", nargs="+", metavar="DIR_OR_GAME_FILE")
    parser.add_argument("--within", type=within_list, default=[40, 80],
                        help="count a's wins within N plies and N of a's turns, for each N (default 40,80)")
    parser.add_argument("--validate", metavar="CHIMERA",
                        help="replay every record with `CHIMERA validate VARIANT FILE --json`")
    opts = parser.parse_args(argv)
    within, chimera, args = opts.within, opts.validate, opts.paths
    games = [(p, g) for p in files_of(args) if (g := read_game(p))]
    if not games:
        sys.exit("no saved match records found")
    points = [a_points(g[0], g[1]) for _, g in games]
    wins = [g for _, g in games if a_points(g[0], g[1]) == 1.0]
    draws = points.count(0.5)
    print(
        f"{len(games)} games: a won {len(wins)}, drew {draws}, lost "
        f"{points.count(0.0)}; score {100 * sum(points) / len(games):.1f} %"
    )
    endings = {}
    for _, (a_white, result, ending, _, _) in games:
        side = {1.0: "a won", 0.5: "drawn", 0.0: "b won"}[a_points(a_white, result)]
        endings[(side, ending)] = endings.get((side, ending), 0) + 1
    print("endings:")
    for (side, ending), n in sorted(endings.items(), key=lambda e: (e[0][0], -e[1])):
        print(f"  {n:4}  {side}: {ending}")
    if wins:
        plies = sorted(g[3] for g in wins)
        own = [a_turns(g[0], g[3]) for g in wins]
        for n in within:
            print(
                f"a's wins within {n} plies (turns of both sides): "
                f"{sum(p <= n for p in plies)}; within {n} of a's own turns: "
                f"{sum(t <= n for t in own)}"
            )
        print(
            f"a's wins: median {statistics.median(plies):g} plies "
            f"({statistics.median(own):g} of a's turns), longest {plies[-1]} plies "
            f"({max(own)} of a's turns)"
        )
    if chimera:
        report_validation(chimera, games)


if __name__ == "__main__":
    main(sys.argv[1:])
