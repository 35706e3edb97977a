//! The binary: exit statuses, located errors, `--help`, `--explain`, `--json`, streaming.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{solver, text};

const SAMPLE: &str = "3\n9 2 3\n3 8\n2 5 6\n6 2 2\n5 6\n2 4\n7 1 1\n3\n4\n";

#[test]
fn answers_the_sample() {
    let out = solver(&[], SAMPLE);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "C\nB\nR\n");
}

#[test]
fn bad_inputs_exit_2_with_a_location() {
    let cases = [
        ("not increasing", "1\n9 2 0\n5 3\n\n", "line 3, column 3", "strictly increasing"),
        ("out of 1..n", "1\n9 1 0\n10\n\n", "line 3, column 1", "out of range 1..=9"),
        ("position zero", "1\n9 1 0\n0\n\n", "line 3, column 1", "out of range 1..=9"),
        ("both colours on a field", "1\n9 1 1\n4\n4\n", "line 4, column 1", "white and a black"),
        ("w + c > n", "1\n3 2 2\n1 2\n", "line 2, column 5", "do not fit"),
        ("too few positions", "1\n9 2 1\n3\nx\n", "line 4, column 1", "expected white position, found 'x'"),
        ("too many positions", "1\n9 1 1\n3 5\n7\n", "line 4, column 1", "trailing input '7'"),
        ("n too large", "1\n1000000000000000001 0 0\n", "line 2, column 1", "out of range"),
        ("number overflows u64", "1\n9 99999999999999999999 0\n", "line 2, column 3", "out of range"),
        ("truncated", "2\n9 1 1\n3\n5\n9 1", "line 5, column 4", "unexpected end of input"),
        ("not a number", "x\n", "line 1, column 1", "expected number of boards"),
        ("empty input", "", "line 1, column 1", "unexpected end of input"),
        (
            "too many pawns",
            "1\n1000000000000000000 999999999999999999 1\n",
            "line 2, column 40",
            "more than 10000000 pawns",
        ),
    ];
    for (what, input, place, message) in cases {
        let out = solver(&[], input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(err.starts_with(&format!("error: {place}: ")), "{what}: {err}");
        assert!(err.contains(message), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
    }
}

#[test]
fn an_input_with_an_error_gets_nothing_on_standard_output() {
    let input = "3\n6 2 2\n5 6\n2 4\n7 1 1\n3\n3\n7 1 1\n3\n4\n";
    for args in [&[][..], &["--explain"], &["--json"], &["query"]] {
        let out = solver(args, input);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
    let out = solver(&[], input);
    assert!(text(&out.stderr).contains("line 7, column 1"));
}

#[test]
fn help_shows_usage() {
    let out = solver(&["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    assert!(help.contains("Usage: segment-nim [OPTIONS] [FILE]"), "{help}");
    assert!(help.contains("--explain") && help.contains("--json"), "{help}");
}

#[test]
fn explain_shows_the_structure_and_a_confirmed_move() {
    let out = solver(&["--explain"], SAMPLE);
    assert!(out.status.success());
    let report = text(&out.stdout);
    for needle in [
        "Position 1 (9 fields), white to move: C; 2 white, 3 black",
        "runs (4, clockwise)",
        "segments (",
        "safe segments: white 0, black 0",
        "threats of white: none",
        "nim xor of the kept gaps: 1",
        "decided by: rule 5",
        "Position 3 (7 fields), white to move: R; 1 white, 1 black",
        "rule 1",
        "winning move for white: ",
        "confirmed: black to move loses)",
    ] {
        assert!(report.contains(needle), "missing {needle:?} in\n{report}");
    }
}

/// The words `--explain` uses, each with the start of its definition.
const WORDS: [&str; 8] =
    ["run: ", "big run: ", "slack: ", "gap: ", "segment: ", "safe: ", "threat: ", "B = white wins"];

#[test]
fn help_and_explain_define_their_words() {
    let help = text(&solver(&["--help"], "").stdout);
    let answers = &help[help.find("Answers:").expect("an Answers section")..];
    for word in [
        "a run is",
        "slack is",
        "its gap",
        "a big run",
        "safe",
        "a threat is",
        "B = white wins",
        "C = black wins",
        "R = draw",
    ] {
        assert!(answers.contains(word), "--help's Answers lacks {word:?}:\n{answers}");
    }
    let report = text(&solver(&["--explain"], SAMPLE).stdout);
    let words = &report[report.find("\nWords: ").expect("a Words block after the boards")..];
    for word in WORDS {
        assert!(words.contains(word), "--explain's words lack {word:?}:\n{words}");
    }
    assert_eq!(report.matches("\nWords: ").count(), 1, "once, after the last board");
}

#[test]
fn explain_lists_threats_and_safe_segments() {
    // White: a tight run 1 2 3 with gaps 2 and 3 around it; black: run 6 8 9 with slack 1.
    let out = solver(&["--explain"], "1\n12 3 3\n1 2 3\n6 8 9\n");
    let report = text(&out.stdout);
    let white_threats = report.lines().find(|l| l.contains("threats of white:")).unwrap();
    assert!(white_threats.contains("gap 2 between fields 3 and 6"), "{report}");
    assert!(white_threats.contains("gap 3 between fields 9 and 1"), "{report}");
    assert!(report.contains("threats of black: none"), "{report}");
    assert!(report.contains("safe segments: white 0, black 1"), "{report}");
}

#[test]
fn json_lines_parse_and_carry_the_analysis() {
    let out = solver(&["--json"], SAMPLE);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["answer"], "C");
    assert_eq!(lines[0]["decided_by"]["rule"], "big-runs-of-one-colour");
    assert_eq!(lines[0]["decided_by"]["colour"], "black");
    assert!(lines[0]["nim_xor"].is_null());
    assert_eq!(lines[1]["nim_xor"], 1);
    assert_eq!(lines[1]["segments"].as_array().unwrap().len(), 2);
    assert_eq!(lines[0]["runs"].as_array().unwrap().len(), 4);
    assert_eq!(lines[1]["answer"], "B");
    assert_eq!(lines[1]["decided_by"]["rule"], "nim");
    let mv = &lines[1]["winning_move"];
    assert!(mv["from"].is_u64() && mv["to"].is_u64(), "{mv}");
    assert_eq!(lines[2]["decided_by"]["rule"], "no-big-run");
    assert!(lines[2]["winning_move"].is_null());
}

#[test]
fn explain_and_json_conflict() {
    let out = solver(&["--explain", "--json"], SAMPLE);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn missing_file_is_an_error() {
    let out = solver(&["/nonexistent/segment-nim.in"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: cannot read /nonexistent/segment-nim.in"));
}

#[test]
fn a_closed_stdout_does_not_panic() {
    let input = format!("200000\n{}", "6 2 2\n5 6\n2 4\n".repeat(200_000));
    let mut child = Command::new(env!("CARGO_BIN_EXE_segment-nim"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    drop(child.stdout.take());
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn analyze_counts_every_placement_as_text_and_json() {
    let out = solver(&["analyze", "--fields", "4"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let plain = text(&out.stdout);
    assert!(
        plain.starts_with("4 fields: 81 placements of white and black pawns, white to move\n"),
        "{plain}"
    );
    assert_eq!(
        plain.matches("   W   B  white wins  black wins       draws       total\n").count(),
        2,
        "{plain}"
    );
    assert!(plain.lines().all(|line| line.len() <= 100), "{plain}");
    let out = solver(&["analyze", "--json", "--fields", "4"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["game"].as_str(), json["fields"].as_u64()), (Some("segment-nim"), Some(4)));
    assert_eq!(json["totals"]["total"], 81);
    // Pairs (W, B) with W + B <= 4.
    assert_eq!(json["counts"].as_array().unwrap().len(), 15);
    assert_eq!(json["canonical_totals"]["total"], 21);
    // The text shows the same totals.
    let total = |field: &str| json["totals"][field].as_u64().unwrap();
    let row = format!(
        "  totals{:12}{:12}{:12}{:12}\n",
        total("white_wins"),
        total("black_wins"),
        total("draws"),
        total("total")
    );
    assert!(plain.contains(&row), "{row}\n{plain}");
}

#[test]
fn analyze_refuses_a_file_and_fields_out_of_range() {
    for (args, message) in [
        (
            &["analyze", "--fields", "4", "boards.in"][..],
            "error: analyze reads no input, but FILE `boards.in` was given",
        ),
        (&["analyze", "--fields", "4", "-"], "error: analyze reads no input, but FILE `-` was given"),
        (&["analyze", "--fields", "19"], "error: invalid value '19' for '--fields <N>': 19 is not in 1..=18"),
        (&["analyze", "--fields", "0"], "error: invalid value '0' for '--fields <N>': 0 is not in 1..=18"),
        (&["analyze"], "error: the following required arguments were not provided:\n  --fields <N>"),
        (&["analyze", "--explain", "--fields", "4"], "error: unexpected argument '--explain' found"),
    ] {
        let out = solver(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.starts_with(message), "{args:?}: {err}");
    }
}

#[test]
fn analyze_help_says_what_it_counts() {
    let help = text(&solver(&["analyze", "--help"], "").stdout);
    assert!(help.contains("--fields <N>"), "{help}");
    assert!(help.contains("Analysis: reads no FILE: every placement of white and black pawns"), "{help}");
    assert!(help.contains("rotation and reflection"), "{help}");
}

/// The output the crate's README.md shows under the console line `$ COMMAND`.
fn readme_output(command: &str) -> String {
    damaged_input::readme_output(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"), command)
}

#[test]
fn the_readme_shows_what_analyze_prints() {
    let out = solver(&["analyze", "--fields", "3"], "");
    assert_eq!(
        text(&out.stdout),
        readme_output("cargo run -q --release -p segment-nim -- analyze --fields 3")
    );
}

#[test]
fn help_names_the_input_limits() {
    let out = solver(&["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    let input = &help[help.find("Input:").expect("an Input section")..];
    assert!(input.contains("1 <= n <= 10^18"), "{help}");
    assert!(input.contains("at most 10^7 pawns in the whole input"), "{help}");
}

/// A bundled example that only `query` reads: the default mode's one-line error says so, and
/// `query` answers it; an input that `query` refuses too gets the plain error.
#[test]
fn the_default_mode_points_to_query_for_an_input_only_query_reads() {
    damaged_input::assert_points_to_query(damaged_input::QueryOnlyInput {
        bin: env!("CARGO_BIN_EXE_segment-nim"),
        name: "segment-nim",
        example: concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/segment.in"),
        error: "found 'white'",
        refused: "1\n12 3 3 grey\n1 7 12\n2 3 4\n",
    });
}

/// `query --explain` ends with the rule that decides the position for the side to move and, when
/// it wins, a winning move that `play` takes.
#[test]
fn query_explain_gives_the_rule_and_a_winning_move() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/segment.in");
    let out = solver(&["query", "--explain", example], "");
    assert!(out.status.success());
    let report = text(&out.stdout);
    assert!(report.contains("  decided by: rule 5"), "{report}");
    let line = report.lines().find(|l| l.starts_with("  a winning move: ")).expect(&report);
    let slide = line["  a winning move: ".len()..].split(" (").next().unwrap();
    assert!(
        report.lines().any(|l| l.trim_start().starts_with(slide) && l.trim_end().ends_with("win")),
        "{report}"
    );
    // A lost position has its rule and no winning move.
    let lost = text(&solver(&["query", "--explain"], "1\n5 1 0 black\n3\n").stdout);
    assert!(lost.contains("  decided by: black has no pawn"), "{lost}");
    assert!(!lost.contains("a winning move"), "{lost}");
}
