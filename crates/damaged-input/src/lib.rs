//! Test support for the solvers' robustness and command-line tests, shared so that each crate's tests
//! hold only what is their own (how the library is run, and the tests themselves).
//!
//! Two parts:
//!
//! - **Damaged inputs.** [`Corpus::damaged_input`] is a proptest strategy: one of the crate's own
//!   `testdata/<crate>/*.in` files with a few [`Mutation`]s applied (bytes deleted, inserted or
//!   replaced, the input truncated, lines duplicated or deleted, tokens swapped or replaced by huge,
//!   negative or non-ASCII ones, board cells replaced by other cells).
//! - **The error contract.** Bad input is reported as one line `error: line L, column C: message` on
//!   stderr and exit status 2, a good input exits 0: [`check_located`] and [`check_within_input`]
//!   check a message, [`run_binary`] / [`run_binary_limited`] run a solver binary (the latter under a
//!   `ulimit -v` memory cap) and [`check_exit`] checks its outcome.
//!
//! This crate is a dev-dependency of the solver crates only; no library or binary depends on it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------------------------
// Mutations

/// Text spliced into inputs: numbers around every limit and overflow boundary, signs, whitespace of
/// every kind, control and non-ASCII characters, and the board alphabet.
pub const FRAGMENTS: &[&str] = &[
    "99999999999999999999",
    "18446744073709551616",
    "18446744073709551615",
    "4294967296",
    "4294967295",
    "2147483648",
    "65536",
    "257",
    "256",
    "17",
    "16",
    "-1",
    "-0",
    "+1",
    "0",
    "1",
    "2",
    "007",
    "1e9",
    "0x10",
    " ",
    "\n",
    "\r\n",
    "\t",
    "\x0b",
    "\x0c",
    "\0",
    "é",
    "\u{feff}",
    "\u{ff11}",
    "\u{1F600}",
    "\u{7f}",
    ".",
    "#",
    "X",
    "O",
    "XX",
    "OO",
    "K",
];

/// One edit of an input. Positions are [`Index`]es, resolved against the input's current length.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Deletes one byte.
    DeleteByte(Index),
    /// Deletes up to the given number of bytes.
    DeleteRange(Index, usize),
    /// Inserts one byte (the end of the input is an insertion point).
    InsertByte(Index, u8),
    /// Inserts a text (one of [`FRAGMENTS`]).
    Insert(Index, &'static str),
    /// Replaces one byte.
    ReplaceByte(Index, u8),
    /// Replaces the i-th board character (one of [`Corpus::cells`]) by another one: keeps many inputs
    /// valid.
    ReplaceCell(Index, u8),
    /// Cuts the input short.
    Truncate(Index),
    /// Repeats a line right after itself.
    DuplicateLine(Index),
    /// Deletes a line with its newline.
    DeleteLine(Index),
    /// Swaps two whitespace-separated tokens.
    SwapTokens(Index, Index),
    /// Replaces a whitespace-separated token by a text (one of [`FRAGMENTS`]).
    ReplaceToken(Index, &'static str),
}

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![prop::sample::select(b"0123456789 \n\t\r-.#XOK".to_vec()), any::<u8>()]
}

/// The byte ranges of the whitespace-separated tokens (the scanner's whitespace).
pub fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in input.iter().enumerate() {
        match (matches!(b, b' ' | b'\t' | b'\r' | b'\n'), start) {
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, input.len()));
    }
    spans
}

/// The byte ranges of the lines, each with its newline.
pub fn line_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in input.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < input.len() {
        spans.push((start, input.len()));
    }
    spans
}

// ---------------------------------------------------------------------------------------------
// The corpus

/// A crate's corpus and what is special about its format: which testdata files are damaged, and which
/// characters are its board cells.
#[derive(Debug, Clone, Copy)]
pub struct Corpus {
    /// The directory under the workspace's `testdata/` (the crate's name).
    pub crate_dir: &'static str,
    /// Only the `.in` files whose names start with this are used (`""` for all).
    pub prefix: &'static str,
    /// Each file is cut to at most this many bytes (`usize::MAX` to keep them whole).
    pub max_bytes: usize,
    /// The least number of files expected: fewer means the corpus is missing.
    pub min_files: usize,
    /// The board alphabet: the characters [`Mutation::ReplaceCell`] replaces.
    pub cells: &'static [u8],
    /// What [`Mutation::ReplaceCell`] writes (repeat a character to make it likelier).
    pub cell_replacements: &'static [u8],
}

impl Corpus {
    /// The directory of the corpus, `testdata/<crate_dir>` of the workspace.
    pub fn dir(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(self.crate_dir)
    }

    /// The corpus inputs (name and bytes, sorted by name): the `.in` files starting with
    /// [`prefix`](Self::prefix), each cut to [`max_bytes`](Self::max_bytes). Panics when there are
    /// fewer than [`min_files`](Self::min_files).
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let dir = self.dir();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .filter(|name| name.starts_with(self.prefix))
            .map(|name| {
                let mut bytes = std::fs::read(dir.join(&name)).unwrap();
                bytes.truncate(self.max_bytes);
                (name, bytes)
            })
            .collect();
        files.sort();
        assert!(files.len() >= self.min_files, "testdata {}* missing in {}", self.prefix, dir.display());
        files
    }

    /// A random [`Mutation`], [`ReplaceCell`](Mutation::ReplaceCell) writing one of
    /// [`cell_replacements`](Self::cell_replacements).
    pub fn mutation(&self) -> impl Strategy<Value = Mutation> + use<> {
        let fragment = || prop::sample::select(FRAGMENTS);
        prop_oneof![
            1 => any::<Index>().prop_map(Mutation::DeleteByte),
            1 => (any::<Index>(), 1..12usize).prop_map(|(i, n)| Mutation::DeleteRange(i, n)),
            1 => (any::<Index>(), byte()).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
            1 => (any::<Index>(), fragment()).prop_map(|(i, f)| Mutation::Insert(i, f)),
            3 => (any::<Index>(), byte()).prop_map(|(i, b)| Mutation::ReplaceByte(i, b)),
            6 => (any::<Index>(), prop::sample::select(self.cell_replacements))
                .prop_map(|(i, b)| Mutation::ReplaceCell(i, b)),
            1 => any::<Index>().prop_map(Mutation::Truncate),
            1 => any::<Index>().prop_map(Mutation::DuplicateLine),
            1 => any::<Index>().prop_map(Mutation::DeleteLine),
            1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapTokens(a, b)),
            3 => (any::<Index>(), fragment()).prop_map(|(i, f)| Mutation::ReplaceToken(i, f)),
        ]
    }

    /// Applies `mutation` to `input`; an edit with nothing to act on (an empty input, no board cell,
    /// fewer than two tokens) leaves it as it is.
    pub fn apply(&self, input: &mut Vec<u8>, mutation: &Mutation) {
        let len = input.len();
        // An insertion point may be the end of the input.
        let at = |i: &Index| i.index(len + 1);
        match mutation {
            Mutation::DeleteByte(i) if len > 0 => {
                input.remove(i.index(len));
            }
            Mutation::DeleteRange(i, n) if len > 0 => {
                let start = i.index(len);
                input.drain(start..(start + n).min(len));
            }
            Mutation::InsertByte(i, b) => input.insert(at(i), *b),
            Mutation::Insert(i, text) => {
                let p = at(i);
                input.splice(p..p, text.bytes());
            }
            Mutation::ReplaceByte(i, b) if len > 0 => input[i.index(len)] = *b,
            Mutation::ReplaceCell(i, b) => {
                let cells: Vec<usize> = (0..len).filter(|&p| self.cells.contains(&input[p])).collect();
                if !cells.is_empty() {
                    input[cells[i.index(cells.len())]] = *b;
                }
            }
            Mutation::Truncate(i) => input.truncate(i.index(len + 1)),
            Mutation::DuplicateLine(i) => {
                let lines = line_spans(input);
                if !lines.is_empty() {
                    let (s, e) = lines[i.index(lines.len())];
                    let mut line = input[s..e].to_vec();
                    if line.last() != Some(&b'\n') {
                        line.insert(0, b'\n');
                    }
                    input.splice(e..e, line);
                }
            }
            Mutation::DeleteLine(i) => {
                let lines = line_spans(input);
                if !lines.is_empty() {
                    let (s, e) = lines[i.index(lines.len())];
                    input.drain(s..e);
                }
            }
            Mutation::SwapTokens(a, b) => {
                let tokens = token_spans(input);
                if tokens.len() >= 2 {
                    let (x, y) = (a.index(tokens.len()), b.index(tokens.len()));
                    let (first, second) = (tokens[x.min(y)], tokens[x.max(y)]);
                    if first != second {
                        let (t1, t2) = (input[first.0..first.1].to_vec(), input[second.0..second.1].to_vec());
                        input.splice(second.0..second.1, t1);
                        input.splice(first.0..first.1, t2);
                    }
                }
            }
            Mutation::ReplaceToken(i, text) => {
                let tokens = token_spans(input);
                if !tokens.is_empty() {
                    let (s, e) = tokens[i.index(tokens.len())];
                    input.splice(s..e, text.bytes());
                }
            }
            _ => {}
        }
    }

    /// A corpus input ([`files`](Self::files)) with one to three mutations applied.
    pub fn damaged_input(&self) -> impl Strategy<Value = Vec<u8>> + use<> {
        let corpus = self.files();
        let this = *self;
        (0..corpus.len(), prop::collection::vec(self.mutation(), 1..4)).prop_map(move |(file, mutations)| {
            let mut input = corpus[file].1.clone();
            for m in &mutations {
                this.apply(&mut input, m);
            }
            input
        })
    }
}

// ---------------------------------------------------------------------------------------------
// The error contract

/// Checks that `message` is `line L, column C: text` with L and C at least 1; returns (L, C).
pub fn check_located(message: &str) -> Result<(usize, usize), String> {
    let parse = || -> Option<(usize, usize, &str)> {
        let (line, rest) = message.strip_prefix("line ")?.split_once(", column ")?;
        let (column, text) = rest.split_once(": ")?;
        Some((line.parse().ok()?, column.parse().ok()?, text))
    };
    match parse() {
        Some((line, column, text)) if line >= 1 && column >= 1 && !text.is_empty() => Ok((line, column)),
        _ => Err(format!("not located: {message:?}")),
    }
}

/// [`check_located`], and the place is in the input: on one of its lines (the end of the input is
/// the line after its last newline), at most one column past the line's end.
pub fn check_within_input(message: &str, input: &[u8]) -> Result<(), String> {
    let (line, column) = check_located(message)?;
    match input.split(|&b| b == b'\n').nth(line - 1) {
        Some(text) if column <= text.len() + 1 => Ok(()),
        _ => Err(format!("{message:?} is not a place in the input")),
    }
}

/// Runs the binary `bin` with `args`, `input` on its standard input.
pub fn run_binary(bin: &str, args: &[&str], input: &[u8]) -> Output {
    run_command(Command::new(bin).args(args), input)
}

/// [`run_binary`] under a 256 MiB address-space limit (`ulimit -v`), so a large allocation aborts it.
pub fn run_binary_limited(bin: &str, args: &[&str], input: &[u8]) -> Output {
    let script = "ulimit -v 262144 && exec \"$0\" \"$@\"";
    run_command(Command::new("sh").args(["-c", script, bin]).args(args), input)
}

/// Runs `command` with `input` on its standard input and collects its output.
pub fn run_command(command: &mut Command, input: &[u8]) -> Output {
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The binary may stop reading at the first error: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Exit 0, or exit 2 with exactly one `error:` line whose message passes `check`, and no output.
pub fn check_exit(output: &Output, check: impl Fn(&str) -> Result<(), String>) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => Ok(()),
        Some(2) => {
            let mut lines = stderr.lines();
            let (Some(line), None) = (lines.next(), lines.next()) else {
                return Err(format!("expected one stderr line, got {stderr:?}"));
            };
            let message = line.strip_prefix("error: ").ok_or_else(|| format!("no 'error: ' in {line:?}"))?;
            check(message)?;
            if !output.stdout.is_empty() {
                return Err("output printed before an input error".into());
            }
            Ok(())
        }
        _ => Err(format!("status {:?}, stderr {stderr:?}", output.status)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORPUS: Corpus = Corpus {
        crate_dir: "pawn-retrograde",
        prefix: "",
        max_bytes: usize::MAX,
        min_files: 1,
        cells: b".#",
        cell_replacements: b"#",
    };

    #[test]
    fn spans_of_tokens_and_lines() {
        assert_eq!(token_spans(b" ab\t c\n"), vec![(1, 3), (5, 6)]);
        assert_eq!(token_spans(b"x"), vec![(0, 1)]);
        assert_eq!(line_spans(b"a\nbc"), vec![(0, 2), (2, 4)]);
        assert_eq!(line_spans(b""), vec![]);
    }

    proptest! {
        #[test]
        fn mutations_edit_the_input_as_described(mutation in CORPUS.mutation()) {
            let original = b"1 2\n.#.\n".to_vec();
            let mut input = original.clone();
            CORPUS.apply(&mut input, &mutation);
            match mutation {
                Mutation::SwapTokens(..) => {
                    let swaps: [&[u8]; 4] = [&original, b"2 1\n.#.\n", b".#. 2\n1\n", b"1 .#.\n2\n"];
                    prop_assert!(swaps.contains(&&input[..]), "{:?}", input);
                }
                Mutation::ReplaceCell(..) => {
                    prop_assert!(input == original || input == b"1 2\n##.\n" || input == b"1 2\n.##\n");
                }
                Mutation::DuplicateLine(..) => {
                    prop_assert!(input == b"1 2\n1 2\n.#.\n" || input == b"1 2\n.#.\n.#.\n");
                }
                Mutation::DeleteLine(..) => prop_assert!(input == b"1 2\n" || input == b".#.\n"),
                Mutation::Truncate(..) => prop_assert!(original.starts_with(&input)),
                Mutation::DeleteByte(..) => prop_assert_eq!(input.len(), original.len() - 1),
                Mutation::InsertByte(..) => prop_assert_eq!(input.len(), original.len() + 1),
                Mutation::ReplaceByte(..) => prop_assert_eq!(input.len(), original.len()),
                _ => {}
            }
            let mut empty = Vec::new();
            CORPUS.apply(&mut empty, &mutation);
        }
    }

    #[test]
    fn locations_are_checked_against_the_input() {
        assert_eq!(check_located("line 2, column 3: bad"), Ok((2, 3)));
        assert!(check_located("line 0, column 3: bad").is_err());
        assert!(check_located("bad").is_err());
        assert!(check_within_input("line 2, column 2: bad", b"ab\nc").is_ok());
        assert!(check_within_input("line 2, column 3: bad", b"ab\nc").is_err());
        assert!(check_within_input("line 3, column 1: bad", b"ab\nc\n").is_ok());
        assert!(check_within_input("line 4, column 1: bad", b"ab\nc\n").is_err());
    }

    #[test]
    fn the_corpus_is_read() {
        assert!(!CORPUS.files().is_empty());
    }

    #[test]
    fn the_exit_contract() {
        let output = run_binary("sh", &["-c", "echo 'error: line 1, column 1: bad' >&2; exit 2"], b"");
        assert_eq!(check_exit(&output, check_located_only), Ok(()));
        let output =
            run_binary("sh", &["-c", "echo out; echo 'error: line 1, column 1: bad' >&2; exit 2"], b"");
        assert!(check_exit(&output, check_located_only).is_err());
        let output = run_binary("sh", &["-c", "exit 1"], b"");
        assert!(check_exit(&output, check_located_only).is_err());
        let output = run_binary_limited("cat", &[], b"hi");
        assert_eq!(check_exit(&output, check_located_only), Ok(()));
        assert_eq!(output.stdout, b"hi");
    }

    fn check_located_only(message: &str) -> Result<(), String> {
        check_located(message).map(|_| ())
    }
}
