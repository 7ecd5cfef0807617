//! Turtle Shell Chess (placeholder while the crate is written).
