#!/usr/bin/env python3
"""Processor time a turn of the new engine (`chimera engine`, `go nodes N` at a turn's
start: it plans the whole turn, the turn's later actions come from the plan) and of the
old engine (49cb851, its own dialect, `go nodes M` for every action of its turn, each
action played and the next asked until the turn ends), on the same turn-start positions.
Processor time is read from /proc/PID/stat (utime+stime) of each engine's process.
usage: tr-turn-cpu.py NEWBIN OLDBIN POSFILE new:N|old:M ...
POSFILE: one turn-start position a line, the moves from the start (scripts/tr-turn-starts.py
writes them from a saved game). Prints, for each setting, each position's time in ms and
the mean, median and maximum. See docs/strength.md (Tiling Rider at 0.1 s a turn)."""
import subprocess, sys, os
TICK = os.sysconf('SC_CLK_TCK')

def cpu(p):
    f = open('/proc/%d/stat' % p.pid).read().rsplit(')', 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK

class Eng:
    def __init__(self, argv, init):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(init)
    def send(self, s):
        self.p.stdin.write(s + '\n'); self.p.stdin.flush()
    def until(self, pred):
        for line in self.p.stdout:
            if pred(line):
                return line
        raise SystemExit('engine ended')

if len(sys.argv) < 5:
    raise SystemExit(__doc__)
newbin, oldbin, posfile = sys.argv[1:4]
specs = sys.argv[4:]
positions = [l.split() for l in open(posfile) if l.strip()]
ref = Eng([newbin, 'engine'], 'uci\nsetoption name UCI_Variant value tiling-rider')
def side(moves):
    ref.send('position startpos moves %s\nshow\nisready' % ' '.join(moves))
    s = None
    for line in ref.p.stdout:
        if ' to move' in line:
            s = line.split(' to move')[0].strip().split()[-1]
        if line.strip() == 'readyok':
            return s
for spec in specs:
    kind, n = spec.split(':')
    if kind == 'new':
        e = Eng([newbin, 'engine'], 'uci\nsetoption name UCI_Variant value tiling-rider\nisready')
        e.until(lambda l: l.strip() == 'readyok')
    else:
        e = Eng([oldbin, 'engine'], 'chimera\nvariant tiling-rider\nisready')
        e.until(lambda l: l.strip() == 'readyok')
    per = []
    acts = 0
    for moves in positions:
        t0 = cpu(e.p)
        if kind == 'new':
            e.send('position startpos moves %s\ngo nodes %s' % (' '.join(moves), n))
            e.until(lambda l: l.startswith('bestmove'))
        else:
            s = side(moves)
            cur = list(moves)
            for _ in range(80):
                e.send('position startpos moves %s\ngo nodes %s' % (' '.join(cur), n))
                b = e.until(lambda l: l.startswith('bestmove')).split()[1]
                acts += 1
                if b == '(none)':
                    break
                cur.append(b)
                if side(cur) != s:
                    break
        per.append(cpu(e.p) - t0)
    e.send('quit')
    print(kind, n, " ".join("%.0f" % (1000 * x) for x in per), flush=True)
    per.sort()
    print('%s %s nodes: %d turns, processor time a turn: mean %.0f ms, median %.0f, max %.0f%s' % (
        kind, n, len(per), 1000 * sum(per) / len(per), 1000 * per[len(per) // 2], 1000 * per[-1],
        (', %d actions (%.1f a turn)' % (acts, acts / len(per))) if kind == 'old' else ''), flush=True)
