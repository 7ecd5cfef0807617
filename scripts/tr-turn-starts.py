#!/usr/bin/env python3
"""Turn-start positions of a saved Tiling Rider game (`chimera match --save`), for
scripts/tr-turn-cpu.py: one line per turn start after the first (the moves from the start
before it), every EVERY-th, found with the engine's `show` (`0 of at most`).
usage: tr-turn-starts.py CHIMERA RECORD [EVERY]"""
import subprocess, sys, re
if len(sys.argv) < 3:
    raise SystemExit(__doc__)
chimera, record = sys.argv[1], sys.argv[2]
every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
moves = []
for line in open(record):
    if line.startswith('#') or line.startswith('['):
        continue
    for w in line.split():
        if re.match(r'^\d+\.$', w) or w in ('1-0', '0-1', '1/2-1/2', '*'):
            continue
        moves.append(w)
p = subprocess.Popen([chimera, 'engine'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write('uci\nsetoption name UCI_Variant value tiling-rider\n')
starts = []
for i in range(len(moves) + 1):
    p.stdin.write('position startpos moves %s\nshow\nisready\n' % ' '.join(moves[:i]))
    p.stdin.flush()
    st = None
    for out in p.stdout:
        if ' to move' in out and ' 0 of ' in out:
            st = True
        if out.strip() == 'readyok':
            break
    if st:
        starts.append(i)
p.stdin.write('quit\n'); p.stdin.flush()
for k, i in enumerate(starts[1:]):
    if k % every == 0:
        print(' '.join(moves[:i]))
