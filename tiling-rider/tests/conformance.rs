//! The kit's conformance tests in one line: random playouts (every legal move plays, the
//! Zobrist key, position and move texts round-trip), parser fuzzing, and the perft data
//! file `perft.epd` (counts up to two million nodes here, all with `--ignored`).
use chimera_tiling_rider::TilingRider;

chimera_test_kit::conformance_tests!(TilingRider, games = 3, plies = 80, fuzz = 100);
