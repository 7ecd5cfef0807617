//! §8 Setup.

use super::{at, start_game};
use chimera_core::{Color, Position};
use chimera_turnover::{Rules, Turnover};

pub const START_TEXT: &str = "[tfw]1[tfw]1[tfw]1[tfw]1/1[tfw]1[tfw]1[tfw]1[tfw]/8/8/8/8/1[TFW]1[TFW]1[TFW]1[TFW]/[TFW]1[TFW]1[TFW]1[TFW]1 w 0 1";

#[test]
fn setup_white_castles_on_the_dark_squares_of_ranks_1_and_2() {
    let pos = Turnover::start(Rules::Standard);
    for s in ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"] {
        assert_eq!(at(&pos, s), "TFW", "{s}");
    }
    assert_eq!(pos.castles(Color::White).count_ones(), 8);
    assert_eq!(pos.occupied_by(Color::White).count_ones(), 8);
}

#[test]
fn setup_black_castles_on_the_light_squares_of_ranks_7_and_8() {
    let pos = Turnover::start(Rules::Standard);
    for s in ["a8", "c8", "e8", "g8", "b7", "d7", "f7", "h7"] {
        assert_eq!(at(&pos, s), "tfw", "{s}");
    }
    assert_eq!(pos.occupied().count_ones(), 16);
}

#[test]
fn setup_white_moves_first() {
    let game = start_game();
    assert_eq!(game.position().turn(), Color::White);
    assert_eq!(game.position().to_text(), START_TEXT);
    assert_eq!(
        Turnover::from_text(START_TEXT, Rules::Standard).unwrap(),
        Turnover::standard()
    );
}
