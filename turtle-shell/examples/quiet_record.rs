//! Writes a long Turtle Shell game record of quiet moves only (no capture, no pawn move),
//! legal under the default Ko rule: a stress input for the history rules, whose cost
//! grows with the positions since the last capture or pawn move.
//!
//! ```sh
//! cargo run --release -p chimera-turtle-shell --example quiet_record -- 128000 > quiet.txt
//! chimera validate turtle-shell quiet.txt
//! ```
//!
//! Arguments: the number of plies (default 32000) and a seed (default 1). After an
//! opening of 12 pawn moves, both sides move their pieces at random among the quiet moves
//! Ko allows, never giving check nor ending the game; the record stops early (with a note
//! on standard error) if no such move is left.

use chimera_core::{Game, Position};
use chimera_turtle_shell::{Role, TurtleShell};
use std::io::Write;

/// Plies of pawn moves before the quiet moves.
const OPENING: usize = 12;

fn main() {
    let mut args = std::env::args().skip(1);
    let plies: usize = args.next().map_or(32_000, |a| a.parse().expect("plies"));
    let mut seed: u64 = args.next().map_or(1, |a| a.parse().expect("seed"));
    let mut next = move || {
        // xorshift64*
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut game = Game::<TurtleShell>::start(Default::default());
    let mut moves = Vec::new();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for ply in 0..plies {
        game.legal_moves(&mut moves);
        let pos = game.position().clone();
        moves.retain(|&mv| {
            !pos.is_capture(mv)
                // An opening of pawn moves first, to give the pieces room.
                && (ply < OPENING)
                    == matches!(pos.piece_at(mv.from()), Some((_, Role::Pawn)))
                && !pos.after(mv).is_check()
                && pos.after(mv).outcome().is_none()
        });
        if moves.is_empty() {
            eprintln!("no quiet move left after {ply} plies: {}", pos.to_text());
            break;
        }
        let mv = moves[(next() % moves.len() as u64) as usize];
        write!(out, "{}", pos.move_text(mv)).unwrap();
        out.write_all(if ply % 16 == 15 { b"\n" } else { b" " })
            .unwrap();
        game.play_unchecked(mv);
    }
    writeln!(out).unwrap();
}
