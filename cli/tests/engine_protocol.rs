//! `chimera engine` through the built binary: the UCI handshake and options, a search in
//! every variant, `stop` and `isready` during a search, pondering and `ponderhit`, clock
//! limits, positions with moves and with position texts that contain spaces, bad lines
//! (each answered with one `info string error` line, the engine going on unchanged), and
//! the end of the input during a search. (cli/tests/uci_client.rs drives it through
//! python-chess.)
//!
//! Every read has a deadline, so an engine that hangs fails the test instead of blocking it.

use crate::common;
use common::variants;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long an answer that should come at once may take on a loaded machine.
const PROMPT: Duration = Duration::from_secs(5);
/// How long a `go nodes 2000` may take (Tiling Rider's legality search, a debug machine).
const SEARCH: Duration = Duration::from_secs(60);

/// A running `chimera engine`.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The `info` lines [`Engine::line`] passed over (a search tells each iteration as it
    /// completes it, between other answers).
    infos: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the chimera binary runs");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            infos: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin
            .write_all(line.as_bytes())
            .expect("write to the engine");
        stdin.write_all(b"\n").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// The next line that is not a search's `info` line (an `info string` line is
    /// returned), within `within`.
    fn line(&mut self, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with("info ") && !line.starts_with("info string ") => {
                    self.infos.push(line)
                }
                Ok(line) => return line,
                Err(RecvTimeoutError::Timeout) => panic!("no answer within {within:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine's output ended"),
            }
        }
    }

    /// The lines up to and including the first that starts with `prefix`, within `within`.
    fn until(&mut self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(e) => panic!("no `{prefix}` line within {within:?} ({e:?}); got {lines:#?}"),
            };
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `line`; expects exactly one `info string error` line back (checked by an
    /// `isready` after it), and returns it.
    fn error(&mut self, line: &str) -> String {
        self.send(line);
        self.send("isready");
        let answer = self.line(PROMPT);
        assert!(
            answer.starts_with("info string error "),
            "`{line}` gave `{answer}`, not an error"
        );
        assert_eq!(self.line(PROMPT), "readyok", "after `{line}`: {answer}");
        answer
    }

    /// Sends `line`, which must be answered by nothing (checked by an `isready` after it).
    fn quiet(&mut self, line: &str) {
        self.send(line);
        self.send("isready");
        assert_eq!(self.line(PROMPT), "readyok", "after `{line}`");
    }

    /// The legal moves now (with those the budget left undecided, if any: the search
    /// never plays those, so they are not expected in a `bestmove`).
    fn legal(&mut self) -> Vec<String> {
        self.send("legal");
        self.send("isready");
        let lines = self.until("readyok", PROMPT);
        let (first, others) = lines.split_first().expect("a line");
        let mut words = first.split(' ');
        assert_eq!(words.next(), Some("legal"), "{lines:?}");
        for line in &others[..others.len() - 1] {
            assert!(line.starts_with("undecided "), "{lines:?}");
        }
        words.map(str::to_string).collect()
    }

    /// `show`'s lines, up to its `status` line.
    fn show(&mut self) -> Vec<String> {
        self.send("show");
        self.until("status ", PROMPT)
    }

    /// The value of `show`'s line labelled `label`.
    fn shown(&mut self, label: &str) -> String {
        let prefix = format!("{label} ");
        self.show()
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix(&prefix).map(str::to_string))
            .or_else(|| (label == "moves").then(String::new))
            .unwrap_or_else(|| panic!("no `{label}` line"))
    }

    /// Closes the input; waits for the process to end, within `within`; returns the rest
    /// of its output.
    fn close(&mut self, within: Duration) -> Vec<String> {
        drop(self.stdin.take());
        let deadline = Instant::now() + within;
        let mut rest = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("still running after {within:?}"),
            }
        }
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                return rest;
            }
            assert!(Instant::now() < deadline, "still running after {within:?}");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (`bestmove M [ponder R]`).
fn best_move(lines: &[String]) -> String {
    let last = lines.last().expect("a line");
    let rest = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {last}"));
    rest.split(' ').next().unwrap_or_default().to_string()
}

#[test]
fn the_handshake_names_the_engine_and_lists_every_variant_with_its_rule_sets() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until("uciok", PROMPT);
    assert!(lines[0].starts_with("id name chimera "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    for variant in variants() {
        assert!(combo.contains(&format!(" var {variant}")), "{combo}");
    }
    assert!(combo.contains(" var tiling-rider-wheeler"), "{combo}");
    for option in [
        "option name Hash type spin default ",
        "option name Threads type spin default 1 min 1 max ",
        "option name MultiPV type spin default 1 min 1 max ",
        "option name Ponder type check default false",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{lines:?}");
    }
    assert_eq!(lines.len(), 2 + 5 + 1, "{lines:?}");
    engine.send("chimera");
    let lines = engine.until("chimeraok", PROMPT);
    assert!(lines[0].starts_with("id name chimera "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for variant in variants() {
        let prefix = format!("variant {variant} rules ");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)),
            "{variant}: {lines:?}"
        );
    }
    assert_eq!(lines.len(), 2 + variants().len() + 1, "{lines:?}");
    engine.send("isready");
    assert_eq!(engine.line(PROMPT), "readyok");
    engine.send("quit");
    assert!(engine.close(PROMPT).is_empty());
}

#[test]
fn every_variant_answers_go_nodes_with_a_legal_move() {
    let mut engine = Engine::start();
    for variant in variants() {
        engine.quiet(&format!("variant {variant}"));
        engine.quiet("position startpos");
        let legal = engine.legal();
        engine.send("go nodes 2000");
        let lines = engine.until("bestmove ", SEARCH);
        let info = lines
            .iter()
            .find(|l| l.starts_with("info "))
            .unwrap_or_else(|| panic!("{variant}: no info line: {lines:?}"));
        for field in [
            " depth ",
            " seldepth ",
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(field), "{variant}: {info}");
        }
        let mv = best_move(&lines);
        assert!(legal.contains(&mv), "{variant}: bestmove {mv} is not legal");
        // The move plays.
        engine.quiet(&format!("position startpos moves {mv}"));
        assert_eq!(engine.shown("moves"), mv, "{variant}");
    }
}

#[test]
fn go_infinite_runs_until_stop_and_answers_isready_meanwhile() {
    let mut engine = Engine::start();
    engine.quiet("variant turret");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    assert_eq!(engine.line(PROMPT), "readyok");
    // legal and show too, and a second go is refused.
    assert!(!engine.legal().is_empty());
    assert!(engine.show().last().unwrap().starts_with("status ongoing"));
    engine.send("go depth 3");
    let line = engine.line(PROMPT);
    assert!(
        line.starts_with("info string error go: a search is already running"),
        "{line}"
    );
    engine.send("position startpos");
    let line = engine.line(PROMPT);
    assert!(
        line.starts_with("info string error position: a search is running"),
        "{line}"
    );
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove ", PROMPT);
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "stop took {:?}",
        stopped.elapsed()
    );
    // The iterations were told as they completed, and the whole search at its end.
    assert!(
        told_its_iterations(&engine.infos, &lines),
        "{:?} {lines:?}",
        engine.infos
    );
    let mv = best_move(&lines);
    assert!(engine.legal().contains(&mv));
    // A stop with no search running is ignored.
    engine.quiet("stop");
}

#[test]
fn a_plain_go_thinks_for_the_default_second() {
    let mut engine = Engine::start();
    engine.quiet("variant turnover");
    let started = Instant::now();
    engine.send("go");
    engine.until("bestmove ", Duration::from_secs(10));
    assert!(started.elapsed() >= Duration::from_millis(900));
    engine.send("go movetime 200");
    engine.until("bestmove ", Duration::from_secs(10));
}

#[test]
fn moves_after_the_position_are_played_and_a_bad_one_leaves_the_position_as_it_was() {
    let mut engine = Engine::start();
    engine.quiet("variant turtle-shell");
    let start = engine.shown("position");
    engine.quiet("position startpos moves C2-C3 D7-E7");
    assert_eq!(engine.shown("moves"), "C2-C3 D7-E7");
    assert_eq!(engine.shown("turn"), "white");
    let after = engine.shown("position");
    assert_ne!(after, start);
    // An illegal move: an error naming it, and the position of before.
    let error = engine.error("position startpos moves C2-C3 E8-E1");
    assert!(error.contains("move 2") && error.contains("E8"), "{error}");
    assert_eq!(engine.shown("position"), after);
    // The same from a position text.
    engine.quiet(&format!("position text {after} moves C3-C4"));
    assert_eq!(engine.shown("moves"), "C3-C4");
    // newgame: the start again.
    engine.quiet("newgame");
    assert_eq!(engine.shown("position"), start);
    assert_eq!(engine.shown("moves"), "");
}

#[test]
fn position_texts_with_spaces_are_read_up_to_the_word_moves() {
    let mut engine = Engine::start();
    engine.quiet("variant tiling-rider");
    let start = engine.shown("position");
    assert!(start.contains(' '), "{start}");
    let legal = engine.legal();
    engine.quiet(&format!("position text {start}"));
    assert_eq!(engine.shown("position"), start);
    engine.quiet(&format!("position text {start} moves {}", legal[0]));
    assert_eq!(engine.shown("moves"), legal[0]);
    engine.send("go nodes 2000");
    let mv = best_move(&engine.until("bestmove ", SEARCH));
    assert!(engine.legal().contains(&mv));
    // Turret's texts have spaces too.
    engine.quiet("variant turret");
    engine.quiet("position text 5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1");
    engine.send("go depth 3");
    assert_eq!(best_move(&engine.until("bestmove ", SEARCH)), "b1b8");
}

#[test]
fn bad_lines_get_one_error_line_and_the_engine_goes_on_unchanged() {
    let mut engine = Engine::start();
    // Chess is selected at the start (UCI_Variant's default).
    assert_eq!(engine.shown("variant"), "chess rules standard");
    engine.quiet("position startpos moves e2e4");
    engine.quiet("newgame");
    assert_eq!(engine.shown("moves"), "");
    let error = engine.error("frobnicate now");
    assert!(error.contains("unknown command `frobnicate`"), "{error}");
    let error = engine.error("variant xiangqi");
    assert!(error.contains("unknown variant `xiangqi`"), "{error}");
    let error = engine.error("variant turtle-shell rules nonsense");
    assert!(error.contains("nonsense"), "{error}");
    engine.error("variant");
    engine.error("variant turtle-shell rules");
    engine.error("isready now");
    engine.quiet("variant turtle-shell");
    engine.quiet("position startpos moves C2-C3");
    let before = engine.shown("position");
    for line in [
        "position",
        "position fen x",
        "position startpos C2-C3",
        "position text",
        "position text moves C2-C3",
        "position text not a position",
        "position startpos moves C2-C3 Z9-Z10",
        "position startpos moves C2-C3 C3-C4",
        "go depth 0",
        "go depth 65",
        "go depth x",
        "go nodes 0",
        "go nodes",
        "go time 0s",
        "go time forever",
        "go movetime -5",
        "go time 1s movetime 100",
        "go infinite depth 3",
        "go ponder ponder",
        "go wtime",
        "go wtime 1000 wtime 1000",
        "go movestogo 0",
        "go mate 2",
        "ponderhit",
        "setoption",
        "setoption name Hash value 0",
        "setoption name Hash value 99999",
        "setoption name Threads value 0",
        "setoption name MultiPV value 1000",
        "setoption name UCI_Variant value xiangqi",
        "setoption name Nonsense value 1",
        "debug maybe",
    ] {
        engine.error(line);
    }
    // None of it changed the game.
    assert_eq!(engine.shown("position"), before);
    assert_eq!(engine.shown("moves"), "C2-C3");
    // A line too long, and one that is not UTF-8.
    let mut long = vec![b'x'; 2 << 20];
    long.push(b'\n');
    engine.send_bytes(&long);
    let error = engine.line(PROMPT);
    assert!(
        error.starts_with("info string error line too long"),
        "{error}"
    );
    engine.send_bytes(b"isready \xff\xfe\n");
    let error = engine.line(PROMPT);
    assert!(
        error.starts_with("info string error line is not UTF-8"),
        "{error}"
    );
    engine.quiet("");
    engine.quiet("   ");
    // A finished game: a position text won on the spot.
    engine.quiet("variant turret");
    engine.quiet("position text 5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1 moves b1b8");
    assert!(engine.shown("status").starts_with("over "));
    // A `go` there is answered (a client waits for its `bestmove`), with no move.
    engine.send("go nodes 100");
    let lines = engine.until("bestmove ", PROMPT);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error go: the game is over ("),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove (none)");
    assert_eq!(engine.legal(), Vec::<String>::new());
    // The engine still works.
    engine.quiet("position startpos");
    engine.send("go depth 2");
    engine.until("bestmove ", SEARCH);
}

#[test]
fn the_end_of_the_input_stops_a_running_search_and_reports_its_move() {
    let mut engine = Engine::start();
    engine.quiet("variant turtle-shell");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let ended = Instant::now();
    let rest = engine.close(PROMPT);
    assert!(
        ended.elapsed() < Duration::from_secs(3),
        "{:?}",
        ended.elapsed()
    );
    assert!(
        rest.first().is_some_and(|l| l.starts_with("info ")),
        "{rest:?}"
    );
    assert!(best_move(&rest).contains('-'), "{rest:?}");
}

#[test]
fn quit_during_a_search_reports_its_move_and_ends() {
    let mut engine = Engine::start();
    engine.quiet("variant triagonal");
    engine.send("go time 30s");
    thread::sleep(Duration::from_millis(300));
    engine.send("quit");
    let lines = engine.until("bestmove ", PROMPT);
    assert!(!best_move(&lines).is_empty());
    assert!(engine.close(PROMPT).is_empty());
}

#[test]
fn a_script_waits_for_its_search_and_gets_the_move_before_the_input_ends() {
    let mut engine = Engine::start();
    for line in [
        "variant turret",
        "position startpos moves e2e4",
        "go depth 3",
        "wait",
        "isready",
    ] {
        engine.send(line);
    }
    let lines = engine.until("readyok", SEARCH);
    // One `info` line per iteration (depths 1 to 3), one for the whole search, `bestmove`.
    assert_eq!(lines.len(), 6, "{lines:?}");
    for (line, depth) in lines.iter().zip([1, 2, 3, 3]) {
        assert!(
            line.starts_with(&format!("info depth {depth} ")),
            "{lines:?}"
        );
    }
    assert!(lines[4].starts_with("bestmove "), "{lines:?}");
    assert!(engine.close(PROMPT).is_empty());
}

/// Whether a stopped search's `info` lines (those passed over while other answers came,
/// then those up to `bestmove`) are there: at least one, each `info depth …`, and the last
/// line `bestmove`.
fn told_its_iterations(passed_over: &[String], lines: &[String]) -> bool {
    let (last, rest) = lines.split_last().expect("a bestmove line");
    let infos: Vec<&String> = passed_over.iter().chain(rest).collect();
    last.starts_with("bestmove ")
        && !infos.is_empty()
        && infos.iter().all(|l| l.starts_with("info depth "))
}

#[test]
fn uci_variant_selects_a_variant_and_rules_and_a_fen_position_is_read() {
    let mut engine = Engine::start();
    engine.quiet("setoption name UCI_Variant value tiling-rider-wheeler");
    assert_eq!(engine.shown("variant"), "tiling-rider rules wheeler");
    engine.quiet("setoption name UCI_Variant value turret");
    assert_eq!(engine.shown("variant"), "turret rules standard");
    // The old command stays, as an alias.
    engine.quiet("variant chess");
    engine.quiet("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    engine.quiet("setoption name UCI_Variant value chess");
    // The same variant again keeps the position.
    assert_eq!(
        engine.shown("position"),
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
    );
    engine.quiet("setoption name MultiPV value 2");
    engine.quiet("setoption name Hash value 8");
    engine.quiet("setoption name Threads value 2");
    engine.send("go depth 3");
    let lines = engine.until("bestmove ", SEARCH);
    assert_eq!(best_move(&lines), "d1d8", "{lines:?}");
    let infos: Vec<&String> = engine.infos.iter().chain(&lines).collect();
    assert!(
        infos
            .iter()
            .any(|l| l.contains(" multipv 1 score mate 1 ") && l.contains(" pv d1d8")),
        "{infos:?}"
    );
    assert!(infos.iter().any(|l| l.contains(" multipv 2 ")), "{infos:?}");
    assert!(infos.iter().any(|l| l.contains(" hashfull ")), "{infos:?}");
}

#[test]
fn a_clock_limits_the_move_and_a_pondering_search_waits_for_ponderhit() {
    let mut engine = Engine::start();
    engine.quiet("position startpos moves e2e4");
    // Half a second on Black's clock: the move comes well within it.
    let started = Instant::now();
    engine.send("go wtime 60000 btime 500 winc 0 binc 0");
    let lines = engine.until("bestmove ", SEARCH);
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    assert!(engine.legal().contains(&best_move(&lines)));
    // Pondering: no bestmove until ponderhit, even when the search's depth is reached.
    engine.send("go ponder depth 2");
    thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    assert_eq!(engine.line(PROMPT), "readyok");
    engine.send("ponderhit");
    let lines = engine.until("bestmove ", PROMPT);
    assert!(engine.legal().contains(&best_move(&lines)));
    // Pondering on a clock: after ponderhit the clock's time runs, and the move comes.
    engine.send("go ponder wtime 60000 btime 800");
    thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    assert_eq!(engine.line(PROMPT), "readyok");
    let hit = Instant::now();
    engine.send("ponderhit");
    let lines = engine.until("bestmove ", SEARCH);
    assert!(
        hit.elapsed() < Duration::from_millis(1500),
        "{:?}",
        hit.elapsed()
    );
    assert!(engine.legal().contains(&best_move(&lines)));
    // A stop ends a pondering search at once.
    engine.send("go ponder wtime 60000 btime 60000");
    thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    engine.until("bestmove ", PROMPT);
}
