//! The protocol session: the engine's state between lines, and the answer to each.

use super::input::{Input, MAX_LINE};
use super::options::{option_lines, parse_setoption, Options, Setting, DEFAULT_VARIANT};
use super::search::Search;
use super::words::{
    complain, no_arguments, one_line, split_at_moves, split_word, start_message, words_line,
    Answer, Complaint,
};
use crate::game::{start, GameSpec};
use crate::player::Computer;
use crate::{registry, Limit};
use chimera_core::{excerpt, DynGame, Status};
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How often the main thread looks whether a running search has ended.
const POLL: Duration = Duration::from_millis(5);
/// The commands, as an error message lists them.
const COMMANDS: &str = "uci, isready, setoption, ucinewgame, position, go, stop, ponderhit, \
                        quit, debug; and the program's own: chimera, variant, wait, legal, \
                        moves, show, d, newgame";

/// The engine's state between lines.
pub(super) struct Session<'a> {
    pub(super) out: &'a mut dyn Write,
    /// The variant selected and its game (the default variant's at the start).
    pub(super) current: Option<Current>,
    /// The options' values.
    pub(super) options: Options,
    /// The search running, if any.
    pub(super) search: Option<Search>,
}

/// The selected variant, rule set and game.
pub(super) struct Current {
    /// The game now (also while a search runs: the search has a copy).
    pub(super) game: Box<dyn DynGame>,
    /// The position text the game started from (`None`: the start position).
    pub(super) start: Option<String>,
    /// The computer, when no search has it (`None` while one runs).
    pub(super) computer: Option<Box<dyn Computer>>,
}

impl Current {
    /// The start of `variant` under `rules` (`None`: its standard rules), with a fresh
    /// computer whose table has the options' size; or why not, in words.
    fn new(variant: &str, rules: Option<&str>, options: &Options) -> Result<Current, String> {
        let spec = GameSpec {
            variant: variant.to_string(),
            position: None,
            rules: rules.map(str::to_string),
        };
        let game =
            start(&spec, None, Limit::DEFAULT).map_err(|e| start_message(&e, Limit::DEFAULT))?;
        let mut computer = registry::computer(game.variant());
        if let Some(c) = &mut computer {
            c.set_hash_mb(options.hash_mb);
        }
        Ok(Current {
            game,
            start: None,
            computer,
        })
    }
}

/// Whether to go on after a line.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl<'a> Session<'a> {
    /// A session writing to `out`, the default variant ([`DEFAULT_VARIANT`]) selected.
    pub(super) fn new(out: &'a mut dyn Write) -> Self {
        let options = Options::default();
        Session {
            out,
            current: Current::new(DEFAULT_VARIANT, None, &options).ok(),
            options,
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
            if self.search.as_mut().is_some_and(Search::is_done) {
                self.end_search(false)?;
            }
            let flow = match input {
                None => Flow::Continue,
                Some(Input::Line(line)) => self.line(&line)?,
                Some(Input::TooLong(n)) => {
                    self.say(&format!(
                        "info string error line too long: {n} bytes or more (at most {MAX_LINE}); ignored"
                    ))?;
                    Flow::Continue
                }
                Some(Input::NotUtf8) => {
                    self.say("info string error line is not UTF-8 text; ignored")?;
                    Flow::Continue
                }
                Some(Input::Failed(e)) => {
                    self.say(&format!("info string error cannot read the input: {e}"))?;
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
    pub(super) fn say(&mut self, line: &str) -> io::Result<()> {
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
                self.say(&format!("info string error {}", one_line(&text)))?;
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
            "setoption" => self.setoption(rest),
            "variant" => self.variant(rest),
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => {
                no_arguments(word, rest)?;
                self.end_search(true).map_err(Err)
            }
            "ponderhit" => {
                no_arguments(word, rest)?;
                self.ponderhit()
            }
            "wait" => {
                no_arguments(word, rest)?;
                if self.search.as_ref().is_some_and(Search::waits) {
                    return complain(
                        "wait: the search is infinite or pondering (send `stop` to end it)",
                    );
                }
                self.end_search(false).map_err(Err)
            }
            "debug" => match rest {
                "on" | "off" => Ok(()),
                _ => complain("debug: expected `debug on` or `debug off`"),
            },
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

    /// `uci`: who we are and our options (`UCI_Variant` lists every variant and rule
    /// set); `chimera`: who we are, and every variant with its rule sets.
    fn handshake(&mut self, word: &str) -> Answer {
        let mut lines = vec![
            format!("id name chimera {}", env!("CARGO_PKG_VERSION")),
            format!("id author {}", env!("CARGO_PKG_AUTHORS").replace(':', ", ")),
        ];
        if word == "uci" {
            lines.extend(option_lines());
        } else {
            for variant in registry::variants() {
                lines.push(format!(
                    "variant {} rules {}",
                    variant.name,
                    variant.rule_sets.join(" ")
                ));
            }
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
        self.current = Some(
            Current::new(name, rules, &self.options)
                .or_else(|e| complain(format!("variant: {e}")))?,
        );
        Ok(())
    }

    /// `setoption name NAME value VALUE`: one of the options `uci` lists.
    fn setoption(&mut self, rest: &str) -> Answer {
        self.idle("setoption")?;
        match parse_setoption(rest)? {
            Setting::Variant(variant, rules) => {
                let current = self.current.as_ref().map(|c| c.game.as_ref());
                // The same variant and rules again (a client sets it before every game):
                // the game and the computer's table stay.
                let wanted = rules
                    .as_deref()
                    .or_else(|| registry::find(&variant).map(|v| v.rule_sets[0]));
                let same = current.is_some_and(|game| {
                    game.variant() == variant && Some(game.rules_name()) == wanted
                });
                if !same {
                    self.current = Some(
                        Current::new(&variant, rules.as_deref(), &self.options)
                            .or_else(|e| complain(format!("setoption: {e}")))?,
                    );
                }
            }
            Setting::Hash(mb) => {
                self.options.hash_mb = mb;
                if let Some(computer) = self.current.as_mut().and_then(|c| c.computer.as_mut()) {
                    computer.set_hash_mb(mb);
                }
            }
            Setting::Threads(n) => self.options.threads = n,
            Setting::MultiPv(n) => self.options.multipv = n,
            Setting::Ponder(on) => self.options.ponder = on,
        }
        Ok(())
    }

    /// `position startpos [moves …]`, or `position fen TEXT [moves …]` (`text` is an alias):
    /// the variant's position text (for chess, FEN).
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
            "text" | "fen" => {
                let (text, moves) = split_at_moves(after);
                if text.is_empty() {
                    return complain(format!(
                        "position: `position {kind}` needs a position text (before any `moves`)"
                    ));
                }
                (Some(text.to_string()), moves)
            }
            "" => return complain(
                "position: expected `position startpos [moves …]` or `position fen TEXT [moves …]`",
            ),
            other => {
                return complain(format!(
                    "position: expected `startpos`, `fen` or `text`, got `{}`",
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
    pub(super) fn current_game(&mut self, command: &str) -> Answer<&mut Current> {
        match &mut self.current {
            Some(current) => Ok(current),
            None => complain(format!(
                "{command}: no variant selected (send `variant NAME` first; variants: {})",
                registry::names()
            )),
        }
    }
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
            out.starts_with("info string error unknown command `fo\\u{7}o\\u{1b}[2J`"),
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
        // `bestmove`; `isready` waits for it. (The variant's turns are single moves, so
        // `bestmove` names the reply to ponder on.)
        assert!(lines.len() >= 7, "{out}");
        assert!(lines[0].starts_with("info depth 1 "), "{out}");
        assert!(lines[1].starts_with("info depth 2 "), "{out}");
        assert!(lines[2].starts_with("info depth 2 "), "{out}");
        assert!(lines[3].starts_with("bestmove "), "{out}");
        assert!(lines[3].contains(" ponder "), "{out}");
        assert_eq!(lines[4], "readyok");
        // The infinite search, stopped by the end of the input, tells its iterations too.
        let (last, infos) = lines[5..].split_last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        assert!(!infos.is_empty(), "{out}");
        assert!(infos.iter().all(|l| l.starts_with("info depth ")), "{out}");
        let out = session("variant turtle-shell\ngo infinite\nwait\nstop\nwait\nquit\nisready\n");
        // The refusal of `wait` is written by the session while the search thread writes
        // its iterations: the two may come in either order.
        let (refusals, lines): (Vec<&str>, Vec<&str>) = out
            .lines()
            .partition(|l| l.starts_with("info string error "));
        assert_eq!(refusals.len(), 1, "{out}");
        assert!(
            refusals[0].starts_with("info string error wait: the search is infinite"),
            "{out}"
        );
        let (last, infos) = lines.split_last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        assert!(!infos.is_empty(), "{out}");
        assert!(infos.iter().all(|l| l.starts_with("info ")), "{out}");
    }

    #[test]
    fn a_pondering_search_waits_for_ponderhit_or_stop_before_its_bestmove() {
        // Depth 2 ends at once, but `bestmove` waits: `isready` is answered first.
        let out = session("go ponder depth 2\nisready\nwait\nponderhit\nwait\nisready\n");
        let lines: Vec<&str> = out.lines().collect();
        let ready = lines.iter().position(|l| *l == "readyok").unwrap();
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove "))
            .unwrap();
        assert!(ready < best, "{out}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error wait: ")),
            "{out}"
        );
        assert_eq!(lines.last(), Some(&"readyok"), "{out}");
        // A ponderhit with no pondering search is refused.
        let out = session("ponderhit\ngo depth 1\nwait\nponderhit\n");
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error ponderhit"))
            .count();
        assert_eq!(errors, 2, "{out}");
    }

    #[test]
    fn options_are_set_and_a_bad_setoption_changes_nothing() {
        let out = session(
            "setoption name UCI_Variant value turtle-shell-none\nshow\n\
             setoption name UCI_Variant value xiangqi\nsetoption name Hash value 0\n\
             setoption name MultiPV value 2\nposition startpos\ngo depth 2\nwait\nshow\n",
        );
        let variants: Vec<&str> = out.lines().filter(|l| l.starts_with("variant ")).collect();
        assert_eq!(variants, ["variant turtle-shell rules none"; 2], "{out}");
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error "))
            .count();
        assert_eq!(errors, 2, "{out}");
        assert!(out.contains(" multipv 2 "), "{out}");
    }
}
