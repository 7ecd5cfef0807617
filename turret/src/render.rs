//! Pictures of a position.
