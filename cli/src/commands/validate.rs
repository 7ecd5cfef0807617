//! `chimera validate`.

use super::{capitalise, outcome_json, to_text};
use crate::setup::{move_number, wrap_at_most};
use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use chimera_core::record::read_record;
use serde_json::{json, Value};
use std::path::Path;

/// The first move of a record that could not be played.
struct BadMove {
    ply: usize,
    number: usize,
    side: String,
    line: usize,
    text: String,
    reason: String,
    position: String,
    legal: Vec<String>,
}

pub fn run(io: &mut Io<'_>, args: &GameArgs, file: &Path, json: bool) -> Result<(), Failure> {
    let name = file.display().to_string();
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        io.input
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::input(format!("cannot read standard input: {e}")))?;
        bytes
    } else {
        std::fs::read(file).map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let record = read_record(&text).map_err(|e| {
        Failure::input(format!(
            "{name}: cannot read the record: line {}: {}",
            e.line, e.reason
        ))
    })?;

    let mut game = new_game(args, &MovesArg::default())?;
    let first = game.turn();
    let mut bad = None;
    for (i, mv) in record.iter().enumerate() {
        let ply = i + 1;
        let before = game.outcome();
        let result = match before {
            Some(outcome) => Err(format!("the game is already over ({outcome})")),
            None => game.play(&mv.text).map(|_| ()).map_err(|e| e.to_string()),
        };
        if let Err(reason) = result {
            bad = Some(BadMove {
                ply,
                number: move_number(ply, first),
                side: game.turn().to_string(),
                line: mv.line,
                text: mv.text.clone(),
                reason,
                position: game.position_text(),
                legal: game.legal_moves(),
            });
            break;
        }
    }
    let played = game.moves_played().len();

    if json {
        let error = match &bad {
            None => Value::Null,
            Some(b) => json!({
                "ply": b.ply,
                "move_number": b.number,
                "side": b.side,
                "line": b.line,
                "text": b.text,
                "reason": b.reason,
                "position": b.position,
                "legal_moves": b.legal,
            }),
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
            "outcome": outcome_json(game.outcome()),
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
        writeln!(io.out, "  position: {}", b.position)?;
        if b.legal.is_empty() {
            writeln!(io.out, "  no legal moves")?;
        } else {
            writeln!(io.out, "  legal moves ({}):", b.legal.len())?;
            writeln!(io.out, "{}", wrap_at_most(&b.legal, 78, "    "))?;
        }
    } else {
        writeln!(io.out, "{name}: {played} plies, all legal.")?;
        let mut diagram = game.text_diagram();
        if !diagram.ends_with('\n') {
            diagram.push('\n');
        }
        write!(io.out, "\n{diagram}")?;
        writeln!(io.out, "Position: {}", game.position_text())?;
        match game.outcome() {
            Some(outcome) => writeln!(io.out, "Outcome: {outcome}")?,
            None => writeln!(
                io.out,
                "Outcome: game not finished ({} to move, {} legal moves)",
                game.turn(),
                game.legal_moves().len()
            )?,
        }
    }
    match bad {
        None => Ok(()),
        Some(b) => Err(Failure::bad_move(format!(
            "{name}: ply {} (move {}, {}) `{}` on line {}: {}",
            b.ply,
            b.number,
            capitalise(&b.side),
            b.text,
            b.line,
            b.reason
        ))),
    }
}
