//! Game records: the one format Chimera writes ([`GameRecord`], its headers read back by
//! [`RecordHeaders`]), and reading records: plain move lists and Zillions of Games saved
//! games (`.zsg`).
//!
//! The reader knows no variant: it cuts a record into move texts, each with the line it
//! stands on, and the variant's own parser then reads each move. Two forms are understood:
//!
//! - **Plain lists**: moves separated by white space, several per line if wished. Move
//!   numbers (`1.`, `12...`, also glued on: `1.e2e4`), results (`1-0`, `0-1`, `1/2-1/2`,
//!   `*`), comments from `#` to the end of the line or in `{ … }` (which may span lines),
//!   and header lines in square brackets (`[Event "…"]`) are skipped.
//! - **Zillions records**: lines `N. Piece FROM - TO` or `N. Piece FROM x TO`, optionally
//!   followed by `= Piece` for a promotion (`14. Pawn E7 - E8 = Rook`). They become
//!   `FROM-TO`, `FROMxTO` and `FROM-TO=R` (the promoted piece's initial, upper case).
//!   A record is read this way when one of its lines has that form; its other lines
//!   (headers, settings) are then skipped unless they start with a move number.
//!
//! A record is not copied: [`read_record`] checks that the whole text can be cut into
//! moves (so a malformed record is refused before any move is played) and counts them,
//! and [`Record::iter`] then cuts the moves out one at a time as they are asked for. A
//! plain list's moves are slices of the text; only a Zillions move, rewritten, or a move
//! with a `{ … }` comment glued inside it, is a new string. Reading a record of any size
//! takes memory for one line at most beside the text itself.

use std::borrow::Cow;
use thiserror::Error;

mod write;

pub use write::{GameRecord, RecordHeaders};

/// One move of a record, as text, with where it stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove<'a> {
    /// The line it stands on, counting from 1.
    pub line: usize,
    /// The move text, ready for the variant's move parser: a slice of the record, or (for
    /// a Zillions move, rewritten) a string of its own.
    pub text: Cow<'a, str>,
}

/// A record that could not be cut into moves.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct RecordError {
    /// The line, counting from 1.
    pub line: usize,
    /// What was wrong.
    pub reason: String,
}

/// A game record known to cut into moves: its text, and how to cut it. The moves are cut
/// out as they are iterated ([`Record::iter`]), not stored.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    text: &'a str,
    zillions: bool,
    len: usize,
}

impl<'a> Record<'a> {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the record has no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, in order.
    pub fn iter(&self) -> Iter<'a> {
        Iter(Cutter::new(self.text, self.zillions))
    }

    /// The move at `index` (from 0), if there is one. This cuts the record up to it: it
    /// takes time proportional to `index`.
    pub fn get(&self, index: usize) -> Option<RecordMove<'a>> {
        self.iter().nth(index)
    }
}

impl<'a> IntoIterator for Record<'a> {
    type Item = RecordMove<'a>;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Record<'a> {
    type Item = RecordMove<'a>;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The moves of a [`Record`], cut out one at a time.
#[derive(Clone, Debug)]
pub struct Iter<'a>(Cutter<'a>);

impl<'a> Iterator for Iter<'a> {
    type Item = RecordMove<'a>;
    fn next(&mut self) -> Option<RecordMove<'a>> {
        // A record is checked whole before it is iterated: no error can come up here.
        self.0.next().and_then(Result::ok)
    }
}

/// Checks that a game record cuts into moves (see the module documentation for the forms
/// read) and returns it, ready to be iterated.
pub fn read_record(text: &str) -> Result<Record<'_>, RecordError> {
    let zillions = text.lines().any(|line| zillions_move(line).is_some());
    let mut len = 0;
    for mv in Cutter::new(text, zillions) {
        mv?;
        len += 1;
    }
    Ok(Record {
        text,
        zillions,
        len,
    })
}

/// Cuts a record into moves, one at a time; stops after the first error.
#[derive(Clone, Debug)]
struct Cutter<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    zillions: bool,
    /// The line being cut (its number), and what is left of it.
    line: usize,
    rest: Rest<'a>,
    /// The line where a `{` comment still open began.
    brace_from: Option<usize>,
    done: bool,
}

/// What is left of the line being cut.
#[derive(Clone, Debug)]
enum Rest<'a> {
    /// A slice of the record.
    Slice(&'a str),
    /// The line with its comments removed, and how far it has been cut.
    Cleaned(String, usize),
}

impl<'a> Cutter<'a> {
    fn new(text: &'a str, zillions: bool) -> Self {
        Cutter {
            lines: text.lines().enumerate(),
            zillions,
            line: 0,
            rest: Rest::Slice(""),
            brace_from: None,
            done: false,
        }
    }

    /// The next token of the current line, if any.
    fn token(&mut self) -> Option<Cow<'a, str>> {
        match &mut self.rest {
            Rest::Slice(rest) => {
                let (token, after) = first_token(rest)?;
                *rest = after;
                Some(Cow::Borrowed(token))
            }
            Rest::Cleaned(clean, at) => {
                let (token, after) = first_token(&clean[*at..])?;
                let token = token.to_string();
                *at = clean.len() - after.len();
                Some(Cow::Owned(token))
            }
        }
    }

    /// Moves on to the next line of a plain list; `false` at the end of the record.
    fn next_plain_line(&mut self) -> Result<bool, RecordError> {
        let Some((i, line)) = self.lines.next() else {
            return Ok(false);
        };
        let line_no = i + 1;
        self.line = line_no;
        self.rest = Rest::Slice("");
        if self.brace_from.is_none() && line.trim_start().starts_with('[') {
            return Ok(true);
        }
        if self.brace_from.is_none() && !line.contains(['{', '}']) {
            self.rest = Rest::Slice(line.split('#').next().unwrap_or(""));
            return Ok(true);
        }
        let mut clean = String::with_capacity(line.len());
        for c in line.chars() {
            if self.brace_from.is_some() {
                if c == '}' {
                    self.brace_from = None;
                }
                continue;
            }
            match c {
                '{' => self.brace_from = Some(line_no),
                '}' => {
                    return Err(RecordError {
                        line: line_no,
                        reason: "`}` without an opening `{`".into(),
                    })
                }
                '#' => break,
                _ => clean.push(c),
            }
        }
        self.rest = Rest::Cleaned(clean, 0);
        Ok(true)
    }

    fn next_plain(&mut self) -> Option<Result<RecordMove<'a>, RecordError>> {
        loop {
            while let Some(token) = self.token() {
                let token = match token {
                    Cow::Borrowed(t) => Cow::Borrowed(strip_move_number(t)),
                    Cow::Owned(t) => Cow::Owned(strip_move_number(&t).to_string()),
                };
                if token.is_empty() || matches!(&*token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    continue;
                }
                return Some(Ok(RecordMove {
                    line: self.line,
                    text: token,
                }));
            }
            match self.next_plain_line() {
                Ok(true) => {}
                Ok(false) => {
                    let line = self.brace_from.take()?;
                    return Some(Err(RecordError {
                        line,
                        reason: "comment `{` is never closed (the record may be truncated)".into(),
                    }));
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }

    fn next_zillions(&mut self) -> Option<Result<RecordMove<'a>, RecordError>> {
        for (i, line) in self.lines.by_ref() {
            let trimmed = line.trim();
            if !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            return Some(match zillions_move(trimmed) {
                Some(mv) => Ok(RecordMove {
                    line: i + 1,
                    text: Cow::Owned(mv),
                }),
                None => Err(RecordError {
                    line: i + 1,
                    reason: format!(
                        "`{}` is not a move of the form `N. Piece FROM - TO [= Piece]`",
                        crate::excerpt(trimmed)
                    ),
                }),
            });
        }
        None
    }
}

impl<'a> Iterator for Cutter<'a> {
    type Item = Result<RecordMove<'a>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = if self.zillions {
            self.next_zillions()
        } else {
            self.next_plain()
        };
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

/// The first white-space-separated token of `text` and what follows it.
fn first_token(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    if text.is_empty() {
        return None;
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    Some(text.split_at(end))
}

/// `N. Piece FROM (-|x) TO [= Piece]` → `FROM-TO[=P]` / `FROMxTO[=P]`.
fn zillions_move(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    let number = words.next()?;
    let digits = number.strip_suffix('.')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let piece = words.next()?;
    if !piece.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    let joined = rest.concat();
    let (movepart, promotion) = match joined.split_once('=') {
        Some((m, p)) => (m.to_string(), Some(p)),
        None => (joined.clone(), None),
    };
    let sep = movepart.find(['-', 'x', 'X'])?;
    let (from, to) = (&movepart[..sep], &movepart[sep + 1..]);
    let cell = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric())
            && s.chars().any(|c| c.is_ascii_digit())
    };
    if !cell(from) || !cell(to) {
        return None;
    }
    let capture = movepart.as_bytes()[sep] != b'-';
    let mut out = format!("{from}{}{to}", if capture { 'x' } else { '-' });
    if let Some(p) = promotion {
        let initial = p.chars().next().filter(|c| c.is_ascii_alphabetic())?;
        out.push('=');
        out.push(initial.to_ascii_uppercase());
    }
    Some(out)
}

/// `12.` / `12...` / `12.e2e4` → `` / `` / `e2e4`; anything else unchanged.
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(record: &str) -> Vec<(usize, String)> {
        read_record(record)
            .unwrap()
            .into_iter()
            .map(|m| (m.line, m.text.into_owned()))
            .collect()
    }

    #[test]
    fn plain_lists_skip_numbers_comments_headers_and_results() {
        let record = "[Event \"x\"]\n1. e2e4 e7e5 # a comment\n2.g1f3 {a\nlong comment} b8c6 1-0\n";
        assert_eq!(
            texts(record),
            vec![
                (2, "e2e4".into()),
                (2, "e7e5".into()),
                (3, "g1f3".into()),
                (4, "b8c6".into())
            ]
        );
    }

    #[test]
    fn plain_moves_are_slices_of_the_record_and_comments_may_split_a_token() {
        let record = read_record("1. e2e4 e7e5\ng1{x}f3 b8c6 # c\n").unwrap();
        assert_eq!(record.len(), 4);
        let moves: Vec<_> = record.iter().collect();
        assert!(matches!(moves[0].text, Cow::Borrowed("e2e4")));
        assert_eq!((moves[2].line, &*moves[2].text), (2, "g1f3"));
        assert_eq!(
            record.get(3).map(|m| m.text.into_owned()),
            Some("b8c6".into())
        );
        assert_eq!(record.get(4), None);
        assert!(read_record("").unwrap().is_empty());
    }

    #[test]
    fn plain_list_keeps_semicolon_tokens() {
        assert_eq!(texts("a1-a2 ;"), vec![(1, "a1-a2".into()), (1, ";".into())]);
    }

    #[test]
    fn zillions_lines_become_moves() {
        let record = "[Zillions of Games Saved Game]\nversion=2\n1. Pawn C2 - C3\n2. Pawn D7 x D6\n3. Pawn E7 - E8 = Rook\n";
        assert_eq!(
            texts(record),
            vec![
                (3, "C2-C3".into()),
                (4, "D7xD6".into()),
                (5, "E7-E8=R".into())
            ]
        );
    }

    #[test]
    fn a_bad_zillions_line_names_its_line() {
        let err = read_record("1. Pawn C2 - C3\n2. Pawn ???\n").unwrap_err();
        assert_eq!(err.line, 2);
    }

    #[test]
    fn an_unclosed_comment_is_an_error() {
        let err = read_record("e2e4 {never closed\ne7e5\n").unwrap_err();
        assert_eq!(err.line, 1);
    }
}
