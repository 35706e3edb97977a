//! `cargo xtask`: the workspace's automation, as a plain Rust binary (no shell scripts).
//!
//! - `cargo xtask verify [CRATE...] [--filter SUBSTR] [--testdata DIR] [--timeout SECS]`: build the
//!   release solvers once, run every `testdata/<crate>/*.in` through its solver in parallel and judge
//!   the answers as the crate's `cases.manifest` says (exact diff, or a checker for answers with many
//!   valid forms), printing the cases in a stable order.
//! - `cargo xtask readme`: run every documentation example that shows output (```console blocks)
//!   and compare what it prints with what the documentation shows.
//! - `cargo xtask bench [CRATE...] [--runs N] [--heavy] [--filter SUBSTR] [--write]`: run the bench
//!   cases declared in the manifests (with `--heavy` also the heavy ones), several times each, check
//!   their `same` lines, and print (or write to `docs/BENCHMARKS.md`) wall times and peak memory.
//! - `cargo xtask probe`: measure this hour's cost of fresh memory and of a random read, on which
//!   the benchmark figures of a virtual machine depend (`bench` prints it too).
//! - `cargo xtask gen NAME`: print a seeded generated input (the ones `bench` uses) to stdout: a
//!   preset of game-stress, printed by its release binary.
//! - `cargo xtask fuzz [--seconds N] [TARGET]`: run the cargo-fuzz targets of `fuzz/` for a while each.
//! - `cargo xtask ci`: everything CI checks: fmt, clippy, tests, verify.
//! - `tidy` (tests only, run by `cargo test`): rules about the files themselves: no import circle
//!   among a crate's modules, no development history in any tracked file, and the layering words.
//!
//! `cargo xtask`, `cargo xtask --help` and `cargo xtask help` list the commands;
//! `cargo xtask CMD --help` describes one. Exit status: 0 success, 1 a check failed, 2 usage error.
//!
//! xtask depends on no crate of the workspace: it judges the solvers only through their binaries, so
//! its checkers are independent of the code they check. Its generated inputs likewise come from a
//! binary, `game-stress preset NAME` (one set of generators for the stress tool, bench and tests).

mod bench;
mod cargo;
mod ci;
mod cli;
mod fuzz;
mod judge;
mod lemon;
mod manifest;
mod matching_checker;
mod preset;
mod probe;
mod python;
mod readme;
mod run;
mod stream;
#[cfg(test)]
mod tidy;
mod verify;
mod weighted_checker;
mod workspace;

use std::process::ExitCode;

use cli::{Spec, UsageError};

/// The first line of the overall help.
const ABOUT: &str =
    "Workspace automation: verify every solver on every test case, benchmark the heavy cases.";

/// `help [COMMAND]`.
const HELP: Spec = Spec {
    name: "help",
    summary: "Print this help, or the help of one command",
    usage: "[COMMAND]",
    max_positionals: Some(1),
    positionals: &[("COMMAND", "the command to describe")],
    options: &[],
    listing: None,
    notes: "",
};

/// Every command, in the order the overall help lists them.
const COMMANDS: &[&Spec] =
    &[&verify::SPEC, &readme::SPEC, &bench::SPEC, &probe::SPEC, &preset::SPEC, &fuzz::SPEC, &ci::SPEC, &HELP];

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
enum Invocation {
    /// Print this help text and exit successfully.
    Help(String),
    /// `verify`.
    Verify(verify::Options),
    /// `bench`.
    Bench(bench::Options),
    /// `probe`.
    Probe,
    /// `readme`.
    Readme,
    /// `gen NAME`.
    Gen(String),
    /// `fuzz`.
    Fuzz(fuzz::Options),
    /// `ci`.
    Ci,
}

/// Parses the whole command line (without the program name).
fn parse_invocation(args: &[String]) -> Result<Invocation, UsageError> {
    let overall = || Invocation::Help(cli::overall_help(ABOUT, COMMANDS));
    let Some((command, rest)) = args.split_first() else { return Ok(overall()) };
    if command == "-h" || command == "--help" {
        return Ok(overall());
    }
    let spec = find_command(command)?;
    let Some(matches) = cli::parse(spec, rest)? else {
        return Ok(Invocation::Help(cli::command_help(spec)));
    };
    Ok(match spec.name {
        "verify" => Invocation::Verify(verify::Options::from_matches(&matches)?),
        "bench" => Invocation::Bench(bench::Options::from_matches(&matches)?),
        "probe" => Invocation::Probe,
        "readme" => Invocation::Readme,
        "gen" => Invocation::Gen(preset::name_from_matches(&matches)?),
        "fuzz" => Invocation::Fuzz(fuzz::Options::from_matches(&matches)?),
        "ci" => Invocation::Ci,
        _ => match matches.positionals.first() {
            None => overall(),
            Some(name) => Invocation::Help(cli::command_help(find_command(name)?)),
        },
    })
}

/// The command called `name`.
fn find_command(name: &str) -> Result<&'static Spec, UsageError> {
    if let Some(spec) = COMMANDS.iter().find(|spec| spec.name == name) {
        return Ok(spec);
    }
    let names: Vec<&str> = COMMANDS.iter().map(|spec| spec.name).collect();
    let guess = cli::suggestion(name, &names).map(|g| format!(" (did you mean `{g}`?)")).unwrap_or_default();
    let what = if name.starts_with('-') { "option" } else { "command" };
    Err(UsageError {
        message: format!("unknown {what} `{name}`{guess}"),
        hint: "`cargo xtask --help` lists the commands".to_string(),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match parse_invocation(&args) {
        Err(UsageError { message, hint }) => {
            eprintln!("xtask: {message}\nhint: {hint}");
            return ExitCode::from(2);
        }
        Ok(Invocation::Help(text)) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Ok(Invocation::Verify(options)) => verify::run(&options),
        Ok(Invocation::Bench(options)) => bench::run(&options),
        Ok(Invocation::Probe) => probe::run(),
        Ok(Invocation::Readme) => readme::run(),
        Ok(Invocation::Gen(name)) => preset::run(&name),
        Ok(Invocation::Fuzz(options)) => fuzz::run(&options),
        Ok(Invocation::Ci) => ci::run(),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn parse(line: &str) -> Result<Invocation, UsageError> {
        parse_invocation(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    fn help_text(line: &str) -> String {
        match parse(line) {
            Ok(Invocation::Help(text)) => text,
            other => panic!("`{line}` gave {other:?}, not help"),
        }
    }

    #[test]
    fn no_arguments_help_and_dash_h_print_the_overall_help() {
        let overall = help_text("");
        for line in ["--help", "-h", "help"] {
            assert_eq!(help_text(line), overall);
        }
        for spec in COMMANDS {
            let line = format!("\n  {:<8} {}\n", spec.name, spec.summary);
            assert!(overall.contains(&line), "overall help lacks {line:?}");
        }
    }

    #[test]
    fn every_command_has_a_help_listing_every_option() {
        for spec in COMMANDS {
            let help = help_text(&format!("{} --help", spec.name));
            assert_eq!(help, help_text(&format!("{} -h", spec.name)));
            assert_eq!(help, help_text(&format!("help {}", spec.name)));
            for opt in spec.options {
                assert!(help.contains(opt.name), "`{} --help` lacks {}", spec.name, opt.name);
                if let Some(default) = opt.default {
                    assert!(help.contains(&format!("[default: {default}]")));
                }
            }
        }
        assert!(help_text("verify --help").contains("--timeout SECS"));
        assert!(help_text("gen --help").contains("lattice-10x10"));
    }

    #[test]
    fn help_wins_over_running_and_over_other_mistakes() {
        assert!(help_text("ci --help").contains("Usage: cargo xtask ci [OPTIONS]"));
        assert!(help_text("verify --bogus --help").contains("--filter SUBSTR"));
        assert!(help_text("bench --runs 0 -h").contains("--runs N"));
    }

    #[test]
    fn unknown_commands_and_options_are_usage_errors() {
        let error = |line: &str| parse(line).unwrap_err();
        assert_eq!(error("frobnicate").message, "unknown command `frobnicate`");
        assert_eq!(error("frobnicate").hint, "`cargo xtask --help` lists the commands");
        assert_eq!(error("verfy").message, "unknown command `verfy` (did you mean `verify`?)");
        assert_eq!(error("--verbose").message, "unknown option `--verbose`");
        assert_eq!(error("help nope").message, "unknown command `nope`");
        let e = error("verify --fitler x");
        assert_eq!(e.message, "unknown option `--fitler` for `verify` (did you mean `--filter`?)");
        assert_eq!(e.hint, "`cargo xtask verify --help` lists its arguments and options");
        assert_eq!(error("bench --help-me").message, "unknown option `--help-me` for `bench`");
        assert_eq!(error("gen").message, "missing the generator NAME");
        assert_eq!(error("gen --list").message, "unknown option `--list` for `gen`");
        assert_eq!(
            error("gen lattice-10x1").message,
            "unknown generator `lattice-10x1` (did you mean `lattice-10x10`?)"
        );
        assert_eq!(error("ci now").message, "`ci` takes no arguments, got `now`");
        assert_eq!(error("verify --timeout soon").message, "`--timeout` takes whole seconds, not `soon`");
        assert_eq!(error("bench --runs 0").message, "`--runs` takes a positive count, not `0`");
        assert_eq!(error("fuzz --seconds").message, "`--seconds` needs a value: `--seconds N`");
    }

    #[test]
    fn every_existing_option_still_parses() {
        let verify =
            parse("verify lattice-dp segment-nim --filter large --testdata /tmp/t --timeout 9").unwrap();
        let expected = verify::Options {
            crates: vec!["lattice-dp".into(), "segment-nim".into()],
            filter: Some("large".into()),
            testdata: Some("/tmp/t".into()),
            limit: Duration::from_secs(9),
        };
        assert_eq!(verify, Invocation::Verify(expected));
        assert_eq!(parse("verify").unwrap(), Invocation::Verify(verify::Options::default()));
        assert!(matches!(parse("bench lattice-dp --runs 3 --write"), Ok(Invocation::Bench(_))));
        assert_eq!(parse("gen lattice-10x10").unwrap(), Invocation::Gen("lattice-10x10".into()));
        assert!(matches!(parse("fuzz --seconds 5 some-target"), Ok(Invocation::Fuzz(_))));
        assert_eq!(parse("ci").unwrap(), Invocation::Ci);
    }

    #[test]
    fn the_documented_verify_timeout_default_is_the_real_one() {
        let timeout = verify::SPEC.options.iter().find(|o| o.name == "--timeout").unwrap();
        assert_eq!(timeout.default, Some(verify::Options::default().limit.as_secs().to_string().as_str()));
    }
}
