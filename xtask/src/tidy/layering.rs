//! Word rules on Rust sources: what a folder of sources must never name, and module declarations
//! that keep each file where its module path says.

use std::fs;
use std::path::{Path, PathBuf};

/// Identifiers that belong to edmonds-blossom's king game (`src/king`): its module, its types and
/// functions, its words. The matching library of the crate (`src/graph`, `src/input`,
/// `src/matching`) names none of them: the game is built on the library, never the other way
/// round, so the library can be read, tested and reused alone.
pub const KING_WORDS: &[&str] = &[
    "king",
    "King",
    "board",
    "boards",
    "Board",
    "BoardAnalysis",
    "BoardGraph",
    "CellOutcome",
    "KingMoves",
    "KingPlay",
    "KingReport",
    "parse_boards",
    "parse_positions",
    "query",
    "game",
    "GAME",
    "daizhenyang",
];

/// The folders of edmonds-blossom's matching library, below its `src/`.
pub const MATCHING_LIBRARY: [&str; 4] = ["graph", "input", "matching", "weighted"];

/// The words of `line` (runs of letters, digits and `_`) that are in `names`; a word that merely
/// contains one (`gameplay`) is not.
pub fn named_words(line: &str, names: &[&str]) -> Vec<String> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| names.contains(w))
        .map(str::to_string)
        .collect()
}

/// The path attribute, if `line` declares a module with one (then the file does not sit where its
/// module path says, and the import check would not find it).
pub fn path_attribute(line: &str) -> Vec<String> {
    // Spelt in two pieces, so that a search of the sources for the attribute finds none.
    let attribute = concat!("#[", "path");
    if line.trim_start().starts_with(attribute) { vec![attribute.to_string()] } else { Vec::new() }
}

/// Every `.rs` file under `dir` (folders named `target` skipped), sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("target") {
                    pending.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `path:line: [found]: text` for every line of `files` where `check` finds something.
pub fn offences(files: &[PathBuf], check: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, line) in text.lines().enumerate() {
            let bad = check(line);
            if !bad.is_empty() {
                found.push(format!("{}:{}: {bad:?}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    found
}
