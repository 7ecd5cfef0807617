//! The protocol session: the engine's state between lines, and the answer to each.

use super::go::go_limits;
use super::info::info_line;
use super::input::{Input, MAX_LINE};
use super::words::{
    complain, no_arguments, one_line, split_at_moves, split_word, start_message, words_line,
    Answer, Complaint,
};
use crate::game::{start, GameSpec};
use crate::player::{Computer, Report};
use crate::replay::replay;
use crate::{registry, Error, Limit};
use chimera_core::record::RecordMove;
use chimera_core::{excerpt, DynGame, Status};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// How often the main thread looks whether a running search has ended.
const POLL: Duration = Duration::from_millis(5);
/// The search thread's stack (reserved, not used, unless a deep search needs it).
const SEARCH_STACK: usize = 64 << 20;
/// The commands, as an error message lists them.
const COMMANDS: &str = "chimera, uci, isready, variant, position, go, stop, wait, legal, \
                        moves, show, d, newgame, ucinewgame, quit";

/// The engine's state between lines.
pub(super) struct Session<'a> {
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
type Finished = (Box<dyn Computer>, Result<Report, Error>);

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

impl<'a> Session<'a> {
    /// A session with no variant selected, writing to `out`.
    pub(super) fn new(out: &'a mut dyn Write) -> Self {
        Session {
            out,
            current: None,
            search: None,
        }
    }

    /// Answers input until `quit`, the end of the input, or an output failure.
    pub(super) fn answer(&mut self, receiver: &Receiver<Input>) -> io::Result<()> {
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
    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Answers one line.
    fn line(&mut self, line: &str) -> io::Result<Flow> {
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
        let spec = GameSpec {
            variant: name.to_string(),
            position: None,
            rules: rules.map(str::to_string),
        };
        let game = start(&spec, None, Limit::DEFAULT).map_err(|e| {
            Ok(Complaint(format!(
                "variant: {}",
                start_message(&e, Limit::DEFAULT)
            )))
        })?;
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
        let spec = GameSpec {
            variant: current.game.variant().to_string(),
            position: start.clone(),
            rules: Some(current.game.rules_name().to_string()),
        };
        let moves = (!moves.trim().is_empty()).then_some(moves);
        let game = crate::game::start(&spec, moves, Limit::DEFAULT).map_err(|e| {
            Ok(Complaint(format!(
                "position: {}",
                start_message(&e, Limit::DEFAULT)
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
        let spec = GameSpec {
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
                let result = rebuild(&spec, &moves).and_then(|game| {
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
    fn tell_progress(&mut self) -> io::Result<()> {
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
    pub(super) fn end_search(&mut self, stop: bool) -> io::Result<()> {
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
                Err(Error::new(
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
        let spec = GameSpec {
            variant: current.game.variant().to_string(),
            position: None,
            rules: Some(current.game.rules_name().to_string()),
        };
        current.game = start(&spec, None, Limit::DEFAULT).map_err(|e| {
            Ok(Complaint(format!(
                "newgame: {}",
                start_message(&e, Limit::DEFAULT)
            )))
        })?;
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
fn rebuild(spec: &GameSpec, moves: &[String]) -> Result<Box<dyn DynGame>, Error> {
    let mut game = start(spec, None, Limit::DEFAULT)
        .map_err(|e| Error::new(start_message(&e, Limit::DEFAULT)))?;
    let record = moves.iter().map(|text| RecordMove {
        line: 1,
        text: text.as_str().into(),
    });
    replay(game.as_mut(), record, Limit::DEFAULT).map_err(|stop| {
        Error::new(format!(
            "cannot replay move {} `{}` of the game: {}",
            stop.index + 1,
            excerpt(moves.get(stop.index).map_or("", String::as_str)),
            stop.reason
        ))
    })?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::super::serve;
    use super::*;
    use std::io::Cursor;

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
