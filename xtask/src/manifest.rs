//! `testdata/<crate>/cases.manifest`: how a crate's cases are run and judged, and which are benched.
//!
//! ```text
//! # comment
//! case <name-prefix> <judge> [ARGS...]   # `*` as the prefix matches every case
//! bench <input> [ARGS...]                # a file here, shared:<file>, or gen:<generator>
//! ```
//! The first `case` line whose prefix starts a case's file name decides how that case runs: the
//! solver is called as `<crate> [ARGS...] <file.in>` and its output judged by `<judge>`.

use std::path::Path;

use crate::judge::Judge;

/// How the cases whose name starts with `prefix` are run and judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseRule {
    /// File-name prefix (empty matches everything).
    pub prefix: String,
    /// How the answer is judged.
    pub judge: Judge,
    /// Arguments passed to the solver before the input file.
    pub args: Vec<String>,
}

/// A heavy case for `cargo xtask bench`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchCase {
    /// `NAME` (a file of the crate's testdata), `shared:NAME`, or `gen:GENERATOR`.
    pub input: String,
    /// Arguments passed to the solver before the input file.
    pub args: Vec<String>,
}

/// A parsed manifest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    /// Case rules, in file order (first match wins).
    pub cases: Vec<CaseRule>,
    /// Bench cases, in file order.
    pub benches: Vec<BenchCase>,
}

impl Manifest {
    /// Reads `dir/cases.manifest`.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let path = dir.join("cases.manifest");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Self::parse(&text).map_err(|e| format!("{}:{e}", path.display()))
    }

    /// Parses manifest text; errors are `LINE: message`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut manifest = Self::default();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            let owned = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect();
            match words.as_slice() {
                [] => {}
                ["case", prefix, judge, args @ ..] => manifest.cases.push(CaseRule {
                    prefix: if *prefix == "*" { String::new() } else { prefix.to_string() },
                    judge: Judge::from_name(judge).map_err(|e| format!("{}: {e}", number + 1))?,
                    args: owned(args),
                }),
                ["bench", input, args @ ..] => {
                    manifest.benches.push(BenchCase { input: input.to_string(), args: owned(args) })
                }
                _ => {
                    return Err(format!(
                        "{}: expected `case PREFIX JUDGE [ARGS]` or `bench INPUT [ARGS]`",
                        number + 1
                    ));
                }
            }
        }
        Ok(manifest)
    }

    /// The rule for the case file `name`, if any.
    pub fn rule_for(&self, name: &str) -> Option<&CaseRule> {
        self.cases.iter().find(|rule| name.starts_with(&rule.prefix))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_matching_rule_wins() {
        let m = Manifest::parse(
            "# cases\ncase hdu-all- diff all-starts\ncase hdu- diff\ncase lc- general-matching matching\n\
             bench gen:sparse-1m matching\n",
        )
        .unwrap();
        assert_eq!(m.rule_for("hdu-all-01.in").unwrap().args, vec!["all-starts"]);
        assert_eq!(m.rule_for("hdu-01.in").unwrap().args, Vec::<String>::new());
        assert_eq!(m.rule_for("lc-x.in").unwrap().judge, Judge::GeneralMatching);
        assert!(m.rule_for("other.in").is_none());
        assert_eq!(
            m.benches,
            vec![BenchCase { input: "gen:sparse-1m".into(), args: vec!["matching".into()] }]
        );
    }

    #[test]
    fn star_matches_everything() {
        let m = Manifest::parse("case * diff\n").unwrap();
        assert_eq!(m.rule_for("anything.in").unwrap().judge, Judge::Diff);
    }

    #[test]
    fn bad_lines_are_reported() {
        assert_eq!(Manifest::parse("case x nosuchjudge").unwrap_err(), "1: unknown judge `nosuchjudge`");
        assert!(Manifest::parse("\nfrobnicate").unwrap_err().starts_with("2: "));
    }
}
