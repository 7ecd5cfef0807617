//! Reading game records: plain move lists and Zillions of Games saved games (`.zsg`).
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

use thiserror::Error;

/// One move of a record, as text, with where it stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The line it stands on, counting from 1.
    pub line: usize,
    /// The move text, ready for the variant's move parser.
    pub text: String,
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

/// Cuts a game record into its moves (see the module documentation for the forms read).
pub fn read_record(text: &str) -> Result<Vec<RecordMove>, RecordError> {
    if text.lines().any(|line| zillions_move(line).is_some()) {
        read_zillions(text)
    } else {
        read_plain(text)
    }
}

fn read_zillions(text: &str) -> Result<Vec<RecordMove>, RecordError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        match zillions_move(trimmed) {
            Some(mv) => out.push(RecordMove {
                line: i + 1,
                text: mv,
            }),
            None => {
                return Err(RecordError {
                    line: i + 1,
                    reason: format!(
                        "`{trimmed}` is not a move of the form `N. Piece FROM - TO [= Piece]`"
                    ),
                })
            }
        }
    }
    Ok(out)
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

fn read_plain(text: &str) -> Result<Vec<RecordMove>, RecordError> {
    let mut out = Vec::new();
    let mut brace_from: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if brace_from.is_none() && line.trim_start().starts_with('[') {
            continue;
        }
        let mut clean = String::with_capacity(line.len());
        for c in line.chars() {
            if brace_from.is_some() {
                if c == '}' {
                    brace_from = None;
                }
                continue;
            }
            match c {
                '{' => brace_from = Some(line_no),
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
        for token in clean.split_whitespace() {
            let token = strip_move_number(token);
            if token.is_empty() || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            out.push(RecordMove {
                line: line_no,
                text: token.to_string(),
            });
        }
    }
    if let Some(line) = brace_from {
        return Err(RecordError {
            line,
            reason: "comment `{` is never closed (the record may be truncated)".into(),
        });
    }
    Ok(out)
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
            .map(|m| (m.line, m.text))
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
