//! `query`: the reference answers, parent/child consistency, a brute force over taken-cell sets,
//! transposition, the corpus start positions, the optimal line, and the binary's JSON and errors.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Output;

use damaged_input::report::check_report_line;
use grid_core::Eval;
use lattice_dp::query::{self, Position, moves};
use lattice_dp::{Board, ChildValue, Line, QueryOptions, child_values, parse_board, parse_positions, value};
use proptest::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_lattice-dp");

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp")
}

/// The files of `dir` with extension `ext`, sorted.
fn files(dir: &PathBuf, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn run(args: &[&str], input: &[u8]) -> Output {
    damaged_input::run_binary(BIN, args, input)
}

/// The score of a position for the side to move, by plain negamax over the set of taken cells (bit
/// `r * m + c`); a cell is takeable when every cell above it and left of it is taken.
struct Brute<'a> {
    board: &'a Board,
    memo: HashMap<u32, i64>,
}

impl Brute<'_> {
    fn score(&mut self, set: u32) -> i64 {
        if let Some(&v) = self.memo.get(&set) {
            return v;
        }
        let (n, m) = (self.board.rows(), self.board.cols());
        let taken = |r: usize, c: usize| set >> (r * m + c) & 1 == 1;
        let first = set.count_ones() % 2 == 0;
        let mut best = None;
        for r in 0..n {
            for c in 0..m {
                if !taken(r, c) && (0..r).all(|i| taken(i, c)) && (0..c).all(|j| taken(r, j)) {
                    let gain =
                        if first { self.board.first_value(r, c) } else { self.board.second_value(r, c) };
                    let v = gain - self.score(set | 1 << (r * m + c));
                    best = Some(best.map_or(v, |b: i64| b.max(v)));
                }
            }
        }
        let v = best.unwrap_or(0);
        self.memo.insert(set, v);
        v
    }
}

fn set_of(position: &Position) -> u32 {
    let m = position.board().cols();
    let mut set = 0;
    for (r, &len) in position.taken().iter().enumerate() {
        for c in 0..len {
            set |= 1 << (r * m + c);
        }
    }
    set
}

/// Every diagram of an `n × m` board (row lengths, non-increasing).
fn all_diagrams(n: usize, m: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|rows: Vec<usize>| {
                let above = rows.last().copied().unwrap_or(m);
                (0..=above).map(move |len| {
                    let mut next = rows.clone();
                    next.push(len);
                    next
                })
            })
            .collect();
    }
    out
}

/// A board of up to 4 × 4 with a diagram reached by `steps` random legal moves.
fn positions() -> impl Strategy<Value = Position> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(n, m)| {
            let values = prop_oneof![0i64..10, 0i64..=1_000_000_000];
            (
                Just(n),
                Just(m),
                prop::collection::vec(values.clone(), n * m),
                prop::collection::vec(values, n * m),
                prop::collection::vec(any::<prop::sample::Index>(), 0..=n * m),
            )
        })
        .prop_map(|(n, m, first, second, picks)| {
            let mut position = Position::start(Board::new(n, m, first, second).unwrap());
            for pick in picks {
                let takeable: Vec<(usize, usize)> = (0..n)
                    .map(|r| (r, position.taken()[r]))
                    .filter(|&(r, c)| position.after(r, c).is_some())
                    .collect();
                if takeable.is_empty() {
                    break;
                }
                let (r, c) = takeable[pick.index(takeable.len())];
                position = position.after(r, c).unwrap();
            }
            position
        })
}

/// The transposed position: the board's rows become columns, the diagram its conjugate.
fn transposed(position: &Position) -> Position {
    let board = position.board();
    let (n, m) = (board.rows(), board.cols());
    let first = (0..m * n).map(|i| board.first_value(i % n, i / n)).collect();
    let second = (0..m * n).map(|i| board.second_value(i % n, i / n)).collect();
    let taken = (0..m).map(|c| position.taken().iter().filter(|&&len| len > c).count()).collect();
    Position::new(Board::new(m, n, first, second).unwrap(), taken).unwrap()
}

#[test]
fn reference_answers() {
    let dir = testdata().join("queries");
    let inputs = files(&dir, "in");
    assert!(inputs.len() >= 30, "only {} queries in {}", inputs.len(), dir.display());
    for input in inputs {
        let expected = std::fs::read_to_string(input.with_extension("expected")).unwrap();
        let positions = parse_positions(&std::fs::read(&input).unwrap()).unwrap();
        assert_eq!(positions.len(), expected.lines().count(), "{}", input.display());
        for (i, (position, line)) in positions.iter().zip(expected.lines()).enumerate() {
            let report =
                lattice_dp::query(position, &QueryOptions { number: i + 1, ..QueryOptions::default() })
                    .unwrap();
            let fields: Vec<&str> = line.split_whitespace().collect();
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["score"].to_string(), fields[0], "{}: {line}", input.display());
            assert_eq!(report.moves.len().to_string(), fields[1], "{}: {line}", input.display());
        }
    }
}

#[test]
fn corpus_start_positions_agree_with_the_default_answer() {
    for input in files(&testdata(), "in") {
        let board = parse_board(&std::fs::read(&input).unwrap()).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let moves = moves(&Position::start(board), &mut |_| {});
        assert_eq!(query::score_of(&moves).to_string(), expected.trim(), "{}", input.display());
        assert_eq!(moves.len(), 1);
    }
}

#[test]
fn every_position_of_small_boards_agrees_with_brute_force() {
    for (n, m) in [(1, 1), (1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 5), (5, 4)] {
        let first: Vec<i64> = (0..n * m).map(|i| ((i * 7919 + n * 31 + m) % 23) as i64).collect();
        let second: Vec<i64> = (0..n * m).map(|i| ((i * 104_729 + m * 17 + n) % 19) as i64).collect();
        let board = Board::new(n, m, first, second).unwrap();
        let mut brute = Brute { board: &board, memo: HashMap::new() };
        for taken in all_diagrams(n, m) {
            let position = Position::new(board.clone(), taken.clone()).unwrap();
            let moves = moves(&position, &mut |_| {});
            assert_eq!(query::score_of(&moves), brute.score(set_of(&position)), "{n}x{m} {taken:?}");
            for mv in &moves {
                assert_eq!(
                    mv.score,
                    mv.gain - brute.score(set_of(&mv.next)),
                    "{n}x{m} {taken:?} {:?}",
                    mv.cell
                );
            }
            // The sweep itself, on the untrimmed board (rows that cannot contain the diagram skipped).
            let mut children = child_values(&board, position.path(), &mut |_| {});
            let mut expected: Vec<ChildValue> = moves
                .iter()
                .map(|mv| ChildValue { cell: mv.cell, value: brute.score(set_of(&mv.next)) })
                .collect();
            children.sort_by_key(|c| c.cell);
            expected.sort_by_key(|c| c.cell);
            assert_eq!(children.as_slice(), expected.as_slice(), "{n}x{m} {taken:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The position's score is its best move's; each move's score is its gain minus the score of
    /// the position it leads to; both sides to move occur.
    #[test]
    fn parent_and_children_agree(position in positions()) {
        let report = lattice_dp::query(&position, &QueryOptions::default()).unwrap();
        let line = serde_json::to_string(&report).unwrap();
        prop_assert!(check_report_line(&line).is_ok(), "{:?}", check_report_line(&line));
        let moves = moves(&position, &mut |_| {});
        prop_assert_eq!(moves.len(), report.moves.len());
        prop_assert_eq!(moves.is_empty(), position.is_over());
        for (mv, reported) in moves.iter().zip(&report.moves) {
            prop_assert_eq!(&mv.notation(), &reported.notation);
            let child = lattice_dp::query(&mv.next, &QueryOptions::default()).unwrap();
            prop_assert_eq!(reported.eval, child.eval.for_mover(mv.gain));
            prop_assert_eq!(reported.detail.gain, mv.gain);
        }
        let best = Eval::best(report.moves.iter().map(|m| m.eval)).unwrap_or(Eval::score(0));
        prop_assert_eq!(report.eval, best);
    }

    #[test]
    fn random_positions_agree_with_brute_force(position in positions()) {
        let mut brute = Brute { board: position.board(), memo: HashMap::new() };
        let moves = moves(&position, &mut |_| {});
        prop_assert_eq!(query::score_of(&moves), brute.score(set_of(&position)));
    }

    /// n × m with A, B and diagram λ is the same game as m × n with Aᵀ, Bᵀ and λ's conjugate.
    #[test]
    fn transposition_changes_nothing(position in positions()) {
        let flipped = transposed(&position);
        let mut a: Vec<(usize, usize, i64)> =
            moves(&position, &mut |_| {}).iter().map(|m| (m.cell.0, m.cell.1, m.score)).collect();
        let mut b: Vec<(usize, usize, i64)> =
            moves(&flipped, &mut |_| {}).iter().map(|m| (m.cell.1, m.cell.0, m.score)).collect();
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn a_random_board_agrees_with_the_full_solve_at_every_corner_of_its_game() {
    // 6 × 7: large enough for several groups per layer, so that skipped rows are exercised.
    let (n, m) = (6, 7);
    let first: Vec<i64> = (0..n * m).map(|i| (i * 37 % 101) as i64).collect();
    let second: Vec<i64> = (0..n * m).map(|i| (i * 53 % 97) as i64).collect();
    let board = Board::new(n, m, first, second).unwrap();
    let mut position = Position::start(board.clone());
    let value = value(&board);
    let mut diff = 0;
    // Follow the best moves; the score of every position on the way plus what is already won is
    // the board's value.
    while !position.is_over() {
        let moves = moves(&position, &mut |_| {});
        let sign = if position.side_to_move() == 0 { 1 } else { -1 };
        assert_eq!(diff + sign * query::score_of(&moves), value, "{:?}", position.taken());
        diff += sign * moves[0].gain;
        position = moves[0].next.clone();
    }
    assert_eq!(diff, value);
}

#[test]
fn every_json_line_of_the_binary_follows_the_model() {
    let mut lines = 0;
    for input in files(&testdata(), "in") {
        let output = run(&["--json"], &std::fs::read(&input).unwrap());
        assert!(output.status.success(), "{}", input.display());
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(text.lines().count(), 1);
        for line in text.lines() {
            check_report_line(line).unwrap();
            lines += 1;
        }
    }
    for input in files(&testdata().join("queries"), "in") {
        for args in [&["query", "--json"][..], &["query", "--json", "-"][..]] {
            let output = run(args, &std::fs::read(&input).unwrap());
            assert!(output.status.success(), "{}", input.display());
            for line in String::from_utf8(output.stdout).unwrap().lines() {
                check_report_line(line).unwrap();
                lines += 1;
            }
        }
    }
    assert!(lines >= 75, "{lines}");
}

const SAMPLE: &str = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

#[test]
fn default_json_has_score_start_move_and_principal_variation() {
    let output = run(&["--json"], SAMPLE.as_bytes());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"game":"lattice-dp","board":1,"to_move":"first","score":2,"taken":[0,0],"#,
            r#""pv":["1,1","1,2","2,1","1,3","2,2","2,3"],"#,
            r#""moves":[{"move":"1,1","cell":[1,1],"gain":2,"score":2}]}"#,
            "\n"
        )
    );
}

#[test]
fn text_report_of_several_positions() {
    let input = format!("{SAMPLE}taken 2 1\n{SAMPLE}");
    let output = run(&["query"], input.as_bytes());
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Position 1 (2×3), second to move: score 2; 3 cells taken (rows 2 1)\n  1,3  score 2\n  \
         2,2  score 1\nPosition 2 (2×3), first to move: score 2; 0 cells taken\n  1,1  score 2\n"
    );
    let full = run(&["query"], format!("{SAMPLE}taken 3 3\n").as_bytes());
    let full = String::from_utf8(full.stdout).unwrap();
    assert!(full.ends_with("score 0; 6 cells taken (rows 3 3)\n  (the board is full: no move)\n"), "{full}");
    let one = run(&["query"], format!("{SAMPLE}taken 1 0\n").as_bytes());
    let one = String::from_utf8(one.stdout).unwrap();
    assert!(one.starts_with("Position 1 (2×3), second to move: score "), "{one}");
    assert!(one.lines().next().unwrap().contains("; 1 cell taken (rows 1 0)"), "{one}");
}

#[test]
fn query_json_carries_the_optimal_line_one_object_per_position() {
    let input = format!("{SAMPLE}taken 2 1\n{SAMPLE}{SAMPLE}taken 3 3\n");
    let output = run(&["query", "--json"], input.as_bytes());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        concat!(
            r#"{"game":"lattice-dp","board":1,"to_move":"second","score":2,"taken":[2,1],"#,
            r#""pv":["1,3","2,2","2,3"],"#,
            r#""moves":[{"move":"1,3","cell":[1,3],"gain":2,"score":2},{"move":"2,2","cell":[2,2],"gain":3,"score":1}]}"#
        )
    );
    let start: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(start["pv"].as_array().map(Vec::len), Some(6), "{start}");
    assert_eq!(start["pv"][0], start["moves"][0]["move"], "{start}");
    let full: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(full["pv"], serde_json::json!([]), "{full}");
    for line in lines {
        check_report_line(line).unwrap();
    }
}

#[test]
fn query_explain_ends_with_the_optimal_line() {
    let output = run(&["query", "--explain"], format!("{SAMPLE}taken 2 1\n").as_bytes());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let expected_end = "\
optimal line from the position (cells as row,column, counted from 1, row 1 at the top; totals count the gains from here on):
 move  player  cell               gain         first        second
    1  second  1,3                   2             0             2
    2  first   2,2                   1             1             2
    3  second  2,3                   1             1             3
final board (x = taken before, F = taken by the first player, S = by the second):
  1 2 3
1 x x S
2 x F S
second 3 - first 1 = 2 (the score for second, to move)
";
    assert!(text.starts_with("    1   2   3\n"), "{text}");
    assert!(text.contains("Position 1 (2×3), second to move: score 2; 3 cells taken (rows 2 1)\n"), "{text}");
    assert!(text.ends_with(expected_end), "{text}");
    let full = run(&["query", "--explain"], format!("{SAMPLE}taken 3 3\n").as_bytes());
    let full = String::from_utf8(full.stdout).unwrap();
    assert!(
        full.ends_with("(the board is full: no move)\noptimal line: none, the board is full\n"),
        "{full}"
    );
}

/// The recorded line counts against `--memory-limit`: a limit the plain query fits refuses
/// `--json` and `--explain` before the sweep.
#[test]
fn the_line_counts_against_the_memory_limit() {
    let input = format!("{SAMPLE}taken 1\n");
    let position = parse_positions(input.as_bytes()).unwrap().remove(0);
    let plain = lattice_dp::Plan::new(position.board(), lattice_dp::Mode::ValueOnly, None, None).total();
    assert!(query::line_bytes(&position) > 0);
    let limit = plain.to_string();
    let fits = run(&["query", "--memory-limit", &limit], input.as_bytes());
    assert!(fits.status.success(), "{}", String::from_utf8_lossy(&fits.stderr));
    for format in ["--json", "--explain"] {
        let refused = run(&["query", format, "--memory-limit", &limit], input.as_bytes());
        assert_eq!(refused.status.code(), Some(2), "{format}");
        assert!(refused.stdout.is_empty(), "{format}");
        let error = String::from_utf8(refused.stderr).unwrap();
        assert!(error.starts_with("error: board 2x3: this solve needs about "), "{format}: {error}");
    }
}

/// The plain query (the playground's) carries no line; asked for, the line comes with the same
/// moves and score.
#[test]
fn the_line_is_an_option_of_the_query() {
    let position = parse_positions(format!("{SAMPLE}taken 1\n").as_bytes()).unwrap().remove(0);
    let plain = lattice_dp::query(&position, &QueryOptions::default()).unwrap();
    assert_eq!(plain.detail.pv, None);
    let options = QueryOptions { line: Line::Optimal, ..QueryOptions::default() };
    let with_line = lattice_dp::query(&position, &options).unwrap();
    assert_eq!(with_line.moves, plain.moves);
    assert_eq!(with_line.eval, plain.eval);
    assert_eq!(with_line.detail.pv.map(|pv| pv.len()), Some(5));
    assert!(query::line_bytes(&position) > 0);
}

/// On a board large enough for several groups per layer (so that skipped rows are exercised), with
/// diagrams that cut rows (at the top) and columns (at the left): every move of the line is a best move of its position, the
/// line fills the board, and its gains add up to the reported score.
#[test]
fn every_move_of_the_line_is_a_best_move_on_larger_boards() {
    let (n, m) = (8, 9);
    let first: Vec<i64> = (0..n * m).map(|i| (i * 37 % 101) as i64).collect();
    let second: Vec<i64> = (0..n * m).map(|i| (i * 53 % 97) as i64).collect();
    let board = Board::new(n, m, first, second).unwrap();
    for taken in [vec![0; 8], vec![9, 9, 4, 2, 0, 0, 0, 0], vec![7, 5, 3, 3, 3, 2, 2, 1]] {
        let start = Position::new(board.clone(), taken.clone()).unwrap();
        let options = QueryOptions { line: Line::Optimal, ..QueryOptions::default() };
        let solved = query::solve_position(&start, &options).unwrap();
        let line = solved.line.expect("a line with Line::Optimal");
        assert_eq!(line.len(), n * m - start.taken_cells(), "{taken:?}");
        let score = query::score_of(&solved.moves);
        let mut position = start.clone();
        let mut achieved = 0;
        for (i, &(row, col)) in line.iter().enumerate() {
            let moves = moves(&position, &mut |_| {});
            let mv = moves.iter().find(|mv| mv.cell == (row, col)).expect("a legal move");
            assert_eq!(mv.score, query::score_of(&moves), "{taken:?}: move {} ({row},{col})", i + 1);
            achieved += if i % 2 == 0 { mv.gain } else { -mv.gain };
            position = mv.next.clone();
        }
        assert!(position.is_over());
        assert_eq!(achieved, score, "{taken:?}");
    }
}

#[test]
fn rows_the_taken_line_leaves_out_are_empty() {
    let three_rows = b"3 2\n1 2\n3 4\n5 6\n6 5\n4 3\n2 1\n";
    let with = |tail: &str| [&three_rows[..], tail.as_bytes()].concat();
    let short = parse_positions(&with("taken 1\n")).expect("a short taken line is a position");
    assert_eq!(short[0].taken(), [1, 0, 0]);
    let bare = parse_positions(&with("taken\n")).expect("a bare taken line is a position");
    assert_eq!(bare[0].taken(), [0, 0, 0]);
    let then_board = parse_positions(&[with("taken 2 1\n"), with("")].concat()).unwrap();
    assert_eq!(
        then_board.iter().map(|p| p.taken().to_vec()).collect::<Vec<_>>(),
        [vec![2, 1, 0], vec![0, 0, 0]]
    );
    let output = run(&["query"], &with("taken 1\n"));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("Position 1 (3×2), second to move: "), "{text}");
    assert!(text.lines().next().unwrap().contains("1 cell taken (rows 1 0 0)"), "{text}");
}

#[test]
fn bad_query_inputs_are_located() {
    let cases = [
        ("taken 1 0\ntaken 1 0\n", "line 7, column 1: expected number of rows, found 'taken'"),
        ("takn 1 0\n", "line 6, column 1: expected `taken` or the next board, found 'takn'"),
        ("taken 1 2\n", "line 6, column 9: taken row 2 holds 2 cells, more than row 1 above it (1)"),
        ("taken 4 0\n", "line 6, column 7: taken row length 4 out of range 0..=3"),
        ("taken 1 x\n", "line 6, column 9: expected taken row length, found 'x'"),
        ("taken 1 0 0\n", "line 6, column 11: the taken line has more than 2 row lengths"),
        ("taken -1 0\n", "line 6, column 7: expected taken row length, found '-1'"),
        ("taken 1 0\n2 2\n1 1\n", "line 9, column 1: unexpected end of input, expected value of A"),
    ];
    for (tail, message) in cases {
        let input = format!("{SAMPLE}{tail}");
        let output = run(&["query"], input.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.starts_with(&format!("error: {message}")), "{input:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_set_stop_flag_stops_the_sweep() {
    let positions = parse_positions(b"2 3\n1 2 3\n4 5 6\n6 5 4\n3 2 1\n").unwrap();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let stopped = QueryOptions { stop: Some(&flag), ..QueryOptions::default() };
    assert_eq!(lattice_dp::query(&positions[0], &stopped).err(), Some(lattice_dp::Stopped));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let answer = lattice_dp::query(&positions[0], &stopped).expect("a flag not set does not stop");
    assert_eq!(answer.moves.len(), 1);
}
