//! # chimera-tiling-rider
//!
//! Tiling Rider Chess (work in progress).
#![forbid(unsafe_code)]
