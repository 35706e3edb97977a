//! An independent naive oracle — plain value iteration to a fixpoint over all states — compared with
//! the retrograde solver on many random boards up to 4×4, and with `analyze`'s counts (tables built
//! by enumerating every placement, reachability by a plain search over the oracle's own moves) on
//! boards up to 4×4 and 3×5.
//!
//! The oracle shares no solving code with the crate: its own state type (board positions, an ordered
//! red pair), its own move generator and terminal rules, and a `HashMap` of values. It only uses the
//! crate's parser to get boards and `Solution::position_value` to look solver values up.

use std::collections::HashMap;

use grid_core::Pos;
use grid_core::report::Eval;
use pawn_retrograde::analyze::{Census, Row, Table, Totals, census};
use pawn_retrograde::query::{Position, solve_query};
use pawn_retrograde::{
    Board, Outcome, Side, Solution, StateValue, analyse, parse_input, parse_positions, solve_outcome,
};
use proptest::prelude::*;

/// A position for the oracle: whose turn (`true` = Red), the black pawn, the reds (sorted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Spot {
    red_to_move: bool,
    black: Pos,
    reds: (Pos, Pos),
}

/// The oracle's value for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OracleValue {
    Unknown,
    Win(u32),
    Loss(u32),
}

fn sorted(a: Pos, b: Pos) -> (Pos, Pos) {
    if a < b { (a, b) } else { (b, a) }
}

fn free_cells(board: &Board) -> Vec<Pos> {
    let mut cells = Vec::new();
    for row in 0..board.dims().rows {
        for col in 0..board.dims().cols {
            if board.is_open(Pos::new(row, col)) {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

/// The free cell one step from `pos` in direction (dr, dc), if any.
fn step(board: &Board, pos: Pos, (dr, dc): (i64, i64)) -> Option<Pos> {
    let row = pos.row as i64 + dr;
    let col = pos.col as i64 + dc;
    if row < 0 || col < 0 {
        return None;
    }
    let target = Pos::new(row as usize, col as usize);
    board.is_open(target).then_some(target)
}

/// All legal moves, ignoring whether the game is over.
fn raw_moves(board: &Board, s: Spot) -> Vec<Spot> {
    let mut out = Vec::new();
    if s.red_to_move {
        let (a, b) = s.reds;
        for (mover, other) in [(a, b), (b, a)] {
            for d in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if let Some(to) = step(board, mover, d)
                    && to != other
                {
                    out.push(Spot { red_to_move: false, black: s.black, reds: sorted(to, other) });
                }
            }
        }
    } else {
        for d in [(-1, 0), (0, -1), (0, 1)] {
            if let Some(to) = step(board, s.black, d) {
                out.push(Spot { red_to_move: true, black: to, reds: s.reds });
            }
        }
    }
    out
}

/// `Some(red_wins)` when the game is over at `s`, by the three rules in order.
fn winner(board: &Board, s: Spot) -> Option<bool> {
    if s.black.row == 0 {
        return Some(false);
    }
    if s.black == s.reds.0 || s.black == s.reds.1 {
        // The side that just moved is the one not to move.
        return Some(!s.red_to_move);
    }
    if raw_moves(board, s).is_empty() {
        return Some(!s.red_to_move);
    }
    None
}

/// Every state of the board.
fn all_spots(board: &Board) -> Vec<Spot> {
    let cells = free_cells(board);
    let mut spots = Vec::new();
    for &black in &cells {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                for red_to_move in [true, false] {
                    spots.push(Spot { red_to_move, black, reds: sorted(a, b) });
                }
            }
        }
    }
    spots
}

/// Value iteration: start from the terminal values and recompute every other state from its
/// successors' previous values (a Jacobi sweep) until nothing changes. After sweep k exactly the
/// states whose optimal distance is at most k have values, and those values are exact.
fn oracle(board: &Board) -> HashMap<Spot, OracleValue> {
    let spots = all_spots(board);
    let mut values: HashMap<Spot, OracleValue> = HashMap::new();
    for &s in &spots {
        let v = match winner(board, s) {
            Some(red_wins) if red_wins == s.red_to_move => OracleValue::Win(0),
            Some(_) => OracleValue::Loss(0),
            None => OracleValue::Unknown,
        };
        values.insert(s, v);
    }
    loop {
        let mut next = values.clone();
        for &s in &spots {
            if winner(board, s).is_some() {
                continue;
            }
            let succ: Vec<OracleValue> = raw_moves(board, s).iter().map(|t| values[t]).collect();
            let fastest_win =
                succ.iter().filter_map(|v| if let OracleValue::Loss(d) = v { Some(*d) } else { None }).min();
            let all_lost = succ.iter().all(|v| matches!(v, OracleValue::Win(_)));
            next.insert(
                s,
                if let Some(d) = fastest_win {
                    OracleValue::Win(d + 1)
                } else if all_lost {
                    let slowest = succ.iter().map(|v| if let OracleValue::Win(d) = v { *d } else { 0 }).max();
                    OracleValue::Loss(slowest.unwrap_or(0) + 1)
                } else {
                    OracleValue::Unknown
                },
            );
        }
        if next == values {
            return values;
        }
        values = next;
    }
}

fn oracle_outcome(board: &Board, values: &HashMap<Spot, OracleValue>) -> Outcome {
    let start =
        Spot { red_to_move: true, black: board.black(), reds: sorted(board.reds()[0], board.reds()[1]) };
    match values[&start] {
        OracleValue::Win(d) => Outcome::Red(d),
        OracleValue::Loss(d) => Outcome::Black(d),
        OracleValue::Unknown => Outcome::Tie,
    }
}

/// The solver's position for an oracle spot of `board`.
fn solver_position(board: &Board, s: Spot) -> Position {
    let pieces = board.with_pieces(s.black, [s.reds.0, s.reds.1]).expect("pieces stand on free cells");
    Position::new(pieces, if s.red_to_move { Side::Red } else { Side::Black })
}

fn as_oracle(v: StateValue) -> OracleValue {
    match v {
        StateValue::Win(d) => OracleValue::Win(d),
        StateValue::Loss(d) => OracleValue::Loss(d),
        StateValue::Tie => OracleValue::Unknown,
    }
}

/// A random board text: size, obstacles, and where X and the two O go among the free cells.
fn board_text() -> impl Strategy<Value = String> {
    board_text_with(4, false)
}

/// A random board text up to 4 × `max_cols`; with `mirrored`, the obstacles are symmetric under the
/// left–right mirror (the pieces are not), so the solver's mirror reduction applies.
fn board_text_with(max_cols: usize, mirrored: bool) -> impl Strategy<Value = String> {
    (2usize..=4, 1usize..=max_cols)
        .prop_flat_map(|(n, m)| {
            let walls = proptest::collection::vec(proptest::bool::weighted(0.2), n * m);
            (
                Just(n),
                Just(m),
                walls,
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
            )
        })
        .prop_filter_map("needs room for the pieces", move |(n, m, walls, x, a, b)| {
            let wall =
                |i: usize| if mirrored { walls[i].max(walls[i - i % m + m - 1 - i % m]) } else { walls[i] };
            let mut cells: Vec<u8> = (0..n * m).map(|i| if wall(i) { b'#' } else { b'.' }).collect();
            let below_top: Vec<usize> = (m..n * m).filter(|&i| cells[i] == b'.').collect();
            if below_top.is_empty() {
                return None;
            }
            cells[below_top[x.index(below_top.len())]] = b'X';
            let mut free: Vec<usize> = (0..n * m).filter(|&i| cells[i] == b'.').collect();
            if free.len() < 2 {
                return None;
            }
            let first = free.remove(a.index(free.len()));
            cells[first] = b'O';
            cells[free[b.index(free.len())]] = b'O';
            let rows: Vec<String> =
                cells.chunks(m).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
            Some(format!("t 1\n{n} {m}\n{}\n", rows.join("\n")))
        })
}

fn board_of(text: &str) -> Board {
    parse_input(text.as_bytes()).expect("generated boards are valid").remove(0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every state's value (win/loss distance or tie) agrees with the oracle, and so do the
    /// early-stopped outcome and the analysis.
    #[test]
    fn solver_matches_value_iteration(text in board_text()) {
        let (board, values) = check_every_state(&text)?;
        let expected = oracle_outcome(&board, &values);
        prop_assert_eq!(solve_outcome(&board), expected, "{}", text);
        let analysis = analyse(&board);
        prop_assert_eq!(analysis.outcome, expected);
        if let Outcome::Red(k) | Outcome::Black(k) = expected {
            prop_assert_eq!(analysis.line.len(), k as usize, "{}", text);
        }
    }

    /// The same on boards whose obstacles are symmetric under the left–right mirror, where the
    /// solver solves only the blocks with the pawn in the left half and the middle column and reads
    /// the others' values from their mirror images.
    #[test]
    fn solver_matches_value_iteration_on_mirror_symmetric_boards(text in board_text_with(5, true)) {
        let (board, values) = check_every_state(&text)?;
        prop_assert_eq!(solve_outcome(&board), oracle_outcome(&board, &values), "{}", text);
    }

    /// The value of each first move of Red agrees with the oracle's value of the position after it.
    #[test]
    fn first_moves_match_value_iteration(text in board_text()) {
        let board = board_of(&text);
        let values = oracle(&board);
        for first in analyse(&board).first_moves {
            let (a, b) = (board.reds()[0], board.reds()[1]);
            let other = if first.mv.from == a { b } else { a };
            let after = Spot { red_to_move: false, black: board.black(), reds: sorted(first.mv.to, other) };
            let expected = match values[&after] {
                OracleValue::Win(d) => Outcome::Black(d + 1),
                OracleValue::Loss(d) => Outcome::Red(d + 1),
                OracleValue::Unknown => Outcome::Tie,
            };
            prop_assert_eq!(first.outcome, expected, "{}", text);
        }
    }
}

/// The query position of an oracle spot on `board`.
fn position_of(board: &Board, s: Spot) -> Position {
    let b = board.with_pieces(s.black, [s.reds.0, s.reds.1]).expect("spots are positions");
    Position::new(b, if s.red_to_move { Side::Red } else { Side::Black })
}

/// The oracle's value of `s` as a report eval.
fn oracle_eval(values: &HashMap<Spot, OracleValue>, s: Spot) -> Eval {
    match values[&s] {
        OracleValue::Win(d) => Eval::win(d),
        OracleValue::Loss(d) => Eval::lose(d),
        OracleValue::Unknown => Eval::DRAW,
    }
}

/// Solves the board of `text` completely and checks every state's value against the oracle;
/// gives back the board and the oracle's values.
fn check_every_state(text: &str) -> Result<(Board, HashMap<Spot, OracleValue>), TestCaseError> {
    let board = board_of(text);
    let values = oracle(&board);
    let solution = Solution::of_board(&board);
    prop_assert!(solution.is_complete());
    for (&spot, &expected) in &values {
        let got = solution.position_value(&solver_position(&board, spot)).map(as_oracle);
        prop_assert_eq!(got, Some(expected), "{} at {:?}", text, spot);
    }
    Ok((board, values))
}

/// `query` of `s` agrees with the oracle: the value, the number of legal moves, and each move's
/// value (the oracle's value of the position it leads to, from the mover's side).
fn check_query(board: &Board, values: &HashMap<Spot, OracleValue>, s: Spot) -> Result<(), TestCaseError> {
    let q = solve_query(&position_of(board, s));
    prop_assert_eq!(q.evaluation.eval(), oracle_eval(values, s), "{:?}", s);
    let children = if winner(board, s).is_some() { Vec::new() } else { raw_moves(board, s) };
    prop_assert_eq!(q.evaluation.moves.len(), children.len(), "{:?}", s);
    let mut expected: Vec<Eval> = children.iter().map(|&c| oracle_eval(values, c).for_mover(0)).collect();
    let mut got: Vec<Eval> = q.evaluation.moves.iter().map(|m| m.eval).collect();
    let key = |e: &Eval| format!("{e}");
    expected.sort_by_key(key);
    got.sort_by_key(key);
    prop_assert_eq!(got, expected, "{:?}", s);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, failure_persistence: None, ..ProptestConfig::default() })]

    /// `query` agrees with the oracle on random positions (pawn anywhere, captures included, both
    /// sides to move) of random boards.
    #[test]
    fn query_matches_value_iteration(text in board_text(), picks in proptest::collection::vec(any::<prop::sample::Index>(), 24)) {
        let board = board_of(&text);
        let values = oracle(&board);
        let spots = all_spots(&board);
        for pick in picks {
            check_query(&board, &values, spots[pick.index(spots.len())])?;
        }
    }
}

/// `query` agrees with the oracle on every position of a few small boards (both sides to move).
#[test]
fn query_matches_value_iteration_on_every_position() {
    for text in ["t 1\n3 3\n...\n.X.\nO.O\n", "t 1\n3 3\n.#.\n.X.\nO.O\n", "t 1\n4 2\n..\n#X\n..\nOO\n"] {
        let board = board_of(text);
        let values = oracle(&board);
        let spots = all_spots(&board);
        for &s in &spots {
            check_query(&board, &values, s).unwrap();
        }
        assert!(spots.len() >= 294);
    }
}

/// Every board of at most 8 cells and at most 4 rows and columns (except 3×3) (all obstacle patterns and piece placements) against the oracle.
#[test]
fn exhaustive_tiny_boards() {
    let mut checked = 0;
    for (n, m) in [(2, 1), (3, 1), (4, 1), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
        let cells = n * m;
        for mask in 0u32..(1 << cells) {
            for x in m..cells {
                for a in 0..cells {
                    for b in a + 1..cells {
                        let blocked = |i: usize| mask & (1 << i) != 0;
                        if x == a || x == b || blocked(x) || blocked(a) || blocked(b) {
                            continue;
                        }
                        let mut grid = vec![b'.'; cells];
                        (0..cells).filter(|&i| blocked(i)).for_each(|i| grid[i] = b'#');
                        grid[x] = b'X';
                        grid[a] = b'O';
                        grid[b] = b'O';
                        let rows: Vec<String> =
                            grid.chunks(m).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
                        let text = format!("t 1\n{n} {m}\n{}\n", rows.join("\n"));
                        let board = board_of(&text);
                        let expected = oracle_outcome(&board, &oracle(&board));
                        assert_eq!(solve_outcome(&board), expected, "{text}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 7_000, "only {checked} boards");
}

// ---------------------------------------------------------------------------------------------
// `analyze` against the oracle

/// Whether `s` is a placement (three pieces on three cells), which `analyze` counts.
fn is_placement(s: &Spot) -> bool {
    s.black != s.reds.0 && s.black != s.reds.1
}

/// Counts by (win, loss, draw) and distance, as the oracle sees them.
#[derive(Debug, Default, Clone)]
struct OracleTally {
    win: HashMap<u32, u64>,
    lose: HashMap<u32, u64>,
    draw: u64,
}

impl OracleTally {
    fn add(&mut self, value: OracleValue) {
        match value {
            OracleValue::Win(d) => *self.win.entry(d).or_default() += 1,
            OracleValue::Loss(d) => *self.lose.entry(d).or_default() += 1,
            OracleValue::Unknown => self.draw += 1,
        }
    }

    /// The table in GamesmanOne's layout: `Inf`, then the largest remoteness down to 0.
    fn table(&self) -> Table {
        let largest = self.win.keys().chain(self.lose.keys()).copied().max().unwrap_or(0);
        let mut rows = vec![Row { remoteness: None, win: 0, lose: 0, draw: self.draw, total: self.draw }];
        for d in (0..=largest).rev() {
            let (win, lose) =
                (self.win.get(&d).copied().unwrap_or(0), self.lose.get(&d).copied().unwrap_or(0));
            rows.push(Row { remoteness: Some(d), win, lose, draw: 0, total: win + lose });
        }
        let win: u64 = self.win.values().sum();
        let lose: u64 = self.lose.values().sum();
        Table { rows, totals: Totals { win, lose, draw: self.draw, total: win + lose + self.draw } }
    }
}

/// The mirror image of `s` on a board of `cols` columns.
fn mirrored(s: Spot, cols: usize) -> Spot {
    let m = |p: Pos| Pos::new(p.row, cols - 1 - p.col);
    Spot { red_to_move: s.red_to_move, black: m(s.black), reds: sorted(m(s.reds.0), m(s.reds.1)) }
}

/// Whether the board's obstacles are symmetric under the left–right mirror.
fn is_mirror_symmetric(board: &Board) -> bool {
    let (rows, cols) = (board.dims().rows, board.dims().cols);
    (0..rows)
        .all(|r| (0..cols).all(|c| board.is_open(Pos::new(r, c)) == board.is_open(Pos::new(r, cols - 1 - c))))
}

/// The placements reachable from the board's own position by the oracle's moves (terminal
/// positions are not left).
fn oracle_reachable(board: &Board) -> Vec<Spot> {
    let start =
        Spot { red_to_move: true, black: board.black(), reds: sorted(board.reds()[0], board.reds()[1]) };
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = vec![start];
    while let Some(s) = queue.pop() {
        if winner(board, s).is_some() {
            continue;
        }
        for t in raw_moves(board, s) {
            if is_placement(&t) && seen.insert(t) {
                queue.push(t);
            }
        }
    }
    seen.into_iter().collect()
}

/// Checks `analyze`'s report of the board of `text` against the oracle.
fn check_census(text: &str) -> Result<Census, TestCaseError> {
    let board = board_of(text);
    let values = oracle(&board);
    let got = census(&board, 1);
    let placements: Vec<Spot> = all_spots(&board).into_iter().filter(is_placement).collect();
    let f = free_cells(&board).len() as u64;
    // The totals: every placement, by formula (nothing is left out).
    prop_assert_eq!(placements.len() as u64, 2 * f * ((f - 1) * (f - 2) / 2));
    prop_assert_eq!(got.all.totals.total, 2 * f * ((f - 1) * (f - 2) / 2), "{}", text);
    prop_assert_eq!(got.index_size, f * f * (f - 1));
    prop_assert!((got.legal_share - got.all.totals.total as f64 / got.index_size as f64).abs() < 1e-12);
    let mut all = OracleTally::default();
    placements.iter().for_each(|s| all.add(values[s]));
    prop_assert_eq!(&got.all, &all.table(), "{}", text);
    let mut reachable = OracleTally::default();
    oracle_reachable(&board).iter().for_each(|s| reachable.add(values[s]));
    prop_assert_eq!(&got.reachable, &reachable.table(), "{}", text);
    // Moves and branching.
    let live: Vec<&Spot> = placements.iter().filter(|&&s| winner(&board, s).is_none()).collect();
    let moves: u64 = live.iter().map(|&&s| raw_moves(&board, s).len() as u64).sum();
    prop_assert_eq!(got.moves, moves, "{}", text);
    let branching = if live.is_empty() { 0.0 } else { moves as f64 / live.len() as f64 };
    prop_assert!((got.branching - branching).abs() < 1e-12, "{}", text);
    // Up to the mirror image, and folded back: all = 2 · canonical − the self-symmetric ones.
    let cols = board.dims().cols;
    if is_mirror_symmetric(&board) {
        let (mut canonical, mut symmetric) = (OracleTally::default(), OracleTally::default());
        for s in &placements {
            let image = mirrored(*s, cols);
            let key = |s: &Spot| (s.red_to_move, s.black, s.reds);
            if key(s) <= key(&image) {
                canonical.add(values[s]);
            }
            if image == *s {
                symmetric.add(values[s]);
            }
        }
        let expected = canonical.table();
        prop_assert_eq!(got.canonical.as_ref(), Some(&expected), "{}", text);
        let (symmetric, all) = (symmetric.table(), got.all.clone());
        let folded = |row: &Row| {
            let same = symmetric.rows.iter().find(|r| r.remoteness == row.remoteness);
            let twice = |x: u64, y: u64| 2 * x - y;
            let s = same.copied().unwrap_or(Row {
                remoteness: row.remoteness,
                win: 0,
                lose: 0,
                draw: 0,
                total: 0,
            });
            (twice(row.win, s.win), twice(row.lose, s.lose), twice(row.draw, s.draw))
        };
        for (canon, row) in expected.rows.iter().zip(&all.rows) {
            prop_assert_eq!(folded(canon), (row.win, row.lose, row.draw), "{}", text);
        }
    } else {
        prop_assert!(got.canonical.is_none(), "{}", text);
    }
    // The longest win and loss of each side: the oracle's largest distances, and each position
    // read back by `query` has that value.
    let mut expected = Vec::new();
    for red in [true, false] {
        let of_side = || placements.iter().filter(move |s| s.red_to_move == red).map(|s| values[s]);
        let longest_win =
            of_side().filter_map(|v| if let OracleValue::Win(d) = v { Some(d) } else { None }).max();
        let longest_loss =
            of_side().filter_map(|v| if let OracleValue::Loss(d) = v { Some(d) } else { None }).max();
        let side = if red { "red" } else { "black" };
        expected.extend(longest_win.map(|d| (side, "win", d)));
        expected.extend(longest_loss.map(|d| (side, "lose", d)));
    }
    let listed: Vec<(&str, &str, u32)> =
        got.longest.iter().map(|l| (l.to_move, l.value, l.remoteness)).collect();
    prop_assert_eq!(listed, expected, "{}", text);
    for longest in &got.longest {
        let position = parse_positions(longest.position.as_bytes()).expect("query reads it").remove(0);
        let eval = solve_query(&position).evaluation.eval();
        let wanted = if longest.value == "win" {
            Eval::win(longest.remoteness)
        } else {
            Eval::lose(longest.remoteness)
        };
        prop_assert_eq!(eval, wanted, "{}: {}", text, longest.position);
        prop_assert_eq!(position.to_move() == Side::Red, longest.to_move == "red");
    }
    Ok(got)
}

/// A random board of at most 4×4 or 3×5 cells, its obstacles mirror-symmetric or not.
fn small_board_text() -> impl Strategy<Value = String> {
    prop_oneof![board_text_with(4, false), board_text_with(5, true), board_text_with(5, false)]
        .prop_filter("at most 4×4 or 3×5", |text| !text.starts_with("t 1\n4 5\n"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// `analyze`'s tables, moves, branching and longest positions agree with the oracle.
    #[test]
    fn analyze_matches_value_iteration(text in small_board_text()) {
        check_census(&text)?;
    }
}

/// The open 3×5 board (mirror-symmetric) and a walled 4×4 one, checked in full.
#[test]
fn analyze_matches_value_iteration_on_fixed_boards() {
    let open = check_census("t 1\n3 5\n.....\n..X..\nO...O\n").unwrap();
    assert!(open.canonical.is_some());
    let walled = check_census("t 1\n4 4\n..#.\n.X..\n#...\nO..O\n").unwrap();
    assert!(walled.canonical.is_none());
    assert!(walled.reachable.totals.total > 1 && walled.reachable.totals.total < walled.all.totals.total);
}
