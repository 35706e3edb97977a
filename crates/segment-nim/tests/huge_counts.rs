//! The reader refuses a tiny input whose header claims a huge number of pawns without reserving
//! room for them: at most 1 MB is allocated, counted by a counting global allocator (this binary
//! installs it).

use damaged_input::{Counting, TINY_INPUT_ALLOWANCE, most_allocated_during};
use segment_nim::{Board, BoardReader, parse_positions};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Every way of reading `input`, each with the most bytes it allocated and its error.
fn read_every_way(input: &str) -> Vec<(&'static str, usize, String)> {
    let bytes = input.as_bytes();
    let boards = |query: bool| {
        let mut board = Board::default();
        let mut reader = BoardReader::new(bytes)?;
        loop {
            let more = if query {
                reader.read_query_into(&mut board)?.is_some()
            } else {
                reader.read_into(&mut board)?
            };
            if !more {
                return Ok(());
            }
        }
    };
    let (default, a) = most_allocated_during(|| boards(false));
    let (query, b) = most_allocated_during(|| boards(true));
    let (positions, c) = most_allocated_during(|| parse_positions(bytes).map(drop));
    let error = |result: Result<(), segment_nim::InputError>| result.expect_err(input).to_string();
    vec![
        ("BoardReader::read_into", a, error(default)),
        ("BoardReader::read_query_into", b, error(query)),
        ("parse_positions", c, error(positions)),
    ]
}

#[test]
fn a_header_claiming_millions_of_pawns_is_refused_without_reserving_them() {
    let cases = [
        (
            "1\n10000000 5000000 5000000\n",
            "line 3, column 1: unexpected end of input, expected white position",
        ),
        (
            "1\n1000000000000 0 10000000\n",
            "line 3, column 1: unexpected end of input, expected black position",
        ),
        (
            "1\n20000000 5000000 5000000\n3 2\n",
            "line 3, column 3: white positions must be strictly increasing: 2 after 3",
        ),
        ("1\n20000000 1 5000000\n3\n1 3\n", "line 4, column 3: field 3 holds a white and a black pawn"),
        (
            "2\n5 1 1\n1\n2\n10000000 9999997 1\n",
            "line 6, column 1: unexpected end of input, expected white position",
        ),
    ];
    for (input, expected) in cases {
        for (way, bytes, error) in read_every_way(input) {
            assert_eq!(error, expected, "{way} on {input:?}");
            assert!(bytes <= TINY_INPUT_ALLOWANCE, "{way} on {input:?} allocated {bytes} bytes");
        }
    }
}

#[test]
fn the_allocator_counts() {
    let (v, bytes) = most_allocated_during(|| vec![0u8; 3 << 20]);
    assert_eq!(v.len(), 3 << 20);
    assert!(bytes >= 3 << 20, "{bytes}");
}
