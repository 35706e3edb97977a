//! The binary: exit statuses, located errors, usage, and the `--json` / `--explain` / `--certificate`
//! outputs.

use std::process::Output;

use damaged_input::stdout_text as stdout;

fn run(args: &[&str], stdin: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_edmonds-blossom"), args, stdin.as_bytes())
}

/// Runs on bad input and checks status 2, a single `error: line L, column C: ...` line, and no output.
fn assert_input_error(args: &[&str], stdin: &str, location: &str, words: &str) {
    damaged_input::assert_located_error(env!("CARGO_BIN_EXE_edmonds-blossom"), args, stdin, location, words);
}

#[test]
fn board_input_errors_are_located() {
    for mode in [&[][..], &["all-starts"][..], &["analyze"][..], &["analyze", "--json"][..]] {
        assert_input_error(mode, "1\n2 2\n..\n..\n", "line 3, column 1", "no 'K'");
        assert_input_error(mode, "1\n2 2\nK.\n.K\n", "line 4, column 2", "second 'K'");
        assert_input_error(mode, "1\n2 2\nK.\n.x\n", "line 4, column 2", "unexpected character 'x'");
        assert_input_error(mode, "1\n2 3\nK..\n..\n", "line 4, column 1", "row has 2 characters, expected 3");
        assert_input_error(mode, "2\n1 2\nK.\n", "line 4, column 1", "unexpected end of input");
        assert_input_error(mode, "1\n2 2\nK.\n", "line 4, column 1", "unexpected end of input");
        assert_input_error(mode, "1\n3163 3163\n", "line 2, column 6", "exceeds the limit");
        assert_input_error(mode, "x\n", "line 1, column 1", "number of cases");
    }
}

#[test]
fn matching_input_errors_are_located() {
    let m = &["matching"][..];
    assert_input_error(m, "3 1\n0 3\n", "line 2, column 3", "out of range");
    assert_input_error(m, "3 2\n0 1\n", "line 3, column 1", "expected edge 2 of 2");
    assert_input_error(m, "3 1\n0 1\n1 2\n", "line 3, column 1", "after the 1 edge:");
    assert_input_error(m, "3 1\n0\n", "line 3, column 1", "unexpected end of input");
    assert_input_error(m, "3 1\n0 -1\n", "line 2, column 3", "expected vertex");
    assert_input_error(m, "", "line 1, column 1", "number of vertices");
}

#[test]
fn missing_file_is_an_input_error() {
    let output = run(&["/nonexistent/edmonds.in"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read /nonexistent/edmonds.in"));
}

#[test]
fn help_shows_usage_and_modes() {
    let output = run(&["--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    for word in [
        "Usage: edmonds-blossom",
        "all-starts",
        "matching",
        "query",
        "play",
        "--moves",
        "--json",
        "--explain",
        "daizhenyang is the",
        "`o`",
    ] {
        assert!(text.contains(word), "{word} missing from --help:\n{text}");
    }
    let answers = &text[text.find("Answers:").expect("an Answers section")..];
    assert!(answers.contains("daizhenyang is the first player's name in the original problem"), "{answers}");
    let text = stdout(&run(&["matching", "--help"], ""));
    assert!(text.contains("--certificate") && text.contains("`N M`"), "{text}");
    let text = stdout(&run(&["query", "--help"], ""));
    assert!(text.contains("already visited") && text.contains("win|lose"), "{text}");
    let text = stdout(&run(&["play", "--help"], ""));
    assert!(text.contains("--as") && text.contains("daizhenyang") && text.contains("--hints"), "{text}");
}

const BOARDS: &str = "2\n1 3\n.K.\n2 2\nK#\n#.\n";

#[test]
fn default_and_all_starts_outputs() {
    // king20: a path of three (the centre is covered by every maximum matching), and a diagonal pair.
    assert_eq!(stdout(&run(&[], BOARDS)), "Case #1: daizhenyang win\nCase #2: daizhenyang win\n");
    assert_eq!(stdout(&run(&["all-starts"], BOARDS)), "Case #1:\nLWL\nCase #2:\nW#\n#W\n");
    // orth4: the diagonal pair is two isolated cells.
    assert_eq!(
        stdout(&run(&["all-starts", "--moves", "orth4"], BOARDS)),
        "Case #1:\nLWL\nCase #2:\nL#\n#L\n"
    );
    assert_eq!(
        stdout(&run(&["--moves", "orth4", "-"], BOARDS)),
        "Case #1: daizhenyang win\nCase #2: daizhenyang lose\n"
    );
}

/// Every line of `text` passes the report model's checker.
fn assert_report_lines(text: &str) {
    assert!(!text.is_empty());
    for line in text.lines() {
        damaged_input::report::check_report_line(line).unwrap();
    }
}

#[test]
fn json_outputs_are_json_lines() {
    let text = stdout(&run(&["--json", "--moves", "orth4"], BOARDS));
    assert_eq!(text.lines().count(), 2, "{text}");
    assert_report_lines(&text);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["answer"], "daizhenyang win");
    assert_eq!(lines[0]["king"], serde_json::json!([1, 2]));
    assert_eq!(lines[0]["move_set"], "orth4");
    assert_eq!(lines[0]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(lines[1]["answer"], "daizhenyang lose");
    assert_eq!(lines[1]["moves"], serde_json::json!([]));
    let text = stdout(&run(&["all-starts", "--json"], BOARDS));
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["rows"], serde_json::json!(["W#", "#W"]));
    assert_eq!(lines[0]["maximum_matching"], 1);
    assert_eq!(lines[0]["board"], 1);
    let graph = "4 3\n0 1\n1 2\n2 0\n";
    let text = stdout(&run(&["matching", "--json", "--certificate"], graph));
    assert_eq!(text.lines().count(), 1, "{text}");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["size"], 1);
    assert_eq!(value["certificate"]["d"], serde_json::json!([0, 1, 2, 3]));
    assert_eq!(value["certificate"]["odd_components"], 2);
    let value: serde_json::Value =
        serde_json::from_str(&stdout(&run(&["matching", "--json"], graph))).unwrap();
    assert!(value.get("certificate").is_none(), "{value}");
}

#[test]
fn options_go_after_the_subcommand() {
    let orth4 = "Case #1:\nLWL\nCase #2:\nL#\n#L\n";
    assert_eq!(stdout(&run(&["all-starts", "--moves", "orth4"], BOARDS)), orth4);
    assert_eq!(stdout(&run(&["all-starts", "--moves", "orth4", "-"], BOARDS)), orth4);
    assert_eq!(stdout(&run(&["all-starts", "-", "--moves", "orth4"], BOARDS)), orth4);
    let after = stdout(&run(&["query", "--moves", "orth4", "--json"], BOARDS));
    assert_report_lines(&after);
    let graph = "3 2\n0 1\n1 2\n";
    for (args, message) in [
        (
            &["--json", "matching"][..],
            "error: --json stands before the subcommand `matching`; write `edmonds-blossom matching` first, then its options and FILE after it",
        ),
        (&["--moves", "orth4", "query"], "error: --moves stands before the subcommand `query`"),
        (&["-", "query"], "error: FILE stands before the subcommand `query`"),
        // `--moves` is the king game's: matching does not take it.
        (&["matching", "--moves", "orth4"], "error: unexpected argument '--moves' found"),
        (&["--json", "--explain"], "error: the argument '--json' cannot be used with '--explain'"),
    ] {
        let output = run(args, graph);
        assert_eq!((output.status.code(), stdout(&output).as_str()), (Some(2), ""), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).starts_with(message), "{args:?}");
    }
    let text = stdout(&run(&["matching", "--help"], ""));
    assert!(!text.contains("--moves"), "{text}");
}

#[test]
fn explain_gives_the_reasons() {
    let text = stdout(&run(&["--explain", "--moves", "orth4"], BOARDS));
    assert!(text.contains("Position 1 (1×3), first to move: daizhenyang win"), "{text}");
    assert!(text.contains("first to 1,1") || text.contains("first to 1,3"), "{text}");
    assert!(text.contains("is in class D: some maximum matching misses it"), "{text}");
    let text = stdout(&run(&["all-starts", "--explain"], BOARDS));
    assert!(text.contains("classes:") && text.contains("DAD"), "{text}");
    let text = stdout(&run(&["matching", "--explain"], "5 4\n0 1\n0 2\n0 3\n3 4\n"));
    assert!(text.contains("maximum matching: 2 edges, 1 vertex left unmatched"), "{text}");
    assert!(text.contains("matched edges") && text.contains("  3 - 4\n"), "{text}");
    assert!(text.contains("G - A has 2 odd components"), "{text}");
    assert!(text.contains("(5 + 1 - 2) / 2 = 2"), "{text}");
}

#[test]
fn matching_and_certificate_outputs() {
    let text = stdout(&run(&["matching"], "3 3\n0 1\n1 2\n1 2\n"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1");
    assert!(lines[1] == "0 1" || lines[1] == "1 2", "{text}");
    let text = stdout(&run(&["matching", "--certificate"], "3 2\n0 1\n1 2\n"));
    assert!(text.ends_with("D 2: 0 2\nA 1: 1\nC 0:\n"), "{text}");
}

#[test]
fn timings_report_the_parse_rate() {
    let input = "4 3\n0 1\n1 2\n2 3\n";
    let output = run(&["matching", "--timings"], input);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), stdout(&run(&["matching"], input)));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let line = stderr.lines().find(|l| l.contains("parse + build")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        line.contains(&format!("({:.1} MB at ", input.len() as f64 / 1e6)) && line.ends_with(" MB/s)"),
        "{line}"
    );
    for phase in ["read", "greedy", "single-root searches", "shared forest", "output"] {
        assert!(stderr.lines().any(|l| l.starts_with(&format!("timings: {phase} "))), "{phase}: {stderr}");
    }
}

#[test]
fn a_big_file_reads_as_its_bytes_on_standard_input() {
    // Over 16 MB: mapped into memory; the same answer, and the same error, as through standard
    // input.
    let n = 1_000_000u64;
    let m = 1_700_000u64;
    let mut text = format!("{n} {m}\n");
    let mut state = 7u64;
    for _ in 0..m {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let u = (state >> 33) % n;
        let v = (u + 1 + (state >> 12) % (n - 1)) % n;
        text.push_str(&format!("{u:07} {v:07}\n"));
    }
    assert!(text.len() > 16 << 20);
    let path = std::env::temp_dir().join(format!("edmonds-big-{}.in", std::process::id()));
    let both_ways = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let from_file = run(&["matching", "--timings", path.to_str().unwrap()], "");
        std::fs::remove_file(&path).unwrap();
        (from_file, run(&["matching", "-"], text))
    };
    let (from_file, from_stdin) = both_ways(&text);
    assert_eq!(from_file.status.code(), Some(0), "{}", String::from_utf8_lossy(&from_file.stderr));
    assert_eq!(stdout(&from_file), stdout(&from_stdin));
    assert!(String::from_utf8_lossy(&from_file.stderr).contains("timings: read (mapped)"));
    // A bad digit on the second-to-last line.
    let mut bad = text.into_bytes();
    let at = bad.len() - 20;
    bad[at] = b'x';
    let (from_file, from_stdin) = both_ways(std::str::from_utf8(&bad).unwrap());
    assert_eq!(from_file.status.code(), Some(2));
    let error = String::from_utf8_lossy(&from_file.stderr).lines().last().unwrap_or_default().to_string();
    assert!(error.contains(&format!("line {}, column", m)), "{error}");
    assert_eq!(error, String::from_utf8_lossy(&from_stdin.stderr).trim_end());
    assert!(stdout(&from_file).is_empty());
}

/// A vertex named only in a self-loop of an edge list is a vertex: never matched, so in D.
#[test]
fn an_edge_list_keeps_a_vertex_seen_only_in_self_loops() {
    let output = run(&["matching", "--format", "edges", "--certificate"], "5 5\n5 5\n7 8\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "1\n7 8\nD 1: 5\nA 0:\nC 2: 7 8\n");
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "note: dropped 2 self-loops\n");
}

#[test]
fn analyze_counts_the_starts_and_the_classes_per_board() {
    let text = stdout(&run(&["analyze"], BOARDS));
    assert_eq!(
        text,
        "Board 1 (1×3), king20: free cells 3, edges 2, maximum matching 1\n\
         starts: the first player (daizhenyang) wins from 1, loses from 2\n\
         Gallai-Edmonds classes: D 2, A 1, C 0 (the first player loses exactly from D)\n\
         map (W: the first player wins starting there, L: loses, #: blocked):\n\
         LWL\n\
         \n\
         Board 2 (2×2), king20: free cells 2, edges 1, maximum matching 1\n\
         starts: the first player (daizhenyang) wins from 2, loses from 0\n\
         Gallai-Edmonds classes: D 0, A 0, C 2 (the first player loses exactly from D)\n\
         map (W: the first player wins starting there, L: loses, #: blocked):\n\
         W#\n\
         #W\n"
    );
    let json = stdout(&run(&["analyze", "--json", "--moves", "orth4"], BOARDS));
    let boards: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(boards.len(), 2);
    assert_eq!(
        boards[1],
        serde_json::json!({"game": "edmonds-blossom", "board": 2, "rows": 2, "columns": 2,
            "move_set": "orth4", "free_cells": 2, "edges": 0, "maximum_matching": 0,
            "starts": {"win": 0, "lose": 2}, "classes": {"d": 2, "a": 0, "c": 0}, "map": ["L#", "#L"]})
    );
    // The map is the all-starts grid.
    let grid = stdout(&run(&["all-starts", "--moves", "orth4"], BOARDS));
    assert_eq!(
        grid,
        format!("Case #1:\n{}\nCase #2:\n{}\n", boards[0]["map"][0].as_str().unwrap(), "L#\n#L")
    );
}

#[test]
fn analyze_help_says_what_it_counts_and_explain_is_refused() {
    let text = stdout(&run(&["analyze", "--help"], ""));
    for word in ["--moves", "--json", "Gallai-Edmonds", "wins and loses", "wider than 100 columns"] {
        assert!(text.contains(word), "{word} missing from analyze --help:\n{text}");
    }
    let output = run(&["analyze", "--explain"], BOARDS);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: unexpected argument '--explain'"));
}

/// The output the crate's README.md shows under the console line `$ COMMAND`.
fn readme_output(command: &str) -> String {
    damaged_input::readme_output(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"), command)
}

#[test]
fn the_readme_shows_what_analyze_prints() {
    let input = "1\n3 5\nK..#.\n.#.#.\n...#.\n";
    let command = format!(
        "printf '{}' | cargo run -q --release -p edmonds-blossom -- analyze --moves orth4",
        input.replace('\n', "\\n")
    );
    assert_eq!(stdout(&run(&["analyze", "--moves", "orth4"], input)), readme_output(&command));
}

/// A bundled example that only `query` reads: the default mode's one-line error says so, and
/// `query` answers it; an input that `query` refuses too gets the plain error.
#[test]
fn the_default_mode_points_to_query_for_an_input_only_query_reads() {
    damaged_input::assert_points_to_query(damaged_input::QueryOnlyInput {
        bin: env!("CARGO_BIN_EXE_edmonds-blossom"),
        name: "edmonds-blossom",
        example: concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/king.in"),
        error: "unexpected character 'o'",
        refused: "1\n2 2\nK.\n.x\n",
    });
}

/// Every graph format follows one rule: an empty graph is a graph, self-loops and repeated edges
/// are dropped with a count on stderr.
#[test]
fn every_format_drops_loops_and_repeats_and_reads_an_empty_graph() {
    let mtx = "%%MatrixMarket matrix coordinate pattern symmetric\n";
    for (format, graph) in [
        ("lc", "3 4\n1 1\n0 1\n1 0\n1 2\n".to_string()),
        ("edges", "1 1\n0 1\n1 0\n1 2\n".to_string()),
        ("mtx", format!("{mtx}3 3 4\n2 2\n1 2\n2 1\n2 3\n")),
        ("metis", "3 3\n2 2\n1 1 2 3\n2\n".to_string()),
    ] {
        let output = run(&["matching", "--format", format], &graph);
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(output.status.success(), "{format}: {stderr}");
        assert_eq!(stdout(&output).lines().next(), Some("1"), "{format}");
        assert_eq!(stderr, "note: dropped 1 self-loop and 1 repeated edge\n", "{format}");
    }
    for (format, empty) in [
        ("lc", "0 0\n".to_string()),
        ("edges", "# no edges\n".to_string()),
        ("mtx", format!("{mtx}0 0 0\n")),
        ("metis", "0 0\n".to_string()),
    ] {
        let output = run(&["matching", "--format", format, "--certificate"], &empty);
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(output.status.success(), "{format}: {stderr}");
        assert_eq!(stdout(&output), "0\nD 0:\nA 0:\nC 0:\n", "{format}");
    }
}

/// Every limit the reader enforces stands in `--help`'s Input section.
#[test]
fn help_names_every_input_limit() {
    let help = stdout(&run(&["--help"], ""));
    let input = &help[help.find("Input:").expect("an Input section")..];
    for limit in [
        format!("T <= {}", edmonds_blossom::board::MAX_BOARDS),
        format!("R*C <= {}", edmonds_blossom::board::MAX_CELLS),
    ] {
        assert!(input.contains(&limit), "{limit}: {input}");
    }
    let help = stdout(&run(&["matching", "--help"], ""));
    for limit in
        ["10^8 vertices", "5*10^8 edges", "a matrix `0 0 0`", "self-loops and repeated edges are dropped"]
    {
        assert!(help.contains(limit), "{limit}: {help}");
    }
}

/// `query --explain` ends with the reasoning: the matched move of a won position (one of its
/// winning moves), or why every move of a lost one loses.
#[test]
fn query_explain_gives_the_matched_move_and_why() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/king.in");
    let output = stdout(&run(&["query", "--explain", example], ""));
    let why = output.lines().find(|l| l.starts_with("  why: the matched move ")).expect(&output);
    let cell = why["  why: the matched move ".len()..].split(':').next().unwrap();
    assert!(output.lines().any(|l| l.trim() == format!("{cell}  win")), "{output}");
    let lost = stdout(&run(&["query", "--explain", "--moves", "orth4"], "1\n1 3\nK..\n"));
    assert!(lost.contains("first to move: lose"), "{lost}");
    assert!(lost.contains("  why: every maximum matching of the cells left after a move covers"), "{lost}");
}
