//! The session with computers that find no move.

use super::*;
use crate::Report;

/// A computer that never finds a move.
struct Stuck;

impl Computer for Stuck {
    fn search(&mut self, _: &dyn DynGame, _: &Limits) -> Result<Report, chimera_arena::Error> {
        Err(chimera_arena::Error::new(
            "no proven move within the budget",
        ))
    }
    fn clear(&mut self) {}
}

/// Plays turtle-shell with the given seats (a computer seat is [`Stuck`]) on `input`;
/// returns the result and the output.
fn play_stuck(seats: [Seat; 2], input: &str) -> (Result<(), Failure>, String) {
    let variant = registry::find("turtle-shell").expect("a variant");
    let mut game = (variant.new_game)(None, None).expect("the start");
    let computers = seats.map(|s| (s == Seat::Computer).then(|| Box::new(Stuck) as _));
    let mut session = Session {
        game: game.as_mut(),
        seats,
        computers,
        limit: Limit::DEFAULT,
        limits: Limits::default(),
        flipped: false,
        start_position: None,
        computer_gave_up: false,
        computer_plies: 0,
        over_announced: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input = input.as_bytes();
    let mut io = Io {
        out: &mut out,
        err: &mut err,
        input: &mut input,
        progress: false,
    };
    let result = session.run(&mut io, None);
    (result, String::from_utf8(out).expect("UTF-8"))
}

#[test]
fn a_human_moves_for_a_computer_that_finds_no_move() {
    let (result, text) = play_stuck([Seat::Human, Seat::Computer], "C2-C3\nD7-E7\nD2-E2\nquit\n");
    assert!(result.is_ok());
    assert!(
        text.contains("The computer found no move for black: no proven move"),
        "{text}"
    );
    assert!(text.contains("Type a move for black yourself"), "{text}");
    // It is asked again in the next position (after D2-E2), and again gives it up.
    assert_eq!(
        text.matches("The computer found no move").count(),
        2,
        "{text}"
    );
    assert!(text.contains("Moves (3):\n  C2-C3 D7-E7 D2-E2"), "{text}");
}

#[test]
fn computers_on_both_sides_that_find_no_move_stop_with_code_2() {
    let (result, text) = play_stuck([Seat::Computer, Seat::Computer], "");
    let failure = result.expect_err("no move");
    assert_eq!(failure.code, 2);
    assert!(
        failure.message.contains("no move for white"),
        "{}",
        failure.message
    );
    assert!(text.contains("Moves: none"), "{text}");
}
