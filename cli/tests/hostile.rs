//! Runs the built `chimera` binary as a hostile user would (issue 11: no command hangs):
//! perft depths that cannot finish are refused quickly, with a clear message, for every
//! variant; shallow depths and the README's figures still hold; Ctrl-C stops a long count.

use crate::common;
use common::variants;

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chimera"));
    command
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `chimera args`; returns its output and how long it took.
fn chimera(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let out = command(args).output().expect("the chimera binary runs");
    (out, started.elapsed())
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 errors")
}

/// The time a refusal may take: the estimate spends at most 0.3 s, the rest is slack for a
/// loaded machine.
const QUICK: Duration = Duration::from_secs(5);

#[test]
fn depths_over_the_cap_are_refused_quickly_for_every_variant() {
    for variant in variants() {
        for depth in ["65", "99", "1000000", "4294967295"] {
            let (out, took) = chimera(&["perft", variant, depth]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "perft {variant} {depth}: {err}");
            assert!(took < QUICK, "perft {variant} {depth} took {took:?}");
            assert!(stdout(&out).is_empty(), "{}", stdout(&out));
            assert!(
                err.contains(&format!("depth {depth} is over the deepest perft"))
                    && err.contains("64 plies"),
                "{err}"
            );
            // It says which depth would do.
            assert!(
                err.contains("is the deepest estimated to finish within 3 days"),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
}

#[test]
fn depths_that_cannot_finish_are_refused_quickly_for_every_variant() {
    for variant in variants() {
        let (out, took) = chimera(&["perft", variant, "40"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "perft {variant} 40: {err}");
        assert!(took < QUICK, "perft {variant} 40 took {took:?}");
        assert!(err.contains("more than 64 bits hold"), "{err}");
        assert!(err.contains("is the deepest estimated"), "{err}");
    }
    // Within 64 bits but too long for the time allowed.
    let (out, took) = chimera(&["perft", "turtle-shell", "10", "--max-time", "1s"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(took < QUICK, "{took:?}");
    assert!(
        err.contains("perft 10 of turtle-shell would take about")
            && err.contains("over the limit of 1.0 s (--max-time)")
            && err.contains("random probes"),
        "{err}"
    );
    let (out, _) = chimera(&["perft", "turtle-shell", "3", "--max-time", "soon"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a duration"), "{}", stderr(&out));
}

fn nodes(out: &Output) -> u64 {
    let text = stdout(out);
    text.lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in:\n{text}\n{}", stderr(out)))
}

#[test]
fn depths_0_and_1_still_count_for_every_variant() {
    for variant in variants() {
        let (out, _) = chimera(&["perft", variant, "0"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(nodes(&out), 1, "perft {variant} 0");
        let (moves, _) = chimera(&["moves", variant, "--json"]);
        let legal: serde_json::Value = serde_json::from_slice(&moves.stdout).expect("JSON");
        let legal = legal["legal_move_count"].as_u64().expect("a count");
        let (out, _) = chimera(&["perft", variant, "1", "--divide"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(nodes(&out), legal, "perft {variant} 1");
        assert!(stdout(&out).contains(&format!("{legal} root moves")));
        assert!(stdout(&out).contains("an exact count"), "{}", stdout(&out));
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    }
}

#[test]
fn the_readme_figures_still_hold() {
    for (args, count) in [
        (&["perft", "turtle-shell", "6"][..], 609_324),
        (
            &["perft", "turtle-shell", "6", "--rules", "none"][..],
            611_524,
        ),
        (
            &["perft", "turtle-shell", "5", "--divide", "--rules", "none"][..],
            58_650,
        ),
        (&["perft", "turret", "5"][..], 5_676_677),
        (&["perft", "turret", "4", "--rules", "kwagga"][..], 230_815),
        (&["perft", "turnover", "5"][..], 128_382_924),
        (&["perft", "triagonal", "2"][..], 135_955_600),
        (&["perft", "tiling-rider", "3"][..], 802_682),
        (
            &["perft", "tiling-rider", "3", "--rules", "paulowich-16"][..],
            529_436,
        ),
    ] {
        let (out, _) = chimera(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(nodes(&out), count, "{args:?}");
    }
}

#[test]
fn a_finished_game_counts_nothing_at_any_depth() {
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/turtle-shell-game.txt"
    ))
    .expect("the example game");
    let (out, took) = chimera(&["perft", "turtle-shell", "4294967295", "--moves", &record]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(took < QUICK);
    assert_eq!(nodes(&out), 0);
    assert!(
        stdout(&out).contains("the game is over"),
        "{}",
        stdout(&out)
    );
}

/// Ctrl-C (SIGINT) stops a long count: exit code 130, the root moves counted so far.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_count_cleanly() {
    // Perft 11 of Turtle Shell takes minutes (and is estimated within 3 days).
    let mut child = command(&["perft", "turtle-shell", "11", "--divide"])
        .spawn()
        .expect("the chimera binary runs");
    let mut out = child.stdout.take().expect("stdout");
    // The header is printed once the estimate is done and the count starts.
    let mut header = [0u8; 8];
    out.read_exact(&mut header).expect("the header");
    assert_eq!(&header, b"perft 11");
    std::thread::sleep(Duration::from_millis(300));
    let signalled = Instant::now();
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).expect("the rest of stdout");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    let code = child.wait().expect("chimera ends").code();
    assert!(
        signalled.elapsed() < Duration::from_secs(3),
        "{:?}",
        signalled.elapsed()
    );
    assert_eq!(code, Some(130), "{rest}\n{err}");
    assert!(
        rest.contains("interrupted: 0 of 8 root moves counted"),
        "{rest}"
    );
    assert!(!rest.contains("nodes: "), "no total: {rest}");
    assert!(
        err.contains("perft 11 of turtle-shell interrupted (Ctrl-C)"),
        "{err}"
    );
}

/// Runs `chimera args`, feeding its standard input endlessly with `chunk` (as `yes` or
/// `/dev/zero` would) from a thread until the program stops reading.
fn fed_endlessly(args: &[&str], chunk: &'static [u8]) -> (Output, Duration) {
    use std::io::Write;
    let started = Instant::now();
    let mut child = command(args)
        .stdin(Stdio::piped())
        .spawn()
        .expect("the chimera binary runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let feeder = std::thread::spawn(move || {
        let block = chunk.repeat((1 << 16) / chunk.len());
        // Stops when the program exits (a broken pipe).
        while stdin.write_all(&block).is_ok() {}
    });
    let out = child.wait_with_output().expect("chimera ends");
    feeder.join().expect("the feeder ends");
    (out, started.elapsed())
}

#[test]
fn an_endless_record_on_standard_input_is_refused_at_the_cap() {
    for chunk in [&b"\0"[..], &b"y\n"[..]] {
        let (out, took) = fed_endlessly(&["validate", "turtle-shell", "-"], chunk);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("over 64 MiB"), "{}", stderr(&out));
        assert!(took < Duration::from_secs(30), "took {took:?}");
    }
}

#[test]
fn a_record_file_just_over_the_cap_is_refused_and_one_at_the_cap_is_read() {
    let dir = std::env::temp_dir().join(format!("chimera-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cap = 64usize << 20;
    // Only white space: a record of no moves, once it fits.
    let path = dir.join("over.txt");
    std::fs::write(&path, vec![b' '; cap + 1]).unwrap();
    let (out, _) = chimera(&["validate", "turtle-shell", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("over 64 MiB"), "{}", stderr(&out));
    std::fs::write(&path, vec![b' '; cap]).unwrap();
    let (out, _) = chimera(&["validate", "turtle-shell", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_endless_line_in_play_is_refused_at_the_cap() {
    let (out, took) = fed_endlessly(&["play", "turtle-shell"], b"C2-C3");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("over 64 KiB"), "{}", stderr(&out));
    assert!(took < Duration::from_secs(30), "took {took:?}");
}
