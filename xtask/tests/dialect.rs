//! One dialect: the same scenarios against the four solver binaries, asserting the same behaviour
//! and the same wording apart from the game's own words (its name, its inputs, its moves).
//!
//! The binaries are the debug builds beside this test (`cargo test --workspace` builds them); when
//! one is missing it is built first.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// What a scenario needs of one game.
struct Game {
    /// The binary.
    name: &'static str,
    /// A valid input of the default mode.
    answer_input: &'static str,
    /// A position in the query format, for `play`.
    position: &'static str,
    /// A legal first move of that position in every spelling `play` accepts.
    move_spellings: &'static [&'static str],
    /// An input of the default mode with an error, and the error line it gets.
    bad_input: &'static [u8],
    bad_message: &'static str,
    /// The first move `--explain` gives for `answer_input`, as `play` takes it.
    explained_move: fn(&str) -> Option<String>,
    /// The modes that read the default input: the default mode's formats, and `analyze` where
    /// the game has it.
    input_modes: &'static [&'static [&'static str]],
}

/// The modes that read the default input in every game.
const INPUT_MODES: &[&[&str]] = &[&[], &["--json"], &["--explain"]];

const GAMES: [Game; 4] = [
    Game {
        name: "pawn-retrograde",
        answer_input: "x 1\n3 3\n...\n.X.\nO.O\n",
        position: "x 1\n3 3\n...\n.X.\nO.O\n",
        move_spellings: &["3,1-2,1", "3 1-2 1", "(3,1)-(2,1)", " ( 3 , 1 ) - ( 2 , 1 ) "],
        bad_input: b"x 1\n3 3\n...\n.\t.X\nO.O\n",
        bad_message: "error: line 4, column 2: unexpected tab",
        // `  3,1-2,1 (A): lose in 2`, under "Red's first moves".
        explained_move: |text| {
            let list = text.split("Red's first moves").nth(1)?;
            let line = list.lines().nth(1)?;
            Some(line.split_whitespace().next()?.to_string())
        },
        input_modes: &[&[], &["--json"], &["--explain"], &["analyze"], &["analyze", "--json"]],
    },
    Game {
        name: "lattice-dp",
        answer_input: "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n",
        position: "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n",
        move_spellings: &["1,1", "1 1", "(1,1)", " ( 1 , 1 ) "],
        bad_input: b"2 3\n2 7 3 4\n9 1 2\n3 7 2\n2 3 1\n",
        bad_message: "error: line 2, column 7: row 1 of A has more than 3 values",
        // `    1  first   1,1  ...`: the first row of the optimal game.
        explained_move: |text| {
            let line = text.lines().find(|l| l.split_whitespace().take(2).eq(["1", "first"]))?;
            Some(line.split_whitespace().nth(2)?.to_string())
        },
        input_modes: &[&[], &["--json"], &["--explain"], &["analyze"], &["analyze", "--json"]],
    },
    Game {
        name: "segment-nim",
        answer_input: "1\n6 2 2\n5 6\n2 4\n",
        position: "1\n6 2 2\n5 6\n2 4\n",
        move_spellings: &["6 cw 1", " 6  CW  1 "],
        bad_input: b"2\n5 1 1\n1\n2\n5 2 0\n3 x\n",
        bad_message: "error: line 6, column 3: ",
        // `  winning move for white: 6 cw 1 (from field 6 to 1; ...)`.
        explained_move: |text| {
            let rest = text.split("winning move for white: ").nth(1)?;
            Some(rest.split(" (").next()?.to_string())
        },
        input_modes: INPUT_MODES,
    },
    Game {
        name: "edmonds-blossom",
        answer_input: "1\n2 3\n.K.\n...\n",
        position: "1\n2 3\n.K.\n...\n",
        move_spellings: &["1,3", "1 3", "(1,3)", " ( 1 , 3 ) "],
        bad_input: b"1\n2 3\n.K.\n.\xff.\n",
        bad_message: "error: line 4, column 2: unexpected byte '\\xff'",
        // `... by always moving to the mate ... of the current cell: first to 1,3; ...`.
        explained_move: |text| {
            let rest = text.split("of the current cell: first to ").nth(1)?;
            Some(rest.split(';').next()?.to_string())
        },
        input_modes: INPUT_MODES,
    },
];

/// The workspace's list of the solver games, `games.list`.
fn listed_games() -> Vec<&'static str> {
    include_str!("../../games.list")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

#[test]
fn every_listed_game_has_its_scenario_data() {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    assert_eq!(names, listed_games(), "GAMES here holds one entry per line of games.list, in its order");
}

/// The folder of the debug binaries: beside this test's own executable.
fn bin_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test's path");
        let dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf();
        let missing: Vec<&str> = GAMES.iter().map(|g| g.name).filter(|n| !dir.join(n).exists()).collect();
        if !missing.is_empty() {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut build = Command::new(cargo);
            build.arg("build").arg("--bins");
            for name in &missing {
                build.args(["-p", name]);
            }
            assert!(build.status().expect("cargo runs").success(), "building {missing:?} failed");
        }
        dir
    })
}

/// Runs `game`'s binary with `args` and `stdin`.
fn run(game: &Game, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(bin_dir().join(game.name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A binary that refuses its arguments may exit before reading: ignore a broken pipe.
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// A file holding `text` in a scratch folder of this test.
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dialect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `output`'s exit status and stderr with the game's own words replaced by placeholders.
fn usage_error(game: &Game, output: &Output, position: &str) -> (Option<i32>, String) {
    assert!(output.stdout.is_empty(), "{}: {}", game.name, text(&output.stdout));
    let err = text(&output.stderr).replace(position, "FILE").replace(game.name, "<bin>");
    (output.status.code(), err)
}

/// Asserts that every game gives the same (status, message) for a scenario, and returns it.
fn same_for_all(scenario: &str, run_one: impl Fn(&Game, &str) -> (Option<i32>, String)) -> String {
    let results: Vec<(Option<i32>, String)> = GAMES
        .iter()
        .map(|game| run_one(game, &file(&format!("{}-{scenario}.in", game.name), game.position)))
        .collect();
    for (game, result) in GAMES.iter().zip(&results) {
        assert_eq!(result, &results[0], "{scenario}: {} differs from {}", game.name, GAMES[0].name);
    }
    assert_eq!(results[0].0, Some(2), "{scenario}: {}", results[0].1);
    results[0].1.clone()
}

#[test]
fn an_option_the_subcommand_does_not_take_is_the_same_usage_error() {
    let message = same_for_all("json-play", |game, position| {
        let path = position.to_string();
        usage_error(game, &run(game, &["play", "--json", &path], b""), &path)
    });
    assert!(message.starts_with("error: unexpected argument '--json' found"), "{message}");
    let message = same_for_all("as-query", |game, position| {
        usage_error(game, &run(game, &["query", "--as", "x", position], b""), position)
    });
    assert!(message.starts_with("error: unexpected argument '--as' found"), "{message}");
}

#[test]
fn a_file_before_the_subcommand_is_refused_with_where_it_goes() {
    let message = same_for_all("file-first", |game, position| {
        usage_error(game, &run(game, &[position, "query"], b""), position)
    });
    assert!(
        message.starts_with(
            "error: FILE stands before the subcommand `query`; write `<bin> query` first, then its options and FILE after it"
        ),
        "{message}"
    );
    let message = same_for_all("option-first", |game, position| {
        usage_error(game, &run(game, &["--json", "query", position], b""), position)
    });
    assert!(message.starts_with("error: --json stands before the subcommand `query`"), "{message}");
}

#[test]
fn play_without_a_file_gets_one_message() {
    let message = same_for_all("no-file", |game, _| usage_error(game, &run(game, &["play"], b""), "FILE"));
    assert!(
        message.starts_with("error: the following required arguments were not provided:\n  <FILE>"),
        "{message}"
    );
    let message = same_for_all("dash", |game, _| usage_error(game, &run(game, &["play", "-"], b""), "FILE"));
    assert!(
        message.starts_with("error: play reads the moves from standard input: give its position as a FILE"),
        "{message}"
    );
}

#[test]
fn a_line_that_is_not_text_is_not_a_move_and_the_game_goes_on() {
    for game in &GAMES {
        let path = file(&format!("{}-utf8.in", game.name), game.position);
        let output = run(game, &["play", &path], b"\xff\x1b[2J\nquit\n");
        let out = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{}: {}", game.name, text(&output.stderr));
        assert!(out.contains("> \\xff\\u{1b}[2J\n`\\xff\\u{1b}[2J` is not a "), "{}: {out}", game.name);
        assert!(out.contains("Game abandoned."), "{}: {out}", game.name);
    }
}

#[test]
fn bad_input_gets_one_located_line_and_nothing_on_standard_output() {
    for game in &GAMES {
        for args in game.input_modes.iter().copied().chain([&["query"][..]]) {
            let output = run(game, args, game.bad_input);
            let err = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{} {args:?}: {err}", game.name);
            assert!(output.stdout.is_empty(), "{} {args:?}: {}", game.name, text(&output.stdout));
            assert!(err.starts_with(game.bad_message), "{} {args:?}: {err}", game.name);
            assert_eq!(err.lines().count(), 1, "{} {args:?}: {err}", game.name);
        }
    }
}

#[test]
fn play_accepts_every_spelling_of_a_move() {
    for game in &GAMES {
        let path = file(&format!("{}-spellings.in", game.name), game.position);
        for spelling in game.move_spellings {
            let output = run(game, &["play", &path], format!("{spelling}\nquit\n").as_bytes());
            let out = text(&output.stdout);
            assert_eq!(output.status.code(), Some(0), "{} {spelling:?}", game.name);
            assert!(!out.contains("is not a"), "{} {spelling:?}: {out}", game.name);
            // The move was played: the solver answered it, or the game ended with it.
            assert!(
                out.contains("(solver) plays") || out.contains("Game over"),
                "{} {spelling:?}: {out}",
                game.name
            );
        }
    }
}

#[test]
fn a_move_copied_from_explain_is_played() {
    for game in &GAMES {
        let explained = run(game, &["--explain"], game.answer_input.as_bytes());
        let explanation = text(&explained.stdout);
        let mv = (game.explained_move)(&explanation)
            .unwrap_or_else(|| panic!("{}: no move in\n{explanation}", game.name));
        let path = file(&format!("{}-explained.in", game.name), game.position);
        let output = run(game, &["play", &path], format!("{mv}\nquit\n").as_bytes());
        let out = text(&output.stdout);
        assert!(!out.contains("is not a"), "{} {mv:?}: {out}", game.name);
        assert!(out.contains("(solver) plays") || out.contains("Game over"), "{} {mv:?}: {out}", game.name);
    }
}

#[test]
fn every_help_page_puts_the_input_after_the_options() {
    for game in &GAMES {
        for (args, heading) in [
            (&["--help"][..], "\nInput: "),
            (&["query", "--help"], "\nInput: "),
            (&["analyze", "--help"], "\nAnalysis: "),
            (&["play", "--help"], "\nPlay: "),
        ] {
            let help = text(&run(game, args, b"").stdout);
            let (options, input) = (help.find("Options:"), help.find(heading));
            assert!(
                options.is_some() && input.is_some() && options < input,
                "{} {args:?}: {help}",
                game.name
            );
        }
    }
}

/// The games whose `analyze` reads boards like the default mode (FILE or standard input).
const ANALYZE_READS_BOARDS: [&str; 3] = ["pawn-retrograde", "lattice-dp", "edmonds-blossom"];

#[test]
fn analyze_of_bad_input_gets_one_located_line_and_nothing_on_standard_output() {
    for game in GAMES.iter().filter(|g| ANALYZE_READS_BOARDS.contains(&g.name)) {
        for args in [&["analyze"][..], &["analyze", "--json"]] {
            let output = run(game, args, game.bad_input);
            let err = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{} {args:?}: {err}", game.name);
            assert!(output.stdout.is_empty(), "{} {args:?}: {}", game.name, text(&output.stdout));
            assert!(err.starts_with(game.bad_message), "{} {args:?}: {err}", game.name);
            assert_eq!(err.lines().count(), 1, "{} {args:?}: {err}", game.name);
        }
    }
}

#[test]
fn analyze_refuses_explain_in_every_game() {
    for game in &GAMES {
        let output = run(game, &["analyze", "--explain"], game.answer_input.as_bytes());
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{}: {err}", game.name);
        assert!(output.stdout.is_empty(), "{}", game.name);
        assert!(err.starts_with("error: unexpected argument '--explain' found"), "{}: {err}", game.name);
    }
}

#[test]
fn segment_nim_analyze_reads_no_file_and_refuses_one() {
    let game = GAMES.iter().find(|g| g.name == "segment-nim").unwrap();
    let output = run(game, &["analyze", "--fields", "3"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("3 fields: 27 placements"), "{}", text(&output.stdout));
    let path = file("segment-nim-analyze.in", game.position);
    for given in [path.as_str(), "-"] {
        let output = run(game, &["analyze", "--fields", "3", given], game.position.as_bytes());
        let (status, err) = usage_error(game, &output, given);
        assert_eq!(status, Some(2), "{err}");
        assert!(err.starts_with("error: analyze reads no input, but FILE `FILE` was given"), "{err}");
    }
}
