//! The kit's conformance tests: random playouts, parser fuzzing, and `perft.epd`.
use chimera_chess::Chess;

chimera_test_kit::conformance_tests!(Chess);
