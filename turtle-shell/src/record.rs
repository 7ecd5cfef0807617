//! Reading game records: the inventor's Zillions save games (`.zsg`) and plain move lists.

use crate::notation::parse_move_syntax;
use thiserror::Error;

/// A game record that could not be read: the line (1-based) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct RecordError {
    /// The line of the record, counting from 1.
    pub line: usize,
    /// What was wrong there.
    pub reason: String,
}

impl RecordError {
    fn new(line: usize, reason: impl Into<String>) -> Self {
        RecordError {
            line,
            reason: reason.into(),
        }
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
    let err = |reason: String| RecordError::new(line_no, reason);
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
                return Err(RecordError::new(
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

/// Blanks out comments, keeping line breaks: `{…}` (may span lines), and from `#` or `;`
/// to the end of a line.
fn strip_comments(text: &str) -> Result<String, RecordError> {
    let mut out = String::with_capacity(text.len());
    let mut depth_open: Option<usize> = None;
    let mut line = 1;
    let mut in_line_comment = false;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
            in_line_comment = false;
            out.push('\n');
            continue;
        }
        if depth_open.is_some() {
            if c == '}' {
                depth_open = None;
            }
            out.push(' ');
            continue;
        }
        if in_line_comment {
            out.push(' ');
            continue;
        }
        match c {
            '{' => {
                depth_open = Some(line);
                out.push(' ');
            }
            '}' => return Err(RecordError::new(line, "`}` without `{`")),
            '#' | ';' => {
                in_line_comment = true;
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    if let Some(open) = depth_open {
        return Err(RecordError::new(open, "comment `{` is never closed"));
    }
    Ok(out)
}

/// Reads the moves of a game record, in either form, with the line each move is on:
///
/// - Zillions save-game lines (`12. wpawn G1 - G3`, `29. bpawn E5 - E3 = rook`), whose
///   headers are skipped; each such move is returned in this crate's notation;
/// - plain move lists, several moves to a line (`1. B1-B3 G7-G6 2. b3a3 b7b6`): move
///   numbers (`1.`, `1...`) and results (`1-0`, `0-1`, `*`) are ignored, every other word
///   must read as a move (`B1-B3`, `b1b3`, `D5xC6`, `E5-E3=R`) and is returned as written.
///
/// Comments are ignored: from `#` or `;` to the end of the line, and between `{` and `}`.
/// Moves are only read, not checked against a position.
pub fn moves_from_record(text: &str) -> Result<Vec<(usize, String)>, RecordError> {
    let clean = strip_comments(text)?;
    let mut out = Vec::new();
    for (i, line) in clean.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || is_header(line) {
            continue;
        }
        // A Zillions line: a number, then a piece name (a word of letters).
        if let Some((number, rest)) = move_number(line) {
            let first = rest.split_whitespace().next().unwrap_or("");
            if first.len() >= 3 && first.chars().all(|c| c.is_ascii_alphabetic()) {
                let mv = zsg_move(line_no, number, rest)?;
                out.push((line_no, mv.text));
                continue;
            }
        }
        for word in line.split_whitespace() {
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            let word = match move_number(word) {
                Some((_, "")) => continue,
                Some((_, rest)) => rest,
                None => word,
            };
            parse_move_syntax(word)
                .map_err(|e| RecordError::new(line_no, format!("`{word}`: {}", e.reason)))?;
            out.push((line_no, word.to_string()));
        }
    }
    Ok(out)
}
