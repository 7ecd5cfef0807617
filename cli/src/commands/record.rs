//! Game records at the command line: reading a record file ([`read_text`],
//! [`parse_record`], [`with_headers`]) and writing one ([`write_by`], [`save`]), in the
//! core's one record format ([`GameRecord`], described in `docs/records.md`). `play`
//! saves and resumes records, `validate` checks them (and `--save` rewrites them in this
//! format), `serve` exports them.

use crate::setup::bounded;
use crate::{Failure, GameArgs, Limit};
use chimera_core::record::{read_record, GameRecord, Record, RecordHeaders};
use chimera_core::{excerpt, DynGame, Status};
use std::io::Read;
use std::path::Path;

/// The largest record `validate` reads: 64 MiB (millions of moves, far more than any game).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

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

/// The game arguments for the record `text` (from the file called `name`): its `[Rules]`
/// and `[Position]` headers fill in what the command line left out; a `[Variant]` header
/// naming another variant is refused.
pub fn with_headers(name: &str, text: &str, args: &GameArgs) -> Result<GameArgs, Failure> {
    let headers = RecordHeaders::read(text);
    if let Some(variant) = &headers.variant {
        if !variant.eq_ignore_ascii_case(&args.variant) {
            return Err(Failure::input(format!(
                "{name} is a record of {}, not {}",
                excerpt(variant),
                excerpt(&args.variant)
            )));
        }
    }
    let mut args = args.clone();
    if args.rules.is_none() {
        args.rules = headers.rules;
    }
    if args.position.is_none() && args.start.is_none() {
        args.position = headers.position;
    }
    Ok(args)
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

/// The record of a game ([`GameRecord`], the one format): comments saying which `program`
/// saved it and how to check it, the `[Variant]`, `[Rules]` and (for a game that did not
/// start from the standard start) `[Position]` headers, a `[Result]` if it is over (as far
/// as `limit` decides), then the moves.
pub fn write_by(
    game: &dyn DynGame,
    start_position: Option<&str>,
    limit: Limit,
    program: &str,
) -> String {
    let variant = game.variant();
    let moves = game.moves_played();
    let result = match game.status(&mut limit.budget()) {
        Status::Over(outcome) => Some(outcome.score()),
        _ => None,
    };
    GameRecord {
        comments: vec![
            format!(
                "A {variant} game saved by `{program}` ({}).",
                plural(moves.len(), "move")
            ),
            format!(
                "Check it with: {}",
                validate_command(game, start_position, "FILE")
            ),
        ],
        variant,
        rules: game.rules_name(),
        position: start_position,
        result,
        moves: &moves,
        sides: None,
    }
    .write()
}

/// The `chimera validate` command line that checks the record of `game` saved in `path`.
pub fn validate_command(game: &dyn DynGame, start_position: Option<&str>, path: &str) -> String {
    let mut command = format!("chimera validate {} {path}", game.variant());
    let standard = crate::registry::find(game.variant())
        .and_then(|v| v.rule_sets.first().copied())
        .unwrap_or("standard");
    if game.rules_name() != standard {
        command.push_str(&format!(" --rules {}", game.rules_name()));
    }
    if let Some(position) = start_position {
        command.push_str(&format!(" --position \"{position}\""));
    }
    command
}

/// `1 move`, `2 moves`.
pub fn plural(n: usize, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

/// Writes `text` to `path`; an existing file is replaced only when `force` (else the error
/// is [`std::io::ErrorKind::AlreadyExists`] and nothing is written).
pub fn save(path: &str, text: &str, force: bool) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(force)
        .create_new(!force)
        .open(path)?;
    file.write_all(text.as_bytes())
}

/// A file name as a message shows it: as it is when it is made of letters, digits and
/// `_ - . / + , : = @ %` alone, else in single quotes (a `'` written `'\''`), as a shell
/// reads it back, so that `my game.txt` is shown `'my game.txt'`.
pub fn quoted(path: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+,:=@%".contains(c);
    if !path.is_empty() && path.chars().all(plain) {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

/// A file name as typed after `save`: in single or double quotes (as [`quoted`] shows a
/// name with a space), the quotes are taken off (and a `'\''` in single quotes read as
/// `'`); else it is taken as it is, spaces included.
pub fn unquoted(typed: &str) -> std::borrow::Cow<'_, str> {
    let inner = |q: char| {
        typed
            .strip_prefix(q)
            .and_then(|rest| rest.strip_suffix(q))
            .filter(|_| typed.len() >= 2)
    };
    match (inner('\''), inner('"')) {
        (Some(name), _) => name.replace("'\\''", "'").into(),
        (None, Some(name)) => name.into(),
        (None, None) => typed.into(),
    }
}
