//! [`DynGame`]: a game of any variant behind one object-safe interface, and the
//! [`Variant`] registry entries the command-line program lists.

use crate::{
    perft, perft_divide, Budget, Color, Game, MoveCells, Outcome, ParsePositionError, PlayError,
    Render, RuleSet, Status, UnknownRulesError, Verdict,
};
use crate::{
    perft_estimate, perft_run, EstimateOptions, PerftControl, PerftError, PerftEstimate, PerftSplit,
};
use std::any::Any;
use thiserror::Error;

/// A game of some variant, with moves and positions as text. The command-line program works
/// only through this trait.
pub trait DynGame {
    /// This game as [`Any`], so that a program holding a `dyn DynGame` can reach the typed
    /// [`Game`] (`downcast_ref::<Game<P>>()`) for what needs the variant's type, such as a
    /// search generic over [`crate::Position`].
    fn as_any(&self) -> &dyn Any;
    /// The variant's name.
    fn variant(&self) -> &'static str;
    /// The rule set's name.
    fn rules_name(&self) -> &'static str;
    /// The current position as text.
    fn position_text(&self) -> String;
    /// The side whose action it is.
    fn turn(&self) -> Color;
    /// The legal moves now, in canonical notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays one move; returns it in canonical notation. On error nothing changes.
    fn play(&mut self, text: &str) -> Result<String, PlayError>;
    /// Takes back the last move, returning its text.
    fn undo(&mut self) -> Option<String>;
    /// The legal moves now within `budget`: those proven legal, and those the budget left
    /// undecided, in canonical notation.
    fn legal_moves_within(&self, budget: &mut Budget) -> MoveListing;
    /// Whether the game is over, within `budget`.
    fn status(&self, budget: &mut Budget) -> Status;
    /// Reads and plays one move if it is proven legal within `budget`, or (with
    /// `allow_undecided`) left undecided by it; `following` are the moves after it in a game
    /// record, which a variant may take as proof ([`crate::Position::is_legal_given`]).
    /// Returns the move in canonical notation and the verdict it was played under. On error
    /// nothing changes.
    fn play_within(
        &mut self,
        text: &str,
        following: &[&str],
        budget: &mut Budget,
        allow_undecided: bool,
    ) -> Result<(String, Verdict), PlayError>;
    /// The moves played so far, in canonical notation.
    fn moves_played(&self) -> Vec<String>;
    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A terminal diagram of the current position, last move marked.
    fn text_diagram(&self) -> String;
    /// An SVG picture of the current position, last move marked.
    fn svg(&self) -> String;
    /// The terminal diagram seen from the other side, if the variant draws one
    /// ([`Render::text_diagram_flipped`]); the default is `None`.
    fn text_diagram_flipped(&self) -> Option<String> {
        None
    }
    /// Help for players on the variant's move notation ([`Render::notation_help`]).
    fn notation_help(&self) -> &'static str {
        "Moves are written FROM-TO (type `moves` for the legal moves)."
    }
    /// A note for a player whose move text was refused ([`Render::notation_hint`]); the
    /// default has none.
    fn notation_hint(&self, word: &str, unreadable: bool) -> Option<&'static str> {
        let _ = (word, unreadable);
        None
    }
    /// How a move of the current position (in any notation [`DynGame::play`] reads) is made
    /// by clicking the [`DynGame::svg`] picture ([`Render::move_cells`]); `None` if the text
    /// is not a move here. Whether the move is legal is not checked. The default is `None`.
    fn move_cells(&self, text: &str) -> Option<MoveCells> {
        let _ = text;
        None
    }
    /// Perft from the current position (bulk counted, history included).
    fn perft(&mut self, depth: u32) -> u64;
    /// Perft split by first move; `progress(done, total)` after each root move.
    fn perft_divide(
        &mut self,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(String, u64)>;
    /// Predicts the tree and the time of a perft to `depth` (see [`crate::perft_estimate`]).
    /// The default (for a game that cannot tell) is [`PerftEstimate::unknown`].
    fn perft_estimate(&mut self, depth: u32, options: &EstimateOptions) -> PerftEstimate {
        let _ = (depth, options);
        PerftEstimate::unknown()
    }
    /// Perft split by first move, stoppable and reporting progress (see
    /// [`crate::perft_run`]), moves in canonical notation. The default counts with
    /// [`DynGame::perft_divide`], neither stopping nor reporting.
    fn perft_run(
        &mut self,
        depth: u32,
        control: &mut PerftControl<'_>,
    ) -> Result<PerftSplit<String>, PerftError<String>> {
        let _ = control;
        if depth > crate::MAX_PERFT_DEPTH {
            return Err(PerftError::TooDeep { depth });
        }
        Ok(self.perft_divide(depth, &mut |_, _| {}))
    }
}

impl<P: Render + Send + 'static> DynGame for Game<P>
where
    P::Move: Send,
{
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn variant(&self) -> &'static str {
        P::VARIANT
    }
    fn rules_name(&self) -> &'static str {
        self.position().rules().name()
    }
    fn position_text(&self) -> String {
        self.position().to_text()
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        self.legal_move_list()
            .into_iter()
            .map(|m| pos.move_text(m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let mv = self.position().parse_move(text)?;
        let canonical = self.position().move_text(mv);
        Game::play(self, mv)?;
        Ok(canonical)
    }
    fn undo(&mut self) -> Option<String> {
        let mv = Game::undo(self)?;
        Some(self.position().move_text(mv))
    }
    fn legal_moves_within(&self, budget: &mut Budget) -> MoveListing {
        let (mut legal, mut undecided) = (Vec::new(), Vec::new());
        Game::legal_moves_within(self, &mut legal, &mut undecided, budget);
        let pos = self.position();
        MoveListing {
            legal: legal.into_iter().map(|m| pos.move_text(m)).collect(),
            undecided: undecided.into_iter().map(|m| pos.move_text(m)).collect(),
        }
    }
    fn status(&self, budget: &mut Budget) -> Status {
        Game::status(self, budget)
    }
    fn play_within(
        &mut self,
        text: &str,
        following: &[&str],
        budget: &mut Budget,
        allow_undecided: bool,
    ) -> Result<(String, Verdict), PlayError> {
        let mv = self.position().parse_move(text)?;
        let canonical = self.position().move_text(mv);
        let verdict = Game::play_given(self, mv, following, budget, allow_undecided)?;
        Ok((canonical, verdict))
    }
    fn moves_played(&self) -> Vec<String> {
        self.move_texts()
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn text_diagram(&self) -> String {
        self.position().text_diagram(self.last_move())
    }
    fn svg(&self) -> String {
        self.position().svg(self.last_move())
    }
    fn text_diagram_flipped(&self) -> Option<String> {
        self.position().text_diagram_flipped(self.last_move())
    }
    fn notation_help(&self) -> &'static str {
        P::notation_help()
    }
    fn notation_hint(&self, word: &str, unreadable: bool) -> Option<&'static str> {
        P::notation_hint(word, unreadable)
    }
    fn move_cells(&self, text: &str) -> Option<MoveCells> {
        let mv = self.position().parse_move(text).ok()?;
        Some(self.position().move_cells(mv))
    }
    fn perft(&mut self, depth: u32) -> u64 {
        perft(self, depth)
    }
    fn perft_divide(
        &mut self,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(String, u64)> {
        let pos = self.position().clone();
        perft_divide(self, depth, &mut |done, total, _, _| progress(done, total))
            .into_iter()
            .map(|(m, n)| (pos.move_text(m), n))
            .collect()
    }
    fn perft_estimate(&mut self, depth: u32, options: &EstimateOptions) -> PerftEstimate {
        perft_estimate(self, depth, options)
    }
    fn perft_run(
        &mut self,
        depth: u32,
        control: &mut PerftControl<'_>,
    ) -> Result<PerftSplit<String>, PerftError<String>> {
        let pos = self.position().clone();
        let texts = |split: PerftSplit<P::Move>| -> PerftSplit<String> {
            split
                .into_iter()
                .map(|(m, n)| (pos.move_text(m), n))
                .collect()
        };
        perft_run(self, depth, control)
            .map(&texts)
            .map_err(|e| match e {
                PerftError::TooDeep { depth } => PerftError::TooDeep { depth },
                PerftError::Stopped {
                    done,
                    root_total,
                    progress,
                } => PerftError::Stopped {
                    done: texts(done),
                    root_total,
                    progress,
                },
            })
    }
}

/// The legal moves of a position as far as a [`Budget`] decided them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveListing {
    /// The moves proven legal, in canonical notation.
    pub legal: Vec<String>,
    /// The moves the budget left undecided (neither proven legal nor illegal).
    pub undecided: Vec<String>,
}

impl MoveListing {
    /// Whether every move was decided.
    pub fn is_complete(&self) -> bool {
        self.undecided.is_empty()
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The rule-set name is unknown.
    #[error(transparent)]
    Rules(#[from] UnknownRulesError),
    /// The position text is wrong.
    #[error(transparent)]
    Position(#[from] ParsePositionError),
}

/// Starts a game under the named rules (`None`: the standard rules), from a position text
/// (`None`: the start position). The game may move between threads (a server keeps many
/// and answers on many threads).
pub type NewGame = fn(Option<&str>, Option<&str>) -> Result<Box<dyn DynGame + Send>, SetupError>;

/// A registry entry: what the command-line program needs to know of a variant.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// The name users type (`turtle-shell`).
    pub name: &'static str,
    /// A one-line description.
    pub about: &'static str,
    /// The rule-set names, the standard game's first.
    pub rule_sets: &'static [&'static str],
    /// Starts a game under the named rules (`None`: the standard rules), from a position text
    /// (`None`: the start position).
    pub new_game: NewGame,
}

impl Variant {
    /// The registry entry of variant `P`.
    pub fn of<P: Render + Send + 'static>(about: &'static str) -> Variant
    where
        P::Move: Send,
    {
        Variant {
            name: P::VARIANT,
            about,
            rule_sets: P::Rules::NAMES,
            new_game: new_dyn_game::<P>,
        }
    }
}

/// Reads a rule-set name of variant `P` (`None`: the standard rules).
pub fn rules_from_name<R: RuleSet>(name: Option<&str>) -> Result<R, UnknownRulesError> {
    match name {
        None => Ok(R::default()),
        Some(name) => R::from_name(name).ok_or_else(|| UnknownRulesError {
            name: name.to_string(),
            known: R::NAMES.join(", "),
        }),
    }
}

fn new_dyn_game<P: Render + Send + 'static>(
    rules: Option<&str>,
    position: Option<&str>,
) -> Result<Box<dyn DynGame + Send>, SetupError>
where
    P::Move: Send,
{
    let rules = rules_from_name::<P::Rules>(rules)?;
    let start = match position {
        None => P::start(rules),
        Some(text) => P::from_text(text, rules)?,
    };
    Ok(Box::new(Game::new(start)))
}
