//! Plays a few turns from the start and prints the text diagram to stderr and the SVG to
//! stdout: `cargo run -p chimera-triagonal --example triagonal_picture > position.svg`.

use chimera_core::{Game, Render};
use chimera_triagonal::{Rules, Triagonal};

fn main() {
    let mut game: Game<Triagonal> = Game::start(Rules::Standard);
    for mv in [
        "J@Ab3,J@Ac3,Bb2-Bb4",
        "Gd7-Fd7",
        "Ag1-Ah3",
        "J@Gd6,J@Ge6,Hg8-Hf6",
    ] {
        if let Err(e) = game.play_text(mv) {
            eprintln!("{mv}: {e}");
            std::process::exit(1);
        }
    }
    let last = game.last_move();
    eprintln!("{}", game.position().text_diagram(last));
    println!("{}", game.position().svg(last));
}
