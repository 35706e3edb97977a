//! `test`: a solution judged on every `NAME.in` of some folders, against `NAME.out` (or the exact
//! answer when there is none), as `oj t` does.
//!
//! Without folders the game's own corpus is used, `testdata/<crate>/` of this repository: looked
//! for under the current directory first (a checkout's root), then in the repository the tool was
//! built from. There the folder's `cases.manifest` says which files are the game's (`case PREFIX
//! JUDGE [ARGS]`, the first matching prefix decides: the cases run with no solver arguments, or
//! with `matching` for general matching); every other folder's `.in` files are all used.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rayon::prelude::*;

use crate::Game;
use crate::judge::Judge;
use crate::verdict::Verdict;

/// One test of a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The file name without `.in`.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The answer file `NAME.out`, if there is one.
    pub answer: Option<PathBuf>,
}

/// The result of one test.
#[derive(Debug, Clone)]
pub struct Row {
    /// The test's name.
    pub name: String,
    /// The verdict, or why the test could not be judged (counted as a failure).
    pub verdict: Result<Verdict, String>,
    /// How long the solution ran.
    pub time: Duration,
}

impl Row {
    /// Whether the test passed.
    pub fn passed(&self) -> bool {
        self.verdict.as_ref().is_ok_and(Verdict::is_accepted)
    }
}

/// The default corpus of `game`: `./testdata/<crate>` if it exists, else the one of the
/// repository this tool was built from.
pub fn default_corpus(game: Game) -> Result<PathBuf, String> {
    let name = game.corpus();
    let here = Path::new("testdata").join(name);
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(name);
    let built = built.canonicalize().unwrap_or(built);
    [here, built]
        .into_iter()
        .find(|p| p.is_dir())
        .ok_or_else(|| format!("no testdata/{name} folder here or in the tool's repository: name a folder"))
}

/// Whether the manifest text of a corpus folder runs the case `name` as `game`'s.
fn manifest_takes(manifest: &str, game: Game, name: &str) -> bool {
    let wanted = game.manifest_args();
    for line in manifest.lines() {
        let words: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
        if let ["case", prefix, _judge, args @ ..] = words.as_slice() {
            if *prefix == "*" || name.starts_with(prefix) {
                return args == wanted;
            }
        }
    }
    false
}

/// Which tests of a folder [`cases`] takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// Every `NAME.in`.
    All,
    /// The cases the folder's `cases.manifest` runs as the game's (every one without a manifest).
    Manifest,
}

/// The tests of `dirs` in name order (folder by folder), as `selection` picks them.
pub fn cases(game: Game, dirs: &[PathBuf], selection: Selection) -> Result<Vec<Case>, String> {
    let mut all = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let rules = match selection {
            Selection::Manifest => std::fs::read_to_string(dir.join("cases.manifest")).ok(),
            Selection::All => None,
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".in")).map(String::from))
            .filter(|name| rules.as_ref().is_none_or(|m| manifest_takes(m, game, name)))
            .collect();
        names.sort();
        for name in names {
            let answer = dir.join(format!("{name}.out"));
            all.push(Case {
                input: dir.join(format!("{name}.in")),
                answer: answer.is_file().then_some(answer),
                name,
            });
        }
    }
    Ok(all)
}

/// Runs `solution` on every case (`jobs` at a time) and judges it; rows in the order of `cases`.
pub fn test(judge: &Judge, solution: &str, cases: &[Case], jobs: usize) -> Result<Vec<Row>, String> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build().map_err(|e| e.to_string())?;
    Ok(pool.install(|| cases.par_iter().map(|case| one(judge, solution, case)).collect()))
}

fn one(judge: &Judge, solution: &str, case: &Case) -> Row {
    let judged = (|| {
        let input =
            std::fs::read_to_string(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
        let answer = match &case.answer {
            Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
            None => judge.answer(&input)?,
        };
        judge.run(solution, &input, &answer)
    })();
    match judged {
        Ok(j) => Row { name: case.name.clone(), verdict: Ok(j.verdict), time: j.elapsed },
        Err(e) => Row { name: case.name.clone(), verdict: Err(e), time: Duration::ZERO },
    }
}

/// The table of verdicts, one line per test, then `N passed, N failed`.
pub fn table(rows: &[Row]) -> String {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(4);
    let mut s = format!("{:<width$}  {:>8}  verdict\n", "test", "time");
    for row in rows {
        let verdict = match &row.verdict {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        };
        s += &format!("{:<width$}  {:>6.2} s  {verdict}\n", row.name, row.time.as_secs_f64());
    }
    let passed = rows.iter().filter(|r| r.passed()).count();
    s += &format!("{passed} passed, {} failed\n", rows.len() - passed);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_picks_the_games_cases() {
        let manifest = "# a comment\ncase hdu-all- diff all-starts\ncase hdu- diff\ncase lc- general-matching matching\n";
        assert!(manifest_takes(manifest, Game::EdmondsBlossom, "hdu-02-handmade"));
        assert!(!manifest_takes(manifest, Game::EdmondsBlossom, "hdu-all-01-small"));
        assert!(!manifest_takes(manifest, Game::EdmondsBlossom, "lc-example_00"));
        assert!(manifest_takes(manifest, Game::Matching, "lc-example_00"));
        assert!(!manifest_takes(manifest, Game::Matching, "hdu-02-handmade"));
        assert!(manifest_takes("case * diff\n", Game::LatticeDp, "l01"));
    }
}
