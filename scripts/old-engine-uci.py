#!/usr/bin/env python3
"""Standard UCI for the `chimera engine` of older builds (before issue 21).

Until commit 49cb851 (2026-11-24) and a little after, `chimera engine` spoke a dialect of
UCI: a client first had to name the game with a non-standard line `variant NAME [rules
R]`, the handshake was `chimera` ... `chimeraok` with one line `variant NAME rules R1 R2 ...`
per variant, and scores of forced results came as `score win N` / `score loss N` (plies).
This adapter sits between a standard UCI client (`chimera match`'s `cmd=` player,
python-chess, cutechess-cli) and such a build, so that today's match runner can play it:

    chimera match turret --a nodes=20000 \\
        --b 'nodes=20000,cmd=python3 scripts/old-engine-uci.py /path/to/old/chimera' ...

Usage: old-engine-uci.py PROGRAM [ARGS...]. With PROGRAM alone, `PROGRAM engine` is run;
with arguments, exactly the command given.

What the client sends, and what the old engine gets:

- `uci`: answered from the old engine's `chimera` handshake (asked once, at start):
  `id name ...`, `option name UCI_Variant type combo default chess var ...` listing every
  variant's name (its first, standard rule set) and `NAME-RULES` for each other rule set
  (today's convention, e.g. `turtle-shell-modified-ko`), then `uciok`.
- `setoption name UCI_Variant value V`: `variant NAME [rules R]` (a new game). Other
  options are acknowledged with an `info string` and ignored. Until a variant is set, the
  engine plays chess (UCI's default).
- `ucinewgame`: `newgame`. `isready`, `stop`, `quit`: passed on.
- `position startpos [moves ...]`: passed on (the old engine reads today's move texts:
  the notation did not change). `position fen` is refused with an `info string`.
- `go`: `movetime`, `nodes`, `depth` and `infinite` passed on; `wtime/btime/winc/binc/
  movestogo` become a `movetime` (a 30th of the mover's time left, or a movestogo-th,
  plus its increment, kept 50 ms under what is left); `ponder` and `searchmoves` are
  dropped. A bare `go` thinks 1 s, as the old engine does.

What the old engine says, and what the client gets: `info` lines with `score win N` /
`score loss N` (plies) as `score mate M` / `score mate -M` (moves: M = ceil(N/2));
`bestmove` as it is (`bestmove (none)` too); every `error ...` line as
`info string error ...`; everything else as it is. No dependency beyond Python 3.
"""

import subprocess
import sys
import threading

# The variant a UCI client gets before it sets UCI_Variant.
DEFAULT_VARIANT = "chess"
# How long the old engine has to answer the first `chimera` handshake, in seconds.
HANDSHAKE_SECONDS = 10.0


def score_words(words):
    """`words` (an `info` line's) with `score win N` / `score loss N` made UCI mates."""
    out = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "score" and i + 2 < len(words) and words[i + 1] in ("win", "loss"):
            try:
                plies = int(words[i + 2])
            except ValueError:
                out.append(w)
                i += 1
                continue
            moves = max(1, (plies + 1) // 2)
            out += ["score", "mate", str(moves if words[i + 1] == "win" else -moves)]
            i += 3
            continue
        if w == "string":
            out += words[i:]
            break
        out.append(w)
        i += 1
    return out


def translate_output(line):
    """The client's line for one line of the old engine's output (None: nothing)."""
    words = line.split()
    if not words:
        return None
    if words[0] == "error":
        return "info string " + line.strip()
    if words[0] == "info":
        return " ".join(score_words(words))
    if words[0] in ("chimeraok", "uciok"):
        return None
    return line.rstrip("\r\n")


def go_command(words, white_to_move):
    """The old engine's `go` for a UCI `go` line's words (after `go`)."""
    values = {}
    flags = set()
    i = 0
    keys = ("wtime", "btime", "winc", "binc", "movestogo", "movetime", "nodes", "depth", "mate")
    while i < len(words):
        w = words[i]
        if w in keys and i + 1 < len(words):
            try:
                values[w] = int(words[i + 1])
            except ValueError:
                pass
            i += 2
        elif w == "searchmoves":
            # The moves that follow are dropped: the old engine searches every move.
            i += 1
            while i < len(words) and words[i] not in keys and words[i] not in ("infinite", "ponder"):
                i += 1
        else:
            flags.add(w)
            i += 1
    if "infinite" in flags:
        return "go infinite"
    limits = []
    if "movetime" in values:
        limits.append("movetime %d" % max(1, values["movetime"]))
    elif "wtime" in values or "btime" in values:
        left = values.get("wtime" if white_to_move else "btime", 1000)
        inc = values.get("winc" if white_to_move else "binc", 0)
        moves_to_go = max(1, values.get("movestogo", 30))
        budget = left // moves_to_go + inc
        budget = min(budget, left - 50)
        limits.append("movetime %d" % max(1, budget))
    if "nodes" in values:
        limits.append("nodes %d" % max(1, values["nodes"]))
    if "depth" in values:
        limits.append("depth %d" % min(64, max(1, values["depth"])))
    return " ".join(["go"] + limits)


class Adapter:
    """The old engine, run as a child process, and what the client has chosen."""

    def __init__(self, command, client_out):
        self.out = client_out
        self.lock = threading.Lock()
        self.engine = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.name = "chimera (old dialect)"
        self.variants = []  # [(uci value, old `variant` line)]
        self.selected = None  # the old `variant` line sent last
        self.white_to_move = True
        self.handshake()
        self.relayer = threading.Thread(target=self.relay, daemon=True)
        self.relayer.start()

    def handshake(self):
        """Asks the old engine for its name and variants (`chimera` ... `chimeraok`)."""
        timer = threading.Timer(HANDSHAKE_SECONDS, self.engine.kill)
        timer.start()
        try:
            self.send("chimera")
            for line in self.engine.stdout:
                words = line.split()
                if not words:
                    continue
                if words[0] in ("chimeraok", "uciok"):
                    break
                if words[:2] == ["id", "name"]:
                    self.name = " ".join(words[2:]) + " (old dialect, through old-engine-uci.py)"
                elif words[0] == "variant" and len(words) >= 2:
                    name = words[1]
                    rules = words[3:] if len(words) > 2 and words[2] == "rules" else []
                    self.variants.append((name, "variant %s" % name))
                    for r in rules[1:]:
                        self.variants.append(("%s-%s" % (name, r), "variant %s rules %s" % (name, r)))
            else:
                raise SystemExit("old-engine-uci.py: the engine ended before `chimeraok`")
        finally:
            timer.cancel()
        if not self.variants:
            raise SystemExit("old-engine-uci.py: the engine listed no variant")

    def send(self, line):
        """A line to the old engine."""
        self.engine.stdin.write(line + "\n")
        self.engine.stdin.flush()

    def say(self, line):
        """A line to the client."""
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def relay(self):
        """Passes the old engine's output on, translated, until it ends."""
        for line in self.engine.stdout:
            text = translate_output(line)
            if text is not None:
                self.say(text)

    def select(self, value):
        """Sets the variant a `UCI_Variant` value names; False if none does."""
        for uci_name, old_line in self.variants:
            if uci_name.lower() == value.lower():
                self.send(old_line)
                self.selected = old_line
                return True
        return False

    def ensure_variant(self):
        """Selects chess if the client has set no variant yet."""
        if self.selected is None and not self.select(DEFAULT_VARIANT):
            self.select(self.variants[0][0])

    def uci(self):
        """The answer to `uci`."""
        names = [v for v, _ in self.variants]
        default = DEFAULT_VARIANT if DEFAULT_VARIANT in names else names[0]
        self.say("id name " + self.name)
        self.say("id author The Chimera developers")
        self.say(
            "option name UCI_Variant type combo default %s %s"
            % (default, " ".join("var " + v for v in names))
        )
        self.say("uciok")

    def setoption(self, words):
        """`setoption name NAME value VALUE`."""
        if "value" in words:
            k = words.index("value")
            name, value = " ".join(words[1:k]), " ".join(words[k + 1 :])
        else:
            name, value = " ".join(words[1:]), ""
        if name.lower() == "uci_variant":
            if not self.select(value):
                self.say("info string error setoption: unknown UCI_Variant `%s`" % value)
        else:
            self.say("info string option `%s` ignored (the old engine has none)" % name)

    def position(self, words):
        """`position startpos [moves ...]`, passed on."""
        if len(words) < 2 or words[1] != "startpos":
            self.say("info string error position: only `position startpos [moves ...]`")
            return
        self.ensure_variant()
        # In Tiling Rider a turn is several moves: the side to move is not the parity.
        # Only the clock translation needs it; the count of moves is the best guess here.
        moves = words[3:] if len(words) > 2 and words[2] == "moves" else []
        self.white_to_move = len(moves) % 2 == 0
        self.send(" ".join(words))

    def handle(self, line):
        """One line from the client; False at `quit`."""
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        if cmd == "uci":
            self.uci()
        elif cmd == "setoption":
            self.setoption(words[1:])
        elif cmd == "ucinewgame":
            self.ensure_variant()
            self.send("newgame")
        elif cmd == "position":
            self.position(words)
        elif cmd == "go":
            self.ensure_variant()
            self.send(go_command(words[1:], self.white_to_move))
        elif cmd in ("isready", "stop"):
            self.send(cmd)
        elif cmd == "ponderhit":
            pass
        elif cmd == "quit":
            return False
        else:
            self.say("info string unknown command `%s`" % cmd)
        return True

    def close(self):
        """Stops the old engine (its running search's bestmove is still passed on)."""
        try:
            self.send("quit")
            self.engine.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            self.engine.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.engine.kill()
        self.relayer.join(timeout=5)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: old-engine-uci.py PROGRAM [ARGS...]\n")
        return 2
    command = argv[1:] if len(argv) > 2 else [argv[1], "engine"]
    try:
        adapter = Adapter(command, sys.stdout)
    except OSError as e:
        sys.stderr.write("old-engine-uci.py: cannot start %s: %s\n" % (command[0], e))
        return 2
    try:
        for line in sys.stdin:
            if not adapter.handle(line):
                break
    except BrokenPipeError:
        pass
    adapter.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
