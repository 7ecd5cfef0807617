//! `scripts/old-engine-uci.py`, the adapter that lets `chimera match` drive the `chimera
//! engine` of builds before issue 21 (a `variant NAME` line first, `chimera`/`chimeraok`,
//! `score win N`): today's `chimera engine` still speaks that dialect (`chimera`,
//! `variant`, `newgame`), so it stands in for the old build here. Needs `python3` only.

use crate::common;
use common::{chimera, stderr, stdout};

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The adapter's path.
fn adapter() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/old-engine-uci.py")
}

/// Whether `python3` runs here; in CI (`CI=true`) it must.
fn has_python() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "python3 is missing in CI"
        );
        eprintln!("skipped: python3 is not installed");
    }
    ok
}

#[test]
fn the_adapter_answers_uci_from_the_old_handshake() {
    if !has_python() {
        return;
    }
    let mut child = Command::new("python3")
        .arg(adapter())
        .args([env!("CARGO_BIN_EXE_chimera"), "engine"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input = "uci\nsetoption name UCI_Variant value turtle-shell-modified-ko\n\
                 setoption name Hash value 8\nucinewgame\nisready\n\
                 position startpos moves C2-C3 D7-E7\ngo nodes 500\nisready\n\
                 position fen x\nfoo\nquit\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("id name chimera "), "{text}");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess "))
        .unwrap_or_else(|| panic!("no UCI_Variant combo: {text}"));
    // Every variant's name, and NAME-RULES for the rule sets after its first.
    for value in [
        "chess",
        "turtle-shell",
        "turtle-shell-modified-ko",
        "turret-kwagga",
        "turnover",
        "triagonal",
        "tiling-rider-wheeler",
    ] {
        assert!(
            combo.split(" var ").any(|v| v == value),
            "{value} missing: {combo}"
        );
    }
    assert!(
        !combo.split(" var ").any(|v| v == "turtle-shell-ko"),
        "{combo}"
    );
    assert!(lines.contains(&"uciok"), "{text}");
    assert!(!text.contains("chimeraok"), "{text}");
    assert!(text.contains("info string option `Hash` ignored"), "{text}");
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        2,
        "{text}"
    );
    let best: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(best.len(), 1, "{text}");
    // The move is one of the position's legal moves, as the engine itself lists them.
    let legal = chimera(&[
        "moves",
        "turtle-shell",
        "--rules",
        "modified-ko",
        "--moves",
        "C2-C3 D7-E7",
    ]);
    let mv = best[0].split_whitespace().nth(1).unwrap_or_default();
    assert!(
        stdout(&legal).split_whitespace().any(|m| m == mv),
        "{mv}: {}",
        stdout(&legal)
    );
    assert!(
        text.contains("info string error position: only `position startpos"),
        "{text}"
    );
    assert!(text.contains("info string unknown command `foo`"), "{text}");
}

#[test]
fn the_adapter_translates_scores_and_limits() {
    if !has_python() {
        return;
    }
    let code = r#"
import importlib.util, sys
spec = importlib.util.spec_from_file_location("adapter", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
t = m.translate_output
assert t("info depth 3 score win 3 nodes 9 pv a b\n") == "info depth 3 score mate 2 nodes 9 pv a b", t("info depth 3 score win 3 nodes 9 pv a b\n")
assert t("info depth 4 score loss 4 nodes 9\n") == "info depth 4 score mate -2 nodes 9"
assert t("info depth 4 score cp -7 nodes 9\n") == "info depth 4 score cp -7 nodes 9"
assert t("error go: no proven move\n") == "info string error go: no proven move"
assert t("bestmove (none)\n") == "bestmove (none)"
assert t("chimeraok\n") is None and t("\n") is None
g = m.go_command
assert g(["nodes", "5000"], True) == "go nodes 5000"
assert g(["movetime", "100", "depth", "99"], True) == "go movetime 100 depth 64"
assert g(["wtime", "3000", "btime", "600", "winc", "100", "binc", "0"], True) == "go movetime 200"
assert g(["wtime", "3000", "btime", "600", "winc", "100", "binc", "0"], False) == "go movetime 20"
assert g(["infinite"], True) == "go infinite"
assert g(["ponder", "movetime", "50", "searchmoves", "e2e4", "d2d4"], True) == "go movetime 50"
assert g([], True) == "go"
print("translations ok")
"#;
    let out = Command::new("python3")
        // -B: no __pycache__ written next to the script.
        .args(["-B", "-c", code])
        .arg(adapter())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_match_through_the_adapter_mirrors_the_engine_in_process() {
    if !has_python() {
        return;
    }
    // The same search on both sides at the same node count: each pair is one game played
    // twice with the colours swapped, so every pair scores exactly one point, and no move
    // of the adapted side is refused.
    let cmd = format!(
        "nodes=300,cmd=python3 '{}' '{}' engine",
        adapter().display(),
        env!("CARGO_BIN_EXE_chimera")
    );
    let out = chimera(&[
        "match",
        "turret",
        "--games",
        "4",
        "--a",
        "nodes=300",
        "--b",
        &cmd,
        "--openings",
        "2",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--max-plies",
        "60",
        "--quiet",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(
        text.contains("Pairs by a's points (0, ½, 1, 1½, 2): 0, 0, 2, 0, 0 (2 pairs)"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("forfeit"), "{text}");
}
