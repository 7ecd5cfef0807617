//! The input thread: the client's lines, each bounded in length, handed over a channel.

use std::io::{self, BufRead};
use std::sync::mpsc::SyncSender;

/// The longest input line, in bytes (newline excluded); a longer one is answered with an
/// error and otherwise ignored.
pub const MAX_LINE: usize = 1 << 20;

/// What the input thread hands over.
pub enum Input {
    /// A line, without its end (`\n` or `\r\n`).
    Line(String),
    /// A line over [`MAX_LINE`] bytes: at least this many.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotUtf8,
    /// The input could not be read.
    Failed(String),
    /// The end of the input.
    End,
}

/// Cuts `input` into lines of at most [`MAX_LINE`] bytes and sends them; stops at the end
/// of the input, or when nobody listens any more.
pub fn read_lines<R: BufRead>(mut input: R, sender: &SyncSender<Input>) {
    let mut line = Vec::new();
    // The length of a line found too long, while its rest is skipped.
    let mut skipped: Option<usize> = None;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = sender.send(Input::Failed(e.to_string()));
                return;
            }
        };
        if buf.is_empty() {
            if skipped.is_some() || !line.is_empty() {
                let _ = sender.send(finish_line(&mut line, &mut skipped));
            }
            let _ = sender.send(Input::End);
            return;
        }
        let (chunk, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        match &mut skipped {
            Some(n) => *n += chunk.len(),
            None if line.len() + chunk.len() > MAX_LINE => {
                skipped = Some(line.len() + chunk.len());
                line = Vec::new();
            }
            None => line.extend_from_slice(chunk),
        }
        let used = end.unwrap_or(chunk.len());
        input.consume(used);
        if end.is_some() && sender.send(finish_line(&mut line, &mut skipped)).is_err() {
            return;
        }
    }
}

/// The line collected (or found too long), ready to send; starts the next one.
fn finish_line(line: &mut Vec<u8>, skipped: &mut Option<usize>) -> Input {
    if let Some(n) = skipped.take() {
        return Input::TooLong(n);
    }
    let mut bytes = std::mem::take(line);
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(text) => Input::Line(text),
        Err(_) => Input::NotUtf8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;
    use std::sync::mpsc;

    /// The lines `read_lines` sends for `input`, read in chunks of `chunk` bytes.
    fn lines(input: &[u8], chunk: usize) -> Vec<String> {
        let (sender, receiver) = mpsc::sync_channel(1000);
        read_lines(BufReader::with_capacity(chunk, input), &sender);
        receiver
            .try_iter()
            .map(|input| match input {
                Input::Line(line) => format!("line {line}"),
                Input::TooLong(n) => format!("too long {n}"),
                Input::NotUtf8 => "not utf-8".into(),
                Input::Failed(e) => format!("failed {e}"),
                Input::End => "end".into(),
            })
            .collect()
    }

    #[test]
    fn lines_are_cut_at_newlines_with_or_without_a_carriage_return_and_the_last_unended() {
        for chunk in [1, 3, 8192] {
            assert_eq!(
                lines(b"isready\r\n\ngo depth 3\nquit", chunk),
                [
                    "line isready",
                    "line ",
                    "line go depth 3",
                    "line quit",
                    "end"
                ]
            );
        }
        assert_eq!(lines(b"", 10), ["end"]);
        assert_eq!(lines(b"a\xff\nb\n", 10), ["not utf-8", "line b", "end"]);
    }

    #[test]
    fn a_line_over_the_limit_is_reported_and_skipped_whole_without_being_kept() {
        let mut input = vec![b'x'; MAX_LINE];
        input.push(b'\n');
        input.extend(vec![b'y'; MAX_LINE + 1]);
        input.extend(b"\nisready\n");
        input.extend(vec![b'z'; MAX_LINE + 5]);
        let got = lines(&input, 4096);
        assert_eq!(got.len(), 5, "{:?}", &got[1..]);
        assert_eq!(got[0].len(), "line ".len() + MAX_LINE);
        assert_eq!(
            got[1..],
            [
                format!("too long {}", MAX_LINE + 1),
                "line isready".into(),
                format!("too long {}", MAX_LINE + 5),
                "end".into()
            ]
        );
    }
}
