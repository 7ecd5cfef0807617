//! The kit's conformance tests in one line: random playouts (every legal move plays, the
//! Zobrist key, position and move texts round-trip), parser fuzzing, and the perft data
//! file `perft.epd` (counts up to two million nodes here, all with `--ignored`).
use chimera_triagonal::Triagonal;

chimera_test_kit::conformance_tests!(Triagonal, games = 3, plies = 60, fuzz = 100);
