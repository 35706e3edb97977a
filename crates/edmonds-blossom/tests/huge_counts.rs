//! Every reader refuses a tiny input whose header claims a huge count (cells, edges, entries)
//! without reserving room for it: at most 1 MB is allocated, counted by a counting global
//! allocator (this binary installs it).

use damaged_input::{Counting, TINY_INPUT_ALLOWANCE, most_allocated_during};
use edmonds_blossom::weighted::input::{WeightedFormat, read_weighted_graph};
use edmonds_blossom::{GraphFormat, parse_boards, parse_positions, read_graph};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Checks that `read` refuses `input` with an error starting `expected` and allocates at most
/// [`TINY_INPUT_ALLOWANCE`] bytes.
fn refused<T, E: ToString>(
    what: &str,
    input: &str,
    read: impl FnOnce(&[u8]) -> Result<T, E>,
    expected: &str,
) {
    let (result, bytes) = most_allocated_during(|| read(input.as_bytes()).map(drop));
    let Err(e) = result else { panic!("{what} accepted {input:?}") };
    let e = e.to_string();
    assert!(e.starts_with(expected), "{what} on {input:?}: {e}");
    assert!(bytes <= TINY_INPUT_ALLOWANCE, "{what} on {input:?} allocated {bytes} bytes");
}

#[test]
fn king_boards_claiming_millions_of_cells_are_refused_without_reserving_them() {
    let cases = [
        ("1\n10000000 1\nK\n", "line 4, column 1: unexpected end of input, expected grid row 2"),
        ("1\n1 10000000\nK\n", "line 3, column 1: row has 1 character, expected 10000000"),
        ("1\n3162 3162\nK\n", "line 3, column 1: row has 1 character, expected 3162"),
        ("1000000\n1 1\nK\n", "line 4, column 1: unexpected end of input"),
    ];
    for (input, expected) in cases {
        refused("parse_boards", input, parse_boards, expected);
        refused("parse_positions", input, parse_positions, expected);
    }
}

#[test]
fn graphs_claiming_millions_of_edges_are_refused_without_reserving_them() {
    let banner = "%%MatrixMarket matrix coordinate pattern general\n";
    let cases = [
        (
            GraphFormat::LibraryChecker,
            "10 50000000\n0 1\n".to_string(),
            "line 3, column 1: unexpected end of input",
        ),
        (
            GraphFormat::LibraryChecker,
            "10000000 50000000\n0 1\n".to_string(),
            "line 3, column 1: unexpected end of input",
        ),
        (
            GraphFormat::Mtx,
            format!("{banner}10 10 50000000\n1 2\n"),
            "line 4, column 1: unexpected end of input",
        ),
        (
            GraphFormat::Mtx,
            format!("{banner}10000000 10000000 50000000\n1 2\n"),
            "line 4, column 1: unexpected end of input",
        ),
        (GraphFormat::Metis, "3 50000000\n2\n1\n\n".to_string(), "line 1, column 3:"),
    ];
    for (format, input, expected) in cases {
        refused(format.name(), &input, |bytes| read_graph(bytes, format), expected);
    }
}

#[test]
fn graphs_claiming_more_vertices_than_their_input_can_hold_are_refused() {
    // Up to 10^7 vertices any input may declare; past that, a byte of input per vertex.
    let banner = "%%MatrixMarket matrix coordinate pattern general\n";
    let need = "100000000 vertices need at least 100000000 bytes of input";
    let cases = [
        (GraphFormat::LibraryChecker, "100000000 1\n0 1\n".to_string(), format!("line 1, column 1: {need}")),
        (
            GraphFormat::Mtx,
            format!("{banner}100000000 100000000 1\n1 2\n"),
            format!("line 2, column 1: {need}"),
        ),
        (GraphFormat::Metis, "100000000 1\n2\n1\n".to_string(), format!("line 1, column 1: {need}")),
        (
            GraphFormat::LibraryChecker,
            "100000001 1\n0 1\n".to_string(),
            "line 1, column 1: number of vertices 100000001 out of range".to_string(),
        ),
    ];
    for (format, input, expected) in cases {
        refused(format.name(), &input, |bytes| read_graph(bytes, format), &expected);
    }
    // (An input that holds such a count is read: the Library Checker reader's unit tests. Not
    // here, where every allocation counts against the test running beside it.)
}

#[test]
fn weighted_graphs_claiming_millions_of_edges_are_refused_without_reserving_them() {
    let banner = "%%MatrixMarket matrix coordinate integer general\n";
    let end = "unexpected end of input, expected edge 2 of 50000000";
    let cases = [
        (WeightedFormat::LibraryChecker, "10 50000000\n0 1 5\n".to_string()),
        (WeightedFormat::LibraryChecker, "10000000 50000000\n0 1 5\n".to_string()),
        (WeightedFormat::Dimacs, "p edge 10000000 50000000\ne 1 2 5\n".to_string()),
        (WeightedFormat::Mtx, format!("{banner}10000000 10000000 50000000\n1 2 5\n")),
    ];
    for (format, input) in cases {
        let expected = format!("line {}, column 1: {end}", input.lines().count() + 1);
        refused(&format!("{format:?}"), &input, |bytes| read_weighted_graph(bytes, format), &expected);
    }
}

#[test]
fn the_allocator_counts() {
    let (v, bytes) = most_allocated_during(|| vec![0u8; 3 << 20]);
    assert_eq!(v.len(), 3 << 20);
    assert!(bytes >= 3 << 20, "{bytes}");
}
