//! Judging a solution's run: against the exact answer (or a trusted reference program's answer)
//! under the output rule, or by an external checker.
//!
//! An external checker follows the testlib convention: it is run as `CHECKER INPUT OUTPUT ANSWER`
//! (three file paths) and its exit status is the verdict — 0 accepted, 1 wrong answer, 2
//! presentation error (reported as `invalid output`); any other status is the checker's own
//! failure, an error of the run, not a verdict. Its first line of standard error (else of standard
//! output) is shown with the verdict.

use std::fs;
use std::time::Duration;

use crate::Game;
use crate::generate::Input;
use crate::reference;
use crate::run::{self, Limits, RunOutput, Status, TempFiles, signal_name, temp_path};
use crate::verdict::{self, OutputRule, Verdict};

/// The smallest time limit of a checker, generator or reference run that is not the solution's.
pub const HELPER_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How the runs of a solution are judged.
#[derive(Debug, Clone)]
pub struct Judge {
    /// The game.
    pub game: Game,
    /// Time and memory limits of a solution's (and the reference's) run.
    pub limits: Limits,
    /// How an output is compared with the answer.
    pub rule: OutputRule,
    /// An external checker command (testlib convention), instead of the built-in comparison.
    pub checker: Option<String>,
    /// A trusted program whose output is the answer, instead of the exact solver's.
    pub reference: Option<String>,
}

/// What one run of the solution on one input gave.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The answer the output was judged against (for `matching`: one maximum matching).
    pub expected: String,
    /// What the solution printed on standard output (lossily decoded).
    pub got: String,
    /// What it printed on standard error.
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Judge {
    /// The built-in judge of `game` under `limits`: exact answers, the default output rule.
    pub fn new(game: Game, limits: Limits) -> Self {
        Self { game, limits, rule: OutputRule::Tokens, checker: None, reference: None }
    }

    /// The limits of a checker's or a generator's run: no memory limit, the solution's time limit
    /// but at least [`HELPER_TIME_LIMIT`].
    pub fn helper_limits(&self) -> Limits {
        Limits { time: self.limits.time.max(HELPER_TIME_LIMIT), memory_mib: None }
    }

    /// The answer for `input`: the reference program's output, or the exact solver's.
    pub fn answer(&self, input: &str) -> Result<String, String> {
        let Some(reference) = &self.reference else {
            return reference::expected(self.game, input.as_bytes())
                .map_err(|e| format!("the {} solver rejects the input: {e}", self.game.name()));
        };
        let out = run::run(reference, input.as_bytes(), &self.limits)
            .map_err(|e| format!("cannot run the reference: {e}"))?;
        match out.status {
            Status::Exited(0) => String::from_utf8(out.stdout)
                .map_err(|_| "the reference's output is not UTF-8 text".to_string()),
            _ => Err(format!(
                "the reference `{reference}` failed: {}",
                describe_status(out.status, &self.limits)
            )),
        }
    }

    /// Runs `solution` on `input` and judges its output against `answer`.
    pub fn run(&self, solution: &str, input: &str, answer: &str) -> Result<Judged, String> {
        let out = run::run(solution, input.as_bytes(), &self.limits)
            .map_err(|e| format!("cannot run the solution: {e}"))?;
        let verdict = self.verdict(input, answer, &out)?;
        let got = String::from_utf8_lossy(&out.stdout).into_owned();
        Ok(Judged { verdict, expected: answer.to_string(), got, stderr: out.stderr, elapsed: out.elapsed })
    }

    /// Runs `solution` on `input` and judges it against the answer ([`Judge::answer`]).
    pub fn judge(&self, input: &Input, solution: &str) -> Result<Judged, String> {
        let text = input.render();
        let answer = self.answer(&text)?;
        self.run(solution, &text, &answer)
    }

    /// The verdict on one run's output `out` for `input`, whose answer is `answer`.
    pub fn verdict(&self, input: &str, answer: &str, out: &RunOutput) -> Result<Verdict, String> {
        let Status::Exited(0) = out.status else {
            return Ok(match out.status {
                Status::TimedOut => Verdict::TimeLimit { limit: self.limits.time },
                status => Verdict::RuntimeError { status: describe_status(status, &self.limits) },
            });
        };
        let Ok(got) = std::str::from_utf8(&out.stdout) else {
            return Ok(Verdict::InvalidOutput { reason: "the output is not UTF-8 text".into() });
        };
        if let Some(checker) = &self.checker {
            return self.check(checker, input, got, answer);
        }
        if let Some(checked) = self.game.check(input.as_bytes(), got) {
            if self.rule == OutputRule::Strict {
                if let Some((line, what)) = verdict::strict_layout(got) {
                    return Ok(Verdict::InvalidOutput { reason: format!("line {line}: {what} (--strict)") });
                }
            }
            return Ok(checked);
        }
        Ok(verdict::compare_with(self.game, answer, got, self.rule))
    }

    /// Runs the external checker on one output.
    fn check(&self, checker: &str, input: &str, got: &str, answer: &str) -> Result<Verdict, String> {
        let files = TempFiles(vec![temp_path("input"), temp_path("output"), temp_path("answer")]);
        for (path, text) in files.0.iter().zip([input, got, answer]) {
            fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        let paths: Vec<&str> = files.0.iter().map(|p| p.to_str().unwrap_or_default()).collect();
        let out = run::run_with_args(checker, &paths, b"", &self.helper_limits())
            .map_err(|e| format!("cannot run the checker: {e}"))?;
        let said = |out: &RunOutput| {
            let stdout = String::from_utf8_lossy(&out.stdout);
            let first = |t: &str| t.lines().map(str::trim).find(|l| !l.is_empty()).map(String::from);
            let message = first(&out.stderr).or_else(|| first(&stdout)).unwrap_or_default();
            message.chars().take(200).collect::<String>()
        };
        match out.status {
            Status::Exited(0) => Ok(Verdict::Accepted),
            Status::Exited(1) => Ok(Verdict::CheckerRejected { message: said(&out) }),
            Status::Exited(2) => Ok(Verdict::InvalidOutput { reason: format!("checker: {}", said(&out)) }),
            status => Err(format!(
                "the checker `{checker}` failed ({}): {}",
                describe_status(status, &self.helper_limits()),
                said(&out)
            )),
        }
    }
}

/// `exit status N`, `killed by signal N (NAME)` or `ran past the time limit of T s`.
pub fn describe_status(status: Status, limits: &Limits) -> String {
    match status {
        Status::Exited(c) => format!("exit status {c}"),
        Status::Signalled(s) => format!("killed by signal {s} ({})", signal_name(s)),
        Status::TimedOut => format!("ran past the time limit of {:.2} s", limits.time.as_secs_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Kind;

    #[test]
    fn checker_exit_status_is_the_verdict() {
        let mut judge = Judge::new(Game::LatticeDp, Limits::default());
        let out = |text: &str| RunOutput {
            status: Status::Exited(0),
            stdout: text.as_bytes().to_vec(),
            stderr: String::new(),
            elapsed: Duration::ZERO,
        };
        // Accepts when the output's number is at least the answer's, whatever it is.
        judge.checker = Some(
            "sh -c 'test \"$(cat \"$2\")\" -ge \"$(cat \"$3\")\" || { echo too small >&2; exit 1; }' check"
                .into(),
        );
        assert_eq!(judge.verdict("1 1\n5\n3\n", "2\n", &out("7\n")), Ok(Verdict::Accepted));
        assert_eq!(
            judge.verdict("1 1\n5\n3\n", "2\n", &out("1\n")),
            Ok(Verdict::CheckerRejected { message: "too small".into() })
        );
        judge.checker = Some("exit 2;".into());
        assert_eq!(judge.verdict("", "", &out("1\n")).map(|v| v.kind()), Ok(Kind::InvalidOutput));
        judge.checker = Some("exit 3;".into());
        assert!(judge.verdict("", "", &out("1\n")).is_err());
        // The solution's own failures come before the checker.
        let crashed = RunOutput { status: Status::Exited(4), ..out("") };
        assert_eq!(judge.verdict("", "", &crashed).map(|v| v.kind()), Ok(Kind::RuntimeError));
    }

    #[test]
    fn reference_program_gives_the_answer() {
        let mut judge = Judge::new(Game::SegmentNim, Limits::default());
        assert_eq!(judge.answer("1\n3 1 1\n1\n2\n"), Ok("R\n".into()));
        judge.reference = Some("echo B".into());
        assert_eq!(judge.answer("1\n3 1 1\n1\n2\n"), Ok("B\n".into()));
        judge.reference = Some("exit 5".into());
        assert!(judge.answer("1\n3 1 1\n1\n2\n").unwrap_err().contains("exit status 5"));
    }
}
