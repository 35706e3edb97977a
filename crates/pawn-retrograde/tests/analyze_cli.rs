//! `pawn-retrograde analyze`: the text report, `--json` (one object per board, read with
//! serde_json), bad input, `--help`, and the README's example.

use std::process::Output;

use damaged_input::{stderr_text as stderr, stdout_text as stdout};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_pawn-retrograde");

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(BIN, args, input.as_bytes())
}

/// An open 3×3 board, a 4×1 column, a walled 3×3 tie (all mirror-symmetric) and a 3×3 board
/// with one obstacle in a corner (not).
const SAMPLE: &str = "s 4\n3 3\n...\n.X.\nO.O\n4 1\n.\nX\nO\nO\n3 3\nOO.\n###\nX..\n3 3\n#..\n.X.\nO.O\n";

/// The number of placements of a board with `f` free cells, both sides to move.
fn placements(f: u64) -> u64 {
    2 * f * ((f - 1) * (f - 2) / 2)
}

#[test]
fn json_holds_one_object_per_board_with_the_agreed_fields() {
    let o = run(&["analyze", "--json"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let boards: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(boards.len(), 4);
    for (i, (board, free)) in boards.iter().zip([9u64, 4, 6, 8]).enumerate() {
        assert_eq!(board["game"], "pawn-retrograde");
        assert_eq!(board["board"], i + 1);
        let total = board["all"]["totals"]["total"].as_u64().unwrap();
        assert_eq!(total, placements(free), "board {}", i + 1);
        assert_eq!(board["index_size"].as_u64().unwrap(), free * free * (free - 1));
        let share = board["legal_share"].as_f64().unwrap();
        assert!((share - total as f64 / (free * free * (free - 1)) as f64).abs() < 1e-12);
        for table in [&board["all"], &board["reachable"]] {
            let rows = table["rows"].as_array().unwrap();
            assert_eq!(rows[0]["remoteness"], Value::Null);
            assert_eq!((rows[0]["win"].as_u64(), rows[0]["lose"].as_u64()), (Some(0), Some(0)));
            let remoteness: Vec<u64> = rows[1..].iter().map(|r| r["remoteness"].as_u64().unwrap()).collect();
            let largest = remoteness[0];
            assert_eq!(remoteness, (0..=largest).rev().collect::<Vec<_>>());
            let sum = |key: &str| rows.iter().map(|r| r[key].as_u64().unwrap()).sum::<u64>();
            for key in ["win", "lose", "draw", "total"] {
                assert_eq!(sum(key), table["totals"][key].as_u64().unwrap(), "{key}");
            }
        }
        for longest in board["longest"].as_array().unwrap() {
            let text = longest["position"].as_str().unwrap();
            let q = run(&["query", "--json"], text);
            let report: Value = serde_json::from_str(stdout(&q).trim()).unwrap();
            assert_eq!(report["to_move"], longest["to_move"], "{text}");
            assert_eq!(report["value"], longest["value"], "{text}");
            assert_eq!(report["remoteness"], longest["remoteness"], "{text}");
        }
    }
    // The first three boards are mirror-symmetric (the column is its own image), the last is not.
    assert!(boards[0]["canonical"].is_object() && boards[2]["canonical"].is_object());
    assert_eq!(boards[1]["canonical"], boards[1]["all"]);
    assert_eq!(boards[3]["canonical"], Value::Null);
    // The walled board is a tie from its start: every reachable position is a draw.
    let reachable = &boards[2]["reachable"]["totals"];
    assert_eq!(reachable["draw"], reachable["total"]);
}

#[test]
fn the_text_report_fits_100_columns_and_matches_the_json() {
    let o = run(&["analyze"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    assert_eq!(text.matches("Board ").count(), 4);
    let header = "  Remoteness |          Win |         Lose |         Draw |        Total\n";
    assert_eq!(text.matches(header).count(), 3 + 3 + 3 + 2);
    let json = stdout(&run(&["analyze", "--json"], SAMPLE));
    let first: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let totals = |key: &str| first["all"]["totals"][key].as_u64().unwrap();
    let line = format!(
        "      Totals | {:>12} | {:>12} | {:>12} | {:>12}\n",
        totals("win"),
        totals("lose"),
        totals("draw"),
        totals("total")
    );
    assert!(text.contains(&line), "{line} in {text}");
    assert!(text.contains("Longest win for red to move ("), "{text}");
}

#[test]
fn bad_input_gets_one_located_line_and_nothing_on_standard_output() {
    for args in [&["analyze"][..], &["analyze", "--json"]] {
        let o = run(args, "x 1\n2 2\nO.\nXZ\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), "error: line 4, column 2: unexpected character 'Z'\n", "{args:?}");
        assert!(o.stdout.is_empty());
    }
    let o = run(
        &["analyze", "--memory-limit", "10M"],
        &format!("m 1\n32 8\n{}X.......\nOO......\n", "........\n".repeat(30)),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: line 2, column 1: board of 32×8 with 256 free cells needs "),
        "{}",
        stderr(&o)
    );
    let o = run(&["analyze", "--explain"], SAMPLE);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn help_says_what_analyze_counts() {
    let help = stdout(&run(&["analyze", "--help"], ""));
    for needle in ["Inf", "Totals", "reachable", "mirror", "branching", "longest", "capture", "--json"] {
        assert!(help.contains(needle), "{needle} missing in {help}");
    }
}

/// The crate README's `analyze` example is the binary's real output.
#[test]
fn the_readme_example_is_the_real_output() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/crates/pawn-retrograde/README.md")).unwrap();
    let command = "$ cargo run -q --release -p pawn-retrograde -- analyze docs/examples/pawn-analyze.in\n";
    let start = readme.find(command).expect("the README shows analyze") + command.len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let input = std::fs::read_to_string(format!("{root}/docs/examples/pawn-analyze.in")).unwrap();
    let o = run(&["analyze"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(shown, stdout(&o));
}
