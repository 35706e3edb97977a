//! Where a solver's input comes from, and the exit statuses every solver binary uses.
//!
//! Binaries read their whole input with [`read_input`]: the named file, or standard input when no
//! file is given or the file is `-`. When standard input is a terminal and no file is named, waiting
//! for typed input is almost never what a user wants, so [`read_input`] reports
//! [`SourceError::Interactive`] and the binary prints its usage instead. Naming `-` says "I will
//! type or paste it": then a terminal is read too, up to Ctrl-D.

use std::io::{IsTerminal, Read};
use std::path::Path;

/// Exit status after success.
pub const EXIT_OK: i32 = 0;
/// Exit status after an internal error (a bug, or an I/O failure while writing output).
pub const EXIT_INTERNAL: i32 = 1;
/// Exit status after bad input or bad usage.
pub const EXIT_INPUT: i32 = 2;

/// Why the input could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// No file was named and standard input is a terminal.
    #[error("no input: name a FILE or pipe the input on standard input")]
    Interactive,
    /// The file or standard input could not be read.
    #[error("cannot read {name}: {source}")]
    Io {
        /// The file name, or `standard input`.
        name: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Reads all of `path`, or all of standard input when `path` is `None` (refused when standard
/// input is a terminal) or `-` (read even from a terminal).
pub fn read_input(path: Option<&Path>) -> Result<Vec<u8>, SourceError> {
    match path {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read(path).map_err(|source| SourceError::Io { name: path.display().to_string(), source })
        }
        _ => {
            let stdin = std::io::stdin();
            if path.is_none() && stdin.is_terminal() {
                return Err(SourceError::Interactive);
            }
            let mut bytes = Vec::new();
            stdin
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|source| SourceError::Io { name: "standard input".into(), source })?;
            Ok(bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_file() {
        let path = std::env::temp_dir().join(format!("grid-core-source-{}.txt", std::process::id()));
        std::fs::write(&path, b"1 2\n").unwrap();
        assert_eq!(read_input(Some(&path)).unwrap(), b"1 2\n");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn missing_file_names_it() {
        let e = read_input(Some(Path::new("/nonexistent/dir/in.txt"))).unwrap_err();
        assert!(e.to_string().starts_with("cannot read /nonexistent/dir/in.txt: "), "{e}");
    }
}
