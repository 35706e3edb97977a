//! A crate's corpus and its alphabet, and damaged versions of the corpus inputs as a proptest
//! strategy.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::Index;

use crate::mutation::{FRAGMENTS, Mutation, byte, line_spans, token_spans};

/// A crate's corpus and what is special about its format: which testdata files are damaged, which
/// characters are its board cells and which words are its own. Each crate's robustness tests pass
/// their own; nothing about a game's format is built into this crate.
#[derive(Debug, Clone, Copy)]
pub struct Corpus {
    /// The directory under the workspace's `testdata/` (the crate's name, or a subdirectory of it).
    pub crate_dir: &'static str,
    /// Only the `.in` files whose names start with this are used (`""` for all).
    pub prefix: &'static str,
    /// Each file is cut to at most this many bytes (`usize::MAX` to keep them whole).
    pub max_bytes: usize,
    /// The least number of files expected: fewer means the corpus is missing.
    pub min_files: usize,
    /// The board alphabet: the characters [`Mutation::ReplaceCell`] replaces (and which
    /// [`Mutation::InsertByte`] and [`Mutation::ReplaceByte`] favour).
    pub cells: &'static [u8],
    /// What [`Mutation::ReplaceCell`] writes (repeat a character to make it likelier).
    pub cell_replacements: &'static [u8],
    /// The format's own words, spliced in by [`Mutation::Insert`] and [`Mutation::ReplaceToken`]
    /// besides the generic [`FRAGMENTS`]: board cells and rows, side names, keywords.
    pub words: &'static [&'static str],
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

    /// A random [`Mutation`]: [`ReplaceCell`](Mutation::ReplaceCell) writes one of
    /// [`cell_replacements`](Self::cell_replacements), the texts spliced in are [`FRAGMENTS`] and
    /// [`words`](Self::words).
    pub fn mutation(&self) -> impl Strategy<Value = Mutation> + use<> {
        let texts: Vec<&'static str> = FRAGMENTS.iter().chain(self.words).copied().collect();
        let text = move || prop::sample::select(texts.clone());
        let cells = self.cells;
        let any_byte = move || byte(cells);
        prop_oneof![
            1 => any::<Index>().prop_map(Mutation::DeleteByte),
            1 => (any::<Index>(), 1..12usize).prop_map(|(i, n)| Mutation::DeleteRange(i, n)),
            1 => (any::<Index>(), any_byte()).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
            1 => (any::<Index>(), text()).prop_map(|(i, f)| Mutation::Insert(i, f)),
            3 => (any::<Index>(), any_byte()).prop_map(|(i, b)| Mutation::ReplaceByte(i, b)),
            6 => (any::<Index>(), prop::sample::select(self.cell_replacements))
                .prop_map(|(i, b)| Mutation::ReplaceCell(i, b)),
            1 => any::<Index>().prop_map(Mutation::Truncate),
            1 => any::<Index>().prop_map(Mutation::DuplicateLine),
            1 => any::<Index>().prop_map(Mutation::DeleteLine),
            1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapTokens(a, b)),
            3 => (any::<Index>(), text()).prop_map(|(i, f)| Mutation::ReplaceToken(i, f)),
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
        words: &["@word@"],
    };

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
                Mutation::Insert(_, text) | Mutation::ReplaceToken(_, text) => {
                    prop_assert!(FRAGMENTS.contains(&text) || CORPUS.words.contains(&text));
                }
                _ => {}
            }
            let mut empty = Vec::new();
            CORPUS.apply(&mut empty, &mutation);
        }
    }

    #[test]
    fn the_corpus_words_are_spliced_in() {
        // The texts are the generic fragments and the corpus's own words: over many mutations the
        // corpus's word shows up.
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let strategy = CORPUS.mutation();
        let spliced = (0..2000).any(|_| {
            let mutation = strategy.new_tree(&mut runner).unwrap().current();
            matches!(mutation, Mutation::Insert(_, "@word@") | Mutation::ReplaceToken(_, "@word@"))
        });
        assert!(spliced);
    }

    #[test]
    fn the_corpus_is_read() {
        assert!(!CORPUS.files().is_empty());
    }
}
