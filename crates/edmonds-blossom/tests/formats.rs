//! The graph formats (`matching --format lc|edges|mtx|metis`): round trips of random graphs
//! through every format, the corpus graphs converted to every format (same matching size), and
//! malformed files through the binary (one located error, exit status 2).

use std::fs;
use std::path::Path;
use std::process::Output;

use edmonds_blossom::{
    Graph, GraphFormat, Vertex, VertexClass, VertexIds, gallai_edmonds, maximum_matching, parse_graph,
    read_graph, read_graph_owned, write_graph,
};

/// A small deterministic generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random graph on `n` vertices with about `m` edges (repeats and loops removed).
fn random_graph(rng: &mut Rng, n: usize, m: usize) -> Graph {
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| (rng.below(n as u64) as u32, rng.below(n as u64) as u32))
        .filter(|(u, v)| u != v)
        .collect();
    Graph::from_edges(n, &edges).unwrap()
}

fn written(graph: &Graph, format: GraphFormat) -> Vec<u8> {
    let mut out = Vec::new();
    write_graph(&mut out, graph, format).unwrap();
    out
}

/// `graph` without its isolated vertices, renumbered in order: what an edge list can express.
fn without_isolated(graph: &Graph) -> (Graph, Vec<u64>) {
    let kept: Vec<Vertex> = graph.vertices().filter(|&v| graph.degree(v) > 0).collect();
    let mut index = vec![Vertex::MAX; graph.vertex_count()];
    for (i, &v) in kept.iter().enumerate() {
        index[v as usize] = i as Vertex;
    }
    let edges: Vec<(Vertex, Vertex)> =
        graph.edges().map(|(u, v)| (index[u as usize], index[v as usize])).collect();
    (Graph::from_edges(kept.len(), &edges).unwrap(), kept.iter().map(|&v| v as u64).collect())
}

#[test]
fn random_graphs_round_trip_through_every_format() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (n, m) in [(1, 0), (2, 1), (7, 3), (50, 40), (300, 2000), (5000, 3000)] {
        let graph = random_graph(&mut rng, n, m);
        for format in GraphFormat::ALL {
            let parsed = read_graph(&written(&graph, format), format).unwrap();
            assert_eq!((parsed.self_loops, parsed.repeats), (0, 0), "{format:?} n={n}");
            if format == GraphFormat::Edges {
                // Isolated vertices do not appear in an edge list; the others keep their ids.
                let (expected, ids) = without_isolated(&graph);
                assert_eq!(parsed.graph, expected, "n={n}");
                let dense = ids.iter().enumerate().all(|(i, &id)| i as u64 == id);
                assert_eq!(
                    parsed.ids,
                    if dense { VertexIds::From(0) } else { VertexIds::Listed(ids) },
                    "n={n}"
                );
            } else {
                assert_eq!(parsed.graph, graph, "{format:?} n={n}");
            }
        }
    }
}

/// `graph` written in `format` with self-loops on the vertices of `loops` where the format has
/// them (edge lists and Matrix Market; the others forbid them), and with the isolated vertices an
/// edge list can only name in a loop: the edge list's ids are `3v + 10`, the others the format's
/// own numbering. Returns the text and the original vertex of each id read.
fn written_with_loops(graph: &Graph, loops: &[Vertex], format: GraphFormat) -> (Vec<u8>, fn(u64) -> Vertex) {
    let mut out = Vec::new();
    match format {
        GraphFormat::Edges => {
            let mut looped: Vec<Vertex> = graph.vertices().filter(|&v| graph.degree(v) == 0).collect();
            looped.extend(loops);
            out.extend(b"# FromNodeId\tToNodeId\n");
            for (k, (u, v)) in graph.edges().enumerate() {
                out.extend(format!("{}\t{}\n", 3 * u + 10, 3 * v + 10).bytes());
                if let Some(&w) = looped.get(k) {
                    out.extend(format!("{0} {0}\n", 3 * w + 10).bytes());
                }
            }
            for &w in looped.iter().skip(graph.edge_count()) {
                out.extend(format!("{0} {0}\n", 3 * w + 10).bytes());
            }
            (out, |id| (id as Vertex - 10) / 3)
        }
        GraphFormat::Mtx => {
            let n = graph.vertex_count();
            let entries = graph.edge_count() + loops.len();
            out.extend(
                format!("%%MatrixMarket matrix coordinate pattern symmetric\n{n} {n} {entries}\n").bytes(),
            );
            for &w in loops {
                out.extend(format!("{0} {0}\n", w + 1).bytes());
            }
            for (u, v) in graph.edges() {
                out.extend(format!("{} {}\n", v + 1, u + 1).bytes());
            }
            (out, |id| id as Vertex - 1)
        }
        GraphFormat::Metis => (written(graph, format), |id| id as Vertex - 1),
        GraphFormat::LibraryChecker => (written(graph, format), |id| id as Vertex),
    }
}

/// The same graph, with isolated vertices and self-loops, read from every format: the same vertex
/// set, edges, matching size and Gallai–Edmonds classes, by the input's ids.
#[test]
fn every_format_reads_the_same_vertices_matching_and_classes() {
    let mut rng = Rng(0x5EED_1005);
    for (n, m) in [(1, 0), (3, 1), (9, 4), (40, 25), (300, 200), (3000, 1000)] {
        let graph = random_graph(&mut rng, n, m);
        let loops: Vec<Vertex> = graph.vertices().filter(|_| rng.below(5) == 0).collect();
        let isolated = graph.vertices().filter(|&v| graph.degree(v) == 0).count();
        assert!(n < 40 || isolated > 0, "n={n}: no isolated vertex to check");
        let size = maximum_matching(&graph).size();
        let classes = gallai_edmonds(&graph, &maximum_matching(&graph)).unwrap();
        for format in GraphFormat::ALL {
            let (text, original) = written_with_loops(&graph, &loops, format);
            let parsed = read_graph(&text, format).unwrap();
            let vertices: Vec<Vertex> = parsed.graph.vertices().map(|v| original(parsed.ids.id(v))).collect();
            assert_eq!(vertices, graph.vertices().collect::<Vec<_>>(), "{format:?} n={n}: the vertex set");
            let edges: Vec<(Vertex, Vertex)> =
                parsed.graph.edges().map(|(u, v)| (vertices[u as usize], vertices[v as usize])).collect();
            assert_eq!(edges, graph.edges().collect::<Vec<_>>(), "{format:?} n={n}");
            let matching = maximum_matching(&parsed.graph);
            assert_eq!(matching.size(), size, "{format:?} n={n}");
            let read_classes = gallai_edmonds(&parsed.graph, &matching).unwrap();
            for class in [VertexClass::D, VertexClass::A, VertexClass::C] {
                let members: Vec<Vertex> =
                    read_classes.members(class).iter().map(|&v| vertices[v as usize]).collect();
                assert_eq!(members, classes.members(class), "{format:?} n={n}: {class:?}");
            }
        }
    }
}

/// The reported case: a vertex named only in a loop of an edge list is never matched, so it is
/// in D, as the Matrix Market reader has it.
#[test]
fn a_loop_only_vertex_is_in_d() {
    let parsed = read_graph(b"5 5\n7 8\n", GraphFormat::Edges).unwrap();
    assert_eq!(parsed.ids, VertexIds::Listed(vec![5, 7, 8]));
    let matching = maximum_matching(&parsed.graph);
    let classes = gallai_edmonds(&parsed.graph, &matching).unwrap();
    let d: Vec<u64> = classes.members(VertexClass::D).iter().map(|&v| parsed.ids.id(v)).collect();
    assert_eq!((matching.size(), d), (1, vec![5]));
}

#[test]
fn big_sparse_ids_are_renumbered_in_order() {
    // Ids spread over 0..2^63: the sorting path of the renumbering.
    let mut rng = Rng(12345);
    let graph = random_graph(&mut rng, 2000, 5000);
    let (graph, _) = without_isolated(&graph);
    let mut ids: Vec<u64> = (0..graph.vertex_count()).map(|_| rng.below(1 << 63)).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), graph.vertex_count(), "the generator repeated an id");
    let mut text = String::from("# ids far apart\n");
    for (u, v) in graph.edges() {
        // Both orientations: every edge once more as a repeat.
        text.push_str(&format!(
            "{}\t{}\n{} {}\n",
            ids[u as usize], ids[v as usize], ids[v as usize], ids[u as usize]
        ));
    }
    let parsed = read_graph(text.as_bytes(), GraphFormat::Edges).unwrap();
    assert_eq!(parsed.graph, graph);
    assert_eq!(parsed.ids, VertexIds::Listed(ids));
    assert_eq!(parsed.repeats, graph.edge_count() as u64);
}

#[test]
fn large_inputs_read_in_parallel_match_the_small_reader() {
    // Several megabytes: many chunks, and the CSR built from many vertex blocks.
    let mut rng = Rng(777);
    let graph = random_graph(&mut rng, 200_000, 600_000);
    for format in GraphFormat::ALL {
        let bytes = written(&graph, format);
        assert!(bytes.len() > 4 << 20, "{format:?}: {} bytes", bytes.len());
        let parsed = read_graph(&bytes, format).unwrap();
        if format == GraphFormat::Edges {
            assert_eq!(parsed.graph, without_isolated(&graph).0);
        } else {
            assert_eq!(parsed.graph, graph, "{format:?}");
        }
        // The owned input is freed before the build: the same graph, and the same error.
        assert!(read_graph_owned(bytes.clone(), format).unwrap() == parsed, "{format:?}");
        let mut bad = bytes;
        let at = bad.len() / 2;
        bad[at] = b'x';
        let error = read_graph(&bad, format).unwrap_err();
        assert_eq!(read_graph_owned(bad, format).unwrap_err(), error, "{format:?}");
    }
    // An error near the end of a big input is still located by line and column.
    let mut bytes = written(&graph, GraphFormat::LibraryChecker);
    let lines = bytes.iter().filter(|&&b| b == b'\n').count();
    let last_line = bytes[..bytes.len() - 1].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    bytes[last_line] = b'x';
    let error = parse_graph(&bytes).unwrap_err();
    assert_eq!((error.line, error.column), (lines, 1), "{error}");
}

#[test]
fn corpus_graphs_keep_their_matching_size_in_every_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/edmonds-blossom");
    let mut seen = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("lc-") && name.ends_with(".in")) {
            continue;
        }
        let graph = parse_graph(&fs::read(&path).unwrap()).unwrap();
        let size = maximum_matching(&graph).size();
        for format in GraphFormat::ALL {
            let parsed = read_graph(&written(&graph, format), format).unwrap();
            assert_eq!(maximum_matching(&parsed.graph).size(), size, "{name} as {format:?}");
        }
        seen += 1;
    }
    assert!(seen >= 5, "only {seen} lc- cases found");
}

#[test]
fn extensions_choose_the_format() {
    for (file, format) in [
        ("roadNet-CA.txt", GraphFormat::Edges),
        ("a.EDGES", GraphFormat::Edges),
        ("a.el", GraphFormat::Edges),
        ("bcsstk01.mtx", GraphFormat::Mtx),
        ("delaunay_n10.graph", GraphFormat::Metis),
        ("a.metis", GraphFormat::Metis),
        ("lc-random_00.in", GraphFormat::LibraryChecker),
        ("noextension", GraphFormat::LibraryChecker),
    ] {
        assert_eq!(GraphFormat::from_path(Path::new(file)), format, "{file}");
    }
}

fn run(args: &[&str], stdin: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_edmonds-blossom"), args, stdin.as_bytes())
}

/// Runs `matching --format FORMAT` on bad input and checks status 2, a single `error: line L,
/// column C: ...` line, and no output.
fn assert_input_error(format: &str, stdin: &str, location: &str, words: &str) {
    let args = ["matching", "--format", format];
    damaged_input::assert_located_error(env!("CARGO_BIN_EXE_edmonds-blossom"), &args, stdin, location, words);
}

#[test]
fn malformed_files_give_one_located_error() {
    assert_input_error("edges", "# c\n0 1\n2\n", "line 3, column 2", "expected vertex id");
    assert_input_error("edges", "0 1\n1 two\n", "line 2, column 3", "found 'two'");
    assert_input_error("edges", "0 9223372036854775809\n", "line 1, column 3", "out of range");
    let banner = "%%MatrixMarket matrix coordinate pattern symmetric";
    assert_input_error("mtx", "3 3 1\n1 2\n", "line 1, column 1", "banner");
    assert_input_error("mtx", &format!("{banner}\n3 2 1\n1 2\n"), "line 2, column 3", "square");
    assert_input_error("mtx", &format!("{banner}\n3 3 2\n1 2\n"), "line 4, column 1", "entry 2 of 2");
    assert_input_error(
        "mtx",
        &format!("{banner}\n3 3 1\n1 2\n2 3\n"),
        "line 4, column 1",
        "after the 1 entry",
    );
    assert_input_error("mtx", &format!("{banner}\n3 3 1\n4 1\n"), "line 3, column 1", "row 4 out of range");
    assert_input_error("metis", "3 1\n2\n1\n", "line 4, column 1", "2 of the 3 vertex lines");
    assert_input_error("metis", "2 1\n2\n1 x\n", "line 3, column 3", "expected neighbour");
    assert_input_error("metis", "2 2\n2\n1\n", "line 1, column 3", "hold 2 entries, not 4");
    assert_input_error("lc", "3 1\n0 3\n", "line 2, column 3", "out of range");
}

#[test]
fn cli_reads_files_by_extension_and_answers_in_the_input_ids() {
    let dir = std::env::temp_dir().join(format!("edmonds-formats-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    // A triangle with a pendant vertex, ids far apart, one loop and one repeat.
    let edges = dir.join("snap.txt");
    fs::write(&edges, "# FromNodeId\tToNodeId\n10\t20\n20\t30\n30\t10\n30\t40\n40\t40\n20\t10\n").unwrap();
    let output = run(&["matching", edges.to_str().unwrap()], "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // The answer in the file's own ids. It is forced: 40's only neighbour is 30, so a matching
    // of size 2 is 30-40 and 10-20.
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n10 20\n30 40\n");
    assert!(stderr.contains("dropped 1 self-loop and 1 repeated edge"), "{stderr}");
    let output = run(&["matching", "--json", "--certificate", edges.to_str().unwrap()], "");
    let json = String::from_utf8_lossy(&output.stdout);
    assert!(
        json.contains(r#""matching":[[10,20],[30,40]]"#) && json.contains(r#""c":[10,20,30,40]"#),
        "{json}"
    );
    let mtx = dir.join("path.mtx");
    fs::write(&mtx, "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1.5\n2 3 -2\n3 3 1\n")
        .unwrap();
    let output = run(&["matching", "--certificate", mtx.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0));
    // A path 1-2-3, 1-based: the answer names vertices 1..3 too.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("1\n") && stdout.contains(": 1 3\nA 1: 2\n"), "{stdout}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("note: dropped 1 self-loop\n"));
    // --format overrides the extension.
    let output = run(&["matching", "--format", "lc", mtx.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    fs::remove_dir_all(&dir).unwrap();
}
