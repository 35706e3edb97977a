//! LEMON beside edmonds-blossom in `cargo xtask bench`: the `lemon` lines of a manifest name a bench
//! case and one of LEMON's matchings ([`Mode`]), which runs on the same input as many times, one
//! run after each of the case's ([`Runs`]). Its median is the case's anchor, and the answers' values (the matching size, or
//! the total weight) must be equal, or the bench fails.
//!
//! LEMON is never a build or test requirement: where its header is missing the `lemon` lines are
//! not measured and the table says so. The harness is `xtask/lemon/lemon_matching.cpp`, built with
//! `g++` into `target/lemon/` when its source is newer than the binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::run;

/// The header whose presence says LEMON is installed.
pub const HEADER: &str = "/usr/include/lemon/matching.h";

/// Which of LEMON's matchings a `lemon` line runs (the harness's first argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `MaxMatching` on a `general_matching` graph; its answer starts with the size.
    Cardinality,
    /// `MaxWeightedMatching` on a `general_weighted_matching` graph; its answer starts with
    /// `size total`.
    MaxWeight,
    /// `MaxWeightedPerfectMatching` on the negated weights: a minimum-cost perfect matching, its
    /// answer starting with `size total`.
    MinCostPerfect,
}

impl Mode {
    /// The mode called `name` in a manifest (the harness's word for it).
    pub fn from_name(name: &str) -> Result<Self, String> {
        match name {
            "cardinality" => Ok(Self::Cardinality),
            "max-weight" => Ok(Self::MaxWeight),
            "min-cost-perfect" => Ok(Self::MinCostPerfect),
            _ => Err(format!(
                "unknown LEMON mode `{name}` (expected cardinality, max-weight or min-cost-perfect)"
            )),
        }
    }

    /// The mode's name, as the manifest and the harness write it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Cardinality => "cardinality",
            Self::MaxWeight => "max-weight",
            Self::MinCostPerfect => "min-cost-perfect",
        }
    }

    /// LEMON's class that the mode runs.
    pub fn algorithm(self) -> &'static str {
        match self {
            Self::Cardinality => "MaxMatching",
            Self::MaxWeight => "MaxWeightedMatching",
            Self::MinCostPerfect => "MaxWeightedPerfectMatching",
        }
    }

    /// The value both programs must agree on, from an answer's first line: the size of a maximum
    /// matching, or the total weight of a weighted one (whose size may differ between optimal
    /// matchings).
    pub fn value(self, answer: &str) -> Option<&str> {
        let mut words = answer.lines().next()?.split_whitespace();
        match self {
            Self::Cardinality => words.next(),
            Self::MaxWeight | Self::MinCostPerfect => words.nth(1),
        }
    }

    /// What [`Self::value`] is, for messages.
    pub fn value_name(self) -> &'static str {
        match self {
            Self::Cardinality => "size",
            Self::MaxWeight | Self::MinCostPerfect => "total weight",
        }
    }
}

/// The LEMON harness of this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Harness {
    /// Built, at this path.
    Built(PathBuf),
    /// LEMON is not installed ([`HEADER`] is missing).
    NotInstalled,
}

impl Harness {
    /// Builds the harness into `root/target/lemon/` if LEMON is installed and the binary is older
    /// than its source; an error when `g++` fails.
    pub fn prepare(root: &Path) -> Result<Self, String> {
        Self::prepare_with(root, Path::new(HEADER))
    }

    /// [`Self::prepare`], LEMON's presence judged by `header`.
    fn prepare_with(root: &Path, header: &Path) -> Result<Self, String> {
        if !header.is_file() {
            return Ok(Self::NotInstalled);
        }
        let source = root.join("xtask/lemon/lemon_matching.cpp");
        let binary = root.join("target/lemon/lemon_matching");
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        if modified(&binary).is_none_or(|built| modified(&source).is_some_and(|s| s > built)) {
            let dir = binary.parent().expect("target/lemon/lemon_matching has a parent");
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let status = Command::new("g++")
                .args(["-O2", "-std=c++17", "-o"])
                .arg(&binary)
                .arg(&source)
                .status()
                .map_err(|e| format!("g++ (building the LEMON harness): {e}"))?;
            if !status.success() {
                return Err(format!("g++ could not build {} ({status})", source.display()));
            }
        }
        Ok(Self::Built(binary))
    }

    /// The line `bench` prints when LEMON is not installed.
    pub fn not_installed_note() -> String {
        format!(
            "LEMON is not installed ({HEADER} is missing; Debian: apt-get install liblemon-dev): \
             the `lemon` lines are not measured"
        )
    }
}

/// LEMON's runs on a bench case's input.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// The matching it ran.
    pub mode: Mode,
    /// The median wall time, spawn to exit.
    pub median: Duration,
    /// The value of its answer ([`Mode::value`]).
    pub value: String,
}

/// LEMON's runs on a bench case's input, made one at a time between the case's own runs: on a
/// shared machine a slow spell then slows both alike, and the ratio of the medians holds.
pub struct Runs<'a> {
    harness: &'a Path,
    mode: Mode,
    input: PathBuf,
    limit: Duration,
    walls: Vec<Duration>,
    value: Option<String>,
    /// Why a run failed; no run is made after one has.
    failure: Option<String>,
}

impl<'a> Runs<'a> {
    /// No runs yet of `harness MODE input`, each stopped after `limit`.
    pub fn new(harness: &'a Path, mode: Mode, input: PathBuf, limit: Duration) -> Self {
        Self { harness, mode, input, limit, walls: Vec::new(), value: None, failure: None }
    }

    /// One more run (none after a failed one); `Err` only when the harness cannot be started.
    pub fn run_once(&mut self) -> Result<(), String> {
        if self.failure.is_some() {
            return Ok(());
        }
        let result = run::run(self.harness, &[self.mode.name().to_string()], Some(&self.input), self.limit)?;
        if !result.succeeded() {
            self.failure = Some(format!("LEMON {}: {}", self.mode.algorithm(), result.failure_reason()));
            return Ok(());
        }
        if self.value.is_none() {
            match self.mode.value(&result.stdout) {
                Some(v) => self.value = Some(v.to_string()),
                None => {
                    self.failure = Some(format!("LEMON {}: no answer on its output", self.mode.algorithm()));
                    return Ok(());
                }
            }
        }
        self.walls.push(result.wall);
        Ok(())
    }

    /// The median of the runs made, or why one failed (or that none was made).
    pub fn finish(mut self) -> Result<Measured, String> {
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        let (Some(value), false) = (self.value, self.walls.is_empty()) else {
            return Err(format!("LEMON {}: not run", self.mode.algorithm()));
        };
        self.walls.sort();
        Ok(Measured { mode: self.mode, median: self.walls[self.walls.len() / 2], value })
    }
}

/// The agreement of edmonds-blossom's answer `ours` with LEMON's: `Ok` with the common value, or
/// `Err` with both.
pub fn agree(lemon: &Measured, ours: &str) -> Result<String, String> {
    match lemon.mode.value(ours) {
        Some(v) if v == lemon.value => Ok(v.to_string()),
        found => Err(format!(
            "{}: edmonds-blossom found {}, LEMON {}",
            lemon.mode.value_name(),
            found.unwrap_or("nothing"),
            lemon.value
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_read_their_value_from_the_first_line() {
        for mode in [Mode::Cardinality, Mode::MaxWeight, Mode::MinCostPerfect] {
            assert_eq!(Mode::from_name(mode.name()), Ok(mode));
        }
        assert!(Mode::from_name("max").unwrap_err().contains("`max`"));
        assert_eq!(Mode::Cardinality.value("3\n0 1\n"), Some("3"));
        assert_eq!(Mode::MaxWeight.value("2 17\n0 1\n2 3\n"), Some("17"));
        assert_eq!(Mode::MinCostPerfect.value("2\n"), None);
        assert_eq!(Mode::MaxWeight.value(""), None);
    }

    #[test]
    fn answers_agree_on_the_value_only() {
        let lemon = Measured { mode: Mode::MaxWeight, median: Duration::ZERO, value: "17".into() };
        // Two optimal matchings of different sizes have the same total.
        assert_eq!(agree(&lemon, "1 17\n0 1\n"), Ok("17".to_string()));
        assert_eq!(
            agree(&lemon, "2 16\n"),
            Err("total weight: edmonds-blossom found 16, LEMON 17".to_string())
        );
        assert!(agree(&lemon, "").unwrap_err().contains("found nothing"));
    }

    /// A stand-in harness: a shell script `body` in a fresh directory.
    fn script(name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("xtask-lemon-runs-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("harness.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn runs_one_at_a_time_give_the_median_and_the_value() {
        let harness = script("answers", "echo '2 17'; echo '0 1'");
        let mut runs = Runs::new(&harness, Mode::MaxWeight, PathBuf::from("input"), Duration::from_secs(20));
        for _ in 0..3 {
            runs.run_once().unwrap();
        }
        assert_eq!(runs.walls.len(), 3);
        let measured = runs.finish().unwrap();
        assert_eq!((measured.mode, measured.value.as_str()), (Mode::MaxWeight, "17"));
        let none = Runs::new(&harness, Mode::MaxWeight, PathBuf::from("input"), Duration::from_secs(20));
        assert!(none.finish().unwrap_err().contains("not run"));
        std::fs::remove_dir_all(harness.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_failed_run_ends_the_runs_and_is_reported() {
        let harness = script("fails", "echo 'no memory' >&2; exit 3");
        let mut runs =
            Runs::new(&harness, Mode::Cardinality, PathBuf::from("input"), Duration::from_secs(20));
        runs.run_once().unwrap();
        runs.run_once().unwrap();
        assert!(runs.walls.is_empty());
        assert!(runs.finish().unwrap_err().starts_with("LEMON MaxMatching"));
        let silent = script("silent", "true");
        let mut runs =
            Runs::new(&silent, Mode::MinCostPerfect, PathBuf::from("input"), Duration::from_secs(20));
        runs.run_once().unwrap();
        assert!(runs.finish().unwrap_err().contains("no answer"));
        for path in [harness, silent] {
            std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        }
    }

    #[test]
    fn without_the_header_nothing_is_built() {
        let root = std::env::temp_dir().join(format!("xtask-lemon-{}", std::process::id()));
        let header = root.join("no/such/matching.h");
        assert_eq!(Harness::prepare_with(&root, &header), Ok(Harness::NotInstalled));
        assert!(!root.join("target/lemon").exists());
        assert!(Harness::not_installed_note().contains(HEADER));
    }
}
