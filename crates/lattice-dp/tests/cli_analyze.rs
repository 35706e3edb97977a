//! `lattice-dp analyze`: its text and JSON, its refusals, and the crate README's example.

use std::path::Path;
use std::process::Output;

use damaged_input::{stderr_text as stderr, stdout_text as stdout};

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_lattice-dp"), args, input.as_bytes())
}

const SAMPLE: &str = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn json_is_one_object_with_the_counts_and_the_game() {
    let output = run(&["analyze", "--json"], SAMPLE);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["game"], "lattice-dp");
    assert_eq!(
        (json["board"].as_u64(), json["rows"].as_u64(), json["columns"].as_u64()),
        (Some(1), Some(2), Some(3))
    );
    assert_eq!(json["states"], 10);
    assert_eq!(json["layers"], serde_json::json!([1, 1, 2, 2, 2, 1, 1]));
    assert_eq!(json["score"], 2);
    let counts: u64 = json["scores"].as_array().unwrap().iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(counts, 10);
    let line = json["line"].as_array().unwrap();
    assert_eq!(line.len(), 6);
    assert_eq!(
        line[5],
        serde_json::json!({"move": "2,3", "player": "second", "gain": 1, "first": 12, "second": 10})
    );
    assert_eq!((json["first"].as_i64(), json["second"].as_i64()), (Some(12), Some(10)));
    assert_eq!(json["winner"], "first");
}

#[test]
fn text_fits_100_columns_and_shows_every_part() {
    let input = std::fs::read_to_string(workspace().join("testdata/lattice-dp/l10-rand-10x10.in")).unwrap();
    let output = run(&["analyze"], &input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
        assert_eq!(line.trim_end(), line, "trailing spaces");
    }
    assert!(text.starts_with("Board 1 (10×10): 184756 states"), "{text}");
    assert!(text.contains("  0:1 "), "{text}");
    assert!(text.contains("  100:1\n"), "{text}");
    let expected =
        std::fs::read_to_string(workspace().join("testdata/lattice-dp/l10-rand-10x10.out")).unwrap();
    let last = text.lines().last().unwrap();
    let (first, second) = last
        .strip_prefix("first ")
        .and_then(|rest| rest.split_once(" - second "))
        .map(|(f, rest)| (f.parse::<i64>().unwrap(), rest.split(':').next().unwrap().parse::<i64>().unwrap()))
        .unwrap();
    assert_eq!((first - second).to_string(), expected.trim());
    // The histogram's fullest bucket has the longest bar.
    assert!(text.lines().any(|l| l.ends_with(&"#".repeat(40))), "{text}");
    assert!(text.lines().filter(|l| l.contains('#')).count() >= 2, "{text}");
}

#[test]
fn bad_input_is_located_and_prints_nothing() {
    for args in [&["analyze"][..], &["analyze", "--json"]] {
        let output = run(args, "2 3\n2 7 3 4\n9 1 2\n3 7 2\n2 3 1\n");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output), "error: line 2, column 7: row 1 of A has more than 3 values\n");
        assert!(output.stdout.is_empty());
        let output = run(args, "2 3\n2 7 3\n9 1 2\n3 7 2\n2 x 1\n");
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).starts_with("error: line 5, column 3: "), "{}", stderr(&output));
    }
}

#[test]
fn the_distributed_sweep_and_checkpoints_are_refused_with_a_message() {
    for (args, option) in [
        (&["analyze", "--distributed"][..], "--distributed"),
        (&["analyze", "--checkpoint", "dir"], "--checkpoint"),
        (&["analyze", "--json", "--resume", "dir"], "--resume"),
    ] {
        let output = run(args, SAMPLE);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            format!(
                "error: analyze takes no {option}: it counts every state in one sweep of this process (see lattice-dp analyze --help)\n"
            )
        );
        assert!(output.stdout.is_empty());
    }
    let help = stdout(&run(&["analyze", "--help"], ""));
    assert!(help.contains("--distributed, --checkpoint and --resume are refused"), "{help}");
    assert!(help.contains("Analysis: every state of the board"), "{help}");
}

#[test]
fn a_memory_limit_too_small_is_refused_before_solving() {
    let output = run(&["analyze", "--memory-limit", "1000"], SAMPLE);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("error: board 2x3: this solve needs about"), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
}

/// The crate README's example of `analyze` is what the binary prints for it.
#[test]
fn the_readme_example_is_the_real_output() {
    let readme = std::fs::read_to_string(workspace().join("crates/lattice-dp/README.md")).unwrap();
    let command = "$ cargo run -q --release -p lattice-dp -- analyze testdata/lattice-dp/l02-sample-2x3.in\n";
    let start = readme.find(command).expect("README shows analyze") + command.len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let input = std::fs::read_to_string(workspace().join("testdata/lattice-dp/l02-sample-2x3.in")).unwrap();
    assert_eq!(stdout(&run(&["analyze"], &input)), shown);
}

/// Buckets between the lowest and the highest non-empty ones are shown with count 0 and no bar.
#[test]
fn empty_buckets_between_are_rows_without_a_bar() {
    let output = run(&["analyze"], "1 3\n0 0 1000\n1 0 0\n");
    let text = stdout(&output);
    let empty: Vec<&str> = text.lines().filter(|l| l.ends_with(" 0    0.0%")).collect();
    assert!(!empty.is_empty(), "{text}");
    assert!(text.lines().all(|l| l.trim_end() == l), "{text}");
}
