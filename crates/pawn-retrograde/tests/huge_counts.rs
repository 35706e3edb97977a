//! The readers refuse a tiny input whose header claims a huge count (boards, cells) without
//! reserving room for it: at most 1 MB is allocated, counted by a counting global allocator (this
//! binary installs it).

use damaged_input::{Counting, TINY_INPUT_ALLOWANCE, most_allocated_during};
use pawn_retrograde::{parse_input, parse_positions};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn headers_claiming_huge_counts_are_refused_without_reserving_them() {
    let cases = [
        ("x 18446744073709551615\n3 2\nOO\n..\nX.\n", "line 6, column 1: unexpected end of input"),
        ("x 1\n2 512\nX\n", "line 3, column 1: row has 1 character, expected 512"),
        ("x 1\n512 2\nX.\n", "line 4, column 1: unexpected end of input"),
    ];
    for (input, expected) in cases {
        let (start, a) = most_allocated_during(|| parse_input(input.as_bytes()).map(drop));
        let (query, b) = most_allocated_during(|| parse_positions(input.as_bytes()).map(drop));
        for (what, result, bytes) in [("parse_input", start, a), ("parse_positions", query, b)] {
            let e = result.expect_err(input).to_string();
            assert!(e.starts_with(expected), "{what} on {input:?}: {e}");
            assert!(bytes <= TINY_INPUT_ALLOWANCE, "{what} on {input:?} allocated {bytes} bytes");
        }
    }
}

#[test]
fn the_allocator_counts() {
    let (v, bytes) = most_allocated_during(|| vec![0u8; 3 << 20]);
    assert_eq!(v.len(), 3 << 20);
    assert!(bytes >= 3 << 20, "{bytes}");
}
