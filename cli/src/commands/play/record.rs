//! Saving a game as a record (`save FILE`) and resuming one (`--record FILE`), in the
//! format `chimera validate` reads: a plain move list, with comments and header lines
//! (`[Rules "ko"]`) that the reader skips.

use crate::commands::validate::{parse_record, read_text};
use crate::setup::{move_number, replay, undecided_reason, wrap, StopKind};
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{excerpt, DynGame, Status};
use std::path::Path;

/// A resumed game.
pub struct Loaded {
    /// The game, with the record's moves played.
    pub game: Box<dyn DynGame>,
    /// The position the record starts from, if not the standard start.
    pub start_position: Option<String>,
    /// What was resumed, for the player.
    pub note: String,
}

/// The value of the header line `[Name "value"]` in `text`, if there is one (before the
/// first move).
fn header(text: &str, name: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
        let rest = inner.strip_prefix(name)?.trim_start();
        let value = rest.strip_prefix('"')?.strip_suffix('"')?;
        Some(value.to_string())
    })
}

/// A header line `[Name "value"]` (a value with a line break could not be read back, and
/// is not written).
fn header_line(name: &str, value: &str) -> Option<String> {
    (!value.contains(['\n', '\r'])).then(|| format!("[{name} \"{value}\"]\n"))
}

/// Reads the record in `file` and plays its moves on the game the arguments describe (its
/// `[Rules]` and `[Position]` headers fill in what the command line left out).
pub fn load(
    io: &mut Io<'_>,
    args: &GameArgs,
    file: &Path,
    limit: Limit,
) -> Result<Loaded, Failure> {
    let name = file.display().to_string();
    let text = read_text(io.input, file)?;
    let record = parse_record(&name, &text)?;
    if let Some(variant) = header(&text, "Variant") {
        if !variant.eq_ignore_ascii_case(&args.variant) {
            return Err(Failure::input(format!(
                "{name} is a record of {}, not {}",
                excerpt(&variant),
                excerpt(&args.variant)
            )));
        }
    }
    let mut args = args.clone();
    if args.rules.is_none() {
        args.rules = header(&text, "Rules");
    }
    if args.position.is_none() && args.start.is_none() {
        args.position = header(&text, "Position");
    }
    let mut game = new_game_within(&args, &MovesArg::default(), limit)
        .map_err(|f| Failure::input(format!("{name}: {}", f.message)))?;
    let first = game.turn();
    if let Err(stop) = replay(game.as_mut(), &record, limit) {
        let ply = stop.index + 1;
        let mv = record
            .get(stop.index)
            .expect("the replay stopped at a move");
        let reason = match stop.kind {
            StopKind::Undecided => format!("{}; {}", undecided_reason(limit), limit.advice()),
            _ => stop.reason,
        };
        return Err(Failure::bad_move(format!(
            "{name}: ply {ply} (move {}) `{}` on line {}: {reason}",
            move_number(ply, first),
            excerpt(&mv.text),
            mv.line
        )));
    }
    let note = format!(
        "Resumed {name}: {} played.",
        plural(game.moves_played().len(), "move")
    );
    Ok(Loaded {
        game,
        start_position: args.start_text(),
        note,
    })
}

/// The record of a game: comments saying how to check it, the `[Variant]`, `[Rules]` and
/// (for a game that did not start from the standard start) `[Position]` headers, a
/// `[Result]` if it is over (as far as `limit` decides), then the moves.
pub fn write(game: &dyn DynGame, start_position: Option<&str>, limit: Limit) -> String {
    write_by(game, start_position, limit, "chimera play")
}

/// [`write`], naming the `program` that saved the record in its first comment.
pub fn write_by(
    game: &dyn DynGame,
    start_position: Option<&str>,
    limit: Limit,
    program: &str,
) -> String {
    let variant = game.variant();
    let moves = game.moves_played();
    let mut text = format!(
        "# A {variant} game saved by `{program}` ({}).\n# Check it with: {}\n",
        plural(moves.len(), "move"),
        validate_command(game, start_position, "FILE")
    );
    let mut headers = vec![
        header_line("Variant", variant),
        header_line("Rules", game.rules_name()),
    ];
    if let Some(position) = start_position {
        headers.push(header_line("Position", position));
    }
    if let Status::Over(outcome) = game.status(&mut limit.budget()) {
        headers.push(header_line("Result", outcome.score()));
    }
    for line in headers.into_iter().flatten() {
        text.push_str(&line);
    }
    if !moves.is_empty() {
        text.push('\n');
        text.push_str(&wrap(&moves, 78, ""));
        text.push('\n');
    }
    text
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
