//! `chimera validate`.

use super::{capitalise, outcome_json, to_text, Survey};
use crate::setup::{bounded, move_number, replay, wrap_at_most, StopKind};
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::record::{read_record, Record};
use chimera_core::{excerpt, Status};
use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;

/// The largest record `validate` reads: 64 MiB (millions of moves, far more than any game).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

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

/// Reads the moves of the record `text` (from the file called `name`), with an error that
/// says where it cannot be read.
pub fn parse_record<'a>(name: &str, text: &'a str) -> Result<Record<'a>, Failure> {
    read_record(text).map_err(|e| {
        Failure::input(format!(
            "{name}: cannot read the record: line {}: {}",
            e.line,
            bounded(&e.reason)
        ))
    })
}

/// Reads a game record's text from `file` (`-`: `input`), at most [`MAX_RECORD_BYTES`],
/// as UTF-8; `play --record` reads records this way too.
pub fn read_text(input: &mut dyn std::io::BufRead, file: &Path) -> Result<String, Failure> {
    let name = file.display().to_string();
    // At most one byte over the limit is read: enough to know the record is too large.
    let mut bytes = Vec::new();
    let read = if name == "-" {
        input
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::input(format!("cannot read standard input: {e}")))
    } else {
        std::fs::File::open(file)
            .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| Failure::input(format!("cannot read {name}: {e}")))
    };
    read?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(Failure::input(format!(
            "{name}: the record is over {} MiB, the most `validate` reads",
            MAX_RECORD_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    file: &Path,
    json: bool,
    limit: Limit,
) -> Result<(), Failure> {
    let name = file.display().to_string();
    let text = read_text(io.input, file)?;
    let record = parse_record(&name, &text)?;

    let mut game = new_game_within(args, &MovesArg::default(), limit)?;
    let first = game.turn();
    let bad = replay(game.as_mut(), &record, limit).err().map(|stop| {
        let ply = stop.index + 1;
        let mv = record
            .get(stop.index)
            .expect("the replay stopped at a move");
        let here = Survey::of(game.as_ref(), limit);
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
    });
    let played = game.moves_played().len();
    // The final position is asked about only when every move was played.
    let survey = bad.is_none().then(|| Survey::of(game.as_ref(), limit));

    if json {
        let error = match &bad {
            None => Value::Null,
            Some(b) => json!({
                "ply": b.ply,
                "move_number": b.number,
                "side": b.side,
                "line": b.line,
                "text": b.text,
                "kind": b.kind_name(),
                "reason": b.reason,
                "position": b.position,
                "legal_moves": b.legal,
                "undecided": b.undecided,
            }),
        };
        let (status, outcome) = match &survey {
            Some(s) => (json!(s.status_name()), outcome_json(s.outcome())),
            None => (Value::Null, Value::Null),
        };
        let value = json!({
            "file": name,
            "variant": game.variant(),
            "rules": game.rules_name(),
            "valid": bad.is_none(),
            "plies": played,
            "moves_played": game.moves_played(),
            "position": game.position_text(),
            "turn": game.turn().to_string(),
            "status": status,
            "outcome": outcome,
            "budget": limit.arg(),
            "error": error,
        });
        io.out.write_all(to_text(&value).as_bytes())?;
    } else if let Some(b) = &bad {
        writeln!(
            io.out,
            "{name}: ply {} (move {}, {}), line {}: `{}`",
            b.ply, b.number, b.side, b.line, b.text
        )?;
        writeln!(io.out, "  {}", b.reason)?;
        if b.kind == StopKind::Undecided {
            writeln!(io.out, "  {}", limit.advice())?;
        }
        writeln!(io.out, "  position: {}", b.position)?;
        if b.legal.is_empty() && b.undecided.is_empty() {
            writeln!(io.out, "  no legal moves")?;
        } else if b.legal.is_empty() {
            writeln!(io.out, "  legal moves: none proven")?;
        } else {
            writeln!(io.out, "  legal moves ({}):", b.legal.len())?;
            writeln!(io.out, "{}", wrap_at_most(&b.legal, 78, "    "))?;
        }
        if !b.undecided.is_empty() {
            writeln!(
                io.out,
                "  undecided within the {limit} budget ({}):",
                b.undecided.len()
            )?;
            writeln!(io.out, "{}", wrap_at_most(&b.undecided, 78, "    "))?;
        }
    } else if let Some(survey) = &survey {
        writeln!(io.out, "{name}: {played} plies, all legal.")?;
        let mut diagram = game.text_diagram();
        if !diagram.ends_with('\n') {
            diagram.push('\n');
        }
        write!(io.out, "\n{diagram}")?;
        writeln!(io.out, "Position: {}", game.position_text())?;
        match survey.status {
            Status::Over(outcome) => writeln!(io.out, "Outcome: {outcome}")?,
            Status::Ongoing => writeln!(
                io.out,
                "Outcome: game not finished ({} to move, {} legal moves{})",
                game.turn(),
                survey.listing.legal.len(),
                survey.undecided_note()
            )?,
            Status::Undecided => writeln!(
                io.out,
                "Outcome: undecided: whether the game is over was not decided within the \
                 {limit} budget ({} to move, {} legal moves proven{}); {}",
                game.turn(),
                survey.listing.legal.len(),
                survey.undecided_note(),
                limit.advice()
            )?,
        }
    }
    match bad {
        None => Ok(()),
        Some(b) => {
            let reason = match b.kind {
                StopKind::Undecided => format!(
                    "could not be decided within the {limit} budget; rerun with --budget none \
                     or a larger budget"
                ),
                _ => b.reason,
            };
            Err(Failure::bad_move(format!(
                "{name}: ply {} (move {}, {}) `{}` on line {}: {reason}",
                b.ply,
                b.number,
                capitalise(&b.side),
                b.text,
                b.line,
            )))
        }
    }
}
