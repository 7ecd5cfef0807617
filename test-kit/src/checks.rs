//! Generic checks every variant's tests run over random playouts.
//!
//! A variant crate calls [`check_playout`] from a proptest (or a plain loop of seeds) and
//! [`check_parsers`] on arbitrary strings; [`check_move_cells`] checks the cells a web page
//! clicks. Each returns `Err` with a description of the first inconsistency found, so a
//! test can `prop_assert!` on it.

use chimera_core::{Game, Position, Render, SplitMix64};
use std::collections::HashSet;

/// `game` after up to `plies` random legal moves (seeded by `seed`; fewer if the game ends):
/// a reproducible position away from the start, for tests and benchmarks.
pub fn random_game<P: Position>(mut game: Game<P>, seed: u64, plies: usize) -> Game<P> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    game
}

/// Plays up to `max_plies` random legal moves from `game`, checking at every step:
/// - the legal move list has no duplicates, and is empty exactly when the game is over;
/// - every legal move's text reads back as the same move, and every legal move plays
///   through the checked [`Game::play`];
/// - the incrementally kept Zobrist key equals the one computed from scratch;
/// - the position text reads back as the same position;
/// - undo restores the position before the move.
pub fn check_playout<P: Position>(
    mut game: Game<P>,
    seed: u64,
    max_plies: usize,
) -> Result<Game<P>, String> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    for ply in 0..=max_plies {
        let pos = game.position().clone();
        let text = pos.to_text();
        let at = || format!("after {ply} plies, in `{text}`");
        if pos.zobrist() != pos.zobrist_from_scratch() {
            return Err(format!(
                "incremental Zobrist key differs from scratch {}",
                at()
            ));
        }
        match P::from_text(&text, pos.rules()) {
            Ok(back) if back == pos => {}
            Ok(back) => return Err(format!("position text reads back as {back:?} {}", at())),
            Err(e) => return Err(format!("position text does not read back: {e} {}", at())),
        }
        game.legal_moves(&mut moves);
        let outcome = game.outcome();
        if moves.is_empty() != outcome.is_some() {
            return Err(format!(
                "{} legal moves but outcome {outcome:?} {}",
                moves.len(),
                at()
            ));
        }
        let mut seen = HashSet::with_capacity(moves.len());
        for &mv in &moves {
            if !seen.insert(mv) {
                return Err(format!("move {mv:?} generated twice {}", at()));
            }
            let mt = pos.move_text(mv);
            match pos.parse_move(&mt) {
                Ok(back) if back == mv => {}
                other => {
                    return Err(format!(
                        "move {mv:?} written `{mt}` reads back as {other:?} {}",
                        at()
                    ))
                }
            }
        }
        if moves.is_empty() || ply == max_plies {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut probe = game.clone();
        if let Err(e) = probe.play(mv) {
            return Err(format!("legal move {mv:?} refused by play: {e} {}", at()));
        }
        game.play_unchecked(mv);
        if game.position() != probe.position() {
            return Err(format!(
                "play and play_unchecked disagree on {mv:?} {}",
                at()
            ));
        }
        let after = game.position().clone();
        game.undo();
        if game.position() != &pos {
            return Err(format!(
                "undo of {mv:?} does not restore the position {}",
                at()
            ));
        }
        game.play_unchecked(mv);
        debug_assert_eq!(game.position(), &after);
    }
    Ok(game)
}

/// Feeds `text` to the position and move parsers of `P` in `position`: they must return a
/// value or an error, never panic, and a parsed position must write itself back readably.
pub fn check_parsers<P: Position>(position: &P, text: &str) -> Result<(), String> {
    if let Ok(p) = P::from_text(text, position.rules()) {
        let again = p.to_text();
        match P::from_text(&again, position.rules()) {
            Ok(q) if q == p => {}
            other => {
                return Err(format!(
                    "`{text}` read, written `{again}`, reads back {other:?}"
                ))
            }
        }
    }
    let _ = position.parse_move(text);
    Ok(())
}

/// Checks a variant's [`Render::move_cells`] in `game` and after each of up to `max_plies`
/// random legal moves (seeded by `seed`): every click of a legal move names at least one
/// cell, every cell a move names (its clicks and the other cells it changes) is a cell of
/// the SVG picture (`class="cell" data-cell="NAME"`). A variant that leaves `move_cells` to
/// its default (no clicks) passes.
pub fn check_move_cells<P: Render>(
    mut game: Game<P>,
    seed: u64,
    max_plies: usize,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    for ply in 0..=max_plies {
        let pos = game.position().clone();
        let svg = pos.svg(game.last_move());
        let named: HashSet<&str> = svg
            .split("class=\"cell\" data-cell=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        let at = || format!("after {ply} plies, in `{}`", pos.to_text());
        game.legal_moves(&mut moves);
        for &mv in &moves {
            let cells = pos.move_cells(mv);
            if cells.picks.iter().any(Vec::is_empty) {
                return Err(format!(
                    "a click of `{}` names no cell {}",
                    pos.move_text(mv),
                    at()
                ));
            }
            for cell in cells.picks.iter().flatten().chain(&cells.also) {
                if !named.contains(cell.as_str()) {
                    return Err(format!(
                        "`{}` names the cell `{cell}`, which the SVG picture does not {}",
                        pos.move_text(mv),
                        at()
                    ));
                }
            }
        }
        if moves.is_empty() || ply == max_plies {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    Ok(())
}
