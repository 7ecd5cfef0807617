//! Reading the inventor's Zillions save games (`.zsg`) with their piece names and move
//! numbers. Plain move lists, and records of any variant, are read by
//! [`chimera_core::record::read_record`], re-exported here as [`read_record`].

use crate::notation::parse_move_syntax;
pub use chimera_core::record::{read_record, Record, RecordError, RecordMove};

fn record_error(line: usize, reason: impl Into<String>) -> RecordError {
    RecordError {
        line,
        reason: reason.into(),
    }
}

/// One move of a Zillions game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZsgMove {
    /// The line of the record, counting from 1.
    pub line: usize,
    /// The move number the record gives (`14` in `14. Pawn E7 - E8 = Rook`).
    pub number: u32,
    /// The piece name the record gives, lower case (`pawn`, `wpawn`, `rook`, …).
    pub piece: String,
    /// The move in this crate's notation (`E7-E8=R`, `D7xD6`).
    pub text: String,
}

/// Whether a line of a Zillions record is a header or other non-move line
/// (`Zillions Save Game File …`, `RulesFile=…`, `VariantName=…`, `[…]`).
fn is_header(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with('[') || t.to_ascii_lowercase().starts_with("zillions") {
        return true;
    }
    match t.split_once('=') {
        Some((key, _)) => {
            key.len() > 2 && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// The move number of a line starting `N.` (or `N...`), and the rest of the line.
fn move_number(line: &str) -> Option<(u32, &str)> {
    let t = line.trim_start();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let rest = t[digits..].strip_prefix('.')?;
    let rest = rest.trim_start_matches('.');
    Some((t[..digits].parse().ok()?, rest))
}

/// Reads one Zillions move line after its number: `wpawn B1 - B3`, `knight D5 x C6`,
/// `bpawn E5 - E3 = rook`.
fn zsg_move(line_no: usize, number: u32, rest: &str) -> Result<ZsgMove, RecordError> {
    let err = |reason: String| record_error(line_no, reason);
    let mut words = rest.split_whitespace();
    let piece = words
        .next()
        .ok_or_else(|| err("a move number without a move".into()))?;
    if !piece.chars().all(|c| c.is_ascii_alphabetic()) || piece.len() < 3 {
        return Err(err(format!(
            "expected a piece name after the move number, found `{piece}`"
        )));
    }
    let body: String = words.collect::<Vec<_>>().join(" ");
    let (play, promotion) = match body.split_once('=') {
        Some((play, promo)) => (play, Some(promo.trim())),
        None => (body.as_str(), None),
    };
    let compact: String = play.split_whitespace().collect();
    let promotes = match promotion {
        None => false,
        Some(p) if p.eq_ignore_ascii_case("rook") || p.eq_ignore_ascii_case("r") => true,
        Some(p) => {
            return Err(err(format!(
                "promotion to `{p}`: pawns promote only to a rook"
            )))
        }
    };
    let (from, to, _) = parse_move_syntax(&compact).map_err(|e| {
        err(format!(
            "cannot read the move `{}`: {}",
            play.trim(),
            e.reason
        ))
    })?;
    let capture = compact.to_ascii_lowercase().contains('x');
    Ok(ZsgMove {
        line: line_no,
        number,
        piece: piece.to_ascii_lowercase(),
        text: format!(
            "{from}{}{to}{}",
            if capture { 'x' } else { '-' },
            if promotes { "=R" } else { "" }
        ),
    })
}

/// Reads a Zillions save game (`.zsg`) of Turtle Shell Chess: lines such as
/// `1. wpawn B1 - B3`, `11. knight D5 x C6`, `29. bpawn E5 - E3 = rook`. Header lines
/// (`Zillions Save Game File …`, `RulesFile=…`, `VariantName=…`) and blank lines are
/// skipped; any other line is an error naming its line number.
///
/// The moves are returned in order, in this crate's notation; whether they are legal is a
/// question for the game they are played in.
pub fn parse_zsg(text: &str) -> Result<Vec<ZsgMove>, RecordError> {
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || is_header(line) {
            continue;
        }
        match move_number(line) {
            Some((number, rest)) => moves.push(zsg_move(line_no, number, rest)?),
            None => {
                return Err(record_error(
                    line_no,
                    format!(
                        "expected a move such as `1. wpawn B1 - B3`, found `{}`",
                        line.trim()
                    ),
                ))
            }
        }
    }
    Ok(moves)
}
