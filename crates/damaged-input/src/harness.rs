//! The robustness harness of a solver: the checks every solver's `tests/robustness.rs` makes, so
//! that each crate's test is its library runs, its corpus and a short list of its cases.
//!
//! A library run (`fn(&[u8]) -> Result<(), String>`, the crate's own) answers an input or returns
//! the message of its input error; a [`Solver`] is the binary, checked against the exit contract
//! ([`check_exit`], or [`check_exit_streaming`] for a binary that answers each board as it reads it).

use std::process::Output;

use proptest::test_runner::TestCaseError;

use crate::contract::{check_exit, check_exit_streaming, check_within_input, run_binary, run_binary_limited};

/// How a binary answers: after reading its whole input, or board by board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answers {
    /// The whole input is read before anything is printed: an input error prints no answer.
    AfterReading,
    /// Each board is answered once it is read: the boards before a bad one may be answered.
    Streamed,
}

/// A solver binary under test.
#[derive(Debug, Clone, Copy)]
pub struct Solver {
    /// The binary (`env!("CARGO_BIN_EXE_<crate>")`).
    pub bin: &'static str,
    /// How it answers.
    pub answers: Answers,
}

/// A property's check that the library run `run` answers `input` or reports an input error located
/// in it.
pub fn answered_or_located(
    run: impl Fn(&[u8]) -> Result<(), String>,
    input: &[u8],
) -> Result<(), TestCaseError> {
    match run(input) {
        Ok(()) => Ok(()),
        Err(message) => match check_within_input(&message, input) {
            Ok(()) => Ok(()),
            Err(problem) => Err(TestCaseError::fail(problem)),
        },
    }
}

/// The message of the input error of `input`, which the library run `run` must reject.
///
/// # Panics
/// When `run` accepts `input` (this is a test helper).
pub fn rejection(run: impl Fn(&[u8]) -> Result<(), String>, input: &str) -> String {
    match run(input.as_bytes()) {
        Ok(()) => panic!("accepted {input:?}"),
        Err(message) => message,
    }
}

impl Solver {
    /// The binary with `args` on `input`.
    pub fn run(&self, args: &[&str], input: &[u8]) -> Output {
        run_binary(self.bin, args, input)
    }

    /// The binary with `args` on `input` under a 256 MiB address-space limit, so that a large
    /// allocation aborts it.
    pub fn run_limited(&self, args: &[&str], input: &[u8]) -> Output {
        run_binary_limited(self.bin, args, input)
    }

    /// The exit contract of `output`, the binary's run on `input`: exit 0, or exit 2 with one
    /// `error:` line whose message passes `check` (and, unless the binary streams, no output).
    pub fn check_output(
        &self,
        output: &Output,
        check: impl Fn(&str) -> Result<(), String>,
    ) -> Result<(), String> {
        match self.answers {
            Answers::AfterReading => check_exit(output, check),
            Answers::Streamed => check_exit_streaming(output, check),
        }
    }

    /// A property's check that the binary with `args` exits 0 or 2 on `input`, an error located in
    /// the input.
    pub fn exits_0_or_2(&self, args: &[&str], input: &[u8]) -> Result<(), TestCaseError> {
        self.exit_checked(self.run(args, input), input)
    }

    /// [`Solver::exits_0_or_2`] under the address-space limit of [`Solver::run_limited`].
    pub fn exits_0_or_2_limited(&self, args: &[&str], input: &[u8]) -> Result<(), TestCaseError> {
        self.exit_checked(self.run_limited(args, input), input)
    }

    fn exit_checked(&self, output: Output, input: &[u8]) -> Result<(), TestCaseError> {
        self.check_output(&output, |m| check_within_input(m, input)).map_err(|problem| {
            TestCaseError::fail(format!("{problem} on {:?}", String::from_utf8_lossy(input)))
        })
    }

    /// Asserts that the binary with `args` refuses `input` under the address-space limit: exit 2,
    /// an error located in the input (so a count past a limit, or one the rest of the input cannot
    /// hold, is refused before anything large is allocated).
    ///
    /// # Panics
    /// When it does not (this is a test helper).
    pub fn assert_refused_limited(&self, args: &[&str], input: &str) {
        let output = self.run_limited(args, input.as_bytes());
        self.check_output(&output, |m| check_within_input(m, input.as_bytes()))
            .unwrap_or_else(|e| panic!("{args:?} {input:?}: {e}"));
        assert_eq!(output.status.code(), Some(2), "{args:?} {input:?}");
    }

    /// The output of the binary with `args` on the valid `input` under the address-space limit,
    /// which it must answer (exit 0): the guard that a refusal under the limit is not an artefact
    /// of the limit itself.
    ///
    /// # Panics
    /// When the binary does not exit 0 (this is a test helper).
    pub fn solved_limited(&self, args: &[&str], input: &[u8]) -> String {
        let output = self.run_limited(args, input);
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads_digits(input: &[u8]) -> Result<(), String> {
        match input.iter().position(|b| !b.is_ascii_digit()) {
            None => Ok(()),
            Some(at) => Err(format!("line 1, column {}: not a digit", at + 1)),
        }
    }

    #[test]
    fn library_runs_answer_or_locate() {
        assert!(answered_or_located(reads_digits, b"123").is_ok());
        assert!(answered_or_located(reads_digits, b"12x").is_ok());
        assert!(answered_or_located(|_| Err("line 9, column 1: far".into()), b"1").is_err());
        assert!(answered_or_located(|_| Err("unlocated".into()), b"1").is_err());
        assert_eq!(rejection(reads_digits, "1x"), "line 1, column 2: not a digit");
    }

    #[test]
    fn binaries_keep_the_exit_contract() {
        let sh = Solver { bin: "sh", answers: Answers::AfterReading };
        let located = ["-c", "echo 'error: line 1, column 1: bad' >&2; exit 2"];
        assert!(sh.exits_0_or_2(&located, b"x").is_ok());
        sh.assert_refused_limited(&located, "x");
        let printed = ["-c", "echo out; echo 'error: line 1, column 1: bad' >&2; exit 2"];
        assert!(sh.exits_0_or_2(&printed, b"x").is_err());
        let streamed = Solver { answers: Answers::Streamed, ..sh };
        assert!(streamed.exits_0_or_2_limited(&printed, b"x").is_ok());
        assert!(sh.exits_0_or_2(&["-c", "exit 1"], b"x").is_err());
        let cat = Solver { bin: "cat", answers: Answers::AfterReading };
        assert_eq!(cat.solved_limited(&[], b"hi"), "hi");
    }
}
