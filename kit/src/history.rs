//! Rules over a game's history that several variants share: threefold repetition, and
//! moves written to serde as their text.

use chimera_core::{History, Position};

/// Whether `pos` occurs for the third time: at least two earlier positions have its
/// Zobrist key and are the same as it for the repetition rule (`same`, which says what
/// counts: pieces, side to move, the variant's other state, not the clocks).
///
/// ```
/// use chimera_core::{History, Position};
/// use chimera_kit::history::is_third_occurrence;
/// # use chimera_core::StandardRules;
/// # fn check<P: Position + PartialEq>(pos: &P, earlier: &[P]) -> bool {
/// is_third_occurrence(pos, History::new(earlier), |a, b| a == b)
/// # }
/// ```
pub fn is_third_occurrence<P: Position>(
    pos: &P,
    earlier: History<'_, P>,
    same: impl Fn(&P, &P) -> bool,
) -> bool {
    let positions = earlier.positions();
    earlier
        .with_key(pos.zobrist())
        .filter(|&j| same(&positions[j], pos))
        .nth(1)
        .is_some()
}

/// Implements `serde::Serialize` and `serde::Deserialize` for a move type through its text:
/// it serializes as its `Display` (a position-free move text) and deserializes by calling
/// `$read(&str) -> Result<Move, E>` (`E: Display`, such as `ParseMoveError`), so that bad
/// text is refused with the reader's error. Use it behind the crate's `serde` feature; the
/// crate needs `serde` as a dependency (the kit does not).
///
/// ```ignore
/// #[cfg(feature = "serde")]
/// chimera_kit::impl_move_serde_via_text!(Move, crate::notation::read_move);
/// ```
#[macro_export]
macro_rules! impl_move_serde_via_text {
    ($move:ty, $read:expr) => {
        impl ::serde::Serialize for $move {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $move {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <::std::string::String as ::serde::Deserialize>::deserialize(d)?;
                ($read)(&text).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}
