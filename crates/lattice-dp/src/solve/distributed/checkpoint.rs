//! Checkpoints of a sweep: each rank's values of the last layer finished, written every few layers
//! or minutes, so that a solve killed at any point resumes from the last layer every rank finished.
//!
//! # The file of one rank
//! `DIR/rank-R-of-P.layer-K.ckpt`, little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `LDPCKPT2` (the format's version in its last byte) |
//! | 8 | the board's hash ([`board_hash`]: its size and every value) |
//! | 4, 4 | `P` (ranks), `R` (this rank) |
//! | 4, 4 | bytes per value, `K` (cells taken in the layer) |
//! | 8 | `S`, the values that follow (the rank's states of layer `K`) |
//! | 8 | the partition's fingerprint (`Partition::fingerprint`: which rows each rank owns) |
//! | 8 | the checksum of the values ([`checksum`]) |
//! | 8 | the checksum of the 56 bytes above |
//! | `S` × width | the values, as the distributed sweep stores and sends them |
//!
//! A file is written under a temporary name, flushed to the disk (`fsync`), then renamed, and the
//! folder flushed: a file with the final name is whole. Each rank keeps its two newest files: ranks
//! finish a layer at most one exchange apart and checkpoint at the same layers (the decision is a
//! collective), so when a job dies, the newest layer every rank finished is one every rank still
//! has. Resuming checks every field against the job (board, `P`, rank, width, partition) and both
//! checksums; anything else is refused with a message, never read as values. A finished sweep
//! removes each rank's files, torn ones included, unless told to keep them ([`WhenDone`]).

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::board::Board;

/// The first bytes of a checkpoint file: [`MAGIC_NAME`] and the format's version.
const MAGIC: &[u8; 8] = b"LDPCKPT2";
/// The first bytes of a checkpoint file of any version.
const MAGIC_NAME: &[u8; 7] = b"LDPCKPT";
/// Bytes of the header.
const HEADER: usize = 64;

/// When and where a sweep writes checkpoints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoints {
    /// The folder of the checkpoint files (made when missing).
    pub dir: PathBuf,
    /// Write after every this many layers; `None`: by time only.
    pub every_layers: Option<usize>,
    /// Write once this much time has passed since the last checkpoint (or the start).
    pub every: Duration,
    /// Resume from the newest layer every rank finished in `dir`.
    pub resume: bool,
    /// What a finished sweep does with its files.
    pub when_done: WhenDone,
}

/// What a sweep does with its checkpoint files once it has finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WhenDone {
    /// Each rank removes its files, torn ones (`*.ckpt.part`) included.
    #[default]
    Remove,
    /// The files stay (`--keep-checkpoints`).
    Keep,
}

impl Checkpoints {
    /// The default period: a layer of 20 × 20 takes seconds to write, so writing every ten
    /// minutes costs about 1% of the run.
    pub const DEFAULT_PERIOD: Duration = Duration::from_secs(600);
}

/// Why a checkpoint could not be written or resumed from.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading or writing a file failed.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A file is not a whole checkpoint of this job.
    #[error("checkpoint {path}: {why}")]
    Refused {
        /// The file.
        path: PathBuf,
        /// What does not match.
        why: String,
    },
    /// No rank has a checkpoint in the folder.
    #[error("no checkpoint of this job ({ranks} ranks) in {dir}")]
    Missing {
        /// The folder.
        dir: PathBuf,
        /// The job's ranks.
        ranks: usize,
    },
}

/// The hash of a board: its size and both players' values (64-bit FNV-1a over their
/// little-endian bytes).
pub fn board_hash(board: &Board) -> u64 {
    let (n, m) = (board.rows(), board.cols());
    let mut words = vec![n as u64, m as u64];
    for r in 0..n {
        for c in 0..m {
            words.extend([board.first_value(r, c) as u64, board.second_value(r, c) as u64]);
        }
    }
    checksum(&words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>())
}

/// A 64-bit checksum of `bytes`: FNV-1a over 8-byte words (the last one padded with zeros), then
/// the length; fast enough (several GB/s) for the values of a layer.
pub fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01B3;
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    let mut words = bytes.chunks_exact(8);
    for word in words.by_ref() {
        hash = (hash ^ u64::from_le_bytes(word.try_into().expect("8 bytes"))).wrapping_mul(PRIME);
    }
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(last)).wrapping_mul(PRIME);
    (hash ^ bytes.len() as u64).wrapping_mul(PRIME)
}

/// What a checkpoint file says of itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// [`board_hash`] of the board.
    pub board: u64,
    /// The job's ranks.
    pub ranks: usize,
    /// The rank that wrote it.
    pub rank: usize,
    /// Bytes per value.
    pub width: usize,
    /// The layer: cells taken.
    pub taken: usize,
    /// The values in the file.
    pub states: usize,
    /// The fingerprint of the job's partition (`Partition::fingerprint`).
    pub partition: u64,
}

impl Header {
    fn bytes(&self, values_checksum: u64) -> [u8; HEADER] {
        let mut header = [0u8; HEADER];
        header[..8].copy_from_slice(MAGIC);
        header[8..16].copy_from_slice(&self.board.to_le_bytes());
        for (at, field) in [(16, self.ranks), (20, self.rank), (24, self.width), (28, self.taken)] {
            header[at..at + 4].copy_from_slice(&(field as u32).to_le_bytes());
        }
        header[32..40].copy_from_slice(&(self.states as u64).to_le_bytes());
        header[40..48].copy_from_slice(&self.partition.to_le_bytes());
        header[48..56].copy_from_slice(&values_checksum.to_le_bytes());
        let own = checksum(&header[..56]);
        header[56..64].copy_from_slice(&own.to_le_bytes());
        header
    }

    /// The header and the values' checksum, if `bytes` is a whole header.
    fn parse(bytes: &[u8; HEADER]) -> Result<(Self, u64), String> {
        if bytes[..7] != MAGIC_NAME[..] {
            return Err("not a lattice-dp checkpoint".into());
        }
        if bytes[7] != MAGIC[7] {
            return Err(format!(
                "its format is version {}, this lattice-dp reads version {}",
                bytes[7] as char, MAGIC[7] as char
            ));
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let half = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        if word(56) != checksum(&bytes[..56]) {
            return Err("its header is corrupted (checksum)".into());
        }
        let header = Self {
            board: word(8),
            ranks: half(16),
            rank: half(20),
            width: half(24),
            taken: half(28),
            states: word(32) as usize,
            partition: word(40),
        };
        Ok((header, word(48)))
    }
}

/// The file of `rank` of `ranks` at layer `taken`.
fn file_name(rank: usize, ranks: usize, taken: usize) -> String {
    format!("rank-{rank}-of-{ranks}.layer-{taken}.ckpt")
}

/// The layers of `rank`'s checkpoint files in `dir` (by their names), newest (fewest cells taken)
/// first.
fn layers_on_disk(dir: &Path, rank: usize, ranks: usize) -> Result<Vec<usize>, CheckpointError> {
    let prefix = format!("rank-{rank}-of-{ranks}.layer-");
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(CheckpointError::Io { path: dir.to_path_buf(), source }),
    };
    let mut layers: Vec<usize> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_prefix(&prefix)?.strip_suffix(".ckpt")?.parse().ok())
        .collect();
    layers.sort_unstable();
    Ok(layers)
}

/// When the file of `rank` of `ranks` at layer `taken` in `dir` was written, if the system says.
pub fn written(dir: &Path, (ranks, rank): (usize, usize), taken: usize) -> Option<std::time::SystemTime> {
    fs::metadata(dir.join(file_name(rank, ranks, taken))).ok()?.modified().ok()
}

/// Whether `dir` holds checkpoint files of a job of another number of ranks (and which).
pub fn other_ranks(dir: &Path, ranks: usize) -> Option<usize> {
    let entries = fs::read_dir(dir).ok()?;
    entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).find_map(|name| {
        let of = name.strip_prefix("rank-")?.split_once("-of-")?.1;
        let theirs: usize = of.split_once('.')?.0.parse().ok()?;
        (theirs != ranks).then_some(theirs)
    })
}

/// The checkpoints one rank writes and reads.
#[derive(Debug)]
pub struct RankCheckpoints<'a> {
    config: &'a Checkpoints,
    header: Header,
    last: Instant,
    layers_since: usize,
}

impl<'a> RankCheckpoints<'a> {
    /// The checkpoints of rank `rank` of `ranks`, solving `board` with values of `width` bytes, the
    /// layers shared by the partition of fingerprint `partition` (`Partition::fingerprint`).
    pub fn new(
        config: &'a Checkpoints,
        board: &Board,
        (ranks, rank): (usize, usize),
        partition: u64,
        width: usize,
    ) -> Self {
        let header = Header { board: board_hash(board), ranks, rank, width, taken: 0, states: 0, partition };
        Self { config, header, last: Instant::now(), layers_since: 0 }
    }

    /// Whether the sweep starts from the checkpoints.
    pub fn resumes(&self) -> bool {
        self.config.resume
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.config.dir
    }

    /// Whether this rank would write a checkpoint after the layer it just finished (the sweep
    /// writes one when any rank would).
    pub fn due(&mut self) -> bool {
        self.layers_since += 1;
        self.config.every_layers.is_some_and(|n| self.layers_since >= n)
            || self.last.elapsed() >= self.config.every
    }

    /// Writes this rank's `values` (as bytes) of layer `taken`, atomically, and removes its files
    /// older than the one before.
    pub fn write(&mut self, taken: usize, states: usize, values: &[u8]) -> Result<(), CheckpointError> {
        let dir = &self.config.dir;
        let io_error = |path: &Path| {
            let path = path.to_path_buf();
            move |source| CheckpointError::Io { path, source }
        };
        fs::create_dir_all(dir).map_err(io_error(dir))?;
        let header = Header { taken, states, ..self.header };
        let name = file_name(header.rank, header.ranks, taken);
        let path = dir.join(&name);
        let temporary = dir.join(format!("{name}.part"));
        {
            let file = File::create(&temporary).map_err(io_error(&temporary))?;
            let mut out = BufWriter::with_capacity(1 << 20, file);
            out.write_all(&header.bytes(checksum(values))).map_err(io_error(&temporary))?;
            out.write_all(values).map_err(io_error(&temporary))?;
            let file = out.into_inner().map_err(|e| io_error(&temporary)(e.into_error()))?;
            file.sync_all().map_err(io_error(&temporary))?;
        }
        fs::rename(&temporary, &path).map_err(io_error(&path))?;
        // The rename itself is made durable by flushing the folder.
        File::open(dir).and_then(|d| d.sync_all()).map_err(io_error(dir))?;
        for old in layers_on_disk(dir, header.rank, header.ranks)?.into_iter().filter(|&k| k > taken).skip(1)
        {
            let _ = fs::remove_file(dir.join(file_name(header.rank, header.ranks, old)));
        }
        self.last = Instant::now();
        self.layers_since = 0;
        Ok(())
    }

    /// Once the sweep has finished: removes this rank's files, whole and torn (`*.ckpt.part`),
    /// unless the checkpoints are to be kept. A file that cannot be removed is left.
    pub fn finish(&self) {
        if self.config.when_done == WhenDone::Keep {
            return;
        }
        let prefix = format!("rank-{}-of-{}.layer-", self.header.rank, self.header.ranks);
        let Ok(entries) = fs::read_dir(&self.config.dir) else { return };
        for name in entries.filter_map(|e| e.ok()?.file_name().into_string().ok()) {
            let ours = name.strip_prefix(&prefix).is_some_and(|rest| {
                let layer = rest.strip_suffix(".ckpt").or_else(|| rest.strip_suffix(".ckpt.part"));
                layer.is_some_and(|k| k.parse::<usize>().is_ok())
            });
            if ours {
                let _ = fs::remove_file(self.config.dir.join(name));
            }
        }
    }

    /// The newest layer of this rank's files (fewest cells taken), if any.
    pub fn newest(&self) -> Result<Option<usize>, CheckpointError> {
        Ok(layers_on_disk(&self.config.dir, self.header.rank, self.header.ranks)?.first().copied())
    }

    /// Reads this rank's values of layer `taken` (`states` of them): the whole file is checked
    /// against the job and both checksums before its values are returned.
    pub fn read(&self, taken: usize, states: usize) -> Result<Vec<u8>, CheckpointError> {
        let path = self.config.dir.join(file_name(self.header.rank, self.header.ranks, taken));
        let refused = |why: String| CheckpointError::Refused { path: path.clone(), why };
        let file = File::open(&path).map_err(|source| CheckpointError::Io { path: path.clone(), source })?;
        let mut input = BufReader::with_capacity(1 << 20, file);
        let mut header = [0u8; HEADER];
        input
            .read_exact(&mut header)
            .map_err(|_| refused("the file is torn (shorter than its header)".into()))?;
        let (found, values_checksum) = Header::parse(&header).map_err(refused)?;
        let expected = Header { taken, states, ..self.header };
        if found.board != expected.board {
            return Err(refused("it is a checkpoint of another board".into()));
        }
        if (found.ranks, found.rank) != (expected.ranks, expected.rank) {
            return Err(refused(format!(
                "it is rank {} of a job of {} ranks, this is rank {} of {}",
                found.rank, found.ranks, expected.rank, expected.ranks
            )));
        }
        if found.partition != expected.partition {
            return Err(refused(
                "its job shared the layers among its ranks another way (another --min-share)".into(),
            ));
        }
        if found.width != expected.width {
            return Err(refused(format!(
                "its values take {} bytes, this solve's {} (--value-bytes {} resumes it)",
                found.width, expected.width, found.width
            )));
        }
        if (found.taken, found.states) != (expected.taken, expected.states) {
            return Err(refused(format!(
                "it holds {} values of layer {}, expected {states} of layer {taken}",
                found.states, found.taken
            )));
        }
        let mut values = vec![0u8; states * expected.width];
        input
            .read_exact(&mut values)
            .map_err(|_| refused("the file is torn (shorter than its values)".into()))?;
        if input.read(&mut [0u8; 1]).map_err(|source| CheckpointError::Io { path: path.clone(), source })?
            != 0
        {
            return Err(refused("the file is longer than its values".into()));
        }
        if checksum(&values) != values_checksum {
            return Err(refused("its values are corrupted (checksum)".into()));
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_round_trip_and_a_changed_byte_is_seen() {
        let header = Header {
            board: 0xDEAD_BEEF,
            ranks: 7,
            rank: 3,
            width: 5,
            taken: 123,
            states: 456_789,
            partition: 0x0123_4567_89AB_CDEF,
        };
        let bytes = header.bytes(42);
        assert_eq!(Header::parse(&bytes), Ok((header, 42)));
        let mut older = bytes;
        older[7] = b'1';
        assert_eq!(
            Header::parse(&older),
            Err("its format is version 1, this lattice-dp reads version 2".to_string())
        );
        for i in 0..HEADER {
            let mut bad = bytes;
            bad[i] ^= 0x10;
            assert!(Header::parse(&bad).is_err(), "byte {i}");
        }
    }

    #[test]
    fn checksums_see_every_byte_and_the_length() {
        let bytes: Vec<u8> = (0..100u8).collect();
        let sum = checksum(&bytes);
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 1;
            assert_ne!(checksum(&bad), sum, "byte {i}");
        }
        assert_ne!(checksum(&bytes[..99]), sum);
        assert_ne!(checksum(&[0; 8]), checksum(&[0; 9]));
    }
}
