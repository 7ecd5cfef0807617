//! An external engine as a player: a program started from a command line and spoken to
//! over UCI, as a match runner (cutechess-cli, fastchess, python-chess) speaks to it.
//!
//! [`UciEngine::start`] starts the program and does the `uci` handshake; [`UciEngine::select_variant`]
//! sets `UCI_Variant` (Fairy-Stockfish's convention) when the engine lists that option,
//! and refuses a variant it does not list (a plain UCI engine without the option plays
//! chess only); [`UciEngine::new_game`] sends `ucinewgame` and waits for `readyok`;
//! [`UciEngine::go`] sends the position and a `go` and waits for `bestmove`.
//!
//! Nothing the engine does can hang the caller: every wait has a deadline, the engine's
//! lines are read on a thread of their own and cut at [`MAX_LINE`] bytes, and the program
//! is killed when the [`UciEngine`] is dropped. An engine that misses a deadline, exits,
//! or answers out of protocol gives an [`ExternalError`]; a match counts that as a loss by
//! forfeit and starts the program again for the next game.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

/// The longest line read from an engine, in bytes; a longer one is skipped and counted as
/// an error of protocol.
pub const MAX_LINE: usize = 64 * 1024;
/// How long an engine may take to answer `uci` with `uciok`, or `isready` with `readyok`,
/// unless the caller says otherwise.
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// The most options an engine may list.
pub const MAX_OPTIONS: usize = 1000;
/// The most words in a command line.
pub const MAX_COMMAND_WORDS: usize = 256;
/// How long a dropped engine is given to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);
/// The lines kept between the reader thread and the caller.
const LINE_QUEUE: usize = 4096;

/// Why an external engine could not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExternalError {
    /// The command line could not be read, or the program could not be started.
    Start(String),
    /// The engine did not answer in time: what was awaited, and after how long.
    Timeout {
        /// What was awaited (`uciok`, `readyok`, `bestmove`).
        awaited: &'static str,
        /// How long it was awaited.
        after: Duration,
    },
    /// The engine's output ended (the program exited or closed it).
    Exited(String),
    /// The engine said something out of protocol (a line too long, `bestmove (none)`
    /// in a game not over, a refused option).
    Protocol(String),
    /// The engine does not play the variant asked for.
    Variant(String),
    /// Writing to the engine failed (it exited).
    Io(String),
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExternalError::Start(why) => write!(f, "could not start the engine: {why}"),
            ExternalError::Timeout { awaited, after } => write!(
                f,
                "no `{awaited}` from the engine within {:.1} s",
                after.as_secs_f64()
            ),
            ExternalError::Exited(why) => write!(f, "the engine stopped: {why}"),
            ExternalError::Protocol(why) => write!(f, "the engine broke the protocol: {why}"),
            ExternalError::Variant(why) => f.write_str(why),
            ExternalError::Io(why) => write!(f, "could not write to the engine: {why}"),
        }
    }
}

impl std::error::Error for ExternalError {}

/// Splits a command line into words as a POSIX shell does, without expanding anything:
/// blanks separate words; `'…'` keeps everything inside as it is; `"…"` keeps everything
/// but `\"`, `\\`, `` \` `` and `\$`, which lose their backslash; outside quotes a backslash
/// keeps the next character. `./old engine --hash 16` gives three words.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("a quote ' is not closed".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '`' | '$')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("a quote \" is not closed".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a quote \" is not closed".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a backslash ends the command".into()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
        if words.len() > MAX_COMMAND_WORDS {
            return Err(format!("more than {MAX_COMMAND_WORDS} words"));
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err("the command is empty: give the program and its arguments".into());
    }
    Ok(words)
}

/// An option an engine listed in its answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciOption {
    /// Its name (`Hash`, `UCI_Variant`).
    pub name: String,
    /// Its type (`spin`, `check`, `combo`, `button`, `string`).
    pub kind: String,
    /// Its default value, if given.
    pub default: Option<String>,
    /// A combo's values.
    pub vars: Vec<String>,
}

impl UciOption {
    /// Reads the words after `option` (`name Hash type spin default 16 min 1 max 1024`);
    /// names and values may hold spaces.
    pub fn parse(words: &[&str]) -> Option<UciOption> {
        const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        let mut option = UciOption::default();
        let mut key: Option<&str> = None;
        let mut value: Vec<&str> = Vec::new();
        let finish = |key: Option<&str>, value: &mut Vec<&str>, option: &mut UciOption| {
            let text = value.join(" ");
            value.clear();
            match key {
                Some("name") => option.name = text,
                Some("type") => option.kind = text,
                Some("default") => option.default = Some(text),
                Some("var") => option.vars.push(text),
                _ => {}
            }
        };
        for &w in words {
            // `name` takes every word up to `type`: a name may hold the other keys' words.
            let is_key = KEYS.contains(&w) && (key != Some("name") || w == "type");
            if is_key {
                finish(key, &mut value, &mut option);
                key = Some(w);
            } else {
                value.push(w);
            }
        }
        finish(key, &mut value, &mut option);
        (!option.name.is_empty()).then_some(option)
    }
}

/// A score an engine reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// Centipawns, from the side to move.
    Centipawns(i64),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i64),
}

/// What an engine's `info` lines said about its search (the last value of each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`, in milliseconds.
    pub time_ms: Option<u64>,
    /// `score cp N` or `score mate N` (of the first line, with MultiPV).
    pub score: Option<UciScore>,
    /// `pv` (of the first line, with MultiPV).
    pub pv: Vec<String>,
}

impl Info {
    /// Takes in what an `info` line says (the words after `info`); words it does not know
    /// are skipped, and `string` ends the line.
    pub fn read(&mut self, words: &[&str]) {
        let number = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        // A line of a second MultiPV line tells nothing about the move played.
        let multipv = words.iter().position(|w| *w == "multipv").and_then(number);
        let first_line = multipv.is_none_or(|k| k <= 1);
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "depth" => self.depth = number(i).map(clamp_u32).or(self.depth),
                "seldepth" => self.seldepth = number(i).map(clamp_u32).or(self.seldepth),
                "nodes" => self.nodes = number(i).or(self.nodes),
                "time" => self.time_ms = number(i).or(self.time_ms),
                "score" if first_line => {
                    let value = words.get(i + 2).and_then(|w| w.parse::<i64>().ok());
                    match (words.get(i + 1), value) {
                        (Some(&"cp"), Some(v)) => self.score = Some(UciScore::Centipawns(v)),
                        (Some(&"mate"), Some(v)) => self.score = Some(UciScore::Mate(v)),
                        _ => {}
                    }
                }
                "pv" if first_line => {
                    self.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                    return;
                }
                "string" => return,
                _ => {}
            }
            i += 1;
        }
    }
}

fn clamp_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A mover's clock for `go wtime … btime …`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// White's time left.
    pub wtime: Duration,
    /// Black's time left.
    pub btime: Duration,
    /// White's increment.
    pub winc: Duration,
    /// Black's increment.
    pub binc: Duration,
    /// Moves to the next time control, if any.
    pub movestogo: Option<u32>,
}

/// The limits of one `go`: any of them together (UCI stops at the first reached).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `wtime btime winc binc movestogo`.
    pub clocks: Option<Clocks>,
}

impl Go {
    /// The `go` command: `go movetime 100`, `go nodes 5000 depth 8`; `go infinite` is
    /// never sent (a bare `go` with no limit is up to the engine).
    pub fn command(&self) -> String {
        let mut text = String::from("go");
        let ms = |d: Duration| d.as_millis();
        if let Some(c) = &self.clocks {
            text += &format!(
                " wtime {} btime {} winc {} binc {}",
                ms(c.wtime),
                ms(c.btime),
                ms(c.winc),
                ms(c.binc)
            );
            if let Some(m) = c.movestogo {
                text += &format!(" movestogo {m}");
            }
        }
        if let Some(t) = self.movetime {
            text += &format!(" movetime {}", ms(t));
        }
        if let Some(n) = self.nodes {
            text += &format!(" nodes {n}");
        }
        if let Some(d) = self.depth {
            text += &format!(" depth {d}");
        }
        text
    }
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move, as the engine wrote it.
    pub best_move: String,
    /// The move it would ponder on, if it said.
    pub ponder: Option<String>,
    /// What its `info` lines said.
    pub info: Info,
    /// The time from `go` to `bestmove`, as measured here.
    pub elapsed: Duration,
}

/// A line from the engine, as the reader thread passes it on.
enum Line {
    Text(String),
    TooLong,
    Closed(String),
}

/// An external UCI engine, running. Dropping it sends `quit` and kills the program if it
/// has not exited shortly after.
pub struct UciEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    name: String,
    options: Vec<UciOption>,
}

impl fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UciEngine")
            .field("name", &self.name)
            .field("pid", &self.child.id())
            .finish()
    }
}

impl UciEngine {
    /// Starts `command` (the program, then its arguments; its standard error is thrown
    /// away) and does the `uci` handshake, waiting at most `timeout` for `uciok`.
    pub fn start(command: &[String], timeout: Duration) -> Result<UciEngine, ExternalError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| ExternalError::Start("no program given".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ExternalError::Start(format!("{program}: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (Some(stdin), Some(stdout)) = (stdin, stdout) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ExternalError::Start(format!("{program}: no pipes")));
        };
        let (tx, lines) = mpsc::sync_channel(LINE_QUEUE);
        let spawned = std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || read_lines(stdout, &tx));
        let mut engine = UciEngine {
            child,
            stdin: Some(stdin),
            lines,
            name: program.clone(),
            options: Vec::new(),
        };
        spawned.map_err(|e| ExternalError::Start(format!("no reader thread: {e}")))?;
        engine.handshake(timeout)?;
        Ok(engine)
    }

    /// Sends `uci` and reads `id name` and the options up to `uciok`.
    fn handshake(&mut self, timeout: Duration) -> Result<(), ExternalError> {
        self.send("uci")?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, "uciok", timeout)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["uciok", ..] => return Ok(()),
                ["id", "name", name @ ..] => self.name = name.join(" "),
                ["option", rest @ ..] => {
                    if self.options.len() >= MAX_OPTIONS {
                        return Err(ExternalError::Protocol(format!(
                            "more than {MAX_OPTIONS} options"
                        )));
                    }
                    self.options.extend(UciOption::parse(rest));
                }
                _ => {}
            }
        }
    }

    /// The engine's name (`id name`), or its program's if it gave none.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options the engine listed.
    pub fn options(&self) -> &[UciOption] {
        &self.options
    }

    /// The listed option of this name (UCI names are case-insensitive).
    pub fn option(&self, name: &str) -> Option<&UciOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// Whether the engine plays `variant`: it lists the value in its `UCI_Variant` combo,
    /// or it has no such option and the variant is chess.
    pub fn plays(&self, variant: &str) -> bool {
        match self.option("UCI_Variant") {
            Some(o) => o.vars.iter().any(|v| v.eq_ignore_ascii_case(variant)),
            None => variant == "chess",
        }
    }

    /// Makes the engine play `variant`: sets `UCI_Variant` to it (as the engine spells it)
    /// when the engine lists the option; refuses a variant it does not list, and any
    /// variant but chess when it has no such option.
    pub fn select_variant(&mut self, variant: &str) -> Result<(), ExternalError> {
        let Some(option) = self.option("UCI_Variant").cloned() else {
            if variant == "chess" {
                return Ok(());
            }
            return Err(ExternalError::Variant(format!(
                "{} has no UCI_Variant option: it plays chess only, not {variant}",
                self.name
            )));
        };
        let Some(value) = option.vars.iter().find(|v| v.eq_ignore_ascii_case(variant)) else {
            return Err(ExternalError::Variant(format!(
                "{} does not play {variant} (its UCI_Variant lists: {})",
                self.name,
                option.vars.join(", ")
            )));
        };
        self.send(&format!("setoption name {} value {value}", option.name))
    }

    /// Sets a listed option (`setoption name NAME value VALUE`); an option the engine did
    /// not list is refused.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ExternalError> {
        let Some(option) = self.option(name) else {
            return Err(ExternalError::Protocol(format!(
                "{} lists no option `{name}`",
                self.name
            )));
        };
        let line = format!("setoption name {} value {value}", option.name);
        self.send(&line)
    }

    /// Sends `ucinewgame` and waits at most `timeout` for `readyok`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), ExternalError> {
        self.send("ucinewgame")?;
        self.ready(timeout)
    }

    /// Sends `isready` and waits at most `timeout` for `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), ExternalError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.next_line(deadline, "readyok", timeout)?.trim() != "readyok" {}
        Ok(())
    }

    /// Asks for a move in the position after `moves` from the start (`position startpos
    /// moves …`) under `go`'s limits, and waits at most `wait` for `bestmove`. Past the
    /// wait the engine is sent `stop` and the error says it timed out: the engine is then
    /// out of step, and should be dropped.
    pub fn go(
        &mut self,
        moves: &[String],
        go: &Go,
        wait: Duration,
    ) -> Result<Reply, ExternalError> {
        self.go_from(None, moves, go, wait)
    }

    /// As [`UciEngine::go`], from the position text `start` (`position fen TEXT moves …`)
    /// when it is given, else from the start.
    pub fn go_from(
        &mut self,
        start: Option<&str>,
        moves: &[String],
        go: &Go,
        wait: Duration,
    ) -> Result<Reply, ExternalError> {
        let mut position = match start {
            Some(text) => format!("position fen {text}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        self.send(&position)?;
        let start = Instant::now();
        self.send(&go.command())?;
        let deadline = start + wait;
        let mut info = Info::default();
        loop {
            let line = match self.next_line(deadline, "bestmove", wait) {
                Ok(line) => line,
                Err(e) => {
                    if matches!(e, ExternalError::Timeout { .. }) {
                        let _ = self.send("stop");
                    }
                    return Err(e);
                }
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["info", rest @ ..] => info.read(rest),
                ["bestmove", best, rest @ ..] => {
                    if matches!(*best, "(none)" | "0000" | "none") {
                        return Err(ExternalError::Protocol(format!("`bestmove {best}`")));
                    }
                    let ponder = match rest {
                        ["ponder", p, ..] => Some(p.to_string()),
                        _ => None,
                    };
                    return Ok(Reply {
                        best_move: best.to_string(),
                        ponder,
                        info,
                        elapsed: start.elapsed(),
                    });
                }
                ["bestmove"] => {
                    return Err(ExternalError::Protocol("`bestmove` without a move".into()))
                }
                _ => {}
            }
        }
    }

    /// Writes a line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ExternalError::Io("its input is closed".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| ExternalError::Io(e.to_string()))
    }

    /// The engine's next line, waiting until `deadline` at most (`awaited` and `timeout`
    /// say what for, in the error).
    fn next_line(
        &mut self,
        deadline: Instant,
        awaited: &'static str,
        timeout: Duration,
    ) -> Result<String, ExternalError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Line::Text(text)) => Ok(text),
            Ok(Line::TooLong) => Err(ExternalError::Protocol(format!(
                "a line longer than {MAX_LINE} bytes"
            ))),
            Ok(Line::Closed(why)) => Err(ExternalError::Exited(self.exit_status(why))),
            Err(RecvTimeoutError::Timeout) => Err(ExternalError::Timeout {
                awaited,
                after: timeout,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ExternalError::Exited(
                self.exit_status("its output ended".into()),
            )),
        }
    }

    /// `why`, with the program's exit status if it has exited by now.
    fn exit_status(&mut self, why: String) -> String {
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("{why} ({status})"),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        why
    }
}

impl Drop for UciEngine {
    /// Sends `quit`, closes the engine's input, and kills the program if it has not exited
    /// within a moment.
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external engine as one side of a match: its command line, the options to set, and
/// the limits of every move. The program is started when first needed, and started again
/// after any error (a game it lost by forfeit leaves it out of step).
#[derive(Debug)]
pub struct ExternalPlayer {
    command: Vec<String>,
    variant: String,
    options: Vec<(String, String)>,
    go: Go,
    wait: Duration,
    engine: Option<UciEngine>,
    starts: u32,
    /// The position text the game starts from, when not the start (`set_start`).
    start: Option<String>,
}

impl ExternalPlayer {
    /// A player that runs `command` for `variant`, sets `options` after the handshake, and
    /// moves under `go`'s limits, each answer awaited at most `wait`.
    pub fn new(
        command: Vec<String>,
        variant: &str,
        options: Vec<(String, String)>,
        go: Go,
        wait: Duration,
    ) -> ExternalPlayer {
        ExternalPlayer {
            command,
            variant: variant.to_string(),
            options,
            go,
            wait,
            engine: None,
            starts: 0,
            start: None,
        }
    }

    /// The running engine, started (handshake, variant, options) if it is not running.
    pub fn engine(&mut self) -> Result<&mut UciEngine, ExternalError> {
        if self.engine.is_none() {
            self.starts += 1;
            let timeout = DEFAULT_HANDSHAKE_TIMEOUT.max(self.wait);
            let mut engine = UciEngine::start(&self.command, timeout)?;
            engine.select_variant(&self.variant)?;
            for (name, value) in &self.options {
                engine.set_option(name, value)?;
            }
            engine.ready(timeout)?;
            self.engine = Some(engine);
        }
        self.engine
            .as_mut()
            .ok_or_else(|| ExternalError::Start("not started".into()))
    }

    /// How many times the program was started.
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// Starts a game: `ucinewgame`, then `isready` awaited. After an error the program is
    /// dropped (killed), to be started again.
    pub fn new_game(&mut self) -> Result<(), ExternalError> {
        let timeout = DEFAULT_HANDSHAKE_TIMEOUT.max(self.wait);
        let result = self.engine().and_then(|e| e.new_game(timeout));
        if result.is_err() {
            self.engine = None;
        }
        result
    }

    /// The engine's move after `moves` from the start. After an error the program is
    /// dropped (killed), to be started again.
    pub fn play(&mut self, moves: &[String]) -> Result<Reply, ExternalError> {
        let (go, wait) = (self.go, self.wait);
        let start = self.start.clone();
        let result = self
            .engine()
            .and_then(|e| e.go_from(start.as_deref(), moves, &go, wait));
        if result.is_err() {
            self.engine = None;
        }
        result
    }

    /// Sets the position text the next games start from (`position fen TEXT`; a shuffled
    /// start), or the start (`None`: `position startpos`).
    pub fn set_start(&mut self, start: Option<String>) {
        self.start = start;
    }

    /// Drops the program (a game ended by its fault), to be started again.
    pub fn restart(&mut self) {
        self.engine = None;
    }
}

/// The reader thread: passes on each line of `stdout` (without its line end), a line too
/// long as [`Line::TooLong`], and the end of the output as [`Line::Closed`]. Stops when
/// the receiver is gone.
fn read_lines(stdout: ChildStdout, tx: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let line = match (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => Line::Closed("its output ended".into()),
            Ok(_) if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE => {
                if !skip_line(&mut reader) {
                    let _ = tx.send(Line::TooLong);
                    let _ = tx.send(Line::Closed("its output ended".into()));
                    return;
                }
                Line::TooLong
            }
            Ok(_) => {
                while matches!(buf.last(), Some(b'\n' | b'\r')) {
                    buf.pop();
                }
                Line::Text(String::from_utf8_lossy(&buf).into_owned())
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => Line::Closed(format!("reading its output failed: {e}")),
        };
        let closed = matches!(line, Line::Closed(_));
        if tx.send(line).is_err() || closed {
            return;
        }
    }
}

/// Reads past the end of the current line; false at the end of the output.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let (consumed, found) = match reader.fill_buf() {
            Ok([]) => return false,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (bytes.len(), false),
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        reader.consume(consumed);
        if found {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A fake engine: a POSIX shell script (run with `sh`) that logs every line it reads
    /// to `LOG` and answers with `body`, a `case` on the line. The script and its log live
    /// in the returned temporary folder, removed when it is dropped: keep it bound
    /// (`_dir`) for as long as the engine runs.
    fn fake(body: &str) -> (Vec<String>, PathBuf, tempfile::TempDir) {
        let dir = tempfile::Builder::new()
            .prefix("chimera-uci-")
            .tempdir()
            .unwrap();
        let log = dir.path().join("log");
        let script = dir.path().join("engine.sh");
        let text = format!(
            "while IFS= read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n{body}\n  esac\ndone\n",
            log.display()
        );
        std::fs::write(&script, text).unwrap();
        (vec!["sh".into(), script.display().to_string()], log, dir)
    }

    const HANDSHAKE: &str = r#"    uci) echo "id name Fake Engine 1.0"
         echo "option name Hash type spin default 16 min 1 max 1024"
         echo "option name UCI_Variant type combo default chess var chess var turret var tiling-rider"
         echo "option name Clear Hash type button"
         echo uciok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;"#;

    fn logged(log: &PathBuf) -> Vec<String> {
        std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    const WAIT: Duration = Duration::from_secs(10);

    #[test]
    fn a_game_is_played_over_uci() {
        let body = format!(
            "{HANDSHAKE}\n    go*) echo 'info depth 3 seldepth 5 nodes 1234 time 7 score cp 17 pv e2e4 e7e5'\n         echo 'info string thinking hard'\n         echo 'bestmove e2e4 ponder e7e5' ;;"
        );
        let (command, log, _dir) = fake(&body);
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        assert_eq!(engine.name(), "Fake Engine 1.0");
        assert_eq!(engine.options().len(), 3);
        assert_eq!(
            engine.option("hash").unwrap().default.as_deref(),
            Some("16")
        );
        assert_eq!(engine.option("Clear Hash").unwrap().kind, "button");
        assert!(engine.plays("turret") && engine.plays("chess") && !engine.plays("turnover"));
        engine.select_variant("turret").unwrap();
        let refused = engine.select_variant("turnover").unwrap_err();
        assert!(
            refused.to_string().contains("chess, turret, tiling-rider"),
            "{refused}"
        );
        engine.set_option("Hash", "32").unwrap();
        assert!(engine.set_option("Threads", "2").is_err());
        engine.new_game(WAIT).unwrap();
        let go = Go {
            movetime: Some(Duration::from_millis(100)),
            nodes: Some(5000),
            ..Go::default()
        };
        let reply = engine
            .go(&["e2e4".into(), "e7e5".into()], &go, WAIT)
            .unwrap();
        assert_eq!(reply.best_move, "e2e4");
        assert_eq!(reply.ponder.as_deref(), Some("e7e5"));
        assert_eq!(reply.info.depth, Some(3));
        assert_eq!(reply.info.seldepth, Some(5));
        assert_eq!(reply.info.nodes, Some(1234));
        assert_eq!(reply.info.time_ms, Some(7));
        assert_eq!(reply.info.score, Some(UciScore::Centipawns(17)));
        assert_eq!(reply.info.pv, ["e2e4", "e7e5"]);
        let reply = engine
            .go(
                &[],
                &Go {
                    depth: Some(4),
                    ..Go::default()
                },
                WAIT,
            )
            .unwrap();
        assert_eq!(reply.best_move, "e2e4");
        drop(engine);
        assert_eq!(
            logged(&log),
            [
                "uci",
                "setoption name UCI_Variant value turret",
                "setoption name Hash value 32",
                "ucinewgame",
                "isready",
                "position startpos moves e2e4 e7e5",
                "go movetime 100 nodes 5000",
                "position startpos",
                "go depth 4",
                "quit",
            ]
        );
    }

    #[test]
    fn a_plain_uci_engine_plays_chess_only() {
        let (command, _, _dir) = fake(
            "    uci) echo 'id name Plain'; echo uciok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;",
        );
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        assert!(engine.plays("chess") && !engine.plays("turret"));
        engine.select_variant("chess").unwrap();
        let e = engine.select_variant("turret").unwrap_err();
        assert!(matches!(e, ExternalError::Variant(_)), "{e}");
    }

    #[test]
    fn a_hung_engine_times_out_and_is_killed() {
        // Answers the handshake, then never `bestmove`; ignores `quit` and the end of its
        // input (so that dropping it must kill it).
        let body = format!("{HANDSHAKE}\n    go*) while :; do read -r x || :; done ;;");
        let (command, _, _dir) = fake(&body);
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        let start = Instant::now();
        let wait = Duration::from_millis(300);
        let e = engine.go(&[], &Go::default(), wait).unwrap_err();
        assert!(
            matches!(
                e,
                ExternalError::Timeout {
                    awaited: "bestmove",
                    ..
                }
            ),
            "{e}"
        );
        assert!(start.elapsed() < Duration::from_secs(5));
        let pid = engine.child.id();
        drop(engine);
        // The process is gone (reaped): its /proc entry with it.
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
    }

    #[test]
    fn a_player_starts_its_engine_again_after_a_forfeit() {
        // Hangs at its first `go` (it leaves a mark), answers every later one.
        let mark = std::env::temp_dir().join(format!("chimera-uci-mark-{}", std::process::id()));
        let _ = std::fs::remove_file(&mark);
        let body = format!(
            "{HANDSHAKE}\n    go*) if [ -e '{m}' ]; then echo 'bestmove a2a3'; else : > '{m}'; fi ;;",
            m = mark.display()
        );
        let (command, log, _dir) = fake(&body);
        let go = Go {
            nodes: Some(10),
            ..Go::default()
        };
        let options = vec![("hash".to_string(), "8".to_string())];
        let wait = Duration::from_millis(300);
        let mut player = ExternalPlayer::new(command, "tiling-rider", options, go, wait);
        player.new_game().unwrap();
        let e = player.play(&[]).unwrap_err();
        assert!(matches!(e, ExternalError::Timeout { .. }), "{e}");
        player.new_game().unwrap();
        assert_eq!(player.play(&["b1c3".into()]).unwrap().best_move, "a2a3");
        assert_eq!(player.starts(), 2);
        drop(player);
        let log = logged(&log);
        let starts = log.iter().filter(|l| *l == "uci").count();
        assert_eq!(starts, 2, "{log:?}");
        assert!(log.contains(&"setoption name UCI_Variant value tiling-rider".to_string()));
        assert!(log.contains(&"setoption name Hash value 8".to_string()));
        assert!(log.contains(&"go nodes 10".to_string()));
        let _ = std::fs::remove_file(&mark);
        // A variant the engine does not play: refused at the start.
        let (command, _, _dir) = fake(HANDSHAKE);
        let mut player = ExternalPlayer::new(command, "turnover", vec![], go, wait);
        assert!(matches!(player.new_game(), Err(ExternalError::Variant(_))));
    }

    #[test]
    fn a_chattering_engine_cannot_hold_the_wait() {
        let body =
            format!("{HANDSHAKE}\n    go*) while :; do echo 'info depth 1 nodes 1'; done ;;");
        let (command, _, _dir) = fake(&body);
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        let start = Instant::now();
        let e = engine
            .go(&[], &Go::default(), Duration::from_millis(300))
            .unwrap_err();
        assert!(matches!(e, ExternalError::Timeout { .. }), "{e}");
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_dead_engine_and_bad_answers_are_errors() {
        let body = format!("{HANDSHAKE}\n    go*) exit 3 ;;");
        let (command, _, _dir) = fake(&body);
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        let e = engine.go(&[], &Go::default(), WAIT).unwrap_err();
        assert!(matches!(e, ExternalError::Exited(_)), "{e}");
        // Writing to it now fails, or the line is lost: either way no hang.
        let _ = engine.new_game(Duration::from_millis(200)).unwrap_err();

        let body = format!(
            "{HANDSHAKE}\n    go*) head -c 70000 /dev/zero | tr '\\0' x; echo; echo 'bestmove (none)' ;;"
        );
        let (command, _, _dir) = fake(&body);
        let mut engine = UciEngine::start(&command, WAIT).unwrap();
        let e = engine.go(&[], &Go::default(), WAIT).unwrap_err();
        assert!(e.to_string().contains("longer than 65536 bytes"), "{e}");
        let e = engine.go(&[], &Go::default(), WAIT).unwrap_err();
        assert!(e.to_string().contains("bestmove (none)"), "{e}");

        // No `uciok`: the handshake times out.
        let (command, _, _dir) = fake("    quit) exit 0 ;;");
        let e = UciEngine::start(&command, Duration::from_millis(200)).unwrap_err();
        assert!(
            matches!(
                e,
                ExternalError::Timeout {
                    awaited: "uciok",
                    ..
                }
            ),
            "{e}"
        );
        // No such program.
        let e = UciEngine::start(&["/nonexistent/engine".into()], WAIT).unwrap_err();
        assert!(matches!(e, ExternalError::Start(_)), "{e}");
    }

    #[test]
    fn command_lines_split_as_a_shell_splits_them() {
        let split = |s: &str| split_command(s).unwrap();
        assert_eq!(
            split("./old engine --hash 16"),
            ["./old", "engine", "--hash", "16"]
        );
        assert_eq!(
            split("  a   'b c'  \"d \\\" e\" f\\ g "),
            ["a", "b c", "d \" e", "f g"]
        );
        assert_eq!(split("x''"), ["x"]);
        assert_eq!(split("''"), [""]);
        assert_eq!(split(r#""a\nb""#), [r"a\nb"]);
        for bad in ["", "   ", "'open", "\"open", "trailing\\"] {
            assert!(split_command(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn options_and_info_lines_are_read() {
        let words = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
        let o =
            UciOption::parse(&words("name Skill Level type spin default 20 min 0 max 20")).unwrap();
        assert_eq!((o.name.as_str(), o.kind.as_str()), ("Skill Level", "spin"));
        assert_eq!(o.default.as_deref(), Some("20"));
        let o = UciOption::parse(&words(
            "name UCI_Variant type combo default chess var chess var 3check",
        ))
        .unwrap();
        assert_eq!(o.vars, ["chess", "3check"]);
        assert!(UciOption::parse(&words("type spin")).is_none());

        let mut info = Info::default();
        info.read(&words(
            "depth 7 seldepth 9 multipv 1 score mate -3 nodes 99 pv a b c",
        ));
        assert_eq!(info.score, Some(UciScore::Mate(-3)));
        assert_eq!(info.pv, ["a", "b", "c"]);
        // A second MultiPV line changes neither the score nor the pv.
        info.read(&words("depth 7 multipv 2 score cp 5 pv d"));
        assert_eq!(info.score, Some(UciScore::Mate(-3)));
        assert_eq!(info.pv, ["a", "b", "c"]);
        info.read(&words("depth x nodes 100 string depth 99"));
        assert_eq!((info.depth, info.nodes), (Some(7), Some(100)));
        assert_eq!(
            Go {
                clocks: Some(Clocks {
                    wtime: Duration::from_secs(60),
                    btime: Duration::from_millis(59_500),
                    winc: Duration::from_millis(600),
                    binc: Duration::from_millis(600),
                    movestogo: Some(40),
                }),
                ..Go::default()
            }
            .command(),
            "go wtime 60000 btime 59500 winc 600 binc 600 movestogo 40"
        );
    }
}
