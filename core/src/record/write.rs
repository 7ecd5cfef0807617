//! Writing a game record: [`GameRecord`], the one format every program of Chimera writes
//! (`play`'s `save`, `match --save`, `serve`'s record export, `validate --save`), and
//! reading its headers back ([`RecordHeaders`]).
//!
//! The format (documented for users in `docs/records.md`):
//!
//! ```text
//! # Comment lines, each from `#` to the end of the line: who saved it, how to check it.
//! [Variant "turtle-shell"]
//! [Rules "ko"]
//! [Position "…"]        (only for a game that did not start from the standard start)
//! [Result "1-0"]        (only for a finished game)
//!
//! 1. C2-C3 D7-E7
//! 2. D2-E2 …
//! 1-0
//! ```
//!
//! The moves are numbered one line per White turn when the writer knows which side made
//! each (a line starting with Black's move is numbered `1...`; a turn of several actions
//! stays on one line), else they are written as a list wrapped at 78 columns. The result,
//! if any, follows the moves. A header value is the variant's own text (a position with
//! hands, say), on one line: quotes inside it are kept, since the reader takes the value
//! up to the line's last `"`.
//!
//! [`read_record`](super::read_record) reads the moves of this format (numbers, comments,
//! headers and results are skipped), as it reads every older record: the plain lists
//! `play` wrote before (headers, then unnumbered moves), the numbered lists of
//! `match --save` (comments, numbered moves, a result line), and Zillions of Games records.

use crate::Color;
use std::fmt::Write as _;

/// A game to write as a record ([`GameRecord::write`]).
#[derive(Clone, Debug, Default)]
pub struct GameRecord<'a> {
    /// Comment lines written first, each after `# ` (a line break inside one starts a new
    /// comment line).
    pub comments: Vec<String>,
    /// The variant's name (`[Variant]`).
    pub variant: &'a str,
    /// The rule set's name (`[Rules]`).
    pub rules: &'a str,
    /// The position the game started from, in the variant's own text, when it is not the
    /// standard start (`[Position]`).
    pub position: Option<&'a str>,
    /// The result, `1-0`, `0-1` or `1/2-1/2`, when the game is over (`[Result]`, and after
    /// the moves).
    pub result: Option<&'a str>,
    /// The moves played, in the variant's notation.
    pub moves: &'a [String],
    /// Which side made each move, when known: the moves are then numbered by White's
    /// turns. Ignored unless it has one side per move.
    pub sides: Option<&'a [Color]>,
}

impl GameRecord<'_> {
    /// The record as text.
    pub fn write(&self) -> String {
        let mut text = String::new();
        for comment in &self.comments {
            for line in comment.lines() {
                let _ = writeln!(text, "# {line}");
            }
        }
        let mut headers = vec![("Variant", self.variant), ("Rules", self.rules)];
        headers.extend(self.position.map(|p| ("Position", p)));
        headers.extend(self.result.map(|r| ("Result", r)));
        for (name, value) in headers {
            // A value with a line break could not be read back: it is not written.
            if !value.contains(['\n', '\r']) {
                let _ = writeln!(text, "[{name} \"{value}\"]");
            }
        }
        if !self.moves.is_empty() || self.result.is_some() {
            text.push('\n');
        }
        match self.sides {
            Some(sides) if sides.len() == self.moves.len() => {
                text.push_str(&numbered(self.moves, sides))
            }
            _ => text.push_str(&wrapped(self.moves, 78)),
        }
        if let Some(result) = self.result {
            let _ = writeln!(text, "{result}");
        }
        text
    }
}

/// The moves, each played by the side beside it, numbered one line per White turn
/// (`1. e4 e5`; a line that starts with Black's move is numbered `1...`).
fn numbered(moves: &[String], sides: &[Color]) -> String {
    let mut text = String::new();
    let mut number = 0;
    let mut line = String::new();
    let mut last = None;
    for (mv, &side) in moves.iter().zip(sides) {
        if side == Color::White && last != Some(Color::White) {
            if !line.is_empty() {
                let _ = writeln!(text, "{line}");
            }
            number += 1;
            line = format!("{number}.");
        } else if line.is_empty() {
            number += 1;
            line = format!("{number}...");
        }
        line.push(' ');
        line.push_str(mv);
        last = Some(side);
    }
    if !line.is_empty() {
        let _ = writeln!(text, "{line}");
    }
    text
}

/// The moves in lines at most `width` wide (a longer move alone on its line).
fn wrapped(moves: &[String], width: usize) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for mv in moves {
        if !line.is_empty() && line.len() + 1 + mv.len() > width {
            let _ = writeln!(text, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(mv);
    }
    if !line.is_empty() {
        let _ = writeln!(text, "{line}");
    }
    text
}

/// The headers of a record (`[Name "value"]` lines), as far as they are there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordHeaders {
    /// `[Variant]`.
    pub variant: Option<String>,
    /// `[Rules]`.
    pub rules: Option<String>,
    /// `[Position]`.
    pub position: Option<String>,
    /// `[Result]`.
    pub result: Option<String>,
}

impl RecordHeaders {
    /// Reads the headers of `text`: the first line `[Name "value"]` of each name (a value
    /// runs to the line's last `"`). Other lines, and other names, are passed over.
    pub fn read(text: &str) -> RecordHeaders {
        let mut headers = RecordHeaders::default();
        for line in text.lines() {
            let Some((name, value)) = header(line) else {
                continue;
            };
            let slot = match name {
                "Variant" => &mut headers.variant,
                "Rules" => &mut headers.rules,
                "Position" => &mut headers.position,
                "Result" => &mut headers.result,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(value.to_string());
            }
        }
        headers
    }
}

/// `[Name "value"]` → `(Name, value)`.
fn header(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

#[cfg(test)]
mod tests {
    use super::super::read_record;
    use super::*;

    fn moves(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|s| s.to_string()).collect()
    }

    fn read_back(text: &str) -> Vec<String> {
        read_record(text)
            .expect("a record")
            .iter()
            .map(|m| m.text.into_owned())
            .collect()
    }

    #[test]
    fn a_record_reads_back_its_moves_and_headers() {
        let played = moves(&["C2-C3", "D7-E7", "D2-E2"]);
        let record = GameRecord {
            comments: vec!["A turtle-shell game saved by `test`.".into()],
            variant: "turtle-shell",
            rules: "ko",
            position: Some("a \"quoted\" position [with] hands"),
            result: Some("1-0"),
            moves: &played,
            sides: Some(&[Color::White, Color::Black, Color::White]),
        };
        let text = record.write();
        assert_eq!(
            text,
            "# A turtle-shell game saved by `test`.\n[Variant \"turtle-shell\"]\n\
             [Rules \"ko\"]\n[Position \"a \"quoted\" position [with] hands\"]\n\
             [Result \"1-0\"]\n\n1. C2-C3 D7-E7\n2. D2-E2\n1-0\n"
        );
        assert_eq!(read_back(&text), played);
        let headers = RecordHeaders::read(&text);
        assert_eq!(headers.variant.as_deref(), Some("turtle-shell"));
        assert_eq!(headers.rules.as_deref(), Some("ko"));
        assert_eq!(
            headers.position.as_deref(),
            Some("a \"quoted\" position [with] hands")
        );
        assert_eq!(headers.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn turns_of_several_actions_and_black_first_are_numbered_by_white_turns() {
        let played = moves(&["a", "b", "c", "d", "e"]);
        let (w, b) = (Color::White, Color::Black);
        let record = GameRecord {
            variant: "tiling-rider",
            rules: "standard",
            moves: &played,
            sides: Some(&[b, w, w, b, b]),
            ..GameRecord::default()
        };
        let text = record.write();
        assert!(text.ends_with("\n1... a\n2. b c d e\n"), "{text}");
        assert_eq!(read_back(&text), played);
    }

    #[test]
    fn without_sides_the_moves_are_wrapped_and_a_line_break_is_not_written() {
        let played: Vec<String> = (0..40).map(|i| format!("m{i:03}")).collect();
        let record = GameRecord {
            variant: "v",
            rules: "r\nx",
            moves: &played,
            ..GameRecord::default()
        };
        let text = record.write();
        assert!(!text.contains("[Rules"), "{text}");
        assert!(text.lines().all(|l| l.len() <= 78), "{text}");
        assert_eq!(read_back(&text), played);
        let empty = GameRecord::default().write();
        assert_eq!(empty, "[Variant \"\"]\n[Rules \"\"]\n");
    }

    /// Records as the programs wrote them before the one writer: each still reads.
    #[test]
    fn records_written_before_still_read() {
        // `chimera play`'s `save` (and `chimera serve`'s export), before.
        let play = "# A turtle-shell game saved by `chimera play` (3 moves).\n# Check it \
                    with: chimera validate turtle-shell FILE --rules ko\n[Variant \
                    \"turtle-shell\"]\n[Rules \"ko\"]\n[Result \"1-0\"]\n\nC2-C3 D7-E7 D2-E2\n";
        assert_eq!(read_back(play), moves(&["C2-C3", "D7-E7", "D2-E2"]));
        let headers = RecordHeaders::read(play);
        assert_eq!(headers.rules.as_deref(), Some("ko"));
        assert_eq!(headers.result.as_deref(), Some("1-0"));
        // `chimera match --save`, before: comments, numbered lines, a result line.
        let matched = "# chimera match: game 1 of 2, turret, rules standard\n# White: a \
                       (depth=2); Black: b (greedy)\n# Result: 1/2-1/2 adjudicated draw (4 \
                       plies), after 4 plies\n# Check it with: chimera validate turret \
                       g/game-001.txt --rules standard\n1. e2e4 e7e5\n2. g1f3 b8c6\n1/2-1/2\n";
        assert_eq!(read_back(matched), moves(&["e2e4", "e7e5", "g1f3", "b8c6"]));
        assert_eq!(RecordHeaders::read(matched), RecordHeaders::default());
    }
}
