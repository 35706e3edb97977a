//! Reading a graph from a file or standard input, with the time each phase took.
//!
//! For the cardinality readers, a big regular file (16 MiB or more) is mapped into memory
//! (feature `mmap`, on with `cli`) instead of read: the readers then parse the kernel's page
//! cache in place, with neither a copy nor a buffer to fault in (on the 10^7-vertex benchmark
//! graphs a read took 0.15–0.2 s on two threads, the mapping nothing), and the map is advised for
//! sequential reading, as the chunks are read front to back. Anything else (standard input, a
//! small or special file, a file that cannot be mapped) is read whole with
//! [`grid_core::source::read_input`], which also reports any error. Either way the text is freed
//! (or unmapped) once it has been read, before the CSR is built ([`read_graph_owned`]). The
//! weighted readers, which parse on one thread, map every regular file ([`read_text`]).

use std::path::Path;
use std::time::{Duration, Instant};

use grid_core::InputError;
use grid_core::source::{SourceError, read_input};

use super::{GraphFormat, ParsedGraph, read_graph_owned};

/// Where the time of [`read_graph_file`] went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadTimings {
    /// Mapping or reading the input.
    pub read: Duration,
    /// Whether the input was mapped into memory rather than read.
    pub mapped: bool,
    /// Parsing the text and building the graph.
    pub parse_build: Duration,
    /// The size of the input in bytes.
    pub bytes: usize,
}

/// Why [`read_graph_file`] read no graph.
#[derive(Debug, thiserror::Error)]
pub enum GraphFileError {
    /// The input could not be read (or standard input is a terminal and no file was named).
    #[error(transparent)]
    Source(#[from] SourceError),
    /// The input is not a graph in the format.
    #[error(transparent)]
    Input(#[from] InputError),
}

/// Reads the graph in `path` (standard input when `None` or `-`) in `format`, with the time
/// reading and parsing took. A big regular file is mapped into memory rather than read.
pub fn read_graph_file(
    path: Option<&Path>,
    format: GraphFormat,
) -> Result<(ParsedGraph, ReadTimings), GraphFileError> {
    let start = Instant::now();
    if let Some(map) = path.and_then(|path| map_file(path, MappedPages::OnDemand)) {
        return parse_timed(map, format, start, true);
    }
    let bytes = read_input(path)?;
    parse_timed(InputText::Read(bytes), format, start, false)
}

/// The graph in `text`, whose reading started at `start`, with the timings.
fn parse_timed(
    text: InputText,
    format: GraphFormat,
    start: Instant,
    mapped: bool,
) -> Result<(ParsedGraph, ReadTimings), GraphFileError> {
    let read = start.elapsed();
    let bytes = text.len();
    let parsing = Instant::now();
    let parsed = read_graph_owned(text, format)?;
    Ok((parsed, ReadTimings { read, mapped, parse_build: parsing.elapsed(), bytes }))
}

/// The whole text of an input: a file mapped into memory, or the bytes read.
pub enum InputText {
    /// A regular file, mapped (and its pages mapped in at once).
    #[cfg(feature = "mmap")]
    Mapped(memmap2::Mmap),
    /// Anything else, read whole.
    Read(Vec<u8>),
}

impl AsRef<[u8]> for InputText {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl std::ops::Deref for InputText {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            #[cfg(feature = "mmap")]
            InputText::Mapped(map) => map,
            InputText::Read(bytes) => bytes,
        }
    }
}

/// The text of `path` (standard input when `None` or `-`), for a reader that parses it once on
/// one thread: a regular file of any size is mapped into memory with its pages mapped in at
/// once, so the text costs neither a copy nor a buffer of fresh pages (each fresh page is a
/// fault the kernel serves in about 2 µs on the benchmark machine, 80 of them for a 10^4-vertex
/// grid), and anything else is read whole with [`grid_core::source::read_input`].
pub fn read_text(path: Option<&Path>) -> Result<InputText, SourceError> {
    if let Some(map) = path.and_then(|path| map_file(path, MappedPages::AllAtOnce)) {
        return Ok(map);
    }
    Ok(InputText::Read(read_input(path)?))
}

/// How a mapped file's pages come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MappedPages {
    /// As the chunked parallel readers reach them (a file of 16 MiB or more; smaller ones are
    /// read).
    OnDemand,
    /// All at once, as the map is made (any regular file).
    AllAtOnce,
}

/// `path` mapped into memory when it is a regular file (of at least 16 MiB for
/// [`MappedPages::OnDemand`]); `None` (read it the usual way) for anything else.
#[cfg(feature = "mmap")]
fn map_file(path: &Path, pages: MappedPages) -> Option<InputText> {
    const SMALLEST: u64 = 16 << 20;
    if path == Path::new("-") {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    let metadata = file.metadata().ok()?;
    if !metadata.is_file() || (pages == MappedPages::OnDemand && metadata.len() < SMALLEST) {
        return None;
    }
    // SAFETY: the map is only read, as bytes, and dropped once its text is parsed. Rust's
    // rules are broken only if the file changes while it is mapped: another process truncating
    // it makes a read fault (SIGBUS), one rewriting it makes the parser see a mix of old and new
    // bytes, which it reads like any other input. Reading it with `read(2)` would give the same
    // mix; the fault is the price of mapping, as for every program that maps its input
    // (ripgrep, for one).
    let mut options = memmap2::MmapOptions::new();
    if pages == MappedPages::AllAtOnce {
        options.populate();
    }
    #[allow(unsafe_code)]
    let map = unsafe { options.map(&file) }.ok()?;
    // The readers read the text once, front to back, in chunks on every thread.
    #[cfg(unix)]
    if pages == MappedPages::OnDemand {
        let _ = map.advise(memmap2::Advice::Sequential);
    }
    Some(InputText::Mapped(map))
}

/// Without the `mmap` feature every input is read.
#[cfg(not(feature = "mmap"))]
fn map_file(_path: &Path, _pages: MappedPages) -> Option<InputText> {
    None
}
