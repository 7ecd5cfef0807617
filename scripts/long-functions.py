#!/usr/bin/env python3
"""List the Rust functions longer than a limit, outside tests.

    python3 scripts/long-functions.py [LIMIT] [PATH ...]

Counts the lines from a `fn` line to its closing brace (a brace counter that skips
strings, chars and comments well enough for this code base). Files under `tests/`,
`benches/` and `examples/`, and `#[cfg(test)]` modules, are left out. Exits 1 when any
function is longer than LIMIT (default 100), so CI can hold the line.
"""
import os
import re
import sys

FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")


def strip(line, state):
    """The line without strings, chars and comments; `state` carries block comments."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            j = line.find("*/", i)
            if j < 0:
                return "".join(out)
            state["block"] = False
            i = j + 2
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = True
            i += 2
            continue
        if c == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            continue
        if c == "'" and re.match(r"'(\\.|[^\\'])'", line[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", line[i:]).group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    state = {"block": False}
    depth = 0
    stack = []  # (name, start line, depth at start)
    test_depth = None
    pending_test = False
    for no, raw in enumerate(lines, 1):
        if "#[cfg(test)]" in raw:
            pending_test = True
        code = strip(raw, state)
        m = FN.match(code)
        if m and test_depth is None:
            stack.append((m.group(5), no, depth))
        if pending_test and "mod " in code:
            test_depth = depth
            pending_test = False
        elif pending_test and code.strip() and not code.strip().startswith("#"):
            pending_test = False
        for c in code:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if stack and depth == stack[-1][2]:
                    name, start, _ = stack.pop()
                    yield name, start, no - start + 1
                if test_depth is not None and depth == test_depth:
                    test_depth = None
        if stack and code.rstrip().endswith(";") and depth == stack[-1][2]:
            stack.pop()  # a declaration without a body (trait method)


def main():
    args = sys.argv[1:]
    limit = int(args.pop(0)) if args and args[0].isdigit() else 100
    roots = args or ["."]
    found = []
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [
                d for d in dirnames
                if d not in ("target", "tests", "benches", "examples", ".git")
                and not d.startswith("target")
            ]
            for name in filenames:
                if name.endswith(".rs"):
                    path = os.path.join(dirpath, name)
                    for fn, start, length in functions(path):
                        if length > limit:
                            found.append((length, f"{path}:{start}", fn))
    for length, place, fn in sorted(found, reverse=True):
        print(f"{length:5} {place} {fn}")
    print(f"{len(found)} functions over {limit} lines", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
