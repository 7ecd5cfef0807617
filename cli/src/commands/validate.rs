//! `chimera validate`.

use super::{capitalise, outcome_json, to_text, Survey};
use crate::commands::record::{parse_record, read_text, save, with_headers, write_by};
use crate::setup::{move_number, replay, undecided_block, wrap_at_most, Stop, StopKind};
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::record::Record;
use chimera_core::{excerpt, Color, DynGame, Status};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;

/// The first move of a record that could not be played.
struct BadMove {
    ply: usize,
    number: usize,
    side: String,
    line: usize,
    /// The move as written (an excerpt of it if it is long).
    text: String,
    kind: StopKind,
    reason: String,
    position: String,
    legal: Vec<String>,
    undecided: Vec<String>,
}

impl BadMove {
    fn kind_name(&self) -> &'static str {
        match self.kind {
            StopKind::Unreadable => "unreadable",
            StopKind::Illegal => "illegal",
            StopKind::Undecided => "undecided",
        }
    }
}

/// What `validate` was asked for beyond the record and the game.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Print a JSON object instead of text.
    pub json: bool,
    /// Write the game, when every move is legal, as a record in the one format to this
    /// file (an existing file is kept).
    pub save: Option<std::path::PathBuf>,
}

/// `chimera validate`: replays the record in `file`; the record's `[Rules]` and
/// `[Position]` headers fill in what `args` leave out.
pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    file: &Path,
    options: &Options,
    limit: Limit,
) -> Result<(), Failure> {
    let json = options.json;
    let name = file.display().to_string();
    let text = read_text(io.input, file)?;
    let record = parse_record(&name, &text)?;
    let args = with_headers(&name, &text, args)?;
    let mut game = new_game_within(&args, &MovesArg::default(), limit)?;
    let first = game.turn();
    let bad = replay(game.as_mut(), &record, limit)
        .err()
        .map(|stop| BadMove::at(game.as_ref(), &record, stop, first, limit));
    // The final position is asked about only when every move was played.
    let survey = bad.is_none().then(|| Survey::of(game.as_ref(), limit));
    let recorded = Recorded::of(&text);

    if json {
        let mut value = result_json(&name, game.as_ref(), bad.as_ref(), survey.as_ref(), limit);
        if let (Value::Object(map), Some(survey)) = (&mut value, &survey) {
            map.insert(
                "recorded_result".into(),
                json!(recorded.as_ref().map(|r| &r.result)),
            );
            map.insert(
                "adjudicated".into(),
                json!(recorded.as_ref().is_some_and(|r| r.adjudicated(survey))),
            );
        }
        io.out.write_all(to_text(&value).as_bytes())?;
    } else if let Some(b) = &bad {
        b.write(io.out, &name, limit)?;
    } else if let Some(survey) = &survey {
        write_valid(io.out, &name, game.as_ref(), survey)?;
        if let Some(line) = recorded.and_then(|r| r.note(survey)) {
            writeln!(io.out, "{line}")?;
        }
    }
    if let (None, Some(out)) = (&bad, &options.save) {
        let text = write_by(
            game.as_ref(),
            args.position.as_deref(),
            limit,
            "chimera validate",
        );
        save(&out.display().to_string(), &text, false)
            .map_err(|e| Failure::input(format!("--save: cannot write {}: {e}", out.display())))?;
    }
    match bad {
        None => Ok(()),
        Some(b) => Err(b.failure(&name, limit)),
    }
}

impl BadMove {
    /// The move of `record` at which the replay of `game` (whose first move was made by
    /// `first`) stopped; `game` is in the position before it.
    fn at(
        game: &dyn DynGame,
        record: &Record<'_>,
        stop: Stop,
        first: Color,
        limit: Limit,
    ) -> BadMove {
        let ply = stop.index + 1;
        let mv = record
            .get(stop.index)
            .expect("the replay stopped at a move");
        let here = Survey::of(game, limit);
        BadMove {
            ply,
            number: move_number(ply, first),
            side: game.turn().to_string(),
            line: mv.line,
            text: excerpt(&mv.text).into_owned(),
            kind: stop.kind,
            reason: stop.reason,
            position: game.position_text(),
            legal: here.listing.legal,
            undecided: here.listing.undecided,
        }
    }

    fn json(&self) -> Value {
        json!({
            "ply": self.ply,
            "move_number": self.number,
            "side": self.side,
            "line": self.line,
            "text": self.text,
            "kind": self.kind_name(),
            "reason": self.reason,
            "position": self.position,
            "legal_moves": self.legal,
            "undecided": self.undecided,
        })
    }

    /// Says where the record went wrong and why, with the position and its legal moves.
    fn write(&self, out: &mut dyn Write, name: &str, limit: Limit) -> Result<(), Failure> {
        writeln!(
            out,
            "{name}: ply {} (move {}, {}), line {}: `{}`",
            self.ply, self.number, self.side, self.line, self.text
        )?;
        writeln!(out, "  {}", self.reason)?;
        if self.kind == StopKind::Undecided {
            writeln!(out, "  {}", limit.advice())?;
        }
        writeln!(out, "  position: {}", self.position)?;
        if self.legal.is_empty() && self.undecided.is_empty() {
            writeln!(out, "  no legal moves")?;
        } else if self.legal.is_empty() {
            writeln!(out, "  legal moves: none proven")?;
        } else {
            writeln!(out, "  legal moves ({}):", self.legal.len())?;
            writeln!(out, "{}", wrap_at_most(&self.legal, 78, "    "))?;
        }
        if !self.undecided.is_empty() {
            writeln!(out, "  {}", undecided_block(&self.undecided, limit, "    "))?;
        }
        Ok(())
    }

    /// The command's error (exit code 1).
    fn failure(self, name: &str, limit: Limit) -> Failure {
        let reason = match self.kind {
            StopKind::Undecided => format!(
                "could not be decided within the {limit} budget; rerun with --budget none \
                 or a larger budget"
            ),
            _ => self.reason,
        };
        Failure::bad_move(format!(
            "{name}: ply {} (move {}, {}) `{}` on line {}: {reason}",
            self.ply,
            self.number,
            capitalise(&self.side),
            self.text,
            self.line,
        ))
    }
}

/// `validate --json`: the file, the game as far as it was played, the final position's
/// status (when every move was played), and the bad move (when one was not).
fn result_json(
    name: &str,
    game: &dyn DynGame,
    bad: Option<&BadMove>,
    survey: Option<&Survey>,
    limit: Limit,
) -> Value {
    let (status, outcome) = match survey {
        Some(s) => (json!(s.status_name()), outcome_json(s.outcome())),
        None => (Value::Null, Value::Null),
    };
    json!({
        "file": name,
        "variant": game.variant(),
        "rules": game.rules_name(),
        "valid": bad.is_none(),
        "plies": game.moves_played().len(),
        "moves_played": game.moves_played(),
        "position": game.position_text(),
        "turn": game.turn().to_string(),
        "status": status,
        "outcome": outcome,
        "budget": limit.arg(),
        "error": bad.map_or(Value::Null, BadMove::json),
    })
}

/// The most characters of a record's own words on its result that `validate` repeats.
const MAX_HOW_CHARS: usize = 300;

/// The result a record states (`[Result "1-0"]`), and how it came about when the record
/// says (`chimera match --save`'s comment `# Result: 1-0 win by adjudication (…)`).
struct Recorded {
    result: String,
    how: Option<String>,
}

impl Recorded {
    /// The result stated in the record `text`, if any.
    fn of(text: &str) -> Option<Recorded> {
        let result = chimera_core::record::RecordHeaders::read(text).result?;
        let how = text
            .lines()
            .filter_map(|line| line.trim().strip_prefix("# Result: "))
            .find_map(|rest| rest.strip_prefix(result.as_str()))
            .map(|how| how.trim().chars().take(MAX_HOW_CHARS).collect::<String>())
            .filter(|how| !how.is_empty());
        Some(Recorded {
            result: excerpt(&result).into_owned(),
            how,
        })
    }

    /// Whether the result was not the rules' decision: the game was not over by them
    /// (an adjudication by the match, or a forfeit).
    fn adjudicated(&self, survey: &Survey) -> bool {
        survey.status == Status::Ongoing
    }

    /// What `validate` says of the stated result when the rules did not decide it, or
    /// decided otherwise; `None` when the rules agree.
    fn note(&self, survey: &Survey) -> Option<String> {
        let how = self
            .how
            .as_ref()
            .map_or(String::new(), |h| format!(" ({h})"));
        match survey.status {
            Status::Over(outcome) if outcome.score() == self.result => None,
            Status::Over(outcome) => Some(format!(
                "Recorded result: {}{how}, but the rules give {}",
                self.result,
                outcome.score()
            )),
            Status::Ongoing => Some(format!(
                "Recorded result: {}{how}: adjudicated, not decided by the rules (the game \
                 was not over by them; the moves are legal)",
                self.result
            )),
            Status::Undecided => Some(format!(
                "Recorded result: {}{how}: not shown to be the rules' decision (whether the \
                 game was over was not decided within the budget; the moves are legal)",
                self.result
            )),
        }
    }
}

/// A record played to the end: the number of plies, the final diagram and position, and
/// the outcome (or who is to move and how many moves they have).
fn write_valid(
    out: &mut dyn Write,
    name: &str,
    game: &dyn DynGame,
    survey: &Survey,
) -> Result<(), Failure> {
    let limit = survey.limit;
    writeln!(
        out,
        "{name}: {} plies, all legal.",
        game.moves_played().len()
    )?;
    let mut diagram = game.text_diagram();
    if !diagram.ends_with('\n') {
        diagram.push('\n');
    }
    write!(out, "\n{diagram}")?;
    writeln!(out, "Position: {}", game.position_text())?;
    match survey.status {
        Status::Over(outcome) => writeln!(out, "Outcome: {outcome}")?,
        Status::Ongoing => writeln!(
            out,
            "Outcome: game not finished ({} to move, {} legal moves{})",
            game.turn(),
            survey.listing.legal.len(),
            survey.undecided_note()
        )?,
        Status::Undecided => writeln!(
            out,
            "Outcome: undecided: whether the game is over was not decided within the \
             {limit} budget ({} to move, {} legal moves proven{}); {}",
            game.turn(),
            survey.listing.legal.len(),
            survey.undecided_note(),
            limit.advice()
        )?,
    }
    Ok(())
}
