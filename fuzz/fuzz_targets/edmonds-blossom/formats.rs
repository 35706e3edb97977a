//! edmonds-blossom `matching --format edges|mtx|metis` (and `lc` through the same entry point):
//! every reader either refuses the bytes with a located error or gives a graph whose ids are one
//! per vertex, increasing, and that survives a round trip through the Library Checker format;
//! `read_graph_owned`, which the binary uses (it frees the text before the build), gives the same
//! graph or the same error as `read_graph`.
#![no_main]

use edmonds_blossom::{GraphFormat, VertexIds, read_graph, read_graph_owned, write_graph};
use libfuzzer_sys::fuzz_target;

/// Graphs with more vertices (a short header may declare many) are not written back.
const ROUND_TRIP_VERTICES: usize = 100_000;

fuzz_target!(|data: &[u8]| {
    for format in GraphFormat::ALL {
        let read = read_graph(data, format);
        assert_eq!(
            read_graph_owned(data.to_vec(), format),
            read,
            "{format:?}: owned and borrowed reads agree"
        );
        let Ok(parsed) = read else { continue };
        let n = parsed.graph.vertex_count();
        if let VertexIds::Listed(ids) = &parsed.ids {
            assert_eq!(ids.len(), n, "{format:?}: one id per vertex");
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "{format:?}: ids increasing");
        }
        // An empty edge list is an empty graph; the Library Checker format needs N >= 1.
        if (1..=ROUND_TRIP_VERTICES).contains(&n) {
            let mut text = Vec::new();
            write_graph(&mut text, &parsed.graph, GraphFormat::LibraryChecker).expect("writing to memory");
            let again = read_graph(&text, GraphFormat::LibraryChecker).expect("the written graph reads back");
            assert_eq!(again.graph, parsed.graph, "{format:?}: round trip through lc");
        }
    }
});
