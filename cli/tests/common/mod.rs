//! Running the built `chimera` binary, shared by the command-line test files (each file
//! uses some of these).
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Every variant's name, in the order `chimera variants` lists them: read from the
/// program's registry, so that a new variant needs no line in the tests.
pub fn variants() -> Vec<&'static str> {
    chimera_cli::registry::variants()
        .iter()
        .map(|v| v.name)
        .collect()
}

/// Runs `chimera ARGS` from the workspace's root with empty standard input.
pub fn chimera(args: &[&str]) -> Output {
    chimera_with_input(args, "")
}

/// Runs `chimera ARGS` from the workspace's root with `input` on standard input. The
/// program may stop before reading all of it (e.g. `play --computer both`), so a refused
/// write is not an error.
pub fn chimera_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chimera binary runs");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("chimera finishes")
}

/// The standard output, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// The standard error, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 errors")
}

/// A fresh, empty folder `chimera-GROUP-test-PID-NAME` in the temporary folder, unique to
/// this test run (whatever an earlier run left there is removed first). `GROUP` names the
/// test file, `NAME` the test's use of it.
pub fn temp_dir(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chimera-{group}-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

pub mod server;
