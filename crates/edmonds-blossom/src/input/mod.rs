//! Graph input: the Library Checker format and the formats real graphs come in.
//!
//! - [`GraphFormat::Lc`]: Library Checker `general_matching` (`N M`, then `M` lines `u v`, 0-based).
//! - [`GraphFormat::Edges`]: SNAP-style edge lists (`#` comments, any ids up to `2^63`, renumbered).
//! - [`GraphFormat::Mtx`]: Matrix Market coordinate files (1-based, values ignored).
//! - [`GraphFormat::Metis`]: METIS / DIMACS10 adjacency files (1-based).
//!
//! Every reader reports bad input as `line L, column C: message`. The big inputs are read in
//! parallel: chunks of whole lines are parsed by rayon into flat `u32`
//! pairs filed by vertex block, each problem kept as a byte offset and located only when reported, and the CSR is built
//! from the pairs without a per-edge allocation ([`Graph`]'s parallel builder). [`write_graph`]
//! writes any graph in any of the formats.

use std::io::{self, Write};
use std::path::Path;

use grid_core::InputError;

use crate::graph::{Graph, GraphError};

mod chunks;
mod edges;
mod file;
mod lc;
mod metis;
mod mtx;
mod swar;

pub use file::{GraphFileError, ReadTimings, read_graph_file};

/// Largest vertex count a reader accepts (`N`, the rows of a matrix, an edge list's distinct ids).
const MAX_INPUT_VERTICES: usize = 10_000_000;

/// Largest edge count a reader accepts (`M`, the entries of a matrix, an edge list's lines).
const MAX_INPUT_EDGES: usize = 50_000_000;

/// The input formats of a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GraphFormat {
    /// Library Checker `general_matching`: `N M`, then `M` lines `u v` (0-based).
    Lc,
    /// An edge list: one edge `u v` per line, `#` or `%` comment lines, ids in `0..=2^63`.
    Edges,
    /// A Matrix Market coordinate file (`pattern`, `real` or `integer`).
    Mtx,
    /// A METIS / DIMACS10 adjacency file.
    Metis,
}

impl GraphFormat {
    /// Every format.
    pub const ALL: [GraphFormat; 4] =
        [GraphFormat::Lc, GraphFormat::Edges, GraphFormat::Mtx, GraphFormat::Metis];

    /// The format a file name suggests: `.txt`, `.edges`, `.el` an edge list, `.mtx` Matrix Market,
    /// `.graph`, `.metis` METIS, anything else the Library Checker format.
    pub fn from_path(path: &Path) -> Self {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("txt" | "edges" | "el") => GraphFormat::Edges,
            Some("mtx") => GraphFormat::Mtx,
            Some("graph" | "metis") => GraphFormat::Metis,
            _ => GraphFormat::Lc,
        }
    }

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GraphFormat::Lc => "lc",
            GraphFormat::Edges => "edges",
            GraphFormat::Mtx => "mtx",
            GraphFormat::Metis => "metis",
        }
    }
}

/// The ids the input gave its vertices, so that answers are printed in the input's own terms.
///
/// The solver numbers vertices `0..N`. Vertex `v` is `first + v` for the formats with consecutive
/// ids (Library Checker: 0; Matrix Market and METIS: 1), or, for an edge list whose ids were
/// renumbered, the `v`-th smallest id of the file. Either way the map is increasing, so an answer
/// listed in increasing vertex order stays in increasing id order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VertexIds {
    /// Consecutive ids starting at the given one.
    From(u64),
    /// The id of each vertex, increasing.
    Listed(Vec<u64>),
}

impl VertexIds {
    /// The input's id of vertex `v`.
    #[inline]
    pub fn id(&self, v: usize) -> u64 {
        match self {
            VertexIds::From(first) => first + v as u64,
            VertexIds::Listed(ids) => ids[v],
        }
    }

    /// Starts loading the input's id of vertex `v` (any `v`), for a read soon after: a listed
    /// id read in random order is a cache miss each.
    #[inline]
    pub(crate) fn prefetch(&self, v: usize) {
        if let VertexIds::Listed(ids) = self {
            crate::prefetch::prefetch(ids.as_ptr().wrapping_add(v));
        }
    }
}

/// A graph read by [`read_graph`], with what was dropped on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedGraph {
    /// The graph (vertices 0-based).
    pub graph: Graph,
    /// The input's id of each vertex.
    pub ids: VertexIds,
    /// Self-loops dropped (edge lists: `u u` lines; Matrix Market: diagonal entries).
    pub self_loops: u64,
    /// Repeated edges dropped (edge lists and Matrix Market; either orientation counts).
    pub repeats: u64,
}

/// Reads a whole Library Checker `general_matching` input into a graph.
pub fn parse_graph(input: &[u8]) -> Result<Graph, InputError> {
    lc::parse(input)
}

/// Reads a whole input in `format`.
pub fn read_graph(input: &[u8], format: GraphFormat) -> Result<ParsedGraph, InputError> {
    read_text(input, format)?.build()
}

/// As [`read_graph`], taking the input (a `Vec<u8>`, or a memory map of the file): it is freed
/// once its text has been read, before the graph is built, which lowers the peak memory by the
/// size of the input.
pub fn read_graph_owned<T: AsRef<[u8]>>(input: T, format: GraphFormat) -> Result<ParsedGraph, InputError> {
    let read = read_text(input.as_ref(), format)?;
    drop(input);
    read.build()
}

/// The text of `input` read by the reader of `format`.
fn read_text(input: &[u8], format: GraphFormat) -> Result<TextRead, InputError> {
    match format {
        GraphFormat::Lc => lc::read(input),
        GraphFormat::Edges => edges::read(input),
        GraphFormat::Mtx => mtx::read(input),
        GraphFormat::Metis => metis::read(input),
    }
}

/// A limit of the graph builder hit by an input its reader accepted: never, as every reader
/// checks the limits while it reads (where an error can name its line); reported at the input's
/// start.
fn builder_limit(error: GraphError) -> InputError {
    InputError::msg(1, 1, error.to_string())
}

/// What a reader leaves once it has read the whole text and found no error in it: the graph's
/// build, which no longer needs the text. The fast readers leave their filed entries to be built
/// ([`Graph`]'s parallel builder); a reader that had to build the graph while it read the text
/// (the sequential and general readers) leaves the graph.
///
/// The build cannot fail on an input its reader accepted: every limit of [`Graph`] is checked
/// while the text is read, where an error can name its line.
struct TextRead(Box<dyn FnOnce() -> Result<ParsedGraph, InputError>>);

impl TextRead {
    /// The graph, built already.
    fn built(parsed: ParsedGraph) -> Self {
        Self(Box::new(move || Ok(parsed)))
    }

    /// The graph `build` builds.
    fn to_build(build: impl FnOnce() -> Result<ParsedGraph, InputError> + 'static) -> Self {
        Self(Box::new(build))
    }

    /// Builds the graph.
    fn build(self) -> Result<ParsedGraph, InputError> {
        (self.0)()
    }
}

/// Writes `graph` in `format` (every edge once; Matrix Market as a symmetric pattern, lower
/// triangle; the edge list with its ids `0..N` and a comment line first).
pub fn write_graph(out: &mut impl Write, graph: &Graph, format: GraphFormat) -> io::Result<()> {
    let (n, m) = (graph.vertex_count(), graph.edge_count());
    match format {
        GraphFormat::Lc => {
            writeln!(out, "{n} {m}")?;
            for (u, v) in graph.edges() {
                writeln!(out, "{u} {v}")?;
            }
        }
        GraphFormat::Edges => {
            writeln!(out, "# Undirected graph: {n} nodes, {m} edges\n# FromNodeId\tToNodeId")?;
            for (u, v) in graph.edges() {
                writeln!(out, "{u}\t{v}")?;
            }
        }
        GraphFormat::Mtx => {
            writeln!(out, "%%MatrixMarket matrix coordinate pattern symmetric\n{n} {n} {m}")?;
            for (u, v) in graph.edges() {
                writeln!(out, "{} {}", v + 1, u + 1)?;
            }
        }
        GraphFormat::Metis => {
            writeln!(out, "{n} {m}")?;
            for u in 0..n {
                let mut separator = "";
                for &v in graph.neighbours(u) {
                    write!(out, "{separator}{}", v + 1)?;
                    separator = " ";
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}
