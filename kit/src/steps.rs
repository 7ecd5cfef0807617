//! The (file, rank) steps of pieces every board game here knows, listed once.
//!
//! The lists are in `i8` for move tables built at compile time; [`wide`] gives them as
//! `i32` (in a `const` too) for code that walks a board with wider coordinates.
//!
//! ```
//! use chimera_kit::steps::{wide, KNIGHT};
//!
//! const LEAPS: [(i32, i32); 8] = wide(KNIGHT);
//! assert_eq!(LEAPS[0], (1, 2));
//! assert!(KNIGHT.iter().all(|&(f, r)| (f * r).abs() == 2));
//! ```

/// The eight knight leaps, clockwise from (1, 2): (1, 2), (2, 1), (2, -1), (1, -2),
/// (-1, -2), (-2, -1), (-2, 1), (-1, 2).
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A list of steps with `i32` coordinates, in the same order.
pub const fn wide<const N: usize>(steps: [(i8, i8); N]) -> [(i32, i32); N] {
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (steps[i].0 as i32, steps[i].1 as i32);
        i += 1;
    }
    out
}
