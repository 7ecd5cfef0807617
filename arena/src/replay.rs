//! Replaying a game record: each move's legality decided within a budget, with the record's
//! next moves as proof (`chimera validate`, `--moves`, the protocol's `position … moves`,
//! the web page's games).

use crate::Limit;
use chimera_core::record::RecordMove;
use chimera_core::{DynGame, PlayError, Status, Verdict};

/// How many of a record's next moves are offered as proof of a move's legality: more than
/// the longest turn (255 actions), so that a record's own continuation always reaches the
/// end of the move's turn.
pub const FOLLOWING: usize = 256;

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopKind {
    /// The move text could not be read.
    Unreadable,
    /// The move is not legal (the game may be over).
    Illegal,
    /// The budget left the move's legality open.
    Undecided,
}

/// Where and why a replay stopped. The game is left as it was before the move at `index`.
#[derive(Clone, Debug)]
pub struct Stop {
    /// The move's index in the record (from 0).
    pub index: usize,
    /// Why.
    pub kind: StopKind,
    /// Why, in words (quoting at most an excerpt of the input).
    pub reason: String,
}

/// The reason given for a move left undecided.
pub fn undecided_reason(limit: Limit) -> String {
    format!("could not be decided within the {limit} budget (neither proven legal nor illegal)")
}

/// Plays a record's moves, each one's legality decided within `limit`, with the record's
/// next moves as proof (a variant whose legality depends on the rest of a multi-move turn
/// needs no search when the record completes the turn).
///
/// A move the budget leaves undecided is played provisionally: a later move of the same
/// turn proven legal proves it too (a lawful end of the turn follows it). One still
/// unproven when its turn ends, or at the end of the record, stops the replay there.
pub fn replay<'a>(
    game: &mut dyn DynGame,
    moves: impl IntoIterator<Item = RecordMove<'a>>,
    limit: Limit,
) -> Result<(), Stop> {
    let mut moves = moves.into_iter();
    // The record's moves `base..base + window.len()`: the one being played and, while the
    // record lasts, at least the next FOLLOWING (refilled every FOLLOWING moves, so the
    // record is never held whole).
    let mut window: Vec<RecordMove<'a>> = Vec::new();
    let mut base = 0;
    let mut i = 0;
    // The first move of the current turn played without proof, if any.
    let mut pending: Option<usize> = None;
    loop {
        window.drain(..i - base);
        base = i;
        let wanted = 2 * FOLLOWING + 1 - window.len();
        let before = window.len();
        window.extend(moves.by_ref().take(wanted));
        let ended = window.len() - before < wanted;
        if window.is_empty() {
            break;
        }
        let texts: Vec<&str> = window.iter().map(|m| m.text.as_ref()).collect();
        let upto = if ended {
            base + texts.len()
        } else {
            base + texts.len() - FOLLOWING
        };
        while i < upto {
            let at = i - base;
            let side = game.turn();
            let following = &texts[at + 1..texts.len().min(at + 1 + FOLLOWING)];
            let mut budget = limit.budget();
            match game.play_within(texts[at], following, &mut budget, true) {
                Ok((_, Verdict::Undecided)) => {
                    let first = *pending.get_or_insert(i);
                    if game.turn() != side {
                        return Err(unwind(game, i + 1, first, limit));
                    }
                }
                Ok(_) => pending = None,
                Err(e) => return Err(refused(game, &e, i, pending, limit)),
            }
            i += 1;
        }
        if ended {
            break;
        }
    }
    match pending {
        Some(first) => Err(unwind(game, i, first, limit)),
        None => Ok(()),
    }
}

/// Where a replay stops at move `index`, which `game` refused with `e`: unreadable, or
/// illegal (saying so if the game is over); naming the moves from `pending` on that were
/// played before it unproven.
fn refused(
    game: &dyn DynGame,
    e: &PlayError,
    index: usize,
    pending: Option<usize>,
    limit: Limit,
) -> Stop {
    let kind = match e {
        PlayError::Parse(_) => StopKind::Unreadable,
        _ => StopKind::Illegal,
    };
    let mut reason = e.to_string();
    if kind == StopKind::Illegal {
        if let Status::Over(outcome) = game.status(&mut limit.budget()) {
            reason = format!("the game is already over ({outcome})");
        }
    }
    if let Some(first) = pending {
        reason.push_str(&format!(
            " (moves {}–{index} before it were not proven legal within the {limit} budget)",
            first + 1,
        ));
    }
    Stop {
        index,
        kind,
        reason,
    }
}

/// Takes back the moves `first..played` (played provisionally, unproven) and reports the
/// first of them as undecided.
fn unwind(game: &mut dyn DynGame, played: usize, first: usize, limit: Limit) -> Stop {
    for _ in first..played {
        game.undo();
    }
    Stop {
        index: first,
        kind: StopKind::Undecided,
        reason: undecided_reason(limit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::{Budget, Color, IllegalMoveError, MoveListing, Outcome, ParseMoveError};

    /// A game whose moves are words: `y` proven legal, `u` left undecided, `n` illegal,
    /// anything else unreadable; a capital letter also ends the turn.
    #[derive(Default)]
    struct Scripted {
        played: Vec<(String, Color)>,
        turn: Option<Color>,
    }

    impl DynGame for Scripted {
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn variant(&self) -> &'static str {
            "scripted"
        }
        fn rules_name(&self) -> &'static str {
            "standard"
        }
        fn position_text(&self) -> String {
            self.played.len().to_string()
        }
        fn turn(&self) -> Color {
            self.turn.unwrap_or(Color::White)
        }
        fn legal_moves(&self) -> Vec<String> {
            Vec::new()
        }
        fn play(&mut self, _: &str) -> Result<String, PlayError> {
            unreachable!("replay decides within a budget")
        }
        fn undo(&mut self) -> Option<String> {
            let (mv, side) = self.played.pop()?;
            self.turn = Some(side);
            Some(mv)
        }
        fn legal_moves_within(&self, _: &mut Budget) -> MoveListing {
            MoveListing::default()
        }
        fn status(&self, _: &mut Budget) -> Status {
            Status::Ongoing
        }
        fn play_within(
            &mut self,
            text: &str,
            _: &[&str],
            _: &mut Budget,
            allow_undecided: bool,
        ) -> Result<(String, Verdict), PlayError> {
            let verdict = match text.to_ascii_lowercase().as_str() {
                "y" => Verdict::Yes,
                "u" if allow_undecided => Verdict::Undecided,
                "n" => return Err(IllegalMoveError::new(text, "scripted").into()),
                _ => return Err(ParseMoveError::new(text, "scripted").into()),
            };
            let side = self.turn();
            self.played.push((text.to_string(), side));
            if text.chars().all(|c| c.is_ascii_uppercase()) {
                self.turn = Some(!side);
            }
            Ok((text.to_string(), verdict))
        }
        fn moves_played(&self) -> Vec<String> {
            self.played.iter().map(|(m, _)| m.clone()).collect()
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn text_diagram(&self) -> String {
            String::new()
        }
        fn svg(&self) -> String {
            String::new()
        }
        fn perft(&mut self, _: u32) -> u64 {
            0
        }
        fn perft_divide(&mut self, _: u32, _: &mut dyn FnMut(usize, usize)) -> Vec<(String, u64)> {
            Vec::new()
        }
    }

    /// Replays the words; returns where it stopped (if it did), why, and the moves kept.
    fn run(words: &str) -> (Option<(usize, StopKind)>, Vec<String>) {
        let moves: Vec<RecordMove> = words
            .split_whitespace()
            .map(|w| RecordMove {
                line: 1,
                text: w.to_string().into(),
            })
            .collect();
        let mut game = Scripted::default();
        let stop = replay(&mut game, moves, Limit::DEFAULT).err();
        (stop.map(|s| (s.index, s.kind)), game.moves_played())
    }

    #[test]
    fn a_later_proven_move_of_the_same_turn_proves_the_undecided_ones_before_it() {
        assert_eq!(run("u u y").0, None);
        assert_eq!(run("u u Y y").0, None);
        assert_eq!(run("y Y u y Y").0, None);
    }

    #[test]
    fn a_move_still_unproven_at_the_end_of_its_turn_or_of_the_record_stops_the_replay() {
        let (stop, kept) = run("y Y u u");
        assert_eq!(stop, Some((2, StopKind::Undecided)));
        assert_eq!(kept, ["y", "Y"]); // the unproven moves are taken back
        let (stop, kept) = run("u U y");
        assert_eq!(stop, Some((0, StopKind::Undecided)));
        assert!(kept.is_empty());
        // A proof in the next turn proves nothing of this one.
        assert_eq!(run("y u U y").0, Some((1, StopKind::Undecided)));
    }

    #[test]
    fn an_illegal_or_unreadable_move_stops_the_replay_at_that_move() {
        let (stop, kept) = run("y Y n y");
        assert_eq!(stop, Some((2, StopKind::Illegal)));
        assert_eq!(kept, ["y", "Y"]);
        assert_eq!(run("y ?").0, Some((1, StopKind::Unreadable)));
        // Unproven moves before it are named in the reason.
        let moves: Vec<RecordMove> = ["u", "u", "n"]
            .iter()
            .map(|w| RecordMove {
                line: 1,
                text: w.to_string().into(),
            })
            .collect();
        let stop = replay(&mut Scripted::default(), moves, Limit::DEFAULT).unwrap_err();
        assert_eq!(stop.index, 2);
        assert!(
            stop.reason.contains("moves 1–2 before it were not proven"),
            "{}",
            stop.reason
        );
    }
}
