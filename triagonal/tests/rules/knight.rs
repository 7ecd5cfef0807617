//! "Pieces — Knight": 24 leaps, 8 triagonal steps, captures without moving, double leaps.

use super::{after, at, is_legal, moves_from, targets, with_kings};
use chimera_core::Color;

fn chebyshev(a: &str, b: &str) -> (i32, i32, i32) {
    let (a, b) = (super::cell(a), super::cell(b));
    let mut d = [
        (i32::from(a.file()) - i32::from(b.file())).abs(),
        (i32::from(a.rank()) - i32::from(b.rank())).abs(),
        (i32::from(a.level()) - i32::from(b.level())).abs(),
    ];
    d.sort();
    (d[0], d[1], d[2])
}

#[test]
fn knight_leaps_2_1_0_in_every_plane_24() {
    let pos = with_kings(Color::White, &[("Cc3", 'N')]);
    let leaps: Vec<String> = targets(&pos, "Cc3")
        .into_iter()
        .filter(|t| chebyshev("Cc3", t) == (0, 1, 2))
        .collect();
    assert_eq!(leaps.len(), 24);
    // Onto enemies too.
    let pos = with_kings(Color::White, &[("Cc3", 'N'), ("Ce4", 'r')]);
    assert!(moves_from(&pos, "Cc3").contains(&"Cc3xCe4".to_string()));
}

#[test]
fn knight_steps_one_cell_triagonally_moving_or_capturing() {
    let pos = with_kings(Color::White, &[("Cc3", 'N'), ("Bb2", 'r')]);
    let steps: Vec<String> = moves_from(&pos, "Cc3")
        .into_iter()
        .filter(|m| chebyshev("Cc3", &m[4..7]) == (1, 1, 1))
        .collect();
    // Eight triagonals less the hole at Dd4; the one onto Bb2 captures.
    assert_eq!(steps.len(), 7);
    assert!(steps.contains(&"Cc3xBb2".to_string()));
    assert!(steps.contains(&"Cc3-Bd4".to_string()));
}

#[test]
fn knight_captures_without_moving_on_its_6_orthogonal_neighbours() {
    let pos = with_kings(
        Color::White,
        &[
            ("Cc3", 'N'),
            ("Cc4", 'p'),
            ("Cb3", 'p'),
            ("Dc3", 'p'),
            ("Bc3", 'P'),
            ("Cd3", 'p'),
            ("Cc2", 'p'),
        ],
    );
    let m = moves_from(&pos, "Cc3");
    for t in ["Cc4", "Cb3", "Dc3", "Cd3", "Cc2"] {
        assert!(m.contains(&format!("Cc3^{t}")), "{t}: {m:?}");
    }
    assert!(!m.iter().any(|x| x.ends_with("Bc3"))); // its own piece
    let next = after(&pos, "Cc3^Cc4");
    assert_eq!(at(&next, "Cc3"), Some('N'));
    assert_eq!(at(&next, "Cc4"), None);
    // Never onto an empty orthogonal neighbour.
    let pos = with_kings(Color::White, &[("Cc3", 'N')]);
    assert!(!targets(&pos, "Cc3").contains(&"Cc4".to_string()));
}

#[test]
fn knight_double_leap_4_2_0_without_capturing() {
    let pos = with_kings(Color::White, &[("Cc3", 'N')]);
    let doubles: Vec<String> = targets(&pos, "Cc3")
        .into_iter()
        .filter(|t| chebyshev("Cc3", t) == (0, 2, 4))
        .collect();
    // From Cc3 (coordinates 2,2,2) the doubled vector stays on the board when its 2-part
    // is +2 (2 + 4 = 6): 12 of the 24.
    assert_eq!(doubles.len(), 12);
    assert!(doubles.contains(&"Cg5".to_string()));
    // Not onto an enemy.
    let pos = with_kings(Color::White, &[("Cc3", 'N'), ("Cg5", 'r')]);
    assert!(!is_legal(&pos, "Cc3xCg5"));
}

#[test]
fn knight_double_leap_first_landing_cell_empty_and_on_the_board() {
    // Cc3 → Ce4 → Cg5: blocked by any piece on Ce4.
    for blocker in ['P', 'p'] {
        let pos = with_kings(Color::White, &[("Cc3", 'N'), ("Ce4", blocker)]);
        assert!(!is_legal(&pos, "Cc3-Cg5"), "{blocker}");
    }
    // Bd3 → (0,1,2) → Dd4 is the hole: no double leap to Fd5 through it.
    let pos = with_kings(Color::White, &[("Bd3", 'N')]);
    assert!(!targets(&pos, "Bd3").contains(&"Fd5".to_string()));
    // The mirror-image leap (0,−1,2) lands on Dd2, on the board: Bd3 → Fd1 is fine.
    assert!(targets(&pos, "Bd3").contains(&"Fd1".to_string()));
}

#[test]
fn interpretation_knight_leaps_over_the_hole() {
    // A leap needs only its landing cell: Cd4 → Ec4 ((−1,0,+2)) passes the hole cell Dd4
    // right above Cd4; Cd4 → Ed5 and Cd4 → Ee4 would land in the hole.
    let pos = with_kings(Color::White, &[("Cd4", 'N')]);
    let t = targets(&pos, "Cd4");
    assert!(t.contains(&"Ec4".to_string()));
    assert!(t
        .iter()
        .all(|c| chimera_triagonal::Cell::parse(c).is_some()));
}
