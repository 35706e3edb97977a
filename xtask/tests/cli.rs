//! The xtask binary's command line, end to end: help goes to stdout with status 0, mistakes are
//! two lines on stderr with status 2, and neither runs anything.

use std::process::{Command, Output};

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask")).args(args).output().expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn overall_help_lists_every_command() {
    for args in [&[][..], &["--help"], &["-h"], &["help"]] {
        let out = xtask(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let stdout = text(&out.stdout);
        for command in ["verify", "bench", "gen", "fuzz", "ci", "help"] {
            assert!(stdout.contains(&format!("\n  {command:<8} ")), "{args:?} lacks {command}:\n{stdout}");
        }
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn command_help_runs_nothing() {
    for command in ["verify", "bench", "gen", "fuzz", "ci"] {
        let out = xtask(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command} --help");
        assert!(text(&out.stdout).contains(&format!("Usage: cargo xtask {command}")));
        assert!(out.stderr.is_empty(), "`{command} --help` wrote to stderr: {}", text(&out.stderr));
    }
}

#[test]
fn mistakes_exit_with_status_2_and_a_hint() {
    for args in [
        &["frobnicate"][..],
        &["verify", "--bogus"],
        &["bench", "--help-me"],
        &["gen", "--help-me"],
        &["ci", "x"],
    ] {
        let out = xtask(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert!(
            matches!(lines.as_slice(), [error, hint] if error.starts_with("xtask: ") && hint.starts_with("hint: "))
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_filter_that_selects_nothing_fails_before_building() {
    let out = xtask(&["verify", "--filter", "zzz-no-such-case"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("`zzz-no-such-case` selects no test case"), "{stderr}");
    assert!(!stderr.contains("cargo build"), "{stderr}");
}
