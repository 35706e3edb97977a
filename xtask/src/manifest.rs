//! `testdata/<crate>/cases.manifest`: how a crate's cases are run and judged, and which are benched.
//!
//! ```text
//! # comment
//! case <name-prefix> <judge> [ARGS...]   # `*` as the prefix matches every case
//! bench <input> [ARGS...]                # a file here, shared:<file>, gen:<generator>, or none
//! heavy <input> [ARGS...]                # a bench case run only by `bench --heavy` (minutes, GBs)
//! same <input-a> <input-b> [ARGS...]     # both bench cases, with ARGS, print the same output
//! bound <input> [ARGS...]                # the memory bound of the bench case's sweep, beside it
//! lemon <mode> <input> [ARGS...]         # LEMON's matching on the bench case's input, beside it
//! beside <input> [ARGS...] | <input> [ARGS...]  # the second bench case is the first one's anchor
//! ```
//! The first `case` line whose prefix starts a case's file name decides how that case runs: the
//! solver is called as `<crate> [ARGS...] <file.in>` and its output judged by `<judge>`. A bench
//! case whose first argument is `mpirun:P` runs the crate's MPI binary `<crate>-mpi` (built with
//! its `mpi` feature) as `mpirun -np P <crate>-mpi [ARGS...] <file.in>`. A bench case whose input is `none` runs
//! `<crate> [ARGS...]` with no FILE (a subcommand that reads no input, such as segment-nim's
//! `analyze --fields N`).
//!
//! A `same` line is a free oracle at sizes no reference reaches (a board and its transpose, say):
//! `bench` compares the outputs of the two cases it names, which must both be `bench` or `heavy`
//! lines with the same ARGS.
//!
//! A `bound` line (lattice-dp) measures, beside the bench case it names, a plain streaming pass
//! that reads each layer of the case's sweep once and writes each once, on the same threads: the
//! least memory traffic any sweep of that board needs ([`crate::stream`]). The table shows it as
//! the case's anchor.
//!
//! A `lemon` line (edmonds-blossom) runs LEMON's matching `<mode>` (`cardinality`, `max-weight`,
//! `min-cost-perfect`: [`crate::lemon::Mode`]) on the input of the bench case `<input> [ARGS...]`,
//! beside it, where LEMON is installed; the answers must agree ([`crate::lemon`]). The table shows
//! it as the case's anchor.
//!
//! A `beside` line names two bench cases of the crate, the second the first one's anchor: the same
//! board with and without a certificate, the whole-board solve beside a query, one format beside
//! another, `analyze` beside the plain solve. Their outputs differ; the table shows the anchor's
//! median and the ratio, which says what the first case costs beyond the second.

use std::path::Path;

use crate::judge::Judge;
use crate::lemon::Mode;

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

/// The input of a bench case that passes no FILE to the solver.
pub const NO_INPUT: &str = "none";

/// A timed case for `cargo xtask bench`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchCase {
    /// `NAME` (a file of the crate's testdata), `shared:NAME`, `gen:GENERATOR`, or [`NO_INPUT`].
    pub input: String,
    /// Arguments passed to the solver before the input file.
    pub args: Vec<String>,
    /// Whether it is a `heavy` line: run only by `bench --heavy`, once, never in CI.
    pub heavy: bool,
}

impl BenchCase {
    /// `input args…`, the words `bench --filter` matches and the table shows.
    pub fn label(&self) -> String {
        std::iter::once(self.input.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A `same` line: two bench cases that must print the same output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameOutput {
    /// The first case's input.
    pub first: String,
    /// The second case's input.
    pub second: String,
    /// The arguments both run with.
    pub args: Vec<String>,
}

/// A `bound` line: the memory bound of a bench case's sweep, measured beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryBound {
    /// The bench case's input.
    pub input: String,
    /// The bench case's arguments.
    pub args: Vec<String>,
}

/// A `lemon` line: LEMON's matching on a bench case's input, measured beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LemonAnchor {
    /// The matching LEMON runs.
    pub mode: Mode,
    /// The bench case's input.
    pub input: String,
    /// The bench case's arguments.
    pub args: Vec<String>,
}

/// A `beside` line: a bench case and the bench case that is its anchor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beside {
    /// The case (input and arguments).
    pub case: (String, Vec<String>),
    /// Its anchor (input and arguments).
    pub anchor: (String, Vec<String>),
}

/// A parsed manifest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    /// Case rules, in file order (first match wins).
    pub cases: Vec<CaseRule>,
    /// Bench cases (`bench` and `heavy` lines), in file order.
    pub benches: Vec<BenchCase>,
    /// Output agreements (`same` lines), in file order.
    pub same: Vec<SameOutput>,
    /// Memory bounds (`bound` lines), in file order.
    pub bounds: Vec<MemoryBound>,
    /// LEMON anchors (`lemon` lines), in file order.
    pub lemons: Vec<LemonAnchor>,
    /// Anchors among the crate's own cases (`beside` lines), in file order.
    pub besides: Vec<Beside>,
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
                [kind @ ("bench" | "heavy"), input, args @ ..] => manifest.benches.push(BenchCase {
                    input: input.to_string(),
                    args: owned(args),
                    heavy: *kind == "heavy",
                }),
                ["same", first, second, args @ ..] => manifest.same.push(SameOutput {
                    first: first.to_string(),
                    second: second.to_string(),
                    args: owned(args),
                }),
                ["bound", input, args @ ..] => {
                    manifest.bounds.push(MemoryBound { input: input.to_string(), args: owned(args) })
                }
                ["lemon", mode, input, args @ ..] => manifest.lemons.push(LemonAnchor {
                    mode: Mode::from_name(mode).map_err(|e| format!("{}: {e}", number + 1))?,
                    input: input.to_string(),
                    args: owned(args),
                }),
                ["beside", rest @ ..] if rest.contains(&"|") => {
                    let bar = rest.iter().position(|w| *w == "|").unwrap_or(rest.len());
                    let (case, anchor) = (&rest[..bar], &rest[bar + 1..]);
                    let (Some((case_input, case_args)), Some((anchor_input, anchor_args))) =
                        (case.split_first(), anchor.split_first())
                    else {
                        return Err(format!("{}: expected `beside INPUT [ARGS] | INPUT [ARGS]`", number + 1));
                    };
                    manifest.besides.push(Beside {
                        case: (case_input.to_string(), owned(case_args)),
                        anchor: (anchor_input.to_string(), owned(anchor_args)),
                    });
                }
                _ => {
                    return Err(format!(
                        "{}: expected `case PREFIX JUDGE [ARGS]`, `bench INPUT [ARGS]`, `heavy INPUT [ARGS]`, \
                         `same INPUT INPUT [ARGS]`, `bound INPUT [ARGS]`, `lemon MODE INPUT [ARGS]` or \
                         `beside INPUT [ARGS] | INPUT [ARGS]`",
                        number + 1
                    ));
                }
            }
        }
        for same in &manifest.same {
            for input in [&same.first, &same.second] {
                if !manifest.benches.iter().any(|b| &b.input == input && b.args == same.args) {
                    return Err(format!(
                        "`same {} {} {}`: no bench or heavy line runs `{input}` with these arguments",
                        same.first,
                        same.second,
                        same.args.join(" ")
                    ));
                }
            }
        }
        for bound in &manifest.bounds {
            if !manifest.benches.iter().any(|b| b.input == bound.input && b.args == bound.args) {
                return Err(format!(
                    "`bound {} {}`: no bench or heavy line runs it with these arguments",
                    bound.input,
                    bound.args.join(" ")
                ));
            }
        }
        for lemon in &manifest.lemons {
            if !manifest.benches.iter().any(|b| b.input == lemon.input && b.args == lemon.args) {
                return Err(format!(
                    "`lemon {} {} {}`: no bench or heavy line runs it with these arguments",
                    lemon.mode.name(),
                    lemon.input,
                    lemon.args.join(" ")
                ));
            }
        }
        for beside in &manifest.besides {
            for (input, args) in [&beside.case, &beside.anchor] {
                if !manifest.benches.iter().any(|b| &b.input == input && &b.args == args) {
                    return Err(format!(
                        "`beside {} {} | {} {}`: no bench or heavy line runs `{input} {}`",
                        beside.case.0,
                        beside.case.1.join(" "),
                        beside.anchor.0,
                        beside.anchor.1.join(" "),
                        args.join(" ")
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
            vec![BenchCase { input: "gen:sparse-1m".into(), args: vec!["matching".into()], heavy: false }]
        );
    }

    #[test]
    fn beside_lines_pair_two_bench_cases() {
        let m = Manifest::parse(
            "bench gen:a x --certificate\nbench gen:a x\nbeside gen:a x --certificate | gen:a x\n",
        )
        .unwrap();
        let args = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(
            m.besides,
            vec![Beside {
                case: ("gen:a".into(), args(&["x", "--certificate"])),
                anchor: ("gen:a".into(), args(&["x"]))
            }]
        );
        let missing = Manifest::parse("bench gen:a x\nbeside gen:a x | gen:b x\n").unwrap_err();
        assert!(missing.contains("`gen:b x`"), "{missing}");
        assert!(Manifest::parse("bench gen:a\nbeside gen:a |\n").unwrap_err().contains("beside INPUT"));
    }

    #[test]
    fn heavy_and_same_lines_are_read_and_same_needs_both_cases() {
        let m = Manifest::parse("bench a x\nheavy b x\nsame a b x\n").unwrap();
        assert_eq!(m.benches.iter().map(|b| b.heavy).collect::<Vec<_>>(), vec![false, true]);
        assert_eq!(m.benches[1].label(), "b x");
        assert_eq!(
            m.same,
            vec![SameOutput { first: "a".into(), second: "b".into(), args: vec!["x".into()] }]
        );
        assert!(Manifest::parse("bench a x\nheavy b\nsame a b x\n").unwrap_err().contains("`b`"));
    }

    #[test]
    fn bound_lines_name_a_bench_case() {
        let m = Manifest::parse("bench gen:a\nbound gen:a\n").unwrap();
        assert_eq!(m.bounds, vec![MemoryBound { input: "gen:a".into(), args: vec![] }]);
        assert!(Manifest::parse("bench gen:a\nbound gen:a x\n").unwrap_err().contains("`bound gen:a x`"));
    }

    #[test]
    fn lemon_lines_name_a_mode_and_a_bench_case() {
        let m = Manifest::parse("bench gen:w weighted-matching\nlemon max-weight gen:w weighted-matching\n")
            .unwrap();
        assert_eq!(
            m.lemons,
            vec![LemonAnchor {
                mode: Mode::MaxWeight,
                input: "gen:w".into(),
                args: vec!["weighted-matching".into()]
            }]
        );
        assert!(Manifest::parse("bench gen:w\nlemon max-weight gen:w x\n").unwrap_err().contains("`lemon "));
        assert!(
            Manifest::parse("bench gen:w\nlemon max gen:w\n").unwrap_err().starts_with("2: unknown LEMON")
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
