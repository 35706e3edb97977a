//! The binary: exit statuses, located errors, usage, `--json` and `--explain`.

use std::process::Output;

use damaged_input::{stderr_text as stderr, stdout_text as stdout};

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_lattice-dp"), args, input.as_bytes())
}

const SAMPLE: &str = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

#[test]
fn solves_the_sample() {
    let output = run(&[], SAMPLE);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "2\n");
}

#[test]
fn reads_a_file_argument() {
    let path = std::env::temp_dir().join(format!("lattice-dp-cli-{}.in", std::process::id()));
    std::fs::write(&path, SAMPLE).unwrap();
    let output = run(&[path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(stdout(&output), "2\n");
}

#[test]
fn bad_inputs_are_located() {
    let cases = [
        ("", "line 1, column 1: unexpected end of input"),
        ("2 3\n2 7 3\n9 1 2\n3 7 2\n2 3\n", "line 6, column 1: unexpected end of input"),
        ("2 3\n2 -7 3\n", "line 2, column 3: expected value of A, found '-7'"),
        ("2 3\n2 7 3\n9 1 1000000001\n", "line 3, column 5: value of A 1000000001 out of range"),
        ("2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 99999999999999999999\n", "line 5, column 5: value of B"),
        ("2 3\n2 seven 3\n", "line 2, column 3: expected value of A, found 'seven'"),
        ("0 3\n", "line 1, column 1: number of rows 0 out of range"),
        ("44 1\n", "line 1, column 1: number of rows 44 out of range"),
        ("1 44\n", "line 1, column 3: number of columns 44 out of range"),
        ("3 0\n", "line 1, column 3: number of columns 0 out of range"),
        ("22 23\n", "line 1, column 4: board 22x23 too large"),
        ("12 33\n", "line 1, column 4: board 12x33 too large"),
        ("1 1\n5\n6 7\n", "line 3, column 3: unexpected trailing input '7'"),
    ];
    for (input, message) in cases {
        let output = run(&[], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        let err = stderr(&output);
        assert!(err.starts_with(&format!("error: {message}")), "{input:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(output.stdout.is_empty());
    }
}

/// A board beyond the limits is refused on its first line (before its values are read) by a
/// solve, a query and a plan alike, naming the limits; a board of n + m = 44 is solved and planned.
#[test]
fn the_limits_hold_for_every_mode() {
    for args in [&[][..], &["--json"], &["query"], &["plan", "--ranks", "8"]] {
        let output = run(args, "22 23\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert_eq!(
            err,
            "error: line 1, column 4: board 22x23 too large: n + m must be at most 44 and n*m at most 484 \
             (at most 22 columns with 22 rows)\n",
            "{args:?}"
        );
        assert!(output.stdout.is_empty());
    }
    // 5 × 39, every value 1: the first player takes 98 cells, the second 97.
    let long = format!("5 39\n{}\n", "1 ".repeat(2 * 195));
    let output = run(&[], &long);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1\n");
    let output = run(&["plan", "--ranks", "8"], &long);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("board 5x39: 1086008 states, largest layer "), "{text}");
    assert!(text.contains("\n8 ranks:\n"), "{text}");
}

#[test]
fn missing_file_is_an_input_error() {
    let output = run(&["/nonexistent/lattice.in"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read /nonexistent/lattice.in"));
}

#[test]
fn help_shows_usage() {
    let output = run(&["--help"], "");
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("Usage: lattice-dp [OPTIONS] [FILE]"), "{text}");
    assert!(text.contains("--json") && text.contains("--explain"), "{text}");
}

#[test]
fn json_has_value_and_a_full_game() {
    let output = run(&["--json"], SAMPLE);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["score"], 2);
    let pv = json["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 6);
    assert_eq!(pv[0], "1,1");
}

#[test]
fn explain_shows_moves_and_final_board() {
    let output = run(&["--explain"], SAMPLE);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("value 2"), "{text}");
    assert!(text.contains("first   1,1"), "{text}");
    assert!(text.contains("final board"), "{text}");
    // The final board under its column ruler, each row after its number.
    assert!(text.contains("  1 2 3\n1 F S S\n2 F F S\n"), "{text}");
    assert!(text.trim_end().ends_with("= 2"), "{text}");
}

#[test]
fn json_and_explain_conflict() {
    let output = run(&["--json", "--explain"], SAMPLE);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn subcommand_help_states_input_and_answer_words() {
    let query = stdout(&run(&["query", "--help"], ""));
    for words in ["taken l1 ... ln", "non-increasing", "`first`", "`second`", "score", "row,column"] {
        assert!(query.contains(words), "{words}: {query}");
    }
    let play = stdout(&run(&["play", "--help"], ""));
    for words in ["--as", "--hints", "`first` or `second`", "row,column", "hint, undo, quit, help"] {
        assert!(play.contains(words), "{words}: {play}");
    }
    let top = stdout(&run(&["--help"], ""));
    for words in ["n rows of m values A", "first player's total minus the second's", "query", "play"] {
        assert!(top.contains(words), "{words}: {top}");
    }
}

/// A `--value-bytes` too narrow for the board is refused (exit 2, nothing on standard output), with
/// the bound and the smallest width that holds it; that width and the default solve it.
#[test]
fn a_value_width_too_narrow_is_refused() {
    let input = "1 5\n1000000000 1000000000 1000000000 1000000000 1000000000\n0 0 0 0 0\n";
    let refused = run(&["--value-bytes", "4"], input);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stdout(&refused), "");
    let message = stderr(&refused);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.starts_with("error: board 1x5: --value-bytes 4: "), "{message}");
    assert!(message.contains("6000000000") && message.contains("--value-bytes 5"), "{message}");
    for args in [&["--value-bytes", "5"][..], &["--value-bytes", "8"], &[]] {
        let output = run(args, input);
        assert_eq!(stdout(&output), "3000000000\n", "{args:?}");
    }
    // The same for query and play, which pick their own width unless told.
    let query = run(&["query", "--value-bytes", "4"], input);
    assert_eq!((query.status.code(), stdout(&query)), (Some(2), String::new()));
    assert!(stderr(&query).contains("--value-bytes 5"), "{}", stderr(&query));
}

/// `--min-share` shares the layers of a distributed solve: without `--distributed` it is a usage
/// error; in `plan`, a small share deals a small board out among the ranks, which the default
/// share leaves on rank 0.
#[test]
fn the_minimum_share_goes_with_distributed_and_plan() {
    let output = run(&["--min-share", "64"], SAMPLE);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--distributed"), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let board = format!("8 8\n{}\n", "3 ".repeat(2 * 64));
    let exchanged = |args: &[&str]| {
        let output = run(args, &board);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let line = text.lines().find(|l| l.starts_with("exchanged: ")).unwrap().to_string();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap()
    };
    assert_eq!(exchanged(&["plan", "--ranks", "4"]), 0);
    assert!(exchanged(&["plan", "--ranks", "4", "--min-share", "64"]) > 0);
    let output = run(&["plan", "--ranks", "4", "--min-share", "0"], &board);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn progress_opens_and_closes_even_a_quick_solve() {
    for args in [&["--progress"][..], &["query", "--progress"], &["analyze", "--progress"]] {
        let output = run(args, SAMPLE);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let err = stderr(&output);
        let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("progress: ")).collect();
        assert!(lines.len() >= 2, "{args:?}: {err}");
        assert!(lines[0].contains("% ("), "{args:?}: the first line is the start: {err}");
        let last = lines.last().unwrap();
        assert!(
            last.starts_with("progress: done, ") && last.contains(" states in ") && last.contains(" s ("),
            "{err}"
        );
    }
    let quiet = run(&[], SAMPLE);
    assert!(quiet.stderr.is_empty(), "without --progress a piped solve is silent");
}

/// A bundled example that only `query` reads: the default mode's one-line error says so, and
/// `query` answers it; an input that `query` refuses too gets the plain error.
#[test]
fn the_default_mode_points_to_query_for_an_input_only_query_reads() {
    damaged_input::assert_points_to_query(damaged_input::QueryOnlyInput {
        bin: env!("CARGO_BIN_EXE_lattice-dp"),
        name: "lattice-dp",
        example: concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/lattice-taken.in"),
        error: "unexpected trailing input 'taken'",
        refused: "2 3\n2 7 3\n9 x 2\n",
    });
}

/// Every limit the reader enforces stands in `--help`'s Input section.
#[test]
fn help_names_every_input_limit() {
    let help = stdout(&run(&["--help"], ""));
    let input = &help[help.find("Input:").expect("an Input section")..];
    assert_eq!(lattice_dp::board::MAX_VALUE, 1_000_000_000);
    for limit in [
        format!("n + m <= {}", lattice_dp::board::MAX_PERIMETER),
        format!("n*m <= {}", lattice_dp::board::MAX_CELLS),
        "values 0..=10^9".into(),
    ] {
        assert!(input.contains(&limit), "{limit}: {input}");
    }
}

/// `plan --memory-limit`: a plan that fits exits 0; one where a rank does not fit prints the
/// plan, then one line naming the rank and the figures, and exits 2.
#[test]
fn plan_exits_2_when_a_rank_does_not_fit_the_memory_limit() {
    let fits = run(&["plan", "--ranks", "2", "--memory-limit", "64G"], SAMPLE);
    assert!(fits.status.success(), "{}", stderr(&fits));
    assert!(stdout(&fits).contains("every rank fits"), "{}", stdout(&fits));
    let over = run(&["plan", "--ranks", "2", "--memory-limit", "1M"], SAMPLE);
    assert_eq!(over.status.code(), Some(2), "{}", stderr(&over));
    assert!(stdout(&over).contains("2 ranks do not fit"), "{}", stdout(&over));
    let message = stderr(&over);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.starts_with("error: board 2x3 on 2 ranks: rank "), "{message}");
    assert!(message.contains("but the memory limit of a rank is 1.0 MiB"), "{message}");
}

/// A 22 × 22 board of values up to 10^9 (the largest the reader takes).
fn board_22_by_22() -> String {
    let row = |r: usize| {
        (0..22).map(|c| ((r * 22 + c) * 7_919_993 % 1_000_000_001).to_string()).collect::<Vec<_>>()
    };
    let rows = (0..44).map(|r| row(r).join(" ")).collect::<Vec<_>>().join("\n");
    format!("22 22\n{rows}\n")
}

/// A 22 × 22 board beyond `--memory-limit` is refused with status 2 before anything large is
/// allocated (under a 256 MiB address-space limit, below even its tables): one line with
/// the plan's figures and the ranks of that limit that would hold it, or that none would.
#[test]
fn a_22_by_22_board_beyond_the_memory_limit_is_refused_with_the_ranks_that_fit() {
    let input = board_22_by_22();
    let limited = |limit: &str| {
        let bin = env!("CARGO_BIN_EXE_lattice-dp");
        damaged_input::run_binary_limited(bin, &["--memory-limit", limit], input.as_bytes())
    };
    let tiny = limited("1M");
    assert_eq!(tiny.status.code(), Some(2), "{}", stderr(&tiny));
    assert!(tiny.stdout.is_empty());
    let message = stderr(&tiny);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.starts_with(
            "error: board 22x22: this solve needs about 182.1 GiB (layers 181.6 GiB + game 0 bytes + tables "
        ) && message.contains("but the memory limit is 1.0 MiB")
            && message.contains("no number of ranks of this limit holds it: each rank needs at least"),
        "{message}"
    );
    let some = limited("8G");
    assert_eq!(some.status.code(), Some(2), "{}", stderr(&some));
    let message = stderr(&some);
    let ranks = message
        .split("--distributed on about ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|r| r.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("{message}"));
    // 1.5 · 182.1 GiB / (8 GiB − the fixed part, 558 MiB) ranks: about 37.
    assert!((34..=40).contains(&ranks), "{message}");
    assert!(message.contains(&format!("`lattice-dp plan --ranks {ranks}` checks")), "{message}");
}
