//! `chimera engine` driven by python-chess, the standard UCI client nobody here wrote:
//! `tests/python/uci_game.py` checks the handshake and the options, plays short chess
//! games (a fixed move time, pondering, a game clock with increments), analyses with
//! MultiPV 2 and asks for mates in one, checking every move and every line the engine
//! writes.
//!
//! python-chess is installed by `bash scripts/install-python-deps` (CI runs it first). Where
//! it is missing the test says so and passes, except in CI (`CI=true`), where it fails.

use std::path::Path;
use std::process::Command;

#[test]
fn python_chess_drives_the_engine_through_a_game_analysis_and_mates() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "python-chess is missing in CI: .ci/run should have run scripts/install-python-deps"
        );
        eprintln!(
            "skipped: python-chess is not installed (bash scripts/install-python-deps installs it)"
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/uci_game.py");
    let output = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_chimera"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    assert!(stdout.contains("all well formed"), "{stdout}");
}
