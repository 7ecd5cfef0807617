//! A match's games as records (`chimera match --save`), in the core's one record format
//! ([`GameRecord`]).

use super::{Played, Setup};
use crate::Error;
use chimera_core::record::GameRecord;
use std::fmt::Write as _;
use std::path::Path;

/// A game as a record ([`GameRecord`]): comments saying who played and how it ended, the
/// headers, then the moves, one line per White turn, and the result.
pub fn record_text(setup: &Setup, played: &Played, games: usize, file: &str) -> String {
    // A numbered start is the record's `[Position "start N"]`, so that the game replays.
    let start = setup.start_of_pair(played.index / 2);
    GameRecord {
        comments: vec![record_header(setup, played, games, file)],
        variant: setup.variant.name,
        rules: setup.rules_name(),
        position: start.as_deref(),
        result: Some(played.result()),
        moves: &played.moves,
        sides: Some(&played.sides),
    }
    .write()
}

/// The comments at the top of a game's record, one a line: the game, its players, its
/// result, its opening, and the command that checks it.
fn record_header(setup: &Setup, played: &Played, games: usize, file: &str) -> String {
    let name = setup.variant.name;
    let rules = setup.rules_name();
    let (white, black) = if played.a_white { (0, 1) } else { (1, 0) };
    let players = &setup.players;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "chimera match: game {} of {games}, {name}, rules {rules}",
        played.index + 1
    );
    let _ = writeln!(
        text,
        "White: {} ({}); Black: {} ({})",
        ["a", "b"][white],
        players[white],
        ["a", "b"][black],
        players[black]
    );
    let _ = writeln!(
        text,
        "Result: {} {}, after {}",
        played.result(),
        played.ending(setup.max_plies as u32),
        played.length()
    );
    if played.opening > 0 {
        let moves = if played.opening == played.opening_plies {
            String::new()
        } else {
            format!(" ({} moves)", played.opening)
        };
        let from = match setup.openings.random_plies {
            Some(_) => format!("a random opening (seed {})", setup.seed),
            None => format!(
                "the opening of pair {}: {}",
                played.index / 2 + 1,
                setup.openings.source
            ),
        };
        let _ = writeln!(
            text,
            "The first {} plies{moves} are {from}.",
            played.opening_plies
        );
    }
    if let Some(start) = setup.start_of_pair(played.index / 2) {
        let how = if setup.starts.vary() {
            format!(
                " (drawn for pair {} from seed {})",
                played.index / 2 + 1,
                setup.seed
            )
        } else {
            String::new()
        };
        let _ = writeln!(text, "The game starts from {start}{how}.");
    }
    let _ = writeln!(
        text,
        "Check it with: chimera validate {name} {file} --rules {rules}"
    );
    text.pop();
    text
}

/// The file a game is saved in: `game-001.txt` (wide enough for the number of games).
pub fn file_name(index: usize, games: usize) -> String {
    let width = games.to_string().len().max(3);
    format!("game-{:0width$}.txt", index + 1)
}

/// Writes a game's record into the `--save` folder.
pub fn save_game(setup: &Setup, played: &Played, games: usize, dir: &Path) -> Result<(), Error> {
    let file = dir.join(file_name(played.index, games));
    let text = record_text(setup, played, games, &file.display().to_string());
    std::fs::write(&file, text)
        .map_err(|e| Error::new(format!("--save: cannot write {}: {e}", file.display())))
}
