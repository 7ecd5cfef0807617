#!/usr/bin/env python3
"""What extra nodes change in the Tiling Rider planner, judged by a stronger search.

For each turn-start position of POSFILE (lines of moves from the start, as written by
scripts/tr-turn-starts.py), each player LABEL=BIN:NODES plays its whole turn through
`chimera engine` (`go nodes NODES` at the turn's start; the turn's later actions come from
the kept plan). Each distinct turn is then judged: the position after it is searched by the
judge (BIN:NODES, the opponent to move: it plans the opponent's turn and our answer) and
the turn's value is minus the judge's score (centipawns, mate scores clipped to +-3000).

Prints one line per position (the turns' values and which players agree), then for every
player: how often its turn differs from the first player's (the same actions in another
order count as the same turn), its mean value, and against the
first player the mean difference with wins/losses by the judge.

usage: tr-turn-judge.py POSFILE JUDGE_BIN:NODES LABEL=BIN:NODES ... [--skip 20,30] [--limit K]
"""
import subprocess, sys, math, os

CLIP = 3000


class Eng:
    def __init__(self, binary, env=None):
        full = dict(os.environ, **(env or {}))
        self.p = subprocess.Popen([binary, 'engine'], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1, env=full)
        self.send('uci\nsetoption name UCI_Variant value tiling-rider\nisready')
        self.until(lambda l: l.strip() == 'readyok')

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()

    def until(self, pred, seen=None):
        for line in self.p.stdout:
            if seen is not None:
                seen.append(line)
            if pred(line):
                return line
        raise SystemExit('engine ended')

    def show(self, moves):
        """(side to move, actions made this turn)."""
        self.send('position startpos moves %s\nshow\nisready' % ' '.join(moves))
        side, made = None, None
        for line in self.p.stdout:
            if ' to move' in line:
                side = line.split(' to move')[0].strip().split()[-1]
                made = int(line.split(' of at most')[0].split()[-1]) if ' of at most' in line else 0
            if line.strip() == 'readyok':
                return side, made

    def go(self, moves, nodes):
        """(bestmove, last info line's fields as a dict)."""
        self.send('position startpos moves %s\ngo nodes %d' % (' '.join(moves), nodes))
        seen = []
        best = self.until(lambda l: l.startswith('bestmove'), seen).split()[1]
        info = {}
        for line in seen:
            w = line.split()
            if w and w[0] == 'info' and 'score' in w:
                i = w.index('score')
                kind, val = w[i + 1], int(w[i + 2])
                info['score'] = val if kind == 'cp' else int(math.copysign(CLIP, val))
                for key in ('depth', 'nodes'):
                    if key in w:
                        info[key] = int(w[w.index(key) + 1])
        return best, info

    def quit(self):
        self.send('quit')
        self.p.wait()


def main():
    args = sys.argv[1:]
    skip, limit = set(), None
    if '--skip' in args:
        i = args.index('--skip')
        skip = {int(x) for x in args[i + 1].split(',')}
        del args[i:i + 2]
    if '--limit' in args:
        i = args.index('--limit')
        limit = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 3:
        raise SystemExit(__doc__)
    posfile, judge_spec, specs = args[0], args[1], args[2:]
    jbin, jnodes = judge_spec.rsplit(':', 1)
    players = []
    for s in specs:
        label, rest = s.split('=', 1)
        b, n, *env = rest.split(':')
        players.append((label, Eng(b, dict(e.split('=', 1) for e in env)), int(n)))
    ref = Eng(jbin)
    judge = Eng(jbin)
    positions = [l.split() for l in open(posfile) if l.strip()]
    vals = {label: [] for label, _, _ in players}
    same = {label: 0 for label, _, _ in players}
    widths = {label: [] for label, _, _ in players}
    count = 0
    for k, moves in enumerate(positions, 1):
        if k in skip:
            continue
        if limit is not None and count >= limit:
            break
        count += 1
        side, _ = ref.show(moves)
        turns = {}
        for label, eng, nodes in players:
            cur = list(moves)
            first = None
            for _ in range(300):
                best, info = eng.go(cur, nodes)
                if first is None:
                    first = info
                if best == '(none)':
                    break
                cur.append(best)
                s, made = ref.show(cur)
                if s != side or made == 0:
                    break
            turns[label] = (tuple(cur[len(moves):]), first)
            widths[label].append(first.get('depth', 0))
        # Turns of the same actions in another order reach one position: one turn.
        judged = {}
        for t, _ in turns.values():
            if tuple(sorted(t)) not in judged:
                _, info = judge.go(list(moves) + list(t), int(jnodes))
                judged[tuple(sorted(t))] = -max(-CLIP, min(CLIP, info.get('score', 0)))
        base = tuple(sorted(turns[players[0][0]][0]))
        parts = []
        for label, _, _ in players:
            t, first = turns[label]
            n_acts = len(t)
            t = tuple(sorted(t))
            v = judged[t]
            vals[label].append(v)
            same[label] += t == base
            parts.append('%s:%s%d(w%s,%d acts)' % (label, '=' if t == base else '*', v,
                                                  first.get('depth', '?'), n_acts))
        print('%d %s' % (k, ' '.join(parts)), flush=True)
    for e in [p[1] for p in players] + [ref, judge]:
        e.quit()
    n = count
    base = players[0][0]
    print('positions: %d, judge %s' % (n, judge_spec))
    for label, _, nodes in players:
        v = vals[label]
        d = [a - b for a, b in zip(v, vals[base])]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, n - 1))
        wide = {}
        for w in widths[label]:
            wide[w] = wide.get(w, 0) + 1
        print('%-10s nodes %6d: same turn as %s %d/%d, mean value %+.0f, vs %s %+.1f +- %.1f '
              '(better %d, worse %d), depth(width step) %s' % (
                  label, nodes, base, same[label], n, sum(v) / n, base, mean,
                  1.96 * sd / math.sqrt(n), sum(x > 0 for x in d), sum(x < 0 for x in d),
                  dict(sorted(wide.items()))))


if __name__ == '__main__':
    main()
