//! What every solver binary shares (feature `cli`): its outcome as output, message and exit status,
//! the options every binary has ([`args`]), the memory limit of the solvers that plan memory
//! ([`memory`]), JSON Lines output ([`write_json_line`]), and the
//! interactive `play` loop ([`crate::play`]).
//!
//! A binary parses its arguments, reads its input with [`read`], and does its work inside [`run`],
//! which hands it a buffered standard output. Whatever goes wrong is a [`Failure`], and [`run`] maps
//! it to one line on stderr and the status of [`crate::source`]: bad input or usage exits 2, internal
//! errors 1. A reader that goes away (`solver FILE | head`) is not an error: the binary stops quietly.
//! Messages are made [`printable`] before they reach stderr, so a control
//! byte of the input is never copied to the terminal.

pub mod args;
pub mod driver;
pub mod memory;
mod query_hint;

pub use query_hint::default_mode_error;

/// The `play` loop lives in [`crate::play`] (no CLI dependency, so libraries implement
/// [`PlayGame`](crate::play::PlayGame) without the `cli` feature); re-exported here for binaries.
pub use crate::play;

use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::error::{InputError, printable};
use crate::source::{EXIT_INPUT, EXIT_INTERNAL, SourceError, read_input};

/// What a binary prints when it is run with no FILE and standard input is a terminal (before its
/// usage line); the same words for every binary.
pub const NO_INPUT: &str = "error: no input: name a FILE, pipe the input on standard input, or give `-` to type or paste it (end with Ctrl-D)";

/// Why a solver binary stops early.
#[derive(Debug)]
pub enum Failure {
    /// Bad input, located by line and column; printed as `error: line L, column C: message`.
    Input(InputError),
    /// Bad usage or an unreadable input file; the message is printed as it is.
    Usage(String),
    /// A valid input whose solve needs more than a limit allows (`--memory-limit`, a board too
    /// large); the message is printed as it is, with the exit status of bad input.
    TooLarge(String),
    /// The solve was interrupted (Ctrl-C); the message is printed as it is, with the exit status of
    /// bad input.
    Interrupted(String),
    /// A bug or an impossible state; printed as `error: internal: message`.
    Internal(String),
    /// Writing the output failed.
    Output(io::Error),
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Self::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Self::Output(e)
    }
}

/// Reads the input: FILE, or standard input when `None` or `-`. With no FILE and a terminal on
/// standard input, fails with `usage` and [`NO_INPUT`]; `-` reads even a terminal.
pub fn read(file: Option<&Path>, usage: &str) -> Result<Vec<u8>, Failure> {
    read_input(file).map_err(|e| match e {
        SourceError::Interactive => Failure::Usage(format!("{NO_INPUT}\n{usage}")),
        SourceError::Io { .. } => Failure::Usage(format!("error: {e}")),
    })
}

/// Writes `record` as one line of JSON (JSON Lines: one object per board, case or query).
pub fn write_json_line(out: &mut impl Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record).map_err(io::Error::from)?;
    writeln!(out)
}

/// Runs `body` with a buffered stdout, flushes, and turns the outcome into an exit status.
pub fn run(body: impl FnOnce(&mut BufWriter<StdoutLock<'static>>) -> Result<(), Failure>) -> ExitCode {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = body(&mut out).and_then(|()| out.flush().map_err(Failure::Output));
    report(result, &mut io::stderr().lock())
}

/// Writes the message of `result` (if any) to `err` and returns the exit status.
pub fn report(result: Result<(), Failure>, err: &mut impl Write) -> ExitCode {
    let (status, message) = match result {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(Failure::Input(e)) => (EXIT_INPUT, format!("error: {e}")),
        Err(Failure::Usage(message) | Failure::TooLarge(message) | Failure::Interrupted(message)) => {
            (EXIT_INPUT, message)
        }
        Err(Failure::Internal(message)) => (EXIT_INTERNAL, format!("error: internal: {message}")),
        Err(Failure::Output(e)) => (EXIT_INTERNAL, format!("error: cannot write output: {e}")),
    };
    // If stderr itself is gone there is no one left to tell; the status still says it.
    let message: Vec<String> = message.lines().map(|line| printable(line.as_bytes())).collect();
    let _ = writeln!(err, "{}", message.join("\n"));
    ExitCode::from(status as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn reported(result: Result<(), Failure>) -> (ExitCode, String) {
        let mut err = Vec::new();
        let code = report(result, &mut err);
        (code, String::from_utf8(err).unwrap())
    }

    #[test]
    fn input_errors_exit_2_with_location() {
        let e = InputError::new(4, 2, ErrorKind::UnexpectedChar('Z'));
        let (code, message) = reported(Err(e.into()));
        assert_eq!(
            (code, message.as_str()),
            (ExitCode::from(2), "error: line 4, column 2: unexpected character 'Z'\n")
        );
    }

    #[test]
    fn usage_internal_and_output_errors() {
        assert_eq!(
            reported(Err(Failure::Usage("usage: x".into()))),
            (ExitCode::from(2), "usage: x\n".into())
        );
        assert_eq!(
            reported(Err(Failure::Internal("bug".into()))),
            (ExitCode::from(1), "error: internal: bug\n".into())
        );
        let disk_full = io::Error::other("disk full");
        assert_eq!(
            reported(Err(Failure::Output(disk_full))),
            (ExitCode::from(1), "error: cannot write output: disk full\n".into())
        );
    }

    #[test]
    fn too_large_and_interrupted_exit_2_with_their_message() {
        assert_eq!(
            reported(Err(Failure::TooLarge("error: board 9x9: too large".into()))),
            (ExitCode::from(2), "error: board 9x9: too large\n".into())
        );
        assert_eq!(
            reported(Err(Failure::Interrupted("error: interrupted".into()))),
            (ExitCode::from(2), "error: interrupted\n".into())
        );
    }

    #[test]
    fn success_and_broken_pipe_are_silent() {
        assert_eq!(reported(Ok(())), (ExitCode::SUCCESS, String::new()));
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(reported(Err(Failure::Output(pipe))), (ExitCode::SUCCESS, String::new()));
    }

    #[test]
    fn messages_never_carry_control_bytes() {
        let (_, message) = reported(Err(Failure::Usage("bad \x1b[2J name".into())));
        assert_eq!(message, "bad \\u{1b}[2J name\n");
    }

    #[test]
    fn json_lines() {
        let mut out = Vec::new();
        write_json_line(&mut out, &crate::report::Eval::win(2)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "{\"value\":\"win\",\"remoteness\":2}\n");
    }

    #[test]
    fn unreadable_file_is_a_usage_failure() {
        match read(Some(Path::new("/nonexistent/x.in")), "usage") {
            Err(Failure::Usage(m)) => assert!(m.starts_with("error: cannot read /nonexistent/x.in"), "{m}"),
            other => panic!("unexpected {other:?}"),
        }
    }
}
