//! Helpers shared by the test modules, including an independent slow move generator that
//! works on a plain array board straight from `board_data` (used to cross-check perft).
#![allow(dead_code)]

use chimera_core::{Color, Game, Position};
use chimera_turtle_shell::board_data as bd;
use chimera_turtle_shell::{Cell, Move, Repetition, Role, Rules, TurtleShell};

/// Rules by repetition option.
pub fn rules(repetition: Repetition) -> Rules {
    Rules::new(repetition)
}

/// A position from text, panicking with the error.
pub fn pos(text: &str) -> TurtleShell {
    TurtleShell::from_text(text, Rules::default()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A position from text under given rules.
pub fn pos_with(text: &str, r: Rules) -> TurtleShell {
    TurtleShell::from_text(text, r).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A position with the given pieces (comma-separated `RB1,PC2`, possibly empty) and the
/// two kings put on the first cells, from a fixed list, where the position is valid and
/// the kings stay clear of the other pieces and of each other's neighbourhood.
pub fn with_kings(white: &str, black: &str, side: char) -> TurtleShell {
    with_kings_under(white, black, side, Rules::default())
}

/// [`with_kings`] under given rules (hands `@PN` may be among the pieces).
pub fn with_kings_under(white: &str, black: &str, side: char, rules: Rules) -> TurtleShell {
    const SPOTS: [&str; 12] = [
        "H4", "A6", "H6", "A3", "H3", "A4", "B0", "G9", "G0", "B9", "A5", "H5",
    ];
    for wk in SPOTS {
        for bk in SPOTS {
            if wk == bk
                || white.contains(wk)
                || black.contains(wk)
                || white.contains(bk)
                || black.contains(bk)
            {
                continue;
            }
            let join = |k: &str, rest: &str| {
                if rest.is_empty() {
                    format!("K{k}")
                } else {
                    format!("K{k},{rest}")
                }
            };
            let text = format!("W:{} B:{} {side}", join(wk, white), join(bk, black));
            if let Ok(p) = TurtleShell::from_text(&text, rules) {
                let (w, b) = (cell(wk), cell(bk));
                // Keep the kings out of each other's and the pieces' way.
                if p.is_attacked(w, Color::Black) || p.is_attacked(b, Color::White) {
                    continue;
                }
                return p;
            }
        }
    }
    panic!("no place for the kings with {white} / {black}");
}

/// The legal moves of a position as sorted texts.
pub fn move_texts(p: &TurtleShell) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut t: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    t.sort();
    t
}

/// The legal moves of a game (history included) as sorted texts.
pub fn game_move_texts(g: &Game<TurtleShell>) -> Vec<String> {
    let p = g.position();
    let mut t: Vec<String> = g
        .legal_move_list()
        .iter()
        .map(|&m| p.move_text(m))
        .collect();
    t.sort();
    t
}

/// The legal moves starting on one cell, as sorted texts.
pub fn moves_from(p: &TurtleShell, from: &str) -> Vec<String> {
    let from = Cell::from_name(from).unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut t: Vec<String> = moves
        .iter()
        .filter(|m| m.from() == from)
        .map(|&m| p.move_text(m))
        .collect();
    t.sort();
    t
}

pub fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap()
}

/// Plays a list of move texts, panicking on the first that fails.
pub fn play_all(g: &mut Game<TurtleShell>, moves: &[&str]) {
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

// ---------------------------------------------------------------------------------------
// The slow, independent generator.

type Board = [Option<(Color, Role)>; 64];

#[derive(Clone, PartialEq, Eq)]
pub struct Slow {
    board: Board,
    turn: Color,
    /// Option `drops`: the rooks that are promoted pawns, and the hands `[colour][piece]`.
    promoted: [bool; 64],
    hands: [[u8; 8]; 2],
    drops: bool,
}

impl Slow {
    pub fn of(p: &TurtleShell) -> Slow {
        let mut board = [None; 64];
        let mut promoted = [false; 64];
        for c in Cell::ALL {
            board[c.index()] = p.piece_at(c);
            promoted[c.index()] = p.is_promoted(c);
        }
        let mut hands = [[0u8; 8]; 2];
        for color in Color::ALL {
            for piece in Role::ALL {
                hands[color.index()][piece.index()] = p.in_hand(color, piece) as u8;
            }
        }
        Slow {
            board,
            turn: p.turn(),
            promoted,
            hands,
            drops: p.rules().drops,
        }
    }

    fn next(c: usize, table: usize) -> Option<usize> {
        let n = bd::LINKS[table][c];
        (n != bd::NONE).then_some(n as usize)
    }

    fn bits(mask: u64) -> Vec<usize> {
        (0..64).filter(|i| mask >> i & 1 == 1).collect()
    }

    /// Cells a piece of `color` on `from` could move to (ignoring check), deduplicated.
    fn targets(&self, from: usize, color: Color, piece: Role) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        match piece {
            Role::Rook => out.extend(self.slides(from, color, &[0, 1, 2, 3, 4, 5, 6, 7])),
            Role::King | Role::Guard => out.extend(Slow::bits(bd::GUARD[from])),
            Role::Knight => out.extend(Slow::bits(bd::KNIGHT[from])),
            Role::Marshal => {
                out.extend(self.targets(from, color, Role::Rook));
                out.extend(Slow::bits(bd::KNIGHT[from]));
            }
            Role::VerticalMover => {
                out.extend(self.slides(from, color, &[4, 5, 6, 7]));
                out.extend(Slow::bits(bd::GUARD[from]));
            }
            Role::GuardKnight => {
                out.extend(Slow::bits(bd::GUARD[from]));
                out.extend(Slow::bits(bd::KNIGHT[from]));
            }
            Role::Pawn => {
                let tables = if color == Color::White {
                    [4, 5]
                } else {
                    [6, 7]
                };
                for t in tables {
                    out.extend(Slow::next(from, t));
                }
            }
        }
        out.retain(|&n| !matches!(self.board[n], Some((col, _)) if col == color));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cells a slider of `color` on `from` reaches along each of `tables`, the same
    /// table each step, up to and including the first piece met (an enemy's).
    fn slides(&self, from: usize, color: Color, tables: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &t in tables {
            let mut c = from;
            while let Some(n) = Slow::next(c, t) {
                match self.board[n] {
                    None => out.push(n),
                    Some((col, _)) => {
                        if col != color {
                            out.push(n);
                        }
                        break;
                    }
                }
                c = n;
            }
        }
        out
    }

    fn king(&self, color: Color) -> Option<usize> {
        (0..64).find(|&i| self.board[i] == Some((color, Role::King)))
    }

    /// Brute force: can any piece of `by` move onto `cell`?
    fn attacked(&self, cell: usize, by: Color) -> bool {
        (0..64).any(|i| match self.board[i] {
            Some((c, p)) if c == by => self.targets(i, c, p).contains(&cell),
            _ => false,
        })
    }

    fn end_zone(color: Color) -> u64 {
        if color == Color::White {
            bd::WHITE_END_ZONE
        } else {
            bd::BLACK_END_ZONE
        }
    }

    fn promotion_zone(color: Color) -> u64 {
        if color == Color::White {
            bd::WHITE_PROMOTION
        } else {
            bd::BLACK_PROMOTION
        }
    }

    fn play(&self, from: usize, to: usize, promote: bool) -> Slow {
        let mut next = self.clone();
        let (c, p) = next.board[from].take().unwrap();
        if let Some((_, victim)) = next.board[to] {
            // Option drops: the captured piece to the captor's hand, a promoted rook as a pawn.
            if self.drops {
                let back = if self.promoted[to] {
                    Role::Pawn
                } else {
                    victim
                };
                next.hands[c.index()][back.index()] += 1;
            }
        }
        next.board[to] = Some((c, if promote { Role::Rook } else { p }));
        next.promoted[to] = self.drops && (self.promoted[from] || promote);
        next.promoted[from] = false;
        next.turn = !self.turn;
        next
    }

    fn drop(&self, piece: Role, to: usize) -> Slow {
        let mut next = self.clone();
        next.hands[self.turn.index()][piece.index()] -= 1;
        next.board[to] = Some((self.turn, piece));
        next.turn = !self.turn;
        next
    }

    /// Drops with their resulting positions, the king's safety checked.
    fn legal_drops(&self, out: &mut Vec<(Move, Slow)>) {
        let us = self.turn;
        let forward = if us == Color::White { [4, 5] } else { [6, 7] };
        for piece in Role::ALL {
            if self.hands[us.index()][piece.index()] == 0 {
                continue;
            }
            for to in 0..64 {
                if self.board[to].is_some() {
                    continue;
                }
                if piece == Role::Pawn && forward.iter().all(|&t| Slow::next(to, t).is_none()) {
                    continue;
                }
                let next = self.drop(piece, to);
                let k = next.king(us).unwrap();
                if !next.attacked(k, !us) {
                    out.push((Move::drop(piece, Cell::new(to as u8).unwrap()), next));
                }
            }
        }
    }

    /// Whether the previous mover has won by the end-zone rule.
    fn finished(&self) -> bool {
        let mover = !self.turn;
        match self.king(mover) {
            Some(k) => Slow::end_zone(mover) >> k & 1 == 1 && !self.attacked(k, self.turn),
            None => false,
        }
    }

    /// Legal moves with their resulting positions (ignoring history).
    pub fn legal(&self) -> Vec<(Move, Slow)> {
        let mut out = Vec::new();
        if self.finished() {
            return out;
        }
        let us = self.turn;
        for from in 0..64 {
            let Some((c, p)) = self.board[from] else {
                continue;
            };
            if c != us {
                continue;
            }
            for to in self.targets(from, c, p) {
                let mut promos = vec![false];
                if p == Role::Pawn {
                    if Slow::end_zone(us) >> to & 1 == 1 {
                        promos = vec![true];
                    } else if Slow::promotion_zone(us) >> to & 1 == 1 {
                        promos = vec![false, true];
                    }
                }
                for promote in promos {
                    let next = self.play(from, to, promote);
                    let k = next.king(us).unwrap();
                    if !next.attacked(k, !us) {
                        let mv = Move::new(
                            Cell::new(from as u8).unwrap(),
                            Cell::new(to as u8).unwrap(),
                            promote,
                        );
                        out.push((mv, next));
                    }
                }
            }
        }
        if self.drops {
            self.legal_drops(&mut out);
        }
        out
    }
}

/// The independent generator for `perft_with`: legal moves by brute force, then the
/// repetition rule by comparing whole boards with every earlier position.
pub fn slow_generate(g: &Game<TurtleShell>, buf: &mut Vec<Move>) {
    buf.clear();
    let pos = g.position();
    let here = Slow::of(pos);
    let legal = here.legal();
    let earlier: Vec<Slow> = match pos.rules().repetition {
        Repetition::Ko => g.positions()[..g.positions().len() - 1]
            .iter()
            .map(Slow::of)
            .collect(),
        Repetition::None => Vec::new(),
        Repetition::ModifiedKo => panic!("the slow generator knows no modified Ko"),
    };
    for (mv, next) in legal {
        if !earlier.contains(&next) {
            buf.push(mv);
        }
    }
}
