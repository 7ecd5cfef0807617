//! A per-thread cache of what the evaluation reads from the pawns (and the kings' squares
//! and castling rights) alone: the pawn structure's terms, the passed pawns and each
//! king's shelter. Positions met in a search share few pawn structures, so most
//! evaluations find theirs here. An entry is found by both sides' pawns exactly (no
//! hash collision can mix two structures), so the evaluation is the one computed afresh.

use crate::position::Chess;
use crate::types::Role;
use crate::weights::Pair;
use chimera_core::Color;
use std::cell::RefCell;

/// The entries of each thread's cache (a power of two).
const SIZE: usize = 1 << 12;

/// What the evaluation takes from a pawn entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PawnEval {
    /// The pawn structure's terms, White's less Black's (middlegame, endgame).
    pub terms: Pair,
    /// Each side's passed pawns.
    pub passers: [u64; 2],
    /// Each side's king shelter, in middlegame centipawns (0 without a king).
    pub shelter: [i32; 2],
}

/// An entry: the pawns it is for, what they give, and for each side the king's square
/// and castling rights its shelter was computed for; and for each side the shelter it had
/// before with its key (a search goes back and forth between a king's two squares, or
/// between castling rights kept and lost, more often than not).
#[derive(Clone, Copy)]
struct Entry {
    pawns: [u64; 2],
    eval: PawnEval,
    shelter_for: [u16; 2],
    before: [(u16, i32); 2],
}

/// No shelter computed yet (no king square and rights give this key).
const NO_SHELTER: u16 = u16::MAX;

const EMPTY: Entry = Entry {
    // Pawns on every square: never a position's.
    pawns: [u64::MAX; 2],
    eval: PawnEval {
        terms: (0, 0),
        passers: [0; 2],
        shelter: [0; 2],
    },
    shelter_for: [NO_SHELTER; 2],
    before: [(NO_SHELTER, 0); 2],
};

thread_local! {
    static CACHE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// What the shelter of `color`'s king depends on besides the pawns: its square and the
/// side's castling rights.
fn shelter_key(pos: &Chess, color: Color) -> u16 {
    let rights = match color {
        Color::White => pos.castling & 3,
        Color::Black => pos.castling >> 2 & 3,
    };
    pos.king(color)
        .map_or(64, |k| k.index() as u16 | u16::from(rights) << 7)
}

/// The pawn terms of `pos`, from this thread's cache or computed (and remembered).
pub(crate) fn entry(pos: &Chess) -> PawnEval {
    let pawns = [
        u64::from(pos.pieces(Color::White, Role::Pawn)),
        u64::from(pos.pieces(Color::Black, Role::Pawn)),
    ];
    let hash = (pawns[0] ^ pawns[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.is_empty() {
            cache.resize(SIZE, EMPTY);
        }
        let slot = &mut cache[(hash >> (64 - SIZE.trailing_zeros())) as usize];
        if slot.pawns != pawns {
            let (terms, passers) = pos.pawn_structure();
            *slot = Entry {
                pawns,
                eval: PawnEval {
                    terms,
                    passers,
                    shelter: [0; 2],
                },
                shelter_for: [NO_SHELTER; 2],
                before: [(NO_SHELTER, 0); 2],
            };
        }
        for color in [Color::White, Color::Black] {
            let key = shelter_key(pos, color);
            let c = color.index();
            if slot.shelter_for[c] != key {
                let shelter = if slot.before[c].0 == key {
                    slot.before[c].1
                } else {
                    pos.best_shelter(color).map_or(0, |(score, _)| score)
                };
                slot.before[c] = (slot.shelter_for[c], slot.eval.shelter[c]);
                slot.shelter_for[c] = key;
                slot.eval.shelter[c] = shelter;
            }
        }
        slot.eval
    })
}

/// The same computed afresh (for the tests).
#[cfg(test)]
pub(crate) fn computed(pos: &Chess) -> PawnEval {
    let (terms, passers) = pos.pawn_structure();
    let shelter = [Color::White, Color::Black]
        .map(|color| pos.best_shelter(color).map_or(0, |(score, _)| score));
    PawnEval {
        terms,
        passers,
        shelter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::Position;

    /// The cached pawn terms are the ones computed afresh, on the positions of random games
    /// visited in order and then again backwards (so that entries are met again with other
    /// kings' squares and castling rights, and slots are taken over).
    #[test]
    fn the_cache_gives_what_is_computed() {
        let mut checked = 0;
        for seed in 0..40 {
            let start = chimera_core::Game::new(Chess::start(Default::default()));
            let game = chimera_test_kit::random_game(start, 300 + seed, 200);
            let positions = game.positions();
            for pos in positions.iter().chain(positions.iter().rev()) {
                assert_eq!(entry(pos), computed(pos), "{}", pos.to_fen());
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// Two positions with the same pawns and kings but other castling rights get each
    /// their own shelter.
    #[test]
    fn castling_rights_change_the_shelter() {
        let fen = |text: &str| Chess::from_fen(text).unwrap();
        let castle = fen("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1");
        let stuck = fen("4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1");
        let (a, b) = (entry(&castle), entry(&stuck));
        assert_ne!(a.shelter[0], b.shelter[0]);
        assert_eq!((a, b), (computed(&castle), computed(&stuck)));
        assert_eq!(entry(&castle), a);
    }
}
