//! Small helpers for messages that quote the input.

/// A message that may quote the input, cut to a few hundred characters.
pub fn bounded(text: &str) -> String {
    const MAX: usize = 4 * chimera_core::EXCERPT_CHARS;
    match text.char_indices().nth(MAX) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} bytes in all)", &text[..cut], text.len()),
    }
}
