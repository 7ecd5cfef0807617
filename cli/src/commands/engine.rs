//! `chimera engine`: a line protocol on standard input and output, modelled on UCI, for
//! bots, servers and graphical interfaces. The README's section "The engine protocol"
//! describes it for users; this module is its only implementation.
//!
//! Three threads: one reads the input line by line (each line at most [`MAX_LINE`] bytes)
//! and hands the lines over a bounded channel; the main thread answers them and writes
//! every line of output (flushed at once); a search started by `go` runs on a thread of its
//! own, which takes the [`Computer`] and gives it back when it ends, so that `isready`,
//! `stop`, `legal` and `show` are answered while it thinks. The search thread rebuilds the
//! game from its record (variant, rules, position text, moves), since a
//! [`DynGame`] cannot be sent to another thread.

use super::bestmove::{parse_time, DEFAULT_TIME, MAX_DEPTH, MAX_NODES, MAX_TIME, SAFETY_TIME};
use crate::setup::{bounded, replay};
use crate::{new_game_within, registry, Computer, Failure, GameArgs, Io, Limit, MovesArg, Report};
use chimera_core::record::RecordMove;
use chimera_core::{excerpt, DynGame, Status};
use chimera_engine::{Limits, Score};
use std::io::{self, BufRead, BufReader, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The longest input line, in bytes (newline excluded); a longer one is answered with an
/// error and otherwise ignored.
pub const MAX_LINE: usize = 1 << 20;
/// How long `go infinite` may think at most (unless stopped sooner).
pub const INFINITE_TIME: Duration = MAX_TIME;
/// How often the main thread looks whether a running search has ended.
const POLL: Duration = Duration::from_millis(5);
/// How many input lines may wait to be answered before the reader waits.
const QUEUE: usize = 64;
/// The search thread's stack (reserved, not used, unless a deep search needs it).
const SEARCH_STACK: usize = 64 << 20;
/// The commands, as an error message lists them.
const COMMANDS: &str = "chimera, uci, isready, variant, position, go, stop, wait, legal, \
                        moves, show, d, newgame, ucinewgame, quit";

/// Runs the protocol on the process's standard input and output until `quit` or the end of
/// the input.
///
/// The input is read on a thread of its own, so the engine reads standard input through a
/// handle of its own rather than `io.input` (which is locked to the calling thread).
pub fn run(io: &mut Io<'_>) -> Result<(), Failure> {
    let input =
        stdin_reader().map_err(|e| Failure::input(format!("cannot read standard input: {e}")))?;
    serve(BufReader::new(input), io.out)
}

/// A reader of standard input that does not go through the standard library's lock on it
/// (the program's `Io` holds that lock for the whole command).
#[cfg(unix)]
fn stdin_reader() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(
        io::stdin().as_fd().try_clone_to_owned()?,
    ))
}

/// A reader of standard input that does not go through the standard library's lock on it
/// (the program's `Io` holds that lock for the whole command).
#[cfg(windows)]
fn stdin_reader() -> io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(
        io::stdin().as_handle().try_clone_to_owned()?,
    ))
}

#[cfg(not(any(unix, windows)))]
fn stdin_reader() -> io::Result<std::fs::File> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "`chimera engine` needs Unix or Windows",
    ))
}

/// Runs the protocol: reads commands from `input` until `quit` or its end, answers on
/// `out`. A search still running at the end is stopped and its move reported first.
/// Returns an error only when `out` cannot be written.
pub fn serve<R: BufRead + Send + 'static>(input: R, out: &mut dyn Write) -> Result<(), Failure> {
    let (sender, receiver) = mpsc::sync_channel(QUEUE);
    thread::Builder::new()
        .name("chimera-input".into())
        .spawn(move || read_lines(input, &sender))
        .map_err(|e| Failure::input(format!("cannot start the input thread: {e}")))?;
    let mut session = Session {
        out,
        current: None,
        search: None,
    };
    let result = session.answer(&receiver);
    let last = session.end_search(true);
    result.and(last)
}

/// What the input thread hands over.
enum Input {
    /// A line, without its end (`\n` or `\r\n`).
    Line(String),
    /// A line over [`MAX_LINE`] bytes: at least this many.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotUtf8,
    /// The input could not be read.
    Failed(String),
    /// The end of the input.
    End,
}

/// Cuts `input` into lines of at most [`MAX_LINE`] bytes and sends them; stops at the end
/// of the input, or when nobody listens any more.
fn read_lines<R: BufRead>(mut input: R, sender: &SyncSender<Input>) {
    let mut line = Vec::new();
    // The length of a line found too long, while its rest is skipped.
    let mut skipped: Option<usize> = None;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = sender.send(Input::Failed(e.to_string()));
                return;
            }
        };
        if buf.is_empty() {
            if skipped.is_some() || !line.is_empty() {
                let _ = sender.send(finish_line(&mut line, &mut skipped));
            }
            let _ = sender.send(Input::End);
            return;
        }
        let (chunk, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        match &mut skipped {
            Some(n) => *n += chunk.len(),
            None if line.len() + chunk.len() > MAX_LINE => {
                skipped = Some(line.len() + chunk.len());
                line = Vec::new();
            }
            None => line.extend_from_slice(chunk),
        }
        let used = end.unwrap_or(chunk.len());
        input.consume(used);
        if end.is_some() && sender.send(finish_line(&mut line, &mut skipped)).is_err() {
            return;
        }
    }
}

/// The line collected (or found too long), ready to send; starts the next one.
fn finish_line(line: &mut Vec<u8>, skipped: &mut Option<usize>) -> Input {
    if let Some(n) = skipped.take() {
        return Input::TooLong(n);
    }
    let mut bytes = std::mem::take(line);
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(text) => Input::Line(text),
        Err(_) => Input::NotUtf8,
    }
}

/// The engine's state between lines.
struct Session<'a> {
    out: &'a mut dyn Write,
    /// The variant selected and its game, if any.
    current: Option<Current>,
    /// The search running, if any.
    search: Option<Search>,
}

/// The selected variant, rule set and game.
struct Current {
    /// The game now (also while a search runs: the search has a copy).
    game: Box<dyn DynGame>,
    /// The position text the game started from (`None`: the start position).
    start: Option<String>,
    /// The computer, when no search has it (`None` while one runs).
    computer: Option<Box<dyn Computer>>,
}

/// What the search thread gives back: the computer, and what it found.
type Finished = (Box<dyn Computer>, Result<Report, Failure>);

/// A search running on its own thread.
struct Search {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Finished>,
    /// The `info` line of each iteration the search completes, as it completes it.
    info: Receiver<String>,
    /// Started by `go infinite`: only `stop` (or the 1-hour cap) ends it.
    infinite: bool,
}

/// Whether to go on after a line.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A command's complaint: the text of its `error` line.
struct Complaint(String);

/// A command's result: `Err(Ok(complaint))` is answered with an `error` line, `Err(Err(_))`
/// (the output failed) ends the session.
type Answer<T = ()> = Result<T, Result<Complaint, Failure>>;

fn complain<T>(text: impl Into<String>) -> Answer<T> {
    Err(Ok(Complaint(text.into())))
}

impl Session<'_> {
    /// Answers input until `quit`, the end of the input, or an output failure.
    fn answer(&mut self, receiver: &Receiver<Input>) -> Result<(), Failure> {
        loop {
            let input = if self.search.is_some() {
                match receiver.recv_timeout(POLL) {
                    Ok(input) => Some(input),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => Some(Input::End),
                }
            } else {
                Some(receiver.recv().unwrap_or(Input::End))
            };
            self.tell_progress()?;
            if self.search.as_ref().is_some_and(|s| s.handle.is_finished()) {
                self.end_search(false)?;
            }
            let flow = match input {
                None => Flow::Continue,
                Some(Input::Line(line)) => self.line(&line)?,
                Some(Input::TooLong(n)) => {
                    self.say(&format!(
                        "error line too long: {n} bytes or more (at most {MAX_LINE}); ignored"
                    ))?;
                    Flow::Continue
                }
                Some(Input::NotUtf8) => {
                    self.say("error line is not UTF-8 text; ignored")?;
                    Flow::Continue
                }
                Some(Input::Failed(e)) => {
                    self.say(&format!("error cannot read the input: {e}"))?;
                    Flow::Quit
                }
                Some(Input::End) => Flow::Quit,
            };
            if flow == Flow::Quit {
                return Ok(());
            }
        }
    }

    /// Writes one line and flushes it.
    fn say(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Answers one line.
    fn line(&mut self, line: &str) -> Result<Flow, Failure> {
        let (word, rest) = split_word(line.trim());
        let answer = match word {
            "" => Ok(Flow::Continue),
            "quit" => no_arguments(word, rest).map(|()| Flow::Quit),
            _ => self.command(word, rest).map(|()| Flow::Continue),
        };
        match answer {
            Ok(flow) => Ok(flow),
            Err(Ok(Complaint(text))) => {
                self.say(&format!("error {}", one_line(&text)))?;
                Ok(Flow::Continue)
            }
            Err(Err(failure)) => Err(failure),
        }
    }

    /// Answers a command other than `quit`.
    fn command(&mut self, word: &str, rest: &str) -> Answer {
        match word {
            "chimera" | "uci" => {
                no_arguments(word, rest)?;
                self.handshake(word)
            }
            "isready" => {
                no_arguments(word, rest)?;
                self.say("readyok").map_err(Err)
            }
            "variant" => self.variant(rest),
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => {
                no_arguments(word, rest)?;
                self.end_search(true).map_err(Err)
            }
            "wait" => {
                no_arguments(word, rest)?;
                if self.search.as_ref().is_some_and(|s| s.infinite) {
                    return complain("wait: the search is infinite (send `stop` to end it)");
                }
                self.end_search(false).map_err(Err)
            }
            "legal" | "moves" => {
                no_arguments(word, rest)?;
                self.legal()
            }
            "show" | "d" => {
                no_arguments(word, rest)?;
                self.show()
            }
            "newgame" | "ucinewgame" => {
                no_arguments(word, rest)?;
                self.new_game()
            }
            _ => complain(format!(
                "unknown command `{}`; the commands are: {COMMANDS}",
                excerpt(word)
            )),
        }
    }

    /// `chimera` / `uci`: who we are and what we play.
    fn handshake(&mut self, word: &str) -> Answer {
        let mut lines = vec![
            format!("id name chimera {}", env!("CARGO_PKG_VERSION")),
            format!("id author {}", env!("CARGO_PKG_AUTHORS").replace(':', ", ")),
        ];
        for variant in registry::variants() {
            lines.push(format!(
                "variant {} rules {}",
                variant.name,
                variant.rule_sets.join(" ")
            ));
        }
        lines.push(format!("{word}ok"));
        for line in lines {
            self.say(&line).map_err(Err)?;
        }
        Ok(())
    }

    /// `variant NAME [rules NAME]`: a new game at the start position, and a fresh computer.
    fn variant(&mut self, rest: &str) -> Answer {
        self.idle("variant")?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (name, rules) = match words.as_slice() {
            [name] => (*name, None),
            [name, "rules", rules] => (*name, Some(*rules)),
            [] => {
                return complain(format!(
                    "variant: name a variant ({}), e.g. `variant turtle-shell`",
                    registry::names()
                ))
            }
            _ => {
                return complain(format!(
                    "variant: expected `variant NAME [rules NAME]`, got `variant {}`",
                    excerpt(rest)
                ))
            }
        };
        let args = GameArgs {
            variant: name.to_string(),
            position: None,
            rules: rules.map(str::to_string),
        };
        let game = new_game_within(&args, &MovesArg::default(), Limit::DEFAULT)
            .map_err(|f| Ok(Complaint(format!("variant: {}", f.message))))?;
        let computer = registry::computer(game.variant());
        self.current = Some(Current {
            game,
            start: None,
            computer,
        });
        Ok(())
    }

    /// `position startpos [moves …]` or `position text TEXT [moves …]`.
    fn position(&mut self, rest: &str) -> Answer {
        self.idle("position")?;
        let current = self.current_game("position")?;
        let (kind, after) = split_word(rest);
        let (start, moves) = match kind {
            "startpos" => match split_word(after) {
                ("", _) => (None, ""),
                ("moves", moves) => (None, moves),
                (other, _) => {
                    return complain(format!(
                        "position: expected `moves` or the end of the line after `startpos`, got `{}`",
                        excerpt(other)
                    ))
                }
            },
            "text" => {
                let (text, moves) = split_at_moves(after);
                if text.is_empty() {
                    return complain(
                        "position: `position text` needs a position text (before any `moves`)",
                    );
                }
                (Some(text.to_string()), moves)
            }
            "" => {
                return complain(
                    "position: expected `position startpos [moves …]` or `position text TEXT [moves …]`",
                )
            }
            other => {
                return complain(format!(
                    "position: expected `startpos` or `text`, got `{}`",
                    excerpt(other)
                ))
            }
        };
        let args = GameArgs {
            variant: current.game.variant().to_string(),
            position: start.clone(),
            rules: Some(current.game.rules_name().to_string()),
        };
        let moves = MovesArg {
            moves: (!moves.trim().is_empty()).then(|| moves.to_string()),
        };
        let game = new_game_within(&args, &moves, Limit::DEFAULT).map_err(|f| {
            Ok(Complaint(format!(
                "position: {}",
                protocol_words(&f.message)
            )))
        })?;
        current.game = game;
        current.start = start;
        Ok(())
    }

    /// `go [time T | movetime MS | depth N | nodes N | infinite …]`: starts a search on
    /// its own thread; `bestmove` comes when it ends.
    fn go(&mut self, rest: &str) -> Answer {
        if self.search.is_some() {
            return complain("go: a search is already running (send `stop` first)");
        }
        let (limits, infinite) = go_limits(rest)?;
        let current = self.current_game("go")?;
        if let Status::Over(outcome) = current.game.status(&mut Limit::DEFAULT.budget()) {
            return complain(format!("the game is over ({outcome})"));
        }
        let Some(mut computer) = current.computer.take() else {
            return complain(format!(
                "go: no computer player for {} yet",
                current.game.variant()
            ));
        };
        let args = GameArgs {
            variant: current.game.variant().to_string(),
            position: current.start.clone(),
            rules: Some(current.game.rules_name().to_string()),
        };
        let moves = current.game.moves_played();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = limits.with_stop(Arc::clone(&stop));
        let (info_sender, info) = mpsc::channel();
        // The computer comes back through the handle; if the thread cannot start, the
        // closure is dropped with it, so a fresh one is made instead.
        let spawned = thread::Builder::new()
            .name("chimera-search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let mut progress = |report: &Report| {
                    // The receiver is gone only when the session ended: nothing to tell.
                    let _ = info_sender.send(info_line(report));
                };
                let result = rebuild(&args, &moves).and_then(|game| {
                    computer.search_reporting(game.as_ref(), &limits, &mut progress)
                });
                (computer, result)
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(Search {
                    stop,
                    handle,
                    info,
                    infinite,
                });
                Ok(())
            }
            Err(e) => {
                current.computer = registry::computer(current.game.variant());
                complain(format!("go: cannot start the search: {e}"))
            }
        }
    }

    /// Writes the `info` lines of the iterations the running search has completed since
    /// last asked.
    fn tell_progress(&mut self) -> Result<(), Failure> {
        let lines: Vec<String> = match &self.search {
            Some(search) => search.info.try_iter().collect(),
            None => return Ok(()),
        };
        for line in lines {
            self.say(&line)?;
        }
        Ok(())
    }

    /// Ends the running search, if any (at once if `stop`), and reports it: the `info`
    /// lines of its iterations not yet written, a last `info` line (the whole search's
    /// figures) and `bestmove`, or an `error` line and `bestmove (none)`.
    fn end_search(&mut self, stop: bool) -> Result<(), Failure> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        if stop {
            search.stop.store(true, Ordering::Relaxed);
        }
        let joined = search.handle.join();
        for line in search.info.try_iter().collect::<Vec<_>>() {
            self.say(&line)?;
        }
        let result = match joined {
            Ok((computer, result)) => {
                if let Some(current) = &mut self.current {
                    current.computer = Some(computer);
                }
                result
            }
            Err(_) => {
                if let Some(current) = &mut self.current {
                    current.computer = registry::computer(current.game.variant());
                }
                Err(Failure::input(
                    "the search failed (an internal error); the computer was reset",
                ))
            }
        };
        match result {
            Ok(report) => {
                self.say(&info_line(&report))?;
                self.say(&format!("bestmove {}", report.best_move))
            }
            Err(failure) => {
                self.say(&format!("error go: {}", one_line(&failure.message)))?;
                self.say("bestmove (none)")
            }
        }
    }

    /// `legal`: the legal moves, and those the budget left undecided.
    fn legal(&mut self) -> Answer {
        let current = self.current_game("legal")?;
        let listing = current
            .game
            .legal_moves_within(&mut Limit::DEFAULT.budget());
        let mut lines = vec![words_line("legal", &listing.legal)];
        if !listing.undecided.is_empty() {
            lines.push(words_line("undecided", &listing.undecided));
        }
        for line in lines {
            self.say(&line).map_err(Err)?;
        }
        Ok(())
    }

    /// `show`: a diagram, then `variant`, `position`, `turn`, `moves` and `status` lines.
    fn show(&mut self) -> Answer {
        let current = self.current_game("show")?;
        let game = current.game.as_ref();
        let mut lines: Vec<String> = game.text_diagram().lines().map(str::to_string).collect();
        lines.push(format!(
            "variant {} rules {}",
            game.variant(),
            game.rules_name()
        ));
        lines.push(format!("position {}", game.position_text()));
        lines.push(format!("turn {}", game.turn()));
        lines.push(words_line("moves", &game.moves_played()));
        lines.push(match game.status(&mut Limit::DEFAULT.budget()) {
            Status::Ongoing => "status ongoing".to_string(),
            Status::Over(outcome) => format!("status over {outcome}"),
            Status::Undecided => format!(
                "status undecided (not decided within the {} budget)",
                Limit::DEFAULT
            ),
        });
        for line in lines {
            self.say(&line).map_err(Err)?;
        }
        Ok(())
    }

    /// `newgame`: the computer forgets what it learnt; the game goes back to the start.
    fn new_game(&mut self) -> Answer {
        self.idle("newgame")?;
        let Some(current) = &mut self.current else {
            return Ok(());
        };
        if let Some(computer) = &mut current.computer {
            computer.clear();
        }
        let args = GameArgs {
            variant: current.game.variant().to_string(),
            position: None,
            rules: Some(current.game.rules_name().to_string()),
        };
        current.game = new_game_within(&args, &MovesArg::default(), Limit::DEFAULT)
            .map_err(|f| Ok(Complaint(format!("newgame: {}", f.message))))?;
        current.start = None;
        Ok(())
    }

    /// Refuses a command that would change the game while a search runs.
    fn idle(&self, command: &str) -> Answer {
        if self.search.is_some() {
            return complain(format!(
                "{command}: a search is running (send `stop` first)"
            ));
        }
        Ok(())
    }

    /// The selected game, or a complaint that there is none.
    fn current_game(&mut self, command: &str) -> Answer<&mut Current> {
        match &mut self.current {
            Some(current) => Ok(current),
            None => complain(format!(
                "{command}: no variant selected (send `variant NAME` first; variants: {})",
                registry::names()
            )),
        }
    }
}

/// Rebuilds a game from its record, for the search thread.
fn rebuild(args: &GameArgs, moves: &[String]) -> Result<Box<dyn DynGame>, Failure> {
    let mut game = new_game_within(args, &MovesArg::default(), Limit::DEFAULT)?;
    let record = moves.iter().map(|text| RecordMove {
        line: 1,
        text: text.as_str().into(),
    });
    replay(game.as_mut(), record, Limit::DEFAULT).map_err(|stop| {
        Failure::input(format!(
            "cannot replay move {} `{}` of the game: {}",
            stop.index + 1,
            excerpt(moves.get(stop.index).map_or("", String::as_str)),
            stop.reason
        ))
    })?;
    Ok(game)
}

/// Reads the words after `go` into search limits, and whether they were `infinite`.
fn go_limits(rest: &str) -> Answer<(Limits, bool)> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "infinite" {
            if infinite {
                return complain("go: `infinite` given twice");
            }
            infinite = true;
            continue;
        }
        if !matches!(word, "time" | "movetime" | "depth" | "nodes") {
            return complain(format!(
                "go: unknown limit `{}` (expected time, movetime, depth, nodes or infinite)",
                excerpt(word)
            ));
        }
        let Some(value) = words.next() else {
            return complain(format!("go: `{word}` needs a value"));
        };
        set_go_limit(&mut limits, word, value)?;
    }
    if infinite {
        if limits.time.is_some() || limits.depth.is_some() || limits.nodes.is_some() {
            return complain("go: `infinite` takes no other limit");
        }
        limits.time = Some(INFINITE_TIME);
    } else if limits.time.is_none() {
        limits.time = Some(if limits.depth.is_some() || limits.nodes.is_some() {
            SAFETY_TIME
        } else {
            DEFAULT_TIME
        });
    }
    Ok((limits, infinite))
}

/// Sets the `go` limit `word` (`time`, `movetime`, `depth` or `nodes`) to `value`, checked
/// against its range; a limit given twice is refused.
fn set_go_limit(limits: &mut Limits, word: &str, value: &str) -> Answer {
    let bad = |what: &str| complain(format!("go: `{word} {}`: give {what}", excerpt(value)));
    match word {
        "time" | "movetime" => {
            if limits.time.is_some() {
                return complain("go: give at most one of `time` and `movetime`");
            }
            let time = if word == "time" {
                parse_time(value).ok()
            } else {
                value.parse::<u64>().ok().map(Duration::from_millis)
            };
            match time {
                Some(t) if !t.is_zero() && t <= MAX_TIME => limits.time = Some(t),
                _ if word == "time" => {
                    return bad(&format!(
                        "a time such as 1s, 500ms or 2m, above 0 and at most {} s",
                        MAX_TIME.as_secs()
                    ))
                }
                _ => return bad(&format!("milliseconds from 1 to {}", MAX_TIME.as_millis())),
            }
        }
        "depth" => {
            if limits.depth.is_some() {
                return complain("go: `depth` given twice");
            }
            match value.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => limits.depth = Some(d),
                _ => return bad(&format!("a depth from 1 to {MAX_DEPTH}")),
            }
        }
        _ => {
            if limits.nodes.is_some() {
                return complain("go: `nodes` given twice");
            }
            match value.parse::<u64>() {
                Ok(n) if (1..=MAX_NODES).contains(&n) => limits.nodes = Some(n),
                _ => return bad(&format!("a node count from 1 to {MAX_NODES}")),
            }
        }
    }
    Ok(())
}

/// `info depth D seldepth S score cp X|win N|loss N nodes N nps N time MS pv M…`.
fn info_line(report: &Report) -> String {
    let score = match report.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::WinIn(n) => format!("win {n}"),
        Score::LossIn(n) => format!("loss {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {}",
        report.depth,
        report.seldepth,
        report.nodes,
        report.nps,
        report.elapsed.as_millis()
    );
    if !report.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&report.pv.join(" "));
    }
    line
}

/// `label W1 W2 …` (just `label` if there are none).
fn words_line(label: &str, words: &[String]) -> String {
    let mut line = String::from(label);
    for word in words {
        line.push(' ');
        line.push_str(word);
    }
    line
}

/// The first word of `text` and the rest (its leading spaces removed).
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

/// Cuts `position text`'s words at the first word `moves`: (the text, the moves).
fn split_at_moves(text: &str) -> (&str, &str) {
    let mut from = 0;
    while let Some(found) = text[from..].find("moves") {
        let at = from + found;
        let end = at + "moves".len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        if before.is_none_or(char::is_whitespace) && after.is_none_or(char::is_whitespace) {
            return (text[..at].trim(), text[end..].trim());
        }
        from = end;
    }
    (text.trim(), "")
}

/// Refuses words after a command that takes none.
fn no_arguments(word: &str, rest: &str) -> Answer {
    if rest.is_empty() {
        Ok(())
    } else {
        complain(format!(
            "`{word}` takes nothing after it (got `{}`)",
            excerpt(rest)
        ))
    }
}

/// A message for one `error` line: its first line, bounded in length, with the control
/// characters it may quote from the input escaped (`\r`, `\u{b}`: nothing a reader could
/// take for the end of a line).
fn one_line(text: &str) -> String {
    let mut line = String::new();
    for c in bounded(text.lines().next().unwrap_or("")).chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// A setup message in the protocol's words: `--moves` is the command's `moves`, and the
/// advice to rerun with a larger `--budget` does not apply.
fn protocol_words(message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    let first = first.strip_prefix("--moves: ").unwrap_or(first);
    match first.find("; rerun with a larger budget") {
        Some(at) => first[..at].to_string(),
        None => first.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// The lines `read_lines` sends for `input`, read in chunks of `chunk` bytes.
    fn lines(input: &[u8], chunk: usize) -> Vec<String> {
        let (sender, receiver) = mpsc::sync_channel(1000);
        read_lines(BufReader::with_capacity(chunk, input), &sender);
        receiver
            .try_iter()
            .map(|input| match input {
                Input::Line(line) => format!("line {line}"),
                Input::TooLong(n) => format!("too long {n}"),
                Input::NotUtf8 => "not utf-8".into(),
                Input::Failed(e) => format!("failed {e}"),
                Input::End => "end".into(),
            })
            .collect()
    }

    #[test]
    fn lines_are_cut_at_newlines_with_or_without_a_carriage_return_and_the_last_unended() {
        for chunk in [1, 3, 8192] {
            assert_eq!(
                lines(b"isready\r\n\ngo depth 3\nquit", chunk),
                [
                    "line isready",
                    "line ",
                    "line go depth 3",
                    "line quit",
                    "end"
                ]
            );
        }
        assert_eq!(lines(b"", 10), ["end"]);
        assert_eq!(lines(b"a\xff\nb\n", 10), ["not utf-8", "line b", "end"]);
    }

    #[test]
    fn a_line_over_the_limit_is_reported_and_skipped_whole_without_being_kept() {
        let mut input = vec![b'x'; MAX_LINE];
        input.push(b'\n');
        input.extend(vec![b'y'; MAX_LINE + 1]);
        input.extend(b"\nisready\n");
        input.extend(vec![b'z'; MAX_LINE + 5]);
        let got = lines(&input, 4096);
        assert_eq!(got.len(), 5, "{:?}", &got[1..]);
        assert_eq!(got[0].len(), "line ".len() + MAX_LINE);
        assert_eq!(
            got[1..],
            [
                format!("too long {}", MAX_LINE + 1),
                "line isready".into(),
                format!("too long {}", MAX_LINE + 5),
                "end".into()
            ]
        );
    }

    #[test]
    fn a_position_text_ends_at_the_word_moves_only() {
        assert_eq!(split_at_moves("a b c moves x y"), ("a b c", "x y"));
        assert_eq!(split_at_moves("a b c"), ("a b c", ""));
        assert_eq!(
            split_at_moves("a removes b moves2 c"),
            ("a removes b moves2 c", "")
        );
        assert_eq!(split_at_moves("a b moves"), ("a b", ""));
        assert_eq!(split_at_moves("moves x"), ("", "x"));
        assert_eq!(split_at_moves("a\tmoves\tx"), ("a", "x"));
    }

    #[test]
    fn an_error_line_is_one_line_whatever_the_input_quoted() {
        assert_eq!(
            one_line("bad `a\rb\u{b}c\u{2028}`\nmore"),
            "bad `a\\rb\\u{b}c\\u{2028}`"
        );
        let out = session("fo\x07o\x1b[2J\nvariant turtle\x08-shell\nisready\n");
        assert_eq!(out.lines().count(), 3, "{out:?}");
        assert!(
            out.starts_with("error unknown command `fo\\u{7}o\\u{1b}[2J`"),
            "{out:?}"
        );
        assert!(
            out.contains("unknown variant `turtle\\u{8}-shell`"),
            "{out:?}"
        );
    }

    #[test]
    fn go_limits_are_bounded_whatever_is_asked() {
        let (limits, infinite) = go_limits("").ok().unwrap();
        assert_eq!((limits.time, infinite), (Some(DEFAULT_TIME), false));
        let (limits, _) = go_limits("depth 5 nodes 100").ok().unwrap();
        assert_eq!(limits.depth, Some(5));
        assert_eq!(limits.nodes, Some(100));
        assert_eq!(limits.time, Some(SAFETY_TIME));
        let (limits, infinite) = go_limits("infinite").ok().unwrap();
        assert_eq!((limits.time, infinite), (Some(INFINITE_TIME), true));
        let (limits, _) = go_limits("movetime 250 depth 9").ok().unwrap();
        assert_eq!(limits.time, Some(Duration::from_millis(250)));
        let (limits, _) = go_limits("time 2s").ok().unwrap();
        assert_eq!(limits.time, Some(Duration::from_secs(2)));
        for bad in [
            "depth",
            "depth 0",
            "depth 99999999999",
            "nodes -1",
            "time 2h",
            "time none",
            "movetime 3600001",
            "depth 3 depth 4",
            "infinite infinite",
            "infinite nodes 5",
            "mate 3",
        ] {
            assert!(go_limits(bad).is_err(), "{bad}");
        }
    }

    /// Runs a whole session in this process; returns its output.
    fn session(input: &str) -> String {
        let mut out = Vec::new();
        serve(Cursor::new(input.to_string().into_bytes()), &mut out)
            .ok()
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn wait_lets_a_search_finish_before_the_next_line_and_the_end_stops_another() {
        let out = session("variant turtle-shell\ngo depth 2\nwait\nisready\ngo infinite\n");
        let lines: Vec<&str> = out.lines().collect();
        // One `info` line per iteration (depths 1 and 2), one for the whole search, then
        // `bestmove`; `isready` waits for it.
        assert!(lines.len() >= 7, "{out}");
        assert!(lines[0].starts_with("info depth 1 "), "{out}");
        assert!(lines[1].starts_with("info depth 2 "), "{out}");
        assert!(lines[2].starts_with("info depth 2 "), "{out}");
        assert!(lines[3].starts_with("bestmove "), "{out}");
        assert_eq!(lines[4], "readyok");
        // The infinite search, stopped by the end of the input, tells its iterations too.
        let (last, infos) = lines[5..].split_last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        assert!(!infos.is_empty(), "{out}");
        assert!(infos.iter().all(|l| l.starts_with("info depth ")), "{out}");
        let out = session("variant turtle-shell\ngo infinite\nwait\nstop\nwait\nquit\nisready\n");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with("error wait: the search is infinite"),
            "{out}"
        );
        let (last, infos) = lines[1..].split_last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        assert!(!infos.is_empty(), "{out}");
        assert!(infos.iter().all(|l| l.starts_with("info ")), "{out}");
    }
}
