//! The readers refuse a tiny input whose header claims a large board without reserving room for
//! its values: at most 1 MB is allocated, counted by a counting global allocator (this binary
//! installs it).

use damaged_input::{Counting, TINY_INPUT_ALLOWANCE, most_allocated_during};
use lattice_dp::{parse_board, parse_positions};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn headers_claiming_large_boards_are_refused_without_reserving_them() {
    let cases = [
        ("20 20\n1 2\n", "line 3, column 1: unexpected end of input, expected value of A"),
        ("22 22\n1\n", "line 3, column 1: unexpected end of input, expected value of A"),
        ("1 43\n", "line 2, column 1: unexpected end of input, expected value of A"),
    ];
    for (input, expected) in cases {
        let bytes = input.as_bytes();
        let (board, a) = most_allocated_during(|| parse_board(bytes).map(drop));
        let (positions, c) = most_allocated_during(|| parse_positions(bytes).map(drop));
        for (what, result, allocated) in [("parse_board", board, a), ("parse_positions", positions, c)] {
            let Err(e) = result else { panic!("{what} accepted {input:?}") };
            let e = e.to_string();
            assert!(e.starts_with(expected), "{what} on {input:?}: {e}");
            assert!(allocated <= TINY_INPUT_ALLOWANCE, "{what} on {input:?} allocated {allocated} bytes");
        }
    }
}

#[test]
fn the_allocator_counts() {
    let (v, bytes) = most_allocated_during(|| vec![0u8; 3 << 20]);
    assert_eq!(v.len(), 3 << 20);
    assert!(bytes >= 3 << 20, "{bytes}");
}
