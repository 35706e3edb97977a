//! Graph input: the Library Checker format and the formats real graphs come in, one module a
//! format, each registered by one line of `formats!` below.
//!
//! - [`GraphFormat::LibraryChecker`]: Library Checker `general_matching` (`N M`, then `M` lines `u v`, 0-based).
//! - [`GraphFormat::Edges`]: SNAP-style edge lists (`#` comments, any ids up to `2^63`, renumbered).
//! - [`GraphFormat::Mtx`]: Matrix Market coordinate files (1-based, values ignored).
//! - [`GraphFormat::Metis`]: METIS / DIMACS10 adjacency files (1-based).
//!
//! Every reader reports bad input as `line L, column C: message`. The body of a file is cut into
//! chunks of whole lines that rayon parses in parallel (`input/chunks.rs`); problems are kept as byte
//! offsets and located only when reported. The usual lines (`u v`, `i j`, a METIS neighbour) are
//! read from one 16-byte window, each number eight bytes at a time (`input/swar.rs`), and each chunk's
//! edges are filed by vertex block as soon as it is read, for the parallel CSR builder
//! ([`crate::graph`]). A reader reads the whole text before anything is built, and leaves what
//! does not need the text any more (`TextRead`: the filed entries, or the graph a sequential or
//! general reader built as it read), so [`read_graph_owned`] frees the text (or unmaps it,
//! [`read_graph_file`]) before the CSR build. The build cannot fail on an accepted input: each
//! reader checks the builder's limits while it reads, where an error can name its line.
//! [`write_graph`] writes any graph in any of the formats.
//!
//! # A new format
//!
//! A format is a module `input/<name>.rs` with two functions,
//! `read(input: &[u8]) -> Result<TextRead, InputError>` (the whole text read, the graph built or
//! left to build) and `write(out: &mut impl Write, graph: &Graph) -> io::Result<()>`, and one line
//! in the `formats!` call below: its variant of [`GraphFormat`] (with a doc comment), its
//! module, its name and the file extensions that choose it. The binary's `--format` lists its
//! values in `cli/options.rs`.

use std::io::{self, Write};
use std::path::Path;

use grid_core::{InputError, Loc};

use crate::graph::{Graph, GraphError, MAX_VERTICES, Vertex};

mod chunks;
mod file;
pub(crate) mod swar;

pub use file::{GraphFileError, InputText, ReadTimings, read_graph_file, read_text};

/// Largest vertex count a reader accepts (`N`, the rows of a matrix, an edge list's distinct
/// ids): the graph's own limit. Past [`SMALL_INPUT_VERTICES`], a header's count is also bounded
/// by the input's length ([`check_declared_vertices`]).
const MAX_INPUT_VERTICES: usize = MAX_VERTICES;

/// Vertex count a header may declare whatever the input's length.
const SMALL_INPUT_VERTICES: usize = 10_000_000;

/// Largest edge count a reader accepts (`M`, the entries of a matrix, an edge list's lines).
const MAX_INPUT_EDGES: usize = 500_000_000;

/// Checks the vertex count `n` that a header declares at `at` against what an input of `len`
/// bytes can hold: up to [`SMALL_INPUT_VERTICES`] always, more only with at least a byte of
/// input per vertex, so that a short input cannot make the reader reserve memory for a huge
/// graph (a graph of that many vertices and not even one edge for every other vertex is
/// refused).
fn check_declared_vertices(n: usize, at: Loc, len: usize) -> Result<(), InputError> {
    if n > SMALL_INPUT_VERTICES && n > len {
        return Err(at.msg(format!(
            "{n} vertices need at least {n} bytes of input (one per vertex past {SMALL_INPUT_VERTICES}); \
             this input has {len}"
        )));
    }
    Ok(())
}

/// Declares the format modules and [`GraphFormat`], one line a format:
/// `Variant => module, "name", ["extension", ...];` after the variant's doc comment.
macro_rules! formats {
    ($($(#[doc = $doc:literal])* $variant:ident => $module:ident, $name:literal, [$($extension:literal),*];)*) => {
        $(mod $module;)*

        /// The input formats of a graph.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GraphFormat {
            $($(#[doc = $doc])* $variant,)*
        }

        impl GraphFormat {
            /// Every format.
            pub const ALL: [GraphFormat; [$(stringify!($variant)),*].len()] = [$(GraphFormat::$variant),*];

            /// The format's name on the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $(GraphFormat::$variant => $name,)*
                }
            }

            /// The format a (lowercase) file extension names.
            fn by_extension(extension: &str) -> Option<Self> {
                match extension {
                    $($($extension => Some(GraphFormat::$variant),)*)*
                    _ => None,
                }
            }

            /// The text of `input` read by the format's reader.
            fn read_text(self, input: &[u8]) -> Result<TextRead, InputError> {
                match self {
                    $(GraphFormat::$variant => $module::read(input),)*
                }
            }

            /// Writes `graph` in the format.
            fn write(self, out: &mut impl Write, graph: &Graph) -> io::Result<()> {
                match self {
                    $(GraphFormat::$variant => $module::write(out, graph),)*
                }
            }
        }
    };
}

formats! {
    /// Library Checker `general_matching`: `N M`, then `M` lines `u v` (0-based).
    LibraryChecker => lc, "lc", [];
    /// An edge list: one edge `u v` per line, `#` or `%` comment lines, ids in `0..=2^63`.
    Edges => edges, "edges", ["txt", "edges", "el"];
    /// A Matrix Market coordinate file (`pattern`, `real` or `integer`).
    Mtx => mtx, "mtx", ["mtx"];
    /// A METIS / DIMACS10 adjacency file.
    Metis => metis, "metis", ["graph", "metis"];
}

impl GraphFormat {
    /// The format a file name suggests: `.txt`, `.edges`, `.el` an edge list, `.mtx` Matrix Market,
    /// `.graph`, `.metis` METIS, anything else the Library Checker format.
    pub fn from_path(path: &Path) -> Self {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        extension.as_deref().and_then(Self::by_extension).unwrap_or(GraphFormat::LibraryChecker)
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
    pub fn id(&self, v: Vertex) -> u64 {
        match self {
            VertexIds::From(first) => first + u64::from(v),
            VertexIds::Listed(ids) => ids[v as usize],
        }
    }

    /// Starts loading the input's id of vertex `v` (any `v`), for a read soon after: a listed
    /// id read in random order is a cache miss each.
    #[inline]
    pub(crate) fn prefetch(&self, v: Vertex) {
        if let VertexIds::Listed(ids) = self {
            crate::prefetch::prefetch(ids.as_ptr().wrapping_add(v as usize));
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
    format.read_text(input)?.build()
}

/// As [`read_graph`], taking the input (a `Vec<u8>`, or a memory map of the file): it is freed
/// once its text has been read, before the graph is built, which lowers the peak memory by the
/// size of the input.
pub fn read_graph_owned<T: AsRef<[u8]>>(input: T, format: GraphFormat) -> Result<ParsedGraph, InputError> {
    let read = format.read_text(input.as_ref())?;
    drop(input);
    read.build()
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
    format.write(out, graph)
}
