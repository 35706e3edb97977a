//! The history check: the project's files describe what the software is and does, never how it
//! came to be (that belongs in the commit messages). One word list, [`HISTORY_WORDS`], read against
//! every line of every tracked text file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What must follow a history word for the line to tell history.
#[derive(Clone, Copy)]
enum Then {
    /// Nothing: the word alone tells history.
    Nothing,
    /// A number, after a space and an optional `#`.
    Number,
    /// A backquoted name, after a space (a name the thing once had).
    Backquote,
    /// These words, after a space.
    Words(&'static str),
}

/// The words that tell development history, each with what must follow it. Matched
/// case-insensitively as whole words. Some are spelled in pieces so that this file does not match
/// itself; each rule is narrow enough to leave ordinary prose alone ("a session of play", "an
/// issue with the input", "what was read").
const HISTORY_WORDS: &[(&str, Then)] = &[
    // Numbered sessions and issues, and the tool that watched the sessions.
    ("session", Then::Number),
    ("sessions", Then::Number),
    ("issue", Then::Number),
    ("issues", Then::Number),
    (concat!("watch", "er"), Then::Nothing),
    (concat!("watch", "ers"), Then::Nothing),
    // Names and states a thing once had.
    ("was", Then::Backquote),
    (concat!("previ", "ously"), Then::Nothing),
    (concat!("form", "erly"), Then::Nothing),
    ("renamed", Then::Words("from")),
    ("used", Then::Words("to be")),
    ("todo", Then::Words("from")),
];

/// The history words in `line`, each with what follows it (the number of a numbered one), in the
/// order of the list.
pub fn history_words(line: &str) -> Vec<String> {
    let lower = line.to_lowercase();
    let mut found = Vec::new();
    for &(word, then) in HISTORY_WORDS {
        for (at, _) in lower.match_indices(word) {
            let end = at + word.len();
            let starts_word = !lower[..at].ends_with(is_word_char);
            let ends_word = !lower[end..].starts_with(is_word_char);
            if !(starts_word && ends_word) {
                continue;
            }
            let rest = &lower[end..];
            let tail = match then {
                Then::Nothing => Some(String::new()),
                Then::Number => {
                    let number = rest.strip_prefix(' ').map(|r| r.strip_prefix('#').unwrap_or(r));
                    number.and_then(|n| {
                        let digits: String = n.chars().take_while(char::is_ascii_digit).collect();
                        (!digits.is_empty()).then(|| format!(" {digits}"))
                    })
                }
                Then::Backquote => rest.starts_with(" `").then(|| " `".to_string()),
                Then::Words(words) => rest
                    .strip_prefix(' ')
                    .and_then(|r| r.strip_prefix(words))
                    .filter(|r| !r.starts_with(is_word_char))
                    .map(|_| format!(" {words}")),
            };
            if let Some(tail) = tail {
                found.push(format!("{word}{tail}"));
            }
        }
    }
    found
}

/// Whether `c` continues a word.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether the file at `path` (relative to the repository) is read by the history check. Images
/// are not text; the inputs and answers of `testdata/` (`.in`, `.out`, `.expected`) are data that
/// the solvers read and write, never edited, so a word in them is data too.
pub fn is_checked(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let image = matches!(extension, "png" | "jpg" | "jpeg" | "gif" | "webp" | "ico" | "svg");
    let data = path.starts_with("testdata") && matches!(extension, "in" | "out" | "expected");
    !image && !data
}

/// The files that git tracks in the repository at `root`, relative to it, in git's order.
pub fn tracked_files(root: &Path) -> Vec<PathBuf> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| panic!("git ls-files in {}: {e}", root.display()));
    assert!(
        out.status.success(),
        "git ls-files in {}: {}",
        root.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).as_ref()))
        .collect()
}

/// Every `path:line: [words]: text` of the tracked text files of the repository at `root` (those
/// [`is_checked`] accepts; binary files, with a NUL byte or not UTF-8, are skipped) whose line has
/// history words.
pub fn history_hits(root: &Path) -> Vec<String> {
    let mut hits = Vec::new();
    for file in tracked_files(root).into_iter().filter(|f| is_checked(f)) {
        let Ok(bytes) = fs::read(root.join(&file)) else { continue };
        let Ok(text) = String::from_utf8(bytes) else { continue };
        if text.contains('\0') {
            continue;
        }
        for (number, line) in text.lines().enumerate() {
            let words = history_words(line);
            if !words.is_empty() {
                hits.push(format!("{}:{}: {words:?}: {}", file.display(), number + 1, line.trim()));
            }
        }
    }
    hits
}
