//! The protocol's words: cutting lines into them, and the one-line complaints.

use crate::game::StartError;
use crate::replay::{undecided_reason, StopKind};
use crate::text::bounded;
use crate::Limit;
use chimera_core::excerpt;
use std::io;

/// A command's complaint: the text of its `error` line.
pub struct Complaint(pub String);

/// A command's result: `Err(Ok(complaint))` is answered with an `error` line, `Err(Err(_))`
/// (the output failed) ends the session.
pub type Answer<T = ()> = Result<T, Result<Complaint, io::Error>>;

/// A complaint: the command is answered with an `error` line saying `text`.
pub fn complain<T>(text: impl Into<String>) -> Answer<T> {
    Err(Ok(Complaint(text.into())))
}

/// `label W1 W2 …` (just `label` if there are none).
pub fn words_line(label: &str, words: &[String]) -> String {
    let mut line = String::from(label);
    for word in words {
        line.push(' ');
        line.push_str(word);
    }
    line
}

/// The first word of `text` and the rest (its leading spaces removed).
pub fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

/// Cuts `position text`'s words at the first word `moves`: (the text, the moves).
pub fn split_at_moves(text: &str) -> (&str, &str) {
    let mut from = 0;
    while let Some(found) = text[from..].find("moves") {
        let at = from + found;
        let end = at + "moves".len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        if before.is_none_or(char::is_whitespace) && after.is_none_or(char::is_whitespace) {
            return (text[..at].trim(), text[end..].trim());
        }
        from = end;
    }
    (text.trim(), "")
}

/// Refuses words after a command that takes none.
pub fn no_arguments(word: &str, rest: &str) -> Answer {
    if rest.is_empty() {
        Ok(())
    } else {
        complain(format!(
            "`{word}` takes nothing after it (got `{}`)",
            excerpt(rest)
        ))
    }
}

/// A message for one `error` line: its first line, bounded in length, with the control
/// characters it may quote from the input escaped (`\r`, `\u{b}`: nothing a reader could
/// take for the end of a line).
pub fn one_line(text: &str) -> String {
    let mut line = String::new();
    for c in bounded(text.lines().next().unwrap_or("")).chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// Why a game could not be started or its moves played, in the protocol's words (one
/// line; the moves are the command's `moves`).
pub fn start_message(e: &StartError, limit: Limit) -> String {
    match e {
        StartError::Setup(message) => message.lines().next().unwrap_or("").to_string(),
        StartError::Record(reason) => reason.clone(),
        StartError::Move { stop, text, .. } => {
            let reason = match stop.kind {
                StopKind::Undecided => undecided_reason(limit),
                _ => stop.reason.clone(),
            };
            format!("move {} `{}`: {reason}", stop.index + 1, excerpt(text))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_text_ends_at_the_word_moves_only() {
        assert_eq!(split_at_moves("a b c moves x y"), ("a b c", "x y"));
        assert_eq!(split_at_moves("a b c"), ("a b c", ""));
        assert_eq!(
            split_at_moves("a removes b moves2 c"),
            ("a removes b moves2 c", "")
        );
        assert_eq!(split_at_moves("a b moves"), ("a b", ""));
        assert_eq!(split_at_moves("moves x"), ("", "x"));
        assert_eq!(split_at_moves("a\tmoves\tx"), ("a", "x"));
    }
}
