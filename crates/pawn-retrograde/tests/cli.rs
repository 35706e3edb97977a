//! Runs the binary: bad inputs, usage, `--json`, `--explain`, stdin, broken pipes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use damaged_input::{stderr_text as stderr, stdout_text as stdout};

const BIN: &str = env!("CARGO_BIN_EXE_pawn-retrograde");

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(BIN, args, input.as_bytes())
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
        ("board larger than 2304 cells", "x 1\n48 49\n", "line 2, column 1: board of 48×49 = 2352 cells"),
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
    for needle in ["query", "play", "`Red k` / `Black k`", "`Tie`", "`X` the black pawn"] {
        assert!(help.contains(needle), "{needle} missing in {help}");
    }
    let help = stdout(&run(&["query", "--help"], ""));
    for needle in ["`red` or `black`", "win in r", "draw", "FROM-TO", "--json"] {
        assert!(help.contains(needle), "{needle} missing in {help}");
    }
    let help = stdout(&run(&["play", "--help"], ""));
    for needle in ["--as", "--hints", "FROM-TO", "hint", "undo"] {
        assert!(help.contains(needle), "{needle} missing in {help}");
    }
}

/// Every line of a `--json` output passes the report model's checker; returns the parsed lines.
fn checked_json_lines(o: &Output) -> Vec<serde_json::Value> {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o)
        .lines()
        .map(|line| {
            damaged_input::report::check_report_line(line).unwrap();
            serde_json::from_str(line).unwrap()
        })
        .collect()
}

#[test]
fn json_lines_hold_the_report_model() {
    let boards = checked_json_lines(&run(&["--json"], SAMPLE));
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0]["game"], "pawn-retrograde");
    assert_eq!(boards[0]["board"], 1);
    assert_eq!(boards[0]["to_move"], "red");
    assert_eq!(boards[0]["value"], "lose");
    assert_eq!(boards[0]["remoteness"], 2);
    assert_eq!(boards[0]["answer"], "Black 2");
    assert_eq!(boards[0]["pv"], serde_json::json!(["3,1-2,1", "2,2-1,2"]));
    let moves = boards[0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| m["value"] == "lose" && m["remoteness"] == 2));
    assert_eq!(
        moves[0],
        serde_json::json!({"move": "3,1-2,1", "piece": "A", "from": [3, 1], "to": [2, 1], "value": "lose", "remoteness": 2})
    );
    assert_eq!(boards[1]["answer"], "Red 1");
    assert_eq!(boards[1]["moves"][0]["piece"], "A");
    assert_eq!(boards[2]["value"], "draw");
    assert!(boards[2].get("remoteness").is_none());
    assert_eq!(boards[2]["answer"], "Tie");
    assert_eq!(boards[2]["moves"][0]["value"], "draw");
    // `--json` may also stand after the FILE.
    let o = run(&["-", "--json"], SAMPLE);
    assert_eq!(checked_json_lines(&o), boards);
}

#[test]
fn every_json_line_of_the_corpus_and_the_queries_passes_the_checker() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pawn-retrograde");
    for file in ["p01-sample-tiny.in", "p02-tie-stuck-small.in", "p04-wall-small.in", "p10-general-small.in"]
    {
        let input = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let lines = checked_json_lines(&run(&["--json"], &input));
        let answers: Vec<String> = lines.iter().map(|l| l["answer"].as_str().unwrap().to_string()).collect();
        let plain = run(&[], &input);
        assert_eq!(answers.join("\n") + "\n", stdout(&plain), "{file}");
        let queried = checked_json_lines(&run(&["query", "--json"], &input));
        assert_eq!(queried, lines, "{file}: query of a start position is its default report");
    }
    let input = std::fs::read_to_string(format!("{dir}/queries/pawn-retrograde.in")).unwrap();
    let expected = std::fs::read_to_string(format!("{dir}/queries/pawn-retrograde.expected")).unwrap();
    let lines = checked_json_lines(&run(&["query", "--json"], &input));
    assert_eq!(lines.len(), 300);
    for (line, expected) in lines.iter().zip(expected.lines()) {
        let remoteness = line.get("remoteness").map_or("-".to_string(), |r| r.to_string());
        let got = format!(
            "{} {remoteness} {}",
            line["value"].as_str().unwrap(),
            line["moves"].as_array().unwrap().len()
        );
        assert_eq!(got, expected.trim_end());
    }
}

#[test]
fn query_prints_a_text_report() {
    let o = run(&["query"], "q 2\n3 3 black\n...\n.X.\nO.O\n2 2\nX.\nOO\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Position 1 (3×3), black to move: win in 1 (answer Black 1)\n  2,2-1,2  win in 1\n  2,2-2,1  lose in 2\n  \
         2,2-2,3  lose in 2\nPosition 2 (2×2), red to move: lose in 0 (answer Black 0)\n  game over: the black pawn \
         stands in row 1, so Black wins\n"
    );
    let o = run(&["query", "--explain"], "q 1\n3 3 black\n...\n.X.\nO.O\n");
    assert!(
        stdout(&o).contains("Black to move:\n      1 2 3\n    1 . . .\n    2 . X .\n    3 A . B\n"),
        "{}",
        stdout(&o)
    );
    // The optimal line and why it ends, as the default --explain gives them.
    assert!(
        stdout(&o).contains(
            "Principal variation (fastest win against slowest loss):\n  1. Black 2,2-1,2 (X)\n      1 2 3\n    \
             1 . X .\n    2 . . .\n    3 A . B\nFinal position: the black pawn stands in row 1, so Black wins.\n"
        ),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_query_input_exits_2_with_one_located_line() {
    let cases = [
        (
            "q 1\n3 3 white\n...\n.X.\nO.O\n",
            "error: line 2, column 5: expected the side to move `red` or `black`, found 'white'",
        ),
        ("q 1\n3 3 red\n...\n.X.\nO#*\n", "error: line 5, column 3: unexpected character '*'"),
        ("q 1\n3 3 red\n..O\n.X.\nO.O\n", "error: line 5, column 3: board has a third red piece 'O'"),
        (
            "q 2\n3 3 red\n...\n.X.\nO.O\n",
            "error: line 6, column 1: unexpected end of input, expected number of rows",
        ),
    ];
    // Past the size limit: refused at the size line, with what an open board of that size needs.
    let needed = pawn_retrograde::human_bytes(pawn_retrograde::memory_needed(49 * 48, 49 * 24));
    let too_large = format!(
        "error: line 2, column 1: board of 49×48 = 2352 cells is larger than 2304 cells (its solve would need \
         {needed})"
    );
    let cases = cases.into_iter().map(|(input, message)| (input, message.to_string()));
    for (input, message) in cases.chain([("q 1\n49 48 red\n", too_large)]) {
        for args in [&["query"][..], &["query", "--json"][..]] {
            let o = run(args, input);
            assert_eq!(o.status.code(), Some(2), "{input}");
            assert_eq!(stderr(&o), format!("{message}\n"), "{input}");
            assert!(o.stdout.is_empty());
        }
    }
}

#[test]
fn explain_shows_result_first_moves_line_and_ending() {
    let o = run(&["--explain"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for needle in [
        "Position 1 (3×3), red to move: Black 2",
        "Result: Black 2 (Black wins after 2 moves in total)",
        "3,1-2,1 (A): lose in 2",
        "2. Black 2,2-1,2 (X)",
        "Final position: the black pawn stands in row 1, so Black wins.",
        "Result: Red 1 (Red wins after 1 move in total)",
        "    2 *\n",
        "a red piece moved onto the black pawn, so Red wins",
        "Result: Tie",
        "1,2-1,3 (B): tie",
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

#[test]
fn play_runs_a_scripted_session() {
    let dir = std::env::temp_dir().join(format!("pawn-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.in");
    std::fs::write(&file, "q 1\n4 3 black\n...\n.X.\n...\nO.O\n").unwrap();
    let path = file.to_str().unwrap();
    let o = run(&["play", path, "--as", "black", "--hints"], "nonsense\n2,2-2,1\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for needle in [
        "You play black, the solver plays red.",
        "  2,2-1,2  win in 1",
        "black> nonsense\n`nonsense` is not a move",
        "red (solver) plays",
        "Input ended: game abandoned.",
    ] {
        assert!(text.contains(needle), "{needle:?} missing in\n{text}");
    }
    let o = run(&["play", path, "--as", "white"], "");
    assert_eq!(
        (o.status.code(), stderr(&o).as_str()),
        (Some(2), "error: --as white: the sides are red and black\n")
    );
    let o = run(&["play"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: the following required arguments were not provided"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tall 32×8 board (256 cells in 32 rows, row-major cell numbers up to 255) with a
/// few obstacles; `side` is the query format's side token ("" for the default input).
fn board_32x8(side: &str) -> String {
    let mut rows = vec![b"........".to_vec(); 32];
    rows[31][0] = b'X';
    rows[3][7] = b'O';
    rows[20][6] = b'O';
    rows[12][2] = b'#';
    rows[25][5] = b'#';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!("big 1\n32 8{side}\n{}\n", rows.join("\n"))
}

#[test]
fn every_mode_works_on_a_32x8_board_and_agrees() {
    let input = board_32x8("");
    let plain = run(&[], &input);
    assert!(plain.status.success(), "{}", stderr(&plain));
    let answer = stdout(&plain).trim().to_string();
    assert!(answer.starts_with("Red ") || answer.starts_with("Black ") || answer == "Tie", "{answer}");
    let explain = stdout(&run(&["--explain"], &input));
    assert!(explain.contains("Position 1 (32×8), red to move: "), "{explain}");
    assert!(explain.contains(&format!("Result: {answer}")), "{explain}");
    let json = run(&["--json"], &input);
    let lines = checked_json_lines(&json);
    assert_eq!(lines[0]["answer"], answer.as_str());
    let query = run(&["query"], &board_32x8(" red"));
    assert!(query.status.success(), "{}", stderr(&query));
    assert!(stdout(&query).contains(&format!("(answer {answer})")), "{}", stdout(&query));
    let black = checked_json_lines(&run(&["query", "--json"], &board_32x8(" black")));
    assert_eq!(black[0]["to_move"], "black");
    // The pawn stands in row 32: a cell number past 255, written back as such.
    assert!(black[0]["moves"].as_array().unwrap().iter().any(|m| m["move"] == "32,1-31,1"), "{}", black[0]);
    let dir = std::env::temp_dir().join(format!("pawn-play-32x8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.in");
    std::fs::write(&file, board_32x8(" black")).unwrap();
    let play = run(&["play", file.to_str().unwrap(), "--as", "black"], "32,1-31,1\n");
    assert!(play.status.success(), "{}", stderr(&play));
    assert!(stdout(&play).contains("red (solver) plays"), "{}", stdout(&play));
}

#[test]
fn a_board_beyond_the_memory_limit_is_refused_at_its_size_line() {
    let input = board_32x8("");
    for args in [&["--memory-limit", "10M"][..], &["query", "--memory-limit", "10M"][..]] {
        let input = if args[0] == "query" { board_32x8(" red") } else { input.clone() };
        let o = run(args, &input);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let message = stderr(&o);
        assert!(
            message.starts_with("error: line 2, column 1: board of 32×8 with 254 free cells needs "),
            "{message}"
        );
        assert!(message.ends_with("more than the memory limit of 10.0 MiB (--memory-limit)\n"), "{message}");
    }
    let o = run(&["--memory-limit", "1G"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["--memory-limit", "6X"], &input);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn self_check_prints_the_answers_and_a_summary() {
    let o = run(&["--self-check", "5000"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Black 2\nRed 1\nTie\n");
    assert!(stderr(&o).contains("self-check: board 3: 5000 states sampled"), "{}", stderr(&o));
}

/// A bundled example that only `query` reads: the default mode's one-line error says so, and
/// `query` answers it; an input that `query` refuses too gets the plain error.
#[test]
fn the_default_mode_points_to_query_for_an_input_only_query_reads() {
    damaged_input::assert_points_to_query(damaged_input::QueryOnlyInput {
        bin: BIN,
        name: "pawn-retrograde",
        example: concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/pawn.in"),
        error: "unexpected character 'b'",
        refused: "demo 1\n3 3 purple\n...\n.X.\nO.O\n",
    });
}

/// Every limit the reader enforces stands in `--help`'s Input section.
#[test]
fn help_names_every_input_limit() {
    let help = stdout(&run(&["--help"], ""));
    let input = &help[help.find("Input:").expect("an Input section")..];
    for limit in
        [format!("n*m <= {}", pawn_retrograde::board::MAX_CELLS), "2 <= n".into(), "--memory-limit".into()]
    {
        assert!(input.contains(&limit), "{limit}: {input}");
    }
}
