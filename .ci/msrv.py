#!/usr/bin/env python3
"""Checks the declared minimum Rust versions against the dependencies in Cargo.lock.

For every workspace member, the dependencies it builds with (normal and build
dependencies, followed transitively, all features on, every target platform) must not
declare a `rust-version` above the member's own: otherwise the member's `rust-version`
is a promise its dependencies break. Dev-dependencies (tests, benchmarks) are reported
against TEST_MSRV below, the version the test suite needs.

What this does not check: a dependency that declares no `rust-version` (older crates), or
one whose declaration is wrong, and the project's own use of newer language features
(clippy's `incompatible_msrv` lint covers the standard library's API; compiling with the
old toolchain, which `.ci/run` does when it is installed, covers the rest).

Usage: python3 .ci/msrv.py   (from anywhere; runs `cargo metadata --locked`)
"""
import json
import os
import subprocess
import sys

# The version `cargo test --workspace` needs: proptest 1.12 (a dev-dependency) declares 1.88.
TEST_MSRV = "1.88"


def version(text):
    """`1.85.0` -> (1, 85, 0); a missing field counts as 0."""
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--all-features", "--locked"],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
    meta = json.loads(out)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}

    def kinds(dep):
        return {k["kind"] for k in dep.get("dep_kinds", [])}

    def closure(start_ids):
        seen, todo = set(), list(start_ids)
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            for dep in nodes[pid]["deps"]:
                # Beyond the first step only what a build needs: normal and build deps.
                if kinds(dep) & {None, "build"}:
                    todo.append(dep["pkg"])
        return seen

    failures = 0
    for member in sorted(meta["workspace_members"], key=lambda i: packages[i]["name"]):
        pkg = packages[member]
        declared = pkg.get("rust_version")
        if not declared:
            print(f"{pkg['name']}: no rust-version declared")
            failures += 1
            continue
        direct = nodes[member]["deps"]
        build = closure(d["pkg"] for d in direct if kinds(d) & {None, "build"}) - {member}
        dev = closure(d["pkg"] for d in direct if "dev" in kinds(d)) - {member}
        for label, ids, limit in (("builds with", build, declared), ("tests with", dev, TEST_MSRV)):
            worst = [
                (packages[i]["rust_version"], packages[i]["name"], packages[i]["version"])
                for i in ids
                if packages[i].get("rust_version")
                and version(packages[i]["rust_version"]) > version(limit)
            ]
            for rv, name, ver in sorted(worst, key=lambda w: version(w[0]), reverse=True):
                print(f"{pkg['name']} (rust-version {declared}) {label} {name} {ver}, "
                      f"which needs Rust {rv} (limit {limit})")
                failures += 1
        need = max(
            (packages[i]["rust_version"] for i in build if packages[i].get("rust_version")),
            key=version, default="(none declared)",
        )
        print(f"{pkg['name']}: declares {declared}; its dependencies need at most {need}")
    if failures:
        print(f"msrv: {failures} problem(s)", file=sys.stderr)
        sys.exit(1)
    print("msrv: every declared rust-version covers the dependencies in Cargo.lock")


if __name__ == "__main__":
    main()
