//! The variants the program knows. Adding a variant is one line here (and its crate in
//! `Cargo.toml`).

use chimera_core::Variant;

/// Every variant the program knows, in the order `chimera variants` lists them.
pub fn variants() -> Vec<Variant> {
    vec![
        Variant::of::<chimera_turtle_shell::TurtleShell>(
            "Turtle Shell Chess (Sam Trenholme): 64 squares and triangles; win by checkmate, stalemate or a king in the end zone",
        ),
        Variant::of::<chimera_turret::TurretChess>(
            "Turret Chess (M. Winther): chess on the 68-cell Gustavian board with sling-throwing Turrets and extended castling",
        ),
        Variant::of::<chimera_turnover::Turnover>(
            "Turnover Chess (L. J. Patrocinio Filho): stacks of rings that split, merge and turn over; no check, lose your Castles and you lose",
        ),
        Variant::of::<chimera_triagonal::Triagonal>(
            "Triagonal Chess ((zzo38) A. Black): an 8x8x8 cube less a hole, triagonal moves, Jacks placed two at a time; no check, capture the king or reach its start cell",
        ),
        Variant::of::<chimera_tiling_rider::TilingRider>(
            "Tiling Rider Chess: 18x16 basket-weave tiles, four like pieces ride as one, giant kings, progressive turns of several moves",
        ),
    ]
}

/// The variant called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Variant> {
    variants()
        .into_iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// The known variants' names, comma separated.
pub fn names() -> String {
    variants()
        .iter()
        .map(|v| v.name)
        .collect::<Vec<_>>()
        .join(", ")
}
