//! Perft: counting the legal move sequences of a given length.

use crate::{Game, Position};

/// Counts the legal move sequences of length `depth` from the game's current position,
/// history included (so Ko applies). A finished game has no legal moves.
///
/// The last ply is *bulk counted*: at depth 1 the count is the length of the legal move
/// list, without playing the moves. `perft(game, 0) == 1`.
pub fn perft<P: Position>(game: &mut Game<P>, depth: u32) -> u64 {
    perft_with(game, depth, &mut |g, buf| g.legal_moves(buf))
}

/// Like [`perft`] but with the moves of each node produced by `generate`: tests use it to
/// count with an independent generator (pseudo-legal moves plus a legality filter) and
/// compare.
pub fn perft_with<P, G>(game: &mut Game<P>, depth: u32, generate: &mut G) -> u64
where
    P: Position,
    G: FnMut(&Game<P>, &mut Vec<P::Move>),
{
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::new()).collect();
    recurse(game, depth, &mut buffers, generate)
}

fn recurse<P, G>(
    game: &mut Game<P>,
    depth: u32,
    buffers: &mut [Vec<P::Move>],
    generate: &mut G,
) -> u64
where
    P: Position,
    G: FnMut(&Game<P>, &mut Vec<P::Move>),
{
    if depth == 0 {
        return 1;
    }
    let (buffer, rest) = buffers.split_first_mut().expect("one buffer per ply");
    generate(game, buffer);
    if depth == 1 {
        return buffer.len() as u64;
    }
    let mut total = 0;
    for &mv in buffer.iter() {
        game.play_unchecked(mv);
        total += recurse(game, depth - 1, rest, generate);
        game.undo();
    }
    total
}

/// Perft split by the first move: each legal move with the count below it, in generation
/// order. `progress` is called after each root move with (done, total, move, count).
pub fn perft_divide<P: Position>(
    game: &mut Game<P>,
    depth: u32,
    progress: &mut dyn FnMut(usize, usize, P::Move, u64),
) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let root = game.legal_move_list();
    let mut out = Vec::with_capacity(root.len());
    for (i, &mv) in root.iter().enumerate() {
        game.play_unchecked(mv);
        let count = perft(game, depth - 1);
        game.undo();
        out.push((mv, count));
        progress(i + 1, root.len(), mv, count);
    }
    out
}
