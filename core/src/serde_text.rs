//! Serde support for positions through their text, so that deserializing validates.
//!
//! A position serializes as `{"rules": NAME, "position": TEXT}` and deserializes by reading
//! that text under those rules: a malformed position is refused with the parser's error
//! instead of producing an inconsistent value. A variant opts in with one line:
//! `chimera_core::impl_serde_via_text!(MyPosition);`.

use crate::{rules_from_name, Position};
use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize, Deserialize)]
struct PositionText {
    rules: String,
    position: String,
}

/// Serializes a position as its rules' name and its text.
pub fn serialize<P: Position, S: Serializer>(
    position: &P,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use crate::RuleSet;
    PositionText {
        rules: position.rules().name().to_string(),
        position: position.to_text(),
    }
    .serialize(serializer)
}

/// Deserializes a position written by [`serialize`], validating it.
pub fn deserialize<'de, P: Position, D: Deserializer<'de>>(deserializer: D) -> Result<P, D::Error> {
    let data = PositionText::deserialize(deserializer)?;
    let rules = rules_from_name::<P::Rules>(Some(&data.rules)).map_err(D::Error::custom)?;
    P::from_text(&data.position, rules).map_err(D::Error::custom)
}

/// Implements `serde::Serialize` and `serde::Deserialize` for a position type through
/// [`serialize`] and [`deserialize`]. Use it behind the crate's `serde` feature.
#[macro_export]
macro_rules! impl_serde_via_text {
    ($position:ty) => {
        impl ::serde::Serialize for $position {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $position {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                $crate::serde_text::deserialize(deserializer)
            }
        }
    };
}
