//! `cargo xtask readme`: every example of the documentation that shows output is run, and its output
//! must be what the documentation shows.
//!
//! An example is a fenced block whose info string is `console`, in README.md, `crates/*/README.md` or
//! `docs/*.md`. In it, a line starting with `$ ` is a command (a line ending in `\` continues on the
//! next line) and the lines up to the next command are what it prints on standard output. The
//! commands of a block run in order in one bash process, so `cd` and files written by one command
//! carry over to the next, and `echo $?` prints the status of the command before it.
//!
//! Each block runs in a scratch copy of the files examples read (`docs/`, `testdata/` and each
//! crate's `examples/`), never in the checkout, so an example that writes files leaves nothing
//! behind. The release binaries of the workspace come first on `PATH`, and `cargo run -q --release
//! -p NAME [--]` and `cargo xtask gen NAME` are read as those binaries (`NAME`, `game-stress preset
//! NAME`), so the examples run exactly as a reader types them, without cargo.
//!
//! What changes from run to run is masked on both sides before comparing: a duration (`2.91 s`,
//! `15 ms`) and a rate (`2 cases/s`, `0.5 s/case`).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cargo::{build_release, release_binary};
use crate::cli::Spec;
use crate::workspace::workspace_root;

/// The command line of `readme` (no arguments).
pub const SPEC: Spec = Spec {
    name: "readme",
    summary: "Run every documentation example that shows output and compare what it prints",
    usage: "",
    max_positionals: Some(0),
    positionals: &[],
    options: &[],
    listing: None,
    notes: "Builds the release binaries of the four solvers and game-stress, then runs every ```console block of README.md,
crates/*/README.md and docs/*.md: each `$ ` line is a command, the lines after it its standard
output. Durations and rates are masked. Blocks run in a scratch copy of docs/, testdata/ and the
crates' examples/ folders. Exit status 1 when an example prints something else.",
};

/// One command of an example and what the documentation says it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The command as a reader types it (continuation lines joined).
    pub command: String,
    /// The output shown under it.
    pub output: String,
}

/// One ```console block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The file, relative to the workspace root.
    pub file: PathBuf,
    /// The line of the block's opening fence (1-based).
    pub line: usize,
    /// Its commands in order.
    pub steps: Vec<Step>,
}

/// The ```console blocks of one Markdown text.
pub fn examples(file: &Path, text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        if line.trim_end() != "```console" {
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        let mut continued = false;
        for (_, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            if continued {
                let step = steps.last_mut().expect("a continued command");
                step.command.push('\n');
                step.command.push_str(line);
                continued = line.ends_with('\\');
            } else if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step { command: command.to_string(), output: String::new() });
                continued = command.ends_with('\\');
            } else if let Some(step) = steps.last_mut() {
                step.output.push_str(line);
                step.output.push('\n');
            }
        }
        if !steps.is_empty() {
            out.push(Example { file: file.to_path_buf(), line: i + 1, steps });
        }
    }
    out
}

/// A command as it runs here: `cargo run -q --release -p NAME [--]` becomes `NAME`, `cargo xtask
/// gen NAME` becomes `game-stress preset NAME`.
pub fn runnable(command: &str) -> String {
    let mut out = command.to_string();
    while let Some(at) = out.find("cargo run -q --release -p ") {
        let rest = &out[at + "cargo run -q --release -p ".len()..];
        let name_len = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
        let name = rest[..name_len].to_string();
        let mut after = &rest[name_len..];
        if let Some(args) = after.strip_prefix(" --") {
            if args.is_empty() || args.starts_with(' ') {
                after = args;
            }
        }
        out = format!("{}{name}{after}", &out[..at]);
    }
    out.replace("cargo xtask gen ", "game-stress preset ")
}

/// `text` with durations and rates replaced by placeholders, trailing blanks and empty lines at
/// the end removed.
pub fn masked(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let mut masked_line = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let next = words.get(i + 1).map(|w| w.trim_end_matches([',', ')', '.', ';']));
            let number = word.trim_start_matches('(');
            if let Some(unit) = next.filter(|u| is_number(number) && UNITS.contains(u)) {
                let prefix = if word.starts_with('(') { "(" } else { "" };
                let kind = if unit.contains('/') { "RATE" } else { "TIME" };
                let suffix = &words[i + 1][unit.len()..];
                masked_line.push(format!("{prefix}{kind}{suffix}"));
                i += 2;
                continue;
            }
            masked_line.push(word.to_string());
            i += 1;
        }
        out.push_str(masked_line.join(" ").trim_end());
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The units after a number that make it a duration or a rate.
const UNITS: [&str; 5] = ["s", "ms", "µs", "cases/s", "s/case"];

/// `12`, `2.91`.
fn is_number(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(|c| c.is_ascii_digit() || c == '.')
        && word.chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// Every example of the workspace's documentation.
pub fn all_examples(root: &Path) -> Result<Vec<Example>, String> {
    let mut files = vec![PathBuf::from("README.md")];
    for folder in ["crates", "docs"] {
        let mut entries: Vec<PathBuf> = fs::read_dir(root.join(folder))
            .map_err(|e| format!("{folder}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for entry in entries {
            let file = if folder == "crates" { entry.join("README.md") } else { entry };
            if file.extension().is_some_and(|e| e == "md") && file.is_file() {
                files.push(file.strip_prefix(root).unwrap_or(&file).to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(root.join(&file)).map_err(|e| format!("{}: {e}", file.display()))?;
        out.extend(examples(&file, &text));
    }
    Ok(out)
}

/// The crates whose release binaries the examples run: the solver games and game-stress.
fn example_binaries() -> Vec<String> {
    crate::workspace::games().into_iter().chain(["game-stress"]).map(String::from).collect()
}

/// A marker line between the outputs of two commands (never printed by an example).
const MARKER: &str = "@@xtask-readme-step@@";

/// Runs the examples of one file in order, in one bash process started in `scratch` (a copy of
/// what examples read), so that a `cd` of one block holds for the next, as for a reader; returns
/// each command's output, in order.
fn run_file(examples: &[&Example], scratch: &Path, path: &str) -> Result<Vec<String>, String> {
    let mut script = String::from("set +e\n");
    for step in examples.iter().flat_map(|e| &e.steps) {
        // The status of the command survives the marker, for an `echo $?` that follows.
        let _ = writeln!(
            script,
            "{}\n__status=$?\nprintf '\\n{MARKER}\\n'\n(exit $__status)",
            runnable(&step.command)
        );
    }
    let output = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(scratch)
        .env("PATH", path)
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut parts: Vec<String> = stdout.split(&format!("\n{MARKER}\n")).map(str::to_string).collect();
    parts.pop();
    Ok(parts)
}

/// Whether `got` is what the documentation `shows`, both [`masked`]; a line `…` of the
/// documentation stands for any number of lines (none included).
pub fn matches(got: &str, shows: &str) -> bool {
    let got = masked(got);
    let shows = masked(shows);
    let got: Vec<&str> = got.lines().collect();
    let pattern: Vec<&str> = shows.lines().collect();
    fits(&got, &pattern)
}

/// Line-by-line matching with `…` as a wildcard over lines.
fn fits(got: &[&str], pattern: &[&str]) -> bool {
    match pattern.split_first() {
        None => got.is_empty(),
        Some((&"…", rest)) => (0..=got.len()).any(|skip| fits(&got[skip..], rest)),
        Some((line, rest)) => got.first() == Some(line) && fits(&got[1..], rest),
    }
}

/// Copies what the examples read into a fresh scratch folder.
fn scratch_copy(root: &Path, scratch: &Path) -> Result<(), String> {
    let _ = fs::remove_dir_all(scratch);
    fs::create_dir_all(scratch.join("crates")).map_err(|e| e.to_string())?;
    let mut copies: Vec<(PathBuf, PathBuf)> =
        vec![(root.join("docs"), scratch.to_path_buf()), (root.join("testdata"), scratch.to_path_buf())];
    for entry in fs::read_dir(root.join("crates")).map_err(|e| e.to_string())?.flatten() {
        let examples = entry.path().join("examples");
        if examples.is_dir() {
            let into = scratch.join("crates").join(entry.file_name());
            fs::create_dir_all(&into).map_err(|e| e.to_string())?;
            copies.push((examples, into));
        }
    }
    for (from, into) in copies {
        let status =
            Command::new("cp").arg("-a").arg(&from).arg(&into).status().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("cannot copy {} into {}", from.display(), into.display()));
        }
    }
    Ok(())
}

/// Builds the release binaries, runs every example, prints each mismatch; `Ok(false)` on one.
pub fn run() -> Result<bool, String> {
    let root = workspace_root();
    build_release(&example_binaries())?;
    let bin = release_binary("game-stress").parent().map(Path::to_path_buf).unwrap_or_default();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let scratch = std::env::temp_dir().join(format!("xtask-readme-{}", std::process::id()));
    let examples = all_examples(&root)?;
    let mut failed = 0;
    let mut steps = 0;
    let mut files: Vec<&Path> = examples.iter().map(|e| e.file.as_path()).collect();
    files.dedup();
    for file in files {
        let of_file: Vec<&Example> = examples.iter().filter(|e| e.file == file).collect();
        scratch_copy(&root, &scratch)?;
        let outputs = run_file(&of_file, &scratch, &path)?;
        let mut outputs = outputs.iter();
        for example in of_file {
            for step in &example.steps {
                steps += 1;
                let got = outputs
                    .next()
                    .map(String::as_str)
                    .unwrap_or("(the examples stopped before this command)\n");
                if !matches(got, &step.output) {
                    failed += 1;
                    eprintln!(
                        "{}:{}: `{}` printed\n{}--- the documentation shows ---\n{}",
                        example.file.display(),
                        example.line,
                        step.command,
                        got,
                        step.output
                    );
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    println!("{} examples, {steps} commands, {failed} printed something else", examples.len());
    Ok(failed == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_read_as_commands_and_their_outputs() {
        let text = "intro\n```console\n$ printf 'a\\n' \\\n    | cat\na\n$ echo $?\n0\n```\n```sh\n$ not an example\n```\n";
        let found = examples(Path::new("R.md"), text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert_eq!(
            found[0].steps,
            [
                Step { command: "printf 'a\\n' \\\n    | cat".into(), output: "a\n".into() },
                Step { command: "echo $?".into(), output: "0\n".into() },
            ]
        );
    }

    #[test]
    fn cargo_commands_become_the_binaries() {
        assert_eq!(runnable("cargo run -q --release -p lattice-dp -- query x.in"), "lattice-dp query x.in");
        assert_eq!(
            runnable("printf 'x' | cargo run -q --release -p pawn-retrograde"),
            "printf 'x' | pawn-retrograde"
        );
        assert_eq!(
            runnable("cargo xtask gen lattice-22x22 > b.in"),
            "game-stress preset lattice-22x22 > b.in"
        );
        assert_eq!(runnable("cargo run -q --release -p a --x"), "a --x");
    }

    #[test]
    fn an_ellipsis_stands_for_any_lines() {
        assert!(matches("a\nb\nc\nd\n", "a\n…\nd\n"));
        assert!(matches("a\nd\n", "a\n…\nd\n"));
        assert!(matches("a\nb\n", "a\n…\n"));
        assert!(!matches("a\nb\nc\n", "a\n…\nd\n"));
        assert!(!matches("a\nb\n", "a\n"));
    }

    #[test]
    fn durations_and_rates_are_masked_and_nothing_else() {
        let a = "FAILED 1 cases, 2.91 s, 2.50 s of it shrinking (2 cases/s), seed 7\nRed 1\n\n";
        let b = "FAILED 1 cases, 0.4 s, 0.1 s of it shrinking (0.5 s/case), seed 7\nRed 1";
        assert_eq!(masked(a), masked(b));
        assert_ne!(masked("Red 1"), masked("Red 2"));
        assert_ne!(masked("3 cases, 1 s"), masked("4 cases, 1 s"));
        assert_eq!(masked("took 15 ms."), masked("took 9 ms."));
    }
}
