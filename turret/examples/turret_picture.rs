//! Writes a text diagram and an SVG of a position after a move:
//! `cargo run -p chimera-turret --example turret_picture -- FEN MOVE OUT.svg`.
use chimera_core::{Position, Render};
use chimera_turret::{Rules, Turret};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (fen, mv, out) = match args.as_slice() {
        [_, fen, mv, out] => (fen.as_str(), mv.as_str(), out.as_str()),
        _ => {
            eprintln!("usage: picture FEN MOVE OUT.svg");
            std::process::exit(2);
        }
    };
    let before = Turret::from_text(fen, Rules::Standard).expect("position");
    let m = before.parse_move(mv).expect("move");
    let mut after = before.clone();
    after.play(m).expect("legal move");
    print!("{}", after.text_diagram(Some((&before, m))));
    std::fs::write(out, after.svg(Some((&before, m)))).expect("write");
}
