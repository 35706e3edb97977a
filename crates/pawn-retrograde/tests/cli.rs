//! Runs the binary: bad inputs, usage, `--json`, `--explain`, stdin, broken pipes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_pawn-retrograde");

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(BIN, args, input.as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const SAMPLE: &str = "s 3\n3 3\n...\n.X.\nO.O\n4 1\n.\nX\nO\nO\n3 3\nOO.\n###\nX..\n";

#[test]
fn solves_from_stdin_and_dash() {
    for args in [&[][..], &["-"][..]] {
        let o = run(args, SAMPLE);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), "Black 2\nRed 1\nTie\n");
    }
}

#[test]
fn bad_inputs_exit_2_with_line_and_column() {
    let cases = [
        ("wrong board count (truncated)", "x 2\n2 2\nO.\nXO\n", "line 5, column 1: unexpected end of input"),
        ("unknown character", "x 1\n2 2\nO.\nXZ\n", "line 4, column 2: unexpected character 'Z'"),
        ("ragged row", "x 1\n2 3\nO..\nXO\n", "line 4, column 1: row has 2 characters"),
        ("zero red pieces", "x 1\n2 2\n..\nX.\n", "line 3, column 1: board has 0 red"),
        ("one red piece", "x 1\n2 2\n..\nXO\n", "line 3, column 1: board has 1 red"),
        ("three red pieces", "x 1\n2 3\nO..\nXOO\n", "line 4, column 3: board has a third red piece"),
        ("two black pawns", "x 1\n2 3\nO.O\nXX.\n", "line 4, column 2: board has a second black pawn"),
        ("no black pawn", "x 1\n2 2\nO.\nO.\n", "line 3, column 1: board has no black pawn"),
        ("black in row 1", "x 1\n2 2\nX.\nOO\n", "line 3, column 1: black pawn 'X' must not start in row 1"),
        ("board larger than 256 cells", "x 1\n16 17\n", "line 2, column 1: board of 16×17 = 272 cells"),
        ("truncated grid", "x 1\n3 2\nO.\nXO\n", "line 5, column 1: unexpected end of input"),
        ("bad count", "x many\n", "line 1, column 3: expected number of boards"),
        ("trailing input", "x 1\n2 2\nO.\nXO\n9\n", "line 5, column 1: unexpected trailing input"),
        ("empty input", "", "line 1, column 1: unexpected end of input"),
    ];
    for (what, input, message) in cases {
        let o = run(&[], input);
        assert_eq!(o.status.code(), Some(2), "{what}");
        let err = stderr(&o);
        assert!(err.starts_with("error: ") && err.contains(message), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        assert!(o.stdout.is_empty(), "{what}: nothing is printed for a bad input");
    }
}

#[test]
fn missing_file_exits_2() {
    let o = run(&["/nonexistent/board.in"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read /nonexistent/board.in"));
}

#[test]
fn help_shows_usage() {
    let o = run(&["--help"], "");
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(help.contains("Usage: pawn-retrograde [OPTIONS] [FILE]"), "{help}");
    assert!(help.contains("--explain") && help.contains("--json"), "{help}");
}

#[test]
fn json_parses_and_holds_the_analysis() {
    let o = run(&["--json"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let boards = v.as_array().unwrap();
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0]["result"], "black");
    assert_eq!(boards[0]["moves"], 2);
    let pv = boards[0]["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 2);
    assert_eq!(pv[1]["side"], "black");
    assert_eq!(pv[1]["to"][0], 1, "black ends in row 1");
    assert_eq!(boards[0]["first_moves"].as_array().unwrap().len(), 4);
    assert!(
        boards[0]["first_moves"].as_array().unwrap().iter().all(|m| m["value"] == "lose" && m["moves"] == 2)
    );
    assert_eq!(boards[1]["result"], "red");
    assert_eq!(boards[1]["pv"][0]["piece"], "A");
    assert_eq!(boards[2]["result"], "tie");
    assert!(boards[2]["moves"].is_null());
    assert_eq!(boards[2]["first_moves"][0]["value"], "tie");
}

#[test]
fn explain_shows_result_first_moves_line_and_ending() {
    let o = run(&["--explain"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for needle in [
        "Board 1 (3×3), Red to move:",
        "Result: Black 2 (Black wins after 2 moves in total)",
        "A (3,1) → (2,1): lose in 2",
        "2. Black X (2,2) → (1,2)",
        "Final position: the black pawn stands in row 1, so Black wins.",
        "Result: Red 1 (Red wins after 1 move in total)",
        "       *\n",
        "a red piece moved onto the black pawn, so Red wins",
        "Result: Tie",
        "B (1,2) → (1,3): tie",
        "play can go on forever",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn json_and_explain_conflict() {
    let o = run(&["--json", "--explain"], SAMPLE);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn broken_pipe_does_not_panic() {
    let boards = "...\n.X.\nO.O\n";
    let input = format!("b 3000\n{}", format!("3 3\n{boards}").repeat(3000));
    let mut child = Command::new(BIN)
        .arg("--explain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The binary may exit (e.g. on a usage error) before reading its input: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
}
