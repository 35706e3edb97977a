//! The randomized parent/child consistency check on 20×20-class boards (≈ 6·10⁷ states each):
//! after a full pass (and after an early-stopped one), sampled states' values and distances agree
//! with their successors' (`Solution::self_check`).

use pawn_retrograde::{Solution, parse_input};

/// A 20×20 board: a broken wall across row 9 and a few scattered obstacles.
fn board_20x20(black: (usize, usize)) -> String {
    let mut rows = vec![vec![b'.'; 20]; 20];
    for (c, cell) in rows[8].iter_mut().enumerate() {
        if c % 7 != 3 {
            *cell = b'#';
        }
    }
    for (r, c) in [(3, 3), (14, 15), (17, 4), (11, 11)] {
        rows[r][c] = b'#';
    }
    rows[black.0][black.1] = b'X';
    rows[1][18] = b'O';
    rows[5][2] = b'O';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!("t 1\n20 20\n{}\n", rows.join("\n"))
}

#[test]
fn sampled_states_of_a_20x20_board_agree_with_their_successors() {
    let board = parse_input(board_20x20((19, 0)).as_bytes()).unwrap().remove(0);
    let complete = Solution::of_board(&board);
    assert!(complete.is_complete());
    assert!(complete.num_states() > 50_000_000);
    let checked = complete.self_check(200_000, 7).unwrap();
    assert!(checked > 1_000, "only {checked} decided states sampled");
    let early = Solution::of_start(&board);
    early.self_check(200_000, 8).unwrap();
    assert_eq!(early.outcome(), complete.outcome());
}
