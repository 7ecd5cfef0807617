#!/usr/bin/env python3
"""Every integration-test file is compiled: lists any that is not.

A crate with `autotests = false` (one test binary, `tests/integration.rs`, whose modules are
the files of `tests/`: docs/development.md, "CI's time") compiles only the files its
`[[test]]` targets name and the modules they declare, so a new `tests/foo.rs` without its
`mod foo;` line would never run, silently. This lists every such file and exits 1 if any.
Usage: python3 scripts/test-modules.py CRATE_DIR...
"""
import os
import re
import sys

MOD = re.compile(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", re.M)
PATH = re.compile(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:pub\s+)?mod\s+\w+\s*;')


def declared(root_file, seen):
    """The files reachable from `root_file` through `mod x;` and `#[path] mod x;`."""
    if root_file in seen or not os.path.exists(root_file):
        return
    seen.add(root_file)
    text = open(root_file, encoding="utf-8").read()
    here = os.path.dirname(root_file)
    base = os.path.basename(root_file)
    # A crate root or mod.rs declares its modules beside it; any other file under a
    # folder named after it.
    sub = here if base in ("mod.rs", "main.rs") or root_file in roots else os.path.join(here, base[:-3])
    for path in PATH.findall(text):
        declared(os.path.normpath(os.path.join(here, path)), seen)
    text = PATH.sub("", text)
    for name in MOD.findall(text):
        for candidate in (os.path.join(sub, name + ".rs"), os.path.join(sub, name, "mod.rs")):
            if os.path.exists(candidate):
                declared(candidate, seen)


missing = []
for crate in sys.argv[1:]:
    # Read without a TOML library (Python 3.10 has none): the two keys this needs.
    manifest = open(os.path.join(crate, "Cargo.toml"), encoding="utf-8").read()
    if not re.search(r"^autotests\s*=\s*false", manifest, re.M):
        continue
    tests_tables = re.findall(r"^\[\[test\]\]\n((?:[^\[\n].*\n?)*)", manifest, re.M)
    paths = [m.group(1) for t in tests_tables for m in [re.search(r'^path\s*=\s*"([^"]+)"', t, re.M)] if m]
    roots = {os.path.normpath(os.path.join(crate, path)) for path in paths}
    seen = set()
    for root in roots:
        declared(root, seen)
    tests = os.path.join(crate, "tests")
    for folder, _, files in os.walk(tests):
        for name in files:
            path = os.path.normpath(os.path.join(folder, name))
            if name.endswith(".rs") and path not in seen:
                missing.append(path)
for path in missing:
    print(f"{path}: not compiled: no [[test]] names it and no `mod` line declares it")
sys.exit(1 if missing else 0)
