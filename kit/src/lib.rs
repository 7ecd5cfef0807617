//! # chimera-kit
//!
//! The toolkit Chimera's variant crates build on, so that they stop rewriting the same
//! infrastructure. The core (`chimera-core`) stays minimal (traits for positions, moves and
//! outcomes); this crate holds what a variant's *implementation* needs:
//!
//! - [`BitSet`]: a fixed-width bit set of `W` 64-bit words (set operations as operators,
//!   iteration by popping the lowest bit), as fast as a hand-written `u64`/`u128` loop
//!   (`cargo bench -p chimera-kit`);
//! - [`zobrist`]: Zobrist key tables seeded by the variant's name (flat, or nested with
//!   [`zobrist::keys2`] and [`zobrist::keys3`]), and [`const_table!`] for other
//!   compile-time tables;
//! - [`grid`]: the board field of a FEN-like position text, read with errors that name the
//!   row and column, and written back;
//! - [`svg`]: a [`Scene`](svg::Scene) of cells, pieces, highlights, arrows and captions,
//!   written as one SVG document with a stable id and `data-cell` for every cell;
//! - [`lettered_enum!`]: a kind of piece (or ring) with its letter and name, declared once
//!   with `ALL`, `index` and the letter's reader;
//! - [`steps`]: the knight's leaps, listed once for move tables and reference generators;
//! - [`eval_cache`]: a per-thread cache of evaluations by Zobrist key;
//! - [`tune`]: evaluations linear in their weights (features, weight files) and Texel's
//!   method to tune the weights;
//!
//! The conformance tests a variant's tests run (`conformance_tests!`, the perft data
//! files, the playout and parser checks) are in the `chimera-test-kit` crate, a
//! dev-dependency, so that they do not ship in the libraries.
//!
//! ## Example
//!
//! A 3 × 3 board described with the kit: its cells as a bit set, its position text, its
//! Zobrist keys and its picture.
//!
//! ```
//! use chimera_kit::{grid::GridFormat, svg, svg::Scene, zobrist::ZobristTable, BitSet};
//!
//! static KEYS: ZobristTable<{ 2 * 9 }> = ZobristTable::for_variant("noughts");
//! let format = GridFormat::new(3, 3);
//! let cells = format.read("X2/1O1/2X", |c| "XO".contains(c).then_some(c)).unwrap();
//!
//! let crosses: BitSet<1> = (0..9).filter(|&i| cells[i] == Some('X')).collect();
//! assert_eq!(crosses.iter().collect::<Vec<_>>(), [2, 6]);
//! let key = crosses.iter().fold(0, |k, i| k ^ KEYS.key(i));
//! assert_ne!(key, 0);
//!
//! assert_eq!(format.write(|i| cells[i], |&c| c), "X2/1O1/2X");
//!
//! let mut scene = Scene::new(90.0, 90.0);
//! for i in 0..9 {
//!     let (x, y) = ((i % 3) as f64 * 30.0, (2 - i / 3) as f64 * 30.0);
//!     scene.cell(&format!("c{i}"), &svg::rect(x, y, 30.0, 30.0), "#eee");
//!     if let Some(c) = cells[i] {
//!         scene.piece((x + 15.0, y + 15.0), &c.to_string(), "#000", 24.0);
//!     }
//! }
//! assert!(scene.to_svg().contains(r#"data-cell="c4""#));
//! ```
#![forbid(unsafe_code)]

mod bitset;
pub mod eval_cache;
pub mod grid;
pub mod history;
mod lettered;
pub mod steps;
pub mod svg;
pub mod tune;
pub mod zobrist;

pub use bitset::{BitSet, Iter};
