//! The error contract of the solver binaries: bad input is reported as one line
//! `error: line L, column C: message` on stderr with exit status 2, a good input exits 0; and the
//! helpers that run a binary on an input (optionally under a memory cap) to check it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

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

/// A binary's standard output as text.
///
/// # Panics
/// When it is not UTF-8 (every solver writes UTF-8; this is a test helper).
pub fn stdout_text(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A binary's standard error as text.
///
/// # Panics
/// When it is not UTF-8 (this is a test helper).
pub fn stderr_text(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Runs the binary `bin` with `args` on `input` and asserts the error contract of a bad input:
/// status 2, nothing on standard output, and one line `error: LOCATION: …` on standard error whose
/// location is `location` (`line L, column C`) and whose message contains `words`.
///
/// # Panics
/// When the binary answers otherwise (this is a test helper).
pub fn assert_located_error(bin: &str, args: &[&str], input: &str, location: &str, words: &str) {
    let output = run_binary(bin, args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?} {input:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} {input:?} printed output");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("error: {location}: ")), "{args:?} {input:?}: {stderr}");
    assert!(stderr.contains(words), "{args:?} {input:?}: {stderr}");
}

/// Runs `command` with `input` on its standard input and collects its output.
pub fn run_command(command: &mut Command, input: &[u8]) -> Output {
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The binary may stop reading at the first error: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Exit 0, or exit 2 with exactly one `error:` line whose message passes `check`, and no output:
/// the contract of a binary that reads its whole input before it answers.
pub fn check_exit(output: &Output, check: impl Fn(&str) -> Result<(), String>) -> Result<(), String> {
    check_exit_with(output, false, check)
}

/// [`check_exit`] for a binary that streams (answers each board before it reads the next, as
/// segment-nim does): on an input error the answers to the boards before the bad one may have been
/// printed.
pub fn check_exit_streaming(
    output: &Output,
    check: impl Fn(&str) -> Result<(), String>,
) -> Result<(), String> {
    check_exit_with(output, true, check)
}

fn check_exit_with(
    output: &Output,
    streaming: bool,
    check: impl Fn(&str) -> Result<(), String>,
) -> Result<(), String> {
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
            if !streaming && !output.stdout.is_empty() {
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
    fn the_exit_contract() {
        let output = run_binary("sh", &["-c", "echo 'error: line 1, column 1: bad' >&2; exit 2"], b"");
        assert_eq!(check_exit(&output, check_located_only), Ok(()));
        let output =
            run_binary("sh", &["-c", "echo out; echo 'error: line 1, column 1: bad' >&2; exit 2"], b"");
        assert!(check_exit(&output, check_located_only).is_err());
        assert_eq!(check_exit_streaming(&output, check_located_only), Ok(()));
        let output = run_binary("sh", &["-c", "echo out; echo 'error: bad' >&2; exit 2"], b"");
        assert!(check_exit_streaming(&output, check_located_only).is_err());
        let output = run_binary("sh", &["-c", "exit 1"], b"");
        assert!(check_exit(&output, check_located_only).is_err());
        assert!(check_exit_streaming(&output, check_located_only).is_err());
        let output = run_binary_limited("cat", &[], b"hi");
        assert_eq!(check_exit(&output, check_located_only), Ok(()));
        assert_eq!(output.stdout, b"hi");
    }

    fn check_located_only(message: &str) -> Result<(), String> {
        check_located(message).map(|_| ())
    }
}

/// What [`assert_points_to_query`] checks of one solver.
#[derive(Debug, Clone, Copy)]
pub struct QueryOnlyInput<'a> {
    /// The solver's binary.
    pub bin: &'a str,
    /// Its name, as its messages write it.
    pub name: &'a str,
    /// A file only `query` reads.
    pub example: &'a str,
    /// Part of the default mode's error for it.
    pub error: &'a str,
    /// An input that `query` refuses too.
    pub refused: &'a str,
}

/// The default mode refuses `case.example` with one `line L, column C` line (exit status 2,
/// nothing on standard output) that contains `case.error` and ends by pointing to `query`, which
/// answers it; an input `query` refuses too gets the plain error, without the pointer.
pub fn assert_points_to_query(case: QueryOnlyInput<'_>) {
    let output = run_binary(case.bin, &[case.example], b"");
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(output.stdout.is_empty());
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.starts_with("error: line "), "{message}");
    assert!(message.contains(case.error), "{message}");
    let pointer = format!("(this input is accepted by query: {} query FILE)", case.name);
    assert!(message.trim_end().ends_with(&pointer), "{message}");
    let query = run_binary(case.bin, &["query", case.example], b"");
    assert!(query.status.success(), "{}", String::from_utf8_lossy(&query.stderr));
    let refused = run_binary(case.bin, &[], case.refused.as_bytes());
    let message = String::from_utf8(refused.stderr).unwrap();
    assert_eq!(refused.status.code(), Some(2), "{message}");
    assert!(!message.contains("query"), "{message}");
}
